// SPDX-License-Identifier: MIT
#include "claims/ClaimsModel.h"

#include "Units.h"
#include "charts/ChartFormat.h"
#include "claims/VerdictPalette.h"

namespace is::gui {

ClaimsModel::ClaimsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ClaimsModel::setVerdicts(std::vector<audit::ClaimVerdict> verdicts)
{
    beginResetModel();
    m_verdicts = std::move(verdicts);
    endResetModel();
}

const audit::ClaimVerdict* ClaimsModel::verdictAt(int row) const
{
    return row >= 0 && row < int(m_verdicts.size()) ? &m_verdicts[size_t(row)] : nullptr;
}

QString ClaimsModel::claimedText(const audit::ClaimedFigure& f)
{
    QString value = f.max > f.min ? tr("%1–%2").arg(is::gui::units::significant(f.min),
                                                    is::gui::units::significant(f.max))
                                  : is::gui::units::significant(f.value);
    if (f.bound == audit::ClaimBound::AtLeast)
        value = tr("≥ %1").arg(value);
    else if (f.bound == audit::ClaimBound::AtMost)
        value = tr("≤ %1").arg(value);
    return f.unit.isEmpty() ? value : tr("%1 %2").arg(value, audit::unitText(f.unit));
}

QString ClaimsModel::predictedText(const audit::ClaimVerdict& v)
{
    if (!v.predicted)
        return QStringLiteral("–");
    const audit::Predicted& p = *v.predicted;
    QString text = is::gui::units::significant(p.value);
    if (!p.unit.isEmpty())
        text = tr("%1 %2").arg(text, audit::unitText(p.unit));
    if (p.high > p.low)
        text = tr("%1 (%2–%3)")
                   .arg(text, is::gui::units::significant(p.low), is::gui::units::significant(p.high));
    return text;
}

QString ClaimsModel::kindText(audit::ClaimKind k)
{
    switch (k) {
    case audit::ClaimKind::Official:
        return tr("official");
    case audit::ClaimKind::VendorClaim:
        return tr("vendor claim");
    case audit::ClaimKind::ThirdParty:
        return tr("third party");
    case audit::ClaimKind::Speculation:
        return tr("speculation");
    case audit::ClaimKind::Unclear:
        break;
    }
    return tr("unclear");
}

int ClaimsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_verdicts.size());
}

int ClaimsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ClaimsModel::displayText(const audit::ClaimVerdict& v, int column)
{
    switch (column) {
    case Id:
        return v.claim.id;
    case Seed:
        // The article's number ("001"): the file name's hash would take the narrow dock's width
        // from the verdict; the detail pane names the whole file.
        return v.claim.seed.section(QLatin1Char('_'), 0, 0);
    case Kind:
        return kindText(v.claim.kind);
    case Claimed:
        return claimedText(v.claim.claimed);
    case Predicted:
        return predictedText(v);
    case VerdictColumn:
        return verdicts::name(v.verdict);
    default:
        return {};
    }
}

QVariant ClaimsModel::data(const QModelIndex& index, int role) const
{
    const audit::ClaimVerdict* v = verdictAt(index.row());
    if (!v)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return displayText(*v, index.column());
    case Qt::BackgroundRole:
        return index.column() == VerdictColumn ? QVariant(verdicts::background(v->verdict)) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == VerdictColumn ? QVariant(verdicts::foreground(v->verdict)) : QVariant();
    case Qt::ToolTipRole:
        return tr("<p>%1</p><p><i>%2</i></p><p><b>%3</b>: %4</p>")
            .arg(v->claim.quoteZh.toHtmlEscaped(), v->claim.quoteEn.toHtmlEscaped(),
                 verdicts::name(v->verdict).toHtmlEscaped(), v->reason.toHtmlEscaped());
    case VerdictRole:
        return int(v->verdict);
    default:
        return {};
    }
}

QVariant ClaimsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id:
        return tr("Claim");
    case Seed:
        return tr("Article");
    case Kind:
        return tr("Kind");
    case Claimed:
        return tr("Claimed");
    case Predicted:
        return tr("Predicted");
    case VerdictColumn:
        return tr("Verdict");
    default:
        return {};
    }
}

} // namespace is::gui
