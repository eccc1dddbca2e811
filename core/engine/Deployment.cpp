// SPDX-License-Identifier: MIT
#include "engine/Deployment.h"

#include "hardware/Catalog.h"
#include "model/ModelMath.h"

#include <algorithm>

namespace is {

Precision Deployment::weights(const ModelDesc& m) const
{
    if (weightPrecision)
        return *weightPrecision;
    const Precision usual = device->defaultPrecision;
    // Where weights stream from memory every step (HBM, DDR), a published narrower format is kept:
    // fewer bytes read is the whole gain, and the kernels unpack it in registers while they wait
    // on memory. An SRAM dataflow chip multiplies straight out of its cores' SRAM, so there is no
    // read to save and unpacking would cost its cores a step per multiply: such chips lay the
    // weights out at their usual precision (Cerebras serves 16-bit weights).
    const bool streamsWeights = device->cls != DeviceClass::SramDataflow;
    if (streamsWeights && m.releasedWeights && bytesPerElement(*m.releasedWeights) < bytesPerElement(usual))
        return *m.releasedWeights;
    return usual;
}

bool Deployment::servesExpertsOnlyRelease(const ModelDesc& m) const
{
    return m.releasedExpertsOnly && m.isMoe() && m.releasedWeights && weights(m) == *m.releasedWeights;
}

Precision Deployment::nonExpertWeights(const ModelDesc& m) const
{
    // The release's other weights are its 16-bit training format.
    return servesExpertsOnlyRelease(m) ? Precision::BF16 : weights(m);
}

double Deployment::weightBytes(const ModelDesc& m) const
{
    const ParamBreakdown p = paramBreakdown(m);
    return p.expertsAll * bytesPerElement(weights(m)) +
           (p.total() - p.expertsAll) * bytesPerElement(nonExpertWeights(m));
}

Precision Deployment::kv(const ModelDesc& m) const
{
    if (kvPrecision)
        return *kvPrecision;
    // Unless told otherwise ("auto"), serving stacks keep the KV cache in the format of the
    // attention that writes it: 16-bit under an experts-only release, whose attention stays
    // 16-bit and which carries no KV scales, and never narrower than fp8 when weights are 4-bit.
    const Precision w = nonExpertWeights(m);
    return bytesPerElement(w) < 1.0 ? Precision::FP8 : w;
}

int Deployment::devicesPerSystem() const
{
    return system ? system->devicesPerSystem : 1;
}

Topology::Spec Deployment::topologySpec(int chipCount) const
{
    Topology::Spec s;
    s.devices = chipCount;
    s.devicesPerSystem = std::min(chipCount, devicesPerSystem());
    s.scaleUp = scaleUp;
    s.scaleOut = scaleOut;
    return s;
}

QString defaultScaleUpLink(const Device& device, const SystemPackaging* system)
{
    return system && !system->scaleUpLink.isEmpty() ? system->scaleUpLink : device.scaleUpLink;
}

QString defaultScaleOutLink(const Device& device, const SystemPackaging* system)
{
    return system && !system->scaleOutLink.isEmpty() ? system->scaleOutLink : device.scaleOutLink;
}

Deployment defaultDeployment(const Catalog& catalog, const Device& device, int chips)
{
    Deployment d;
    d.name = device.id;
    d.device = &device;
    d.system = catalog.system(device.defaultSystem);
    d.scaleUp = catalog.link(defaultScaleUpLink(device, d.system));
    d.scaleOut = catalog.link(defaultScaleOutLink(device, d.system));
    d.chips = chips;
    return d;
}

bool splitsPrefillFromDecode(const Device& device)
{
    return device.cls == DeviceClass::HbmAccelerator || device.cls == DeviceClass::Tiered;
}

} // namespace is
