// SPDX-License-Identifier: MIT
#include "table/ComparisonModel.h"

#include "Names.h"
#include "Units.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"

#include "analysis/ScenarioAnalysis.h"
#include "engine/Queueing.h"
#include "metrics/Metrics.h"

#include <QBrush>
#include <QFont>
#include <QLocale>
#include <QPixmap>

#include <algorithm>
#include <cmath>
#include <limits>

namespace is::gui {

namespace {

// A tooltip of a sentence or two as a paragraph: Qt wraps rich text to the screen, where a plain
// line of 170 characters ran past a 1280-pixel screen.
QString paragraphTip(const QString& plain)
{
    return QStringLiteral("<p>%1</p>")
        .arg(plain.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// From here (about 17 minutes) a time in ms is shown in its own unit (units::longDuration).
constexpr double kLongTimeMs = 1e6;

// "12.0x", "5.93x", "0.31x": enough digits to tell neighbours apart, no more.
QString ratioNumber(double r)
{
    if (r >= 100)
        return is::gui::units::fixed(r, 0);
    if (r >= 10)
        return is::gui::units::fixed(r, 1);
    if (r >= 1)
        return is::gui::units::fixed(r, 2);
    return is::gui::units::significant(r, 2);
}
} // namespace

ComparisonModel::ComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

std::vector<ComparisonModel::Row> ComparisonModel::rows() const
{
    using is::Estimate;
    using Text = std::function<QString(const is::DeploymentAnalysis&)>;
    // A numeric row is a metric of the table (metrics/Metrics.h): its key, unit, title, direction
    // and value are defined there once.
    const auto number = [](is::metrics::Id id, Metric m) {
        const is::metrics::Metric& def = is::metrics::get(id);
        const Direction dir =
            def.direction == is::metrics::Direction::HigherIsFaster  ? Direction::HigherIsFaster
            : def.direction == is::metrics::Direction::LowerIsFaster ? Direction::LowerIsFaster
                                                                     : Direction::Amount;
        Row r{m,
              is::metrics::key(id),
              is::metrics::unit(id),
              is::metrics::title(id),
              dir,
              is::metrics::amountOf(id),
              [id](const Estimate& e) { return is::metrics::value(id, e); },
              nullptr,
              nullptr};
        r.atLoad = def.atLoad;
        r.count = def.count;
        return r;
    };
    const auto text = [](QString id, Metric m, QString name, Text shown, Text csv) {
        return Row{m,         std::move(id), QString(),        std::move(name), Direction::None,
                   QString(), nullptr,       std::move(shown), std::move(csv)};
    };
    const auto boolean = [](bool b) { return b ? QStringLiteral("true") : QStringLiteral("false"); };
    // Unit changes (s to ms, W to kW, bytes to GB) are display, not engine math.
    std::vector<Row> all = {
        text(
            QStringLiteral("model"), Metric::Model, tr("Model"),
            [](const is::DeploymentAnalysis& d) { return is::gui::names::catalogName(d.modelName); },
            [](const is::DeploymentAnalysis& d) { return d.modelName; }),
        number(is::metrics::Id::Chips, Metric::Chips),
        text(
            QStringLiteral("parallelism"), Metric::Plan, tr("Parallelism"),
            [](const is::DeploymentAnalysis& d) { return d.estimate.mid.plan.toString(); },
            [](const is::DeploymentAnalysis& d) { return d.estimate.mid.plan.toString(); }),
        text(
            QStringLiteral("fits"), Metric::Fits, tr("Fits"),
            [](const is::DeploymentAnalysis& d) {
                if (d.estimate.mid.fits)
                    return tr("yes");
                return d.estimate.mid.why.isEmpty() ? tr("no") : tr("no: %1").arg(d.estimate.mid.why);
            },
            [boolean](const is::DeploymentAnalysis& d) { return boolean(d.estimate.mid.fits); }),
        // Whether the point estimate meets the workload's TTFT and TPOT targets (core decides).
        text(
            QStringLiteral("meets_latency_targets"), Metric::Targets, tr("Latency targets"),
            [this](const is::DeploymentAnalysis& d) {
                if (!hasTargets())
                    return tr("none set");
                if (!d.estimate.mid.fits)
                    return QStringLiteral("–");
                return d.missedTargets.empty() ? tr("met") : is::gui::names::missedTargets(d.missedTargets);
            },
            [this, boolean](const is::DeploymentAnalysis& d) {
                return hasTargets() && d.estimate.mid.fits ? boolean(d.missedTargets.empty()) : QString();
            }),
        number(is::metrics::Id::TokSUser, Metric::TokSUser),
        number(is::metrics::Id::TokSTotal, Metric::TokSTotal),
        number(is::metrics::Id::TtftMs, Metric::Ttft),
        number(is::metrics::Id::TpotMs, Metric::Tpot),
        number(is::metrics::Id::PowerKw, Metric::FacilityPower),
        number(is::metrics::Id::JoulesPerToken, Metric::JoulesPerToken),
        number(is::metrics::Id::UsdPerMTok, Metric::UsdPerMTok),
        number(is::metrics::Id::UsdPerMTokAtLoad, Metric::UsdPerMTokAtLoad),
        number(is::metrics::Id::TokSTotalAtLoad, Metric::TokSTotalAtLoad),
        number(is::metrics::Id::ConcurrencyAtLoad, Metric::ConcurrencyAtLoad),
        number(is::metrics::Id::ChipsAtLoad, Metric::ChipsAtLoad),
        number(is::metrics::Id::UsdPerHour, Metric::UsdPerHour),
        number(is::metrics::Id::MemoryUsedGb, Metric::MemoryUsed),
        number(is::metrics::Id::MemoryCapacityGb, Metric::MemoryCapacity),
        text(
            QStringLiteral("bottleneck"), Metric::Bottleneck, tr("Bottleneck"),
            [](const is::DeploymentAnalysis& d) {
                return chartfmt::bottleneckName(d.estimate.mid.bottleneck);
            },
            [](const is::DeploymentAnalysis& d) { return is::bottleneckId(d.estimate.mid.bottleneck); }),
        text(
            QStringLiteral("execution"), Metric::Mode, tr("Execution"),
            [](const is::DeploymentAnalysis& d) { return is::gui::names::execution(d.estimate.mid); },
            [](const is::DeploymentAnalysis& d) { return d.estimate.mid.mode; }),
    };
    // One output token: a request ends with its first token, so there is no time per output
    // token and no speed at which a user reads tokens (both were a request's whole cycle, and
    // the seed benchmark's headline read "66x slower" per token of one-token answers).
    if (m_analysis && !m_analysis->workload.decodes())
        std::erase_if(all,
                      [](const Row& r) { return r.metric == Metric::Tpot || r.metric == Metric::TokSUser; });
    // With prefix caching, the TTFT it saves: the same request's with nothing cached.
    if (m_analysis && m_analysis->workload.prefixHitRate > 0) {
        const auto ttft =
            std::find_if(all.begin(), all.end(), [](const Row& r) { return r.metric == Metric::Ttft; });
        all.insert(std::next(ttft), number(is::metrics::Id::TtftUncachedMs, Metric::TtftUncached));
    }
    return all;
}

bool ComparisonModel::hasTargets() const
{
    return m_analysis && m_analysis->workload.hasLatencyTargets();
}

void ComparisonModel::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                                  const QHash<QString, QColor>& colours)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_colours = colours;
    m_rows = rows();
    buildColumns();
    endResetModel();
}

void ComparisonModel::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    beginResetModel();
    m_compact = compact;
    buildColumns();
    endResetModel();
}

void ComparisonModel::buildColumns()
{
    m_columns.clear();
    const int n = m_analysis ? int(m_analysis->deployments.size()) : 0;
    for (int i = 0; i < n; ++i) {
        m_columns.push_back({i, false});
        if (i > 0 && !m_compact)
            m_columns.push_back({i, true});
    }
}

QString ComparisonModel::ratioTitle() const
{
    return m_analysis && !m_analysis->deployments.empty()
               ? tr("vs %1").arg(m_analysis->deployments.front().name)
               : QString();
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_rows.size());
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

int ComparisonModel::rowOf(Metric m) const
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].metric == m)
            return int(r);
    return -1;
}

int ComparisonModel::valueColumn(int deployment) const
{
    for (size_t c = 0; c < m_columns.size(); ++c)
        if (m_columns[c].deployment == deployment && !m_columns[c].ratio)
            return int(c);
    return -1;
}

int ComparisonModel::ratioColumn(int deployment) const
{
    for (size_t c = 0; c < m_columns.size(); ++c)
        if (m_columns[c].deployment == deployment && m_columns[c].ratio)
            return int(c);
    return -1;
}

QString ComparisonModel::valueText(const Row& row, const is::DeploymentAnalysis& d, bool withBand) const
{
    if (row.text)
        return row.text(d);
    if (!shown(row, d))
        return row.atLoad && d.estimate.mid.fits ? tr("none within targets") : tr("does not fit");
    const double mid = row.value(*estimateOf(row, d));
    if (!chartfmt::drawable(mid))
        return QStringLiteral("–");
    // Counts are whole numbers; everything else gets three significant digits. A time in ms
    // beyond a few minutes (a queue at a load the deployment cannot serve) reads in its own unit,
    // "9.4 years", where its milliseconds would run to 15 digits and wrap mid-number.
    const bool longTime = row.unit == QLatin1String("ms") && mid >= kLongTimeMs;
    const auto format = [&row, longTime](double v) {
        if (longTime)
            return is::gui::units::longDuration(v / 1000.0);
        return row.count ? is::gui::units::integer(v) : is::gui::units::significant(v);
    };
    const QString midText = format(mid);
    if (!withBand)
        return midText;
    const auto [low, high] = band(row, d);
    const QString lo = format(low);
    const QString hi = format(high);
    if (lo == hi)
        return midText;
    return tr("%1 (%2–%3)").arg(midText, lo, hi);
}

const is::Estimate* ComparisonModel::estimateOf(const Row& row, const is::DeploymentAnalysis& d)
{
    if (!row.atLoad)
        return &d.estimate.mid;
    return d.atLoad && d.atLoad->fits ? &*d.atLoad : nullptr;
}

bool ComparisonModel::shown(const Row& row, const is::DeploymentAnalysis& d)
{
    if (row.atLoad)
        return row.value && d.estimate.mid.fits && estimateOf(row, d);
    return row.value && (d.estimate.mid.fits || row.metric == Metric::Chips ||
                         row.metric == Metric::MemoryUsed || row.metric == Metric::MemoryCapacity);
}

std::pair<double, double> ComparisonModel::band(const Row& row, const is::DeploymentAnalysis& d)
{
    if (!shown(row, d))
        return {kNaN, kNaN};
    const is::RangedEstimate& e = d.estimate;
    const double mid = row.value(*estimateOf(row, d));
    if (!chartfmt::drawable(mid))
        return {kNaN, kNaN};
    // The full-load point is evaluated at the point estimate only.
    if (!e.ranged || row.atLoad)
        return {mid, mid};
    const double a = row.value(e.low);
    const double b = row.value(e.high);
    if (!chartfmt::drawable(a) || !chartfmt::drawable(b))
        return {mid, mid};
    return {std::min({a, b, mid}), std::max({a, b, mid})};
}

double ComparisonModel::ratio(const Row& row, int deployment) const
{
    if (!row.value || !m_analysis || deployment <= 0)
        return kNaN;
    const is::Estimate* first = estimateOf(row, m_analysis->deployments.front());
    const is::Estimate* other = estimateOf(row, m_analysis->deployments[size_t(deployment)]);
    if (!first || !other || !first->fits || !other->fits)
        return kNaN;
    const double v0 = row.value(*first);
    const double v = row.value(*other);
    if (!(v0 > 0) || !(v > 0) || !chartfmt::drawable(v0) || !chartfmt::drawable(v))
        return kNaN;
    return v / v0;
}

QString ComparisonModel::ratioText(const Row& row, double r) const
{
    if (!chartfmt::drawable(r) || r <= 0)
        return {};
    // Within rounding of each other neither is faster ("1.00x slower" read as a difference).
    const bool same =
        (row.direction == Direction::HigherIsFaster || row.direction == Direction::LowerIsFaster) &&
        ratioNumber(std::max(r, 1 / r)) == ratioNumber(1.0);
    if (same)
        return tr("as fast");
    switch (row.direction) {
    case Direction::HigherIsFaster:
        return r >= 1 ? tr("%1x faster").arg(ratioNumber(r)) : tr("%1x slower").arg(ratioNumber(1 / r));
    case Direction::LowerIsFaster:
        // Less time is faster: half the TTFT reads "2.00x faster".
        return r <= 1 ? tr("%1x faster").arg(ratioNumber(1 / r)) : tr("%1x slower").arg(ratioNumber(r));
    case Direction::Amount:
        return tr("%1x %2").arg(ratioNumber(r), row.amountOf);
    case Direction::None:
        break;
    }
    return {};
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_analysis || index.row() >= int(m_rows.size()) ||
        index.column() >= int(m_columns.size()))
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const Column& col = m_columns[size_t(index.column())];
    const is::DeploymentAnalysis& d = m_analysis->deployments[size_t(col.deployment)];
    switch (role) {
    case Qt::DisplayRole:
        if (col.ratio)
            return ratioText(row, ratio(row, col.deployment));
        if (m_compact) {
            // The value without its band, over the ratio: the narrowest reading of both.
            const QString value = valueText(row, d, false);
            const QString r = ratioText(row, ratio(row, col.deployment));
            return r.isEmpty() ? value : value % QLatin1Char('\n') % r;
        }
        return valueText(row, d);
    case FullTextRole:
        return col.ratio ? QVariant() : QVariant(valueText(row, d));
    case RatioTextRole:
        return ratioText(row, ratio(row, col.deployment));
    case ValueRole:
        return row.value && estimateOf(row, d) ? row.value(*estimateOf(row, d)) : kNaN;
    case RatioRole:
        return ratio(row, col.deployment);
    case LowRole:
        return col.ratio ? kNaN : band(row, d).first;
    case HighRole:
        return col.ratio ? kNaN : band(row, d).second;
    case CsvRole:
        if (col.ratio)
            return chartexport::csvNumber(ratio(row, col.deployment));
        if (row.csv)
            return row.csv(d);
        return shown(row, d) ? chartexport::csvNumber(row.value(*estimateOf(row, d))) : QString();
    case DeploymentRole:
        return d.docId;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(
            Qt::Alignment(row.value ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        if (col.ratio)
            return QBrush(QColor(0x55, 0x55, 0x55));
        if ((!d.estimate.mid.fits && row.metric == Metric::Fits) ||
            (row.metric == Metric::Targets && !d.missedTargets.empty()))
            return QBrush(QColor(0xaa, 0x22, 0x22));
        return {};
    case Qt::FontRole:
        if (row.metric == Metric::Bottleneck || row.metric == Metric::TokSUser) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        if (row.metric == Metric::Fits && !d.estimate.mid.why.isEmpty())
            return d.estimate.mid.why;
        if (!d.estimate.mid.notes.isEmpty() && row.metric == Metric::Bottleneck)
            return d.estimate.mid.notes.join(QLatin1Char('\n'));
        // The value, and in the compact form what its cell leaves out: the band, and whom the
        // ratio is to. The explanations below follow it.
        QString head = valueText(row, d);
        const bool compactValue = m_compact && !col.ratio && row.value;
        if (compactValue) {
            const QString r = ratioText(row, ratio(row, col.deployment));
            if (!r.isEmpty())
                head = tr("%1\n%2 %3").arg(head, r, ratioTitle());
        }
        // The first token of a hosted service includes its API's time, which holds no stream: the
        // seed benchmark's 1,000 streams with a first token in 339 ms and 9,799 requests a second
        // read as a contradiction (1,000 / 0.339 s is 2,950) without it.
        if (row.metric == Metric::Ttft && !col.ratio && d.estimate.mid.fits &&
            d.estimate.mid.requestOverheadS > 0 &&
            is::usersServed(d.estimate.mid, m_analysis->workload) > d.estimate.mid.batch) {
            const is::Estimate& e = d.estimate.mid;
            return paragraphTip(
                tr("%1\nIncludes %L2 ms before the prompt reaches the chips (the hosted service's API, "
                   "fitted for this device family), in which a request holds no stream: the %L3 streams "
                   "are those on the chips, and by Little's law they serve %L4 users.")
                    .arg(head)
                    .arg(e.requestOverheadS * 1000, 0, 'f', 0)
                    .arg(e.batch)
                    .arg(is::usersServed(e, m_analysis->workload), 0, 'f', 0));
        }
        // An automatic count is sized for the load there (FullLoad.h): a figure of another count
        // than the column's says so.
        if (row.atLoad && !col.ratio && shown(row, d) && d.atLoad->chips != d.estimate.mid.chips)
            return paragraphTip(
                tr("%1\nAt full load on %L2 chips: the automatic count is sized for the load, where the "
                   "workload's streams take %L3.")
                    .arg(head)
                    .arg(d.atLoad->chips)
                    .arg(d.estimate.mid.chips));
        return compactValue ? QVariant(head) : QVariant();
    }
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_analysis)
        return {};
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= int(m_rows.size()))
            return {};
        const Row& row = m_rows[size_t(section)];
        if (role == Qt::DisplayRole)
            return row.name;
        if (role == MetricIdRole)
            return row.id;
        if (role == UnitRole)
            return row.unit;
        if (role == Qt::ToolTipRole && row.metric == Metric::Targets)
            return tr("Whether the time to first token and the time per output token stay within the "
                      "workload's targets (Workload panel)");
        // Two cost models stand in the studio: say which one this row is, so that a reader of
        // both does not take the difference for an error.
        if (role == Qt::ToolTipRole && row.atLoad)
            return tr(
                "The same deployment at the load a service runs it at: the most streams whose time to "
                "first token and time per output token stay within the latency targets (the scenario's, "
                "else first token within 2 s and 50 ms per output token), and what a token costs there. "
                "A pipeline of wafers holds many streams at almost the single-stream speed.");
        if (role == Qt::ToolTipRole && (row.metric == Metric::UsdPerMTok || row.metric == Metric::UsdPerHour))
            return tr("The engine's simple cost: hardware spread over its life plus electricity, at full "
                      "use, per output token. The Cost tab's total cost of ownership adds the cost of "
                      "capital, upkeep, space and utilisation, so it reads higher.");
        return {};
    }
    if (section < 0 || section >= int(m_columns.size()))
        return {};
    const Column& col = m_columns[size_t(section)];
    const is::DeploymentAnalysis& d = m_analysis->deployments[size_t(col.deployment)];
    const QColor colour = chartfmt::deploymentColour(m_colours, d.docId, col.deployment);
    switch (role) {
    case Qt::DisplayRole:
        return col.ratio ? ratioTitle() : d.name;
    case Qt::DecorationRole: {
        if (col.ratio)
            return {};
        QPixmap swatch(14, 14);
        swatch.fill(colour);
        return swatch;
    }
    case Qt::ForegroundRole:
        return col.ratio ? QVariant() : QVariant(QBrush(colour.darker(150)));
    case Qt::FontRole: {
        QFont f;
        f.setBold(!col.ratio);
        return f;
    }
    case DeploymentRole:
        return d.docId;
    default:
        return {};
    }
}

} // namespace is::gui
