// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Calibrator.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QObject>
#include <QString>
#include <QtGlobal>

#include <map>
#include <memory>

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

// A copy of the built-in catalog whose `family` has the given fitted constants (calibration.json
// keys) in every software generation.
inline std::shared_ptr<Catalog> withConstants(const QString& family, const std::map<QString, double>& values)
{
    auto catalog = std::make_shared<Catalog>(*Catalog::builtin());
    Calibration c = catalog->calibration();
    std::vector<FamilyCalibration> generations = c.families().at(family);
    for (FamilyCalibration& g : generations)
        for (const auto& [key, v] : values)
            (g.*(calibrationParameter(key)->member)).value = v;
    c.setFamily(family, generations);
    catalog->setCalibration(c);
    return catalog;
}

inline ModelDesc modelOf(const Catalog& c, const char* id)
{
    return c.model(QString::fromLatin1(id))->resolve();
}

// The base of an engine suite: the built-in catalog, an engine on it, and one estimate by it.
class EngineSuite : public QObject
{
    Q_OBJECT

protected:
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};

    // The estimate of `m` on `d` for `w`; an estimate that fails ends the test.
    Estimate run(const Deployment& d, const ModelDesc& m, Workload w,
                 ServingGoal g = ServingGoal::FixedConcurrency)
    {
        QString err;
        auto e = m_engine.estimate(d, m, w, g, CostAssumptions{}, &err);
        if (!e)
            qFatal("estimate failed: %s", qPrintable(err));
        return *e;
    }
};

} // namespace is::test
