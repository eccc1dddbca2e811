// SPDX-License-Identifier: MIT
// The Inspector's attention-FFN section: the second pool that runs the feed-forward layers of a
// split deployment (engine/AttentionFfnSplit.h), its fields and their undoable edits.
#include "panels/InspectorPanel.h"

#include "analysis/ScenarioAnalysis.h"
#include "controls/ElidingComboBox.h"
#include "document/ScenarioDocument.h"
#include "hardware/Catalog.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

namespace is::gui {

QGroupBox* InspectorPanel::buildFfnPoolBox(QWidget* page)
{
    // Attention-FFN disaggregation (engine/AttentionFfnSplit.h): the deployment's own device and
    // count above hold attention and the KV cache; this pool runs the feed-forward layers.
    auto* box = new QGroupBox(tr("FFN on a second pool"), page);
    box->setCheckable(true);
    box->setToolTip(tr("Attention and the KV cache stay on the devices above; the feed-forward "
                       "layers or experts run on this pool, joined by a link"));
    // Unchecked, the box is its title alone: the fields of a pool that does not exist are hidden.
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    m_ffnFields = new QWidget(box);
    boxLayout->addWidget(m_ffnFields);
    auto* form = new QFormLayout(m_ffnFields);
    form->setContentsMargins(6, 6, 6, 6);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_ffnDevice = new ElidingComboBox(box);
    for (const Device* d : m_doc->catalog().devices())
        if (d->cls != DeviceClass::Cpu)
            m_ffnDevice->addItem(d->name, d->id);
    form->addRow(tr("Device"), m_ffnDevice);
    m_ffnCount = new QSpinBox(box);
    m_ffnCount->setRange(1, 1 << 20);
    m_ffnCount->setAccelerated(true);
    form->addRow(tr("Count"), m_ffnCount);
    m_ffnLink = new ElidingComboBox(box);
    for (const Link* l : m_doc->catalog().links())
        m_ffnLink->addItem(l->name, l->id);
    m_ffnLink->setToolTip(tr("Every token's activations cross it twice per layer"));
    form->addRow(tr("Link between pools"), m_ffnLink);
    m_ffnMicroBatches = new QSpinBox(box);
    m_ffnMicroBatches->setRange(0, 64);
    m_ffnMicroBatches->setSpecialValueText(tr("auto"));
    m_ffnMicroBatches->setToolTip(tr("Micro-batches that ping-pong between the pools to hide the link"));
    form->addRow(tr("Micro-batches"), m_ffnMicroBatches);

    connect(box, &QGroupBox::toggled, this, [this](bool on) {
        if (m_refreshing)
            return;
        if (!on) {
            edit(QString(), tr("Run the FFN with attention"), [](DeploymentDoc& d) { d.ffnPool.reset(); });
            return;
        }
        const DeploymentDoc* current = m_doc->deployment(m_id);
        if (!current)
            return;
        const FfnPoolDoc pool = defaultFfnPool(*current);
        // Both pools need a fixed count: an automatic one becomes the count the engine chose.
        int chips = current->count;
        if (current->autoCount && m_analysis)
            for (const DeploymentAnalysis& a : m_analysis->deployments)
                if (a.docId == m_id && a.estimate.mid.chips > 0)
                    chips = a.estimate.mid.chips;
        edit(QString(), tr("Run the FFN on a second pool"), [pool, chips](DeploymentDoc& d) {
            d.ffnPool = pool;
            if (d.autoCount) {
                d.autoCount = false;
                d.count = std::max(1, chips);
                d.plan.reset();
            }
        });
    });
    const auto editPool = [this](const QString& field, const QString& text,
                                 const std::function<void(FfnPoolDoc&)>& change) {
        edit(field, text, [&change](DeploymentDoc& d) {
            if (d.ffnPool)
                change(*d.ffnPool);
        });
    };
    connect(m_ffnDevice, &QComboBox::currentIndexChanged, this, [this, editPool] {
        const QString dev = m_ffnDevice->currentData().toString();
        editPool(QString(), tr("Change FFN device to %1").arg(m_ffnDevice->currentText()),
                 [dev](FfnPoolDoc& p) {
                     p.device = dev;
                     p.system.clear(); // the old device's system does not hold the new one
                     p.plan.reset();
                 });
    });
    connect(m_ffnCount, &QSpinBox::valueChanged, this, [editPool](int v) {
        editPool(QStringLiteral("ffn_count"), tr("Change FFN count"), [v](FfnPoolDoc& p) {
            p.count = v;
            p.plan.reset();
        });
    });
    connect(m_ffnLink, &QComboBox::currentIndexChanged, this, [this, editPool] {
        const QString id = m_ffnLink->currentData().toString();
        editPool(QString(), tr("Change the link between the pools"), [id](FfnPoolDoc& p) { p.link = id; });
    });
    connect(m_ffnMicroBatches, &QSpinBox::valueChanged, this, [editPool](int v) {
        editPool(QStringLiteral("ffn_micro_batches"), tr("Change micro-batches"),
                 [v](FfnPoolDoc& p) { p.microBatches = v; });
    });
    return box;
}

FfnPoolDoc InspectorPanel::defaultFfnPool(const DeploymentDoc& d) const
{
    const Catalog& cat = m_doc->catalog();
    const Device* attention = cat.device(d.device);
    // Seed 001's pairing: attention on GPUs, the FFN on wafers (and GPUs for any other device).
    const DeviceClass wanted = attention && attention->cls == DeviceClass::HbmAccelerator
                                   ? DeviceClass::SramDataflow
                                   : DeviceClass::HbmAccelerator;
    FfnPoolDoc pool;
    pool.device = d.device;
    for (const Device* dev : cat.devices())
        if (dev->cls == wanted) {
            pool.device = dev->id;
            break;
        }
    pool.count = std::max(1, d.autoCount ? 1 : d.count);
    // The scale-out network the attention pool already has, else any scale-out link.
    const SystemPackaging* sys = attention ? cat.systemFor(attention, d.system) : nullptr;
    pool.link = !d.scaleOutLink.isEmpty() ? d.scaleOutLink
                : attention               ? defaultScaleOutLink(*attention, sys)
                                          : QString();
    if (pool.link.isEmpty())
        for (const Link* l : cat.links())
            if (l->scope == LinkScope::ScaleOut) {
                pool.link = l->id;
                break;
            }
    return pool;
}

void InspectorPanel::refreshFfnPool(const DeploymentDoc& d)
{
    m_ffnBox->setChecked(d.ffnPool.has_value());
    const FfnPoolDoc pool = d.ffnPool.value_or(FfnPoolDoc{});
    m_ffnFields->setVisible(d.ffnPool.has_value());
    if (!d.ffnPool)
        return;
    selectData(m_ffnDevice, pool.device);
    m_ffnCount->setValue(pool.count);
    selectData(m_ffnLink, pool.link);
    m_ffnMicroBatches->setValue(pool.microBatches);
}

} // namespace is::gui
