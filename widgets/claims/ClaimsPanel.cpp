// SPDX-License-Identifier: MIT
#include "claims/ClaimsPanel.h"

#include "Units.h"
#include "charts/ChartFormat.h"
#include "claims/ClaimsModel.h"
#include "claims/VerdictPalette.h"
#include "common/Log.h"
#include "engine/Engine.h"
#include "scenario/Scenario.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace is::gui {

ClaimsPanel::ClaimsPanel(std::shared_ptr<const Engine> engine, QWidget* parent)
    : QDockWidget(tr("Claims"), parent), m_engine(std::move(engine)), m_model(new ClaimsModel(this))
{
    setObjectName(QStringLiteral("ClaimsDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* split = new QSplitter(Qt::Vertical, body);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("ClaimsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The verdict beside the claim's id: in a narrow dock it is what must show without scrolling.
    m_table->horizontalHeader()->moveSection(ClaimsModel::VerdictColumn, ClaimsModel::Seed);
    m_detail = new QTextBrowser(split);
    m_detail->setObjectName(QStringLiteral("ClaimDetail"));
    m_detail->setOpenLinks(false);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split);
    m_open = new QPushButton(tr("Open this claim's scenario"), body);
    m_open->setObjectName(QStringLiteral("OpenClaimScenario"));
    m_open->setEnabled(false);
    layout->addWidget(m_open);
    setWidget(body);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ClaimsPanel::showSelected);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ClaimsPanel::showSelected);
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = selectedScenario();
        if (!path.isEmpty())
            Q_EMIT scenarioRequested(path);
    });
    runAudit();
}

void ClaimsPanel::setEngine(std::shared_ptr<const Engine> engine)
{
    m_engine = std::move(engine);
    runAudit();
}

QString ClaimsPanel::selectedScenario() const
{
    const audit::ClaimVerdict* v = m_model->verdictAt(m_table->currentIndex().row());
    if (!v || v->claim.check.scenario.isEmpty())
        return {};
    return QStringLiteral(":/scenarios/") + v->claim.check.scenario;
}

QList<SpeedVsContextChart::ClaimMark> ClaimsPanel::speedMarks(const Scenario& document) const
{
    const audit::ClaimVerdict* selected = m_model->verdictAt(m_table->currentIndex().row());
    // The model a deployment serves: its own, else its scenario's.
    const auto modelOf = [](const Scenario& s, const DeploymentDoc& d) {
        return d.model.isSet() ? d.model : s.model;
    };
    const auto deploymentOf = [](const Scenario& s, const QString& id) -> const DeploymentDoc* {
        for (const DeploymentDoc& d : s.deployments)
            if (d.id == id)
                return &d;
        return nullptr;
    };
    QList<SpeedVsContextChart::ClaimMark> marks;
    for (const audit::ClaimVerdict& v : m_model->verdicts()) {
        const audit::Claim& c = v.claim;
        const auto claimed = m_scenarios.constFind(c.check.scenario);
        if (c.claimed.metric != QLatin1String("tok_s_user") || c.check.deployment.isEmpty() ||
            claimed == m_scenarios.constEnd() || document.name.isEmpty() || claimed->name != document.name)
            continue;
        if (c.kind != audit::ClaimKind::Official && &v != selected)
            continue;
        const DeploymentDoc* ours = deploymentOf(document, c.check.deployment);
        const DeploymentDoc* theirs = deploymentOf(*claimed, c.check.deployment);
        if (!ours || !theirs || ours->device != theirs->device ||
            !(modelOf(document, *ours) == modelOf(*claimed, *theirs)))
            continue;
        marks.append({c.check.deployment, c.claimed.value,
                      tr("%1: %2 tok/s")
                          .arg(ClaimsModel::kindText(c.kind), is::gui::units::significant(c.claimed.value))});
    }
    return marks;
}

void ClaimsPanel::showSelected()
{
    const audit::ClaimVerdict* v = m_model->verdictAt(m_table->currentIndex().row());
    m_open->setEnabled(v && !v->claim.check.scenario.isEmpty());
    Q_EMIT selectedClaimChanged();
    if (!v) {
        m_detail->setHtml(m_model->rowCount() ? tr("Select a claim to see the article's sentence and the "
                                                   "engine's reason.")
                                              : tr("Checking the claims…"));
        return;
    }
    const QColor bg = verdicts::background(v->verdict);
    const QColor fg = verdicts::foreground(v->verdict);
    m_detail->setHtml(tr("<p><b>%1</b> · %2 · %3</p><p>%4</p><p><i>%5</i></p>"
                         "<p><span style=\"background-color:%6; color:%7\">&nbsp;%8&nbsp;</span> %9</p>"
                         "<p>Claimed: %10<br>Predicted: %11</p>")
                          .arg(v->claim.id.toHtmlEscaped(), v->claim.seed.toHtmlEscaped(),
                               ClaimsModel::kindText(v->claim.kind).toHtmlEscaped(),
                               v->claim.quoteZh.toHtmlEscaped(), v->claim.quoteEn.toHtmlEscaped(), bg.name(),
                               fg.name(), verdicts::name(v->verdict).toHtmlEscaped(),
                               v->reason.toHtmlEscaped())
                          .arg(ClaimsModel::claimedText(v->claim.claimed).toHtmlEscaped(),
                               ClaimsModel::predictedText(*v).toHtmlEscaped()));
}

void ClaimsPanel::runAudit()
{
    if (!m_engine)
        return;
    struct Audit
    {
        std::vector<audit::ClaimVerdict> verdicts;
        QHash<QString, Scenario> scenarios;
    };
    m_audits.setCancelSuperseded(true);
    m_audits.submit(
        [engine = m_engine](JobContext&) {
            Audit a;
            QString error;
            if (const auto claims = audit::loadBuiltInClaims(&error))
                a.verdicts = audit::auditClaims(*claims, *engine);
            else
                is::log::get("gui")->error("claims: {}", error.toStdString());
            for (const audit::ClaimVerdict& v : a.verdicts) {
                const QString& file = v.claim.check.scenario;
                if (file.isEmpty() || a.scenarios.contains(file))
                    continue;
                QString ignored; // the audit's verdict already says why a scenario does not load
                if (auto s = loadScenarioFile(QStringLiteral(":/scenarios/") + file, &ignored))
                    a.scenarios.insert(file, *s);
            }
            return a;
        },
        // Back on the GUI thread, which owns the model.
        [this](Audit a) {
            m_scenarios = std::move(a.scenarios);
            m_model->setVerdicts(std::move(a.verdicts));
            m_table->resizeColumnsToContents();
            Q_EMIT audited();
        });
}

} // namespace is::gui
