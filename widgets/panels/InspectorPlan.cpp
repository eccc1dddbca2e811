// SPDX-License-Identifier: MIT
// The Inspector's parallelism fields: the deployment's own plan or, while automatic, the one the
// last analysis chose; a manual plan's check and undoable edit; a dataflow device's pipeline,
// which is the engine's to choose.
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
    if (!d->autoCount && p.chips() != d->count)
        problem = tr("TP × PP × DP = %1, but the deployment has %2 devices.").arg(p.chips()).arg(d->count);
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
    // A plan already set (an older file) can still be turned back to automatic.
    m_autoPlan->setEnabled(!dataflow || d->plan.has_value());
    m_autoPlan->setToolTip(dataflow ? tr("%1 pipelines the model's layers over its chips, one stage after "
                                         "another: the engine chooses the stages.")
                                          .arg(device->name)
                                    : QString());
    const ParallelPlan p = d->plan.value_or(analysedPlan());
    for (QSpinBox* s : {m_tp, m_pp, m_ep, m_dp})
        s->setEnabled(d->plan.has_value() && !dataflow);
    m_tp->setValue(p.tp);
    m_pp->setValue(p.pp);
    m_ep->setValue(p.ep);
    m_dp->setValue(p.dp);
    m_refreshing = wasRefreshing;
}

} // namespace is::gui
