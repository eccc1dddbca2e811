// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QString>

namespace is::test {

// A deployment of `count` devices in their default system, as a scenario would resolve it.
inline Deployment deploymentOf(const Catalog& c, const char* deviceId, int count, bool autoChips = false)
{
    Deployment d;
    d.name = QString::fromLatin1(deviceId);
    d.device = c.device(d.name);
    d.system = d.device ? c.system(d.device->defaultSystem) : nullptr;
    d.scaleUp = d.system ? c.link(d.system->scaleUpLink) : nullptr;
    d.scaleOut = d.system ? c.link(d.system->scaleOutLink) : nullptr;
    d.chips = count;
    d.autoChips = autoChips;
    return d;
}

inline ModelDesc modelOf(const Catalog& c, const char* id) { return c.model(QString::fromLatin1(id))->resolve(); }

} // namespace is::test
