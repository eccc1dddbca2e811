// SPDX-License-Identifier: MIT
#pragma once
// What the serving tests share: a deployment with its engine, and requests drawn from a
// "serving" section.
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "serving/RequestGenerator.h"
#include "serving/ServingConfig.h"
#include "serving/StepCostModel.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>

#include <optional>

namespace is::serving::test {

inline QJsonObject json(const char* text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

// A deployment with the engine that evaluates it, as a scenario would resolve it.
struct Rig
{
    std::shared_ptr<const Catalog> catalog = Catalog::builtin();
    Engine engine{catalog};
    Deployment d;
    ModelDesc m;
    Workload w{1000, 1000, 1, 0, 0};

    Rig(const char* device, int count, const char* model, std::optional<Precision> weights = std::nullopt)
    {
        d = defaultDeployment(*catalog, *catalog->device(QString::fromLatin1(device)), count);
        d.weightPrecision = weights;
        m = catalog->model(QString::fromLatin1(model))->resolve();
    }
    StepCostModel model(ServingGoal goal, double maxContext = 0) const
    {
        StepCostModel::Options o;
        o.planGoal = goal;
        o.maxContext = maxContext;
        QString error;
        auto s = StepCostModel::build(engine, d, m, w, CostAssumptions{}, o, &error);
        if (!s)
            qFatal("%s", qPrintable(error));
        return *s;
    }
    Estimate estimate(ServingGoal goal) const
    {
        QString error;
        auto e = engine.estimate(d, m, w, goal, CostAssumptions{}, &error);
        if (!e)
            qFatal("%s", qPrintable(error));
        return *e;
    }
};

inline RequestSet requests(const char* serving, const Workload& w, double rate, int count)
{
    QString error;
    auto c = parseServingConfig(json(serving), &error);
    if (!c)
        qFatal("%s", qPrintable(error));
    auto g = RequestGenerator::create(*c, w, {}, &error);
    if (!g)
        qFatal("%s", qPrintable(error));
    return g->generate(rate, count);
}

} // namespace is::serving::test
