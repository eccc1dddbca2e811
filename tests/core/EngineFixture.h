// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QString>
#include <QtGlobal>

namespace is::test {

// A deployment of `count` devices in their default system, as a scenario would resolve it.
inline Deployment deploymentOf(const Catalog& c, const char* deviceId, int count, bool autoChips = false)
{
    const Device* device = c.device(QString::fromLatin1(deviceId));
    if (!device)
        qFatal("device %s missing from the catalog", deviceId);
    Deployment d = defaultDeployment(c, *device, count);
    d.autoChips = autoChips;
    return d;
}

inline ModelDesc modelOf(const Catalog& c, const char* id) { return c.model(QString::fromLatin1(id))->resolve(); }

} // namespace is::test
