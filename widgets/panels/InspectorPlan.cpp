// SPDX-License-Identifier: MIT
// The Inspector's parallelism fields: the deployment's own plan or, while automatic, the one the
// last analysis chose; a manual plan's check and undoable edit; a dataflow device's pipelines
// (stages and replicas only).
#include "panels/InspectorPanel.h"

#include "analysis/ScenarioAnalysis.h"
#include "document/ScenarioDocument.h"
#include "hardware/Catalog.h"

#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>

namespace is::gui {

void InspectorPanel::editPlan()
{
    if (m_refreshing)
        return;
    const DeploymentDoc* d = m_doc->deployment(m_id);
    if (!d || !d->plan)
        return;
    ParallelPlan p{m_tp->value(), m_pp->value(), m_ep->value(), m_dp->value()};
    // Only a plan the scenario format accepts becomes an edit; otherwise say what is wrong.
    QString problem;
    if (!d->autoCount && p.chips() > d->count)
        problem =
            tr("TP × PP × DP = %1, more than the deployment's %2 devices.").arg(p.chips()).arg(d->count);
    else if ((p.tp * p.dp) % p.ep != 0)
        problem = tr("EP must divide TP × DP.");
    m_planNote->setText(problem);
    m_planNote->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return;
    edit(QStringLiteral("plan"), tr("Change parallelism to %1").arg(p.toString()),
         [p](DeploymentDoc& dd) { dd.plan = p; });
}

ParallelPlan InspectorPanel::analysedPlan() const
{
    if (m_analysis)
        for (const DeploymentAnalysis& a : m_analysis->deployments)
            if (a.docId == m_id && a.estimate.mid.chips > 0)
                return a.estimate.mid.plan;
    return {};
}

ParallelPlan InspectorPanel::shownPlan() const
{
    return ParallelPlan{m_tp->value(), m_pp->value(), m_ep->value(), m_dp->value()};
}

void InspectorPanel::refreshPlan()
{
    const DeploymentDoc* d = m_doc->deployment(m_id);
    if (!d)
        return;
    const bool wasRefreshing = m_refreshing;
    m_refreshing = true;
    const Device* device = m_doc->catalog().device(d->device);
    const bool dataflow = device && device->cls == DeviceClass::SramDataflow;
    m_autoPlan->setChecked(!d->plan);
    m_autoPlan->setToolTip(dataflow ? tr("%1 runs pipelines of whole layers: PP is the chips of one "
                                         "pipeline, DP the pipelines side by side; TP and EP stay 1.")
                                          .arg(device->name)
                                    : QString());
    const ParallelPlan p = d->plan.value_or(analysedPlan());
    for (QSpinBox* s : {m_tp, m_pp, m_ep, m_dp})
        s->setEnabled(d->plan.has_value() && (!dataflow || s == m_pp || s == m_dp));
    m_tp->setValue(p.tp);
    m_pp->setValue(p.pp);
    m_ep->setValue(p.ep);
    m_dp->setValue(p.dp);
    m_refreshing = wasRefreshing;
}

} // namespace is::gui
