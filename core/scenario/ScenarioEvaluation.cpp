// SPDX-License-Identifier: MIT
#include "scenario/ScenarioEvaluation.h"

#include "common/ErrorText.h"
#include "cost/PricedEstimate.h"
#include "hardware/Catalog.h"
#include "metrics/Metrics.h"
#include "model/HfConfigImport.h"
#include "scenario/AttentionFfnJson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

namespace is {

namespace {

// What `estimate --json` reports of each deployment, and which of it with a band when an input
// is a range.
constexpr metrics::Id kEstimateJson[] = {
    metrics::Id::Chips,   metrics::Id::Batch,          metrics::Id::TtftMs,
    metrics::Id::TpotMs,  metrics::Id::TokSUser,       metrics::Id::TokSTotal,
    metrics::Id::PowerKw, metrics::Id::JoulesPerToken, metrics::Id::UsdPerMTok};
constexpr metrics::Id kEstimateBands[] = {metrics::Id::TokSUser, metrics::Id::TokSTotal, metrics::Id::TtftMs,
                                          metrics::Id::Chips, metrics::Id::UsdPerMTok};

std::optional<ModelEntry> resolveModel(const ModelRef& ref, const Scenario& s, const Catalog& catalog,
                                       const QString& path, QString* error)
{
    if (ref.inlineModel)
        return ref.inlineModel;
    if (!ref.configPath.isEmpty()) {
        const QString file =
            QDir(s.baseDir.isEmpty() ? QDir::currentPath() : s.baseDir).filePath(ref.configPath);
        QString err;
        auto m = importHfConfigFile(file, &err);
        if (!m)
            *error = errorAt(path + QStringLiteral(".config"), err);
        return m;
    }
    if (const ModelEntry* m = catalog.model(ref.catalogId))
        return *m;
    *error = QCoreApplication::translate("is::ScenarioEvaluation", "%1: unknown model '%2'")
                 .arg(path, ref.catalogId);
    return std::nullopt;
}

const Link* resolveLink(const QString& id, const Catalog& catalog, const QString& path, QString* error)
{
    if (id.isEmpty())
        return nullptr;
    const Link* l = catalog.link(id);
    if (!l)
        *error = QCoreApplication::translate("is::ScenarioEvaluation", "%1: unknown link '%2'").arg(path, id);
    return l;
}

// "Kimi K2 (K2.5 / K2.6 share the architecture)" -> "Kimi K2".
QString withoutRemark(const QString& name)
{
    const qsizetype open = name.indexOf(QLatin1String(" ("));
    return (open > 0 && name.endsWith(QLatin1Char(')')) ? name.left(open) : name).trimmed();
}

QString modelShortName(const ModelRef& ref, const Catalog& catalog)
{
    if (ref.inlineModel)
        return withoutRemark(ref.inlineModel->arch.name.isEmpty() ? ref.inlineModel->arch.id
                                                                  : ref.inlineModel->arch.name);
    if (!ref.configPath.isEmpty())
        return QFileInfo(ref.configPath).dir().dirName();
    if (const ModelEntry* m = catalog.model(ref.catalogId))
        return withoutRemark(m->arch.name.isEmpty() ? m->arch.id : m->arch.name);
    return ref.catalogId;
}

// "NVIDIA H100 SXM5 80GB" -> "H100 SXM5 80GB", "Cerebras CS-3 (WSE-3)" -> "CS-3"; the vendor
// stays where the rest names no model number ("Groq LPU", "Etched Sohu").
QString deviceShortName(const Device& d)
{
    QString name = withoutRemark(d.name);
    const QString prefix = d.vendor + QLatin1Char(' ');
    if (!d.vendor.isEmpty() && name.startsWith(prefix)) {
        const QString rest = name.mid(prefix.size());
        if (std::any_of(rest.begin(), rest.end(), [](QChar c) { return c.isDigit(); }))
            name = rest;
    }
    return name;
}

} // namespace

QString automaticDeploymentName(const Scenario& s, const DeploymentDoc& d, const Catalog& catalog)
{
    const Device* device = catalog.device(d.device);
    const QString deviceName = device ? deviceShortName(*device) : d.device;
    const ModelRef& model = d.model.isSet() ? d.model : s.model;
    const QString base = model.isSet() ? QCoreApplication::translate("is::Scenario", "%1 on %2")
                                             .arg(modelShortName(model, catalog), deviceName)
                                       : deviceName;
    auto taken = [&](const QString& name) {
        return std::any_of(s.deployments.begin(), s.deployments.end(),
                           [&](const DeploymentDoc& o) { return o.id != d.id && o.name == name; });
    };
    QString name = base;
    for (int i = 2; taken(name); ++i)
        name = QCoreApplication::translate("is::Scenario", "%1 (%2)").arg(base, QString::number(i));
    return name;
}

std::optional<std::vector<ResolvedDeployment>> resolveScenario(const Scenario& s, const Catalog& catalog,
                                                               QString* error)
{
    std::vector<ResolvedDeployment> out;
    for (size_t i = 0; i < s.deployments.size(); ++i) {
        const DeploymentDoc& doc = s.deployments[i];
        const QString path = QStringLiteral("deployments[%1]").arg(i);
        ResolvedDeployment r;
        r.docId = doc.id;
        Deployment& d = r.deployment;
        d.name = doc.name;
        d.device = catalog.device(doc.device);
        if (!d.device) {
            *error = QCoreApplication::translate("is::ScenarioEvaluation", "%1.device: unknown device '%2'")
                         .arg(path, doc.device);
            return std::nullopt;
        }
        const QString systemId = Catalog::systemIdFor(*d.device, doc.system);
        if (!systemId.isEmpty()) {
            d.system = catalog.system(systemId);
            if (!d.system) {
                *error =
                    QCoreApplication::translate("is::ScenarioEvaluation", "%1.system: unknown system '%2'")
                        .arg(path, systemId);
                return std::nullopt;
            }
            if (d.system->deviceId != d.device->id) {
                *error =
                    QCoreApplication::translate("is::ScenarioEvaluation", "%1.system: '%2' holds %3, not %4")
                        .arg(path, systemId, d.system->deviceId, d.device->id);
                return std::nullopt;
            }
        }
        const QString up =
            !doc.scaleUpLink.isEmpty() ? doc.scaleUpLink : defaultScaleUpLink(*d.device, d.system);
        const QString outId =
            !doc.scaleOutLink.isEmpty() ? doc.scaleOutLink : defaultScaleOutLink(*d.device, d.system);
        QString linkErr;
        d.scaleUp = resolveLink(up, catalog, path + QStringLiteral(".links.scale_up"), &linkErr);
        d.scaleOut = resolveLink(outId, catalog, path + QStringLiteral(".links.scale_out"), &linkErr);
        if (!linkErr.isEmpty()) {
            *error = linkErr;
            return std::nullopt;
        }
        d.chips = doc.autoCount ? 0 : doc.count;
        d.autoChips = doc.autoCount;
        d.plan = doc.plan;
        d.weightPrecision = doc.weights;
        d.kvPrecision = doc.kv;
        d.mode = doc.mode;
        d.speculative = doc.speculative;
        d.prefillReplicas = doc.prefillReplicas;
        // The serving runtime's limits: the estimate and the request simulation follow one policy.
        const serving::SchedulerSpec& runtime = s.serving.forDeployment(doc.id).scheduler;
        d.maxBatchPerReplica = runtime.maxSeqs;
        d.kvAdmission = runtime.kvAdmission;
        d.attentionDpPrefill = runtime.attentionDpPrefill;
        if (d.prefillReplicas > 0 && !splitsPrefillFromDecode(*d.device)) {
            *error = QCoreApplication::translate("is::Scenario",
                                                 "%1.prefill_replicas: %2 prefills and decodes each stream "
                                                 "in the same pipeline; prefill-decode splits GPU and tiered "
                                                 "replicas")
                         .arg(path, d.device->name);
            return std::nullopt;
        }
        if (doc.ffnPool) {
            d.ffnPool = resolveFfnPool(*doc.ffnPool, catalog, path + QStringLiteral(".ffn_pool"), error);
            if (!d.ffnPool)
                return std::nullopt;
        }
        auto model = resolveModel(
            doc.model.isSet() ? doc.model : s.model, s, catalog,
            doc.model.isSet() ? path + QStringLiteral(".model") : QStringLiteral("model"), error);
        if (!model)
            return std::nullopt;
        r.model = *model;
        out.push_back(std::move(r));
    }
    return out;
}

std::optional<std::vector<DeploymentResult>> evaluateScenario(const Scenario& s, const Engine& engine,
                                                              QString* error)
{
    auto resolved = resolveScenario(s, engine.catalog(), error);
    if (!resolved)
        return std::nullopt;
    std::vector<DeploymentResult> results;
    for (size_t i = 0; i < resolved->size(); ++i) {
        const ResolvedDeployment& r = (*resolved)[i];
        QString err;
        auto est = cost::pricedEstimateRanged(engine, r.deployment, r.docId, r.model, s.workload, s.goal,
                                              s.tco, &err);
        if (!est) {
            *error = errorAt(QStringLiteral("deployments[%1]").arg(i), err);
            return std::nullopt;
        }
        results.push_back(DeploymentResult{r.docId, r.deployment.name, r.model.arch.name, *est});
    }
    return results;
}

QJsonObject estimateResultsToJson(const std::vector<DeploymentResult>& results)
{
    QJsonArray deps;
    for (const DeploymentResult& r : results) {
        const Estimate& e = r.estimate.mid;
        QJsonObject o{{QStringLiteral("name"), r.name},
                      {QStringLiteral("model"), r.modelName},
                      {QStringLiteral("fits"), e.fits},
                      {QStringLiteral("plan"), e.plan.toString()},
                      {QStringLiteral("mode"), e.mode},
                      {QStringLiteral("bottleneck"), bottleneckId(e.bottleneck)},
                      {QStringLiteral("kv_placement"), kvPlacementId(e.kvPlacement)},
                      {QStringLiteral("memory_gb_per_chip"),
                       QJsonObject{{QStringLiteral("weights"), e.memory.weights / 1e9},
                                   {QStringLiteral("kv_cache"), e.memory.kvCache / 1e9},
                                   {QStringLiteral("activations"), e.memory.activations / 1e9},
                                   {QStringLiteral("capacity"), e.memory.capacity / 1e9}}}};
        for (const metrics::Id id : kEstimateJson)
            metrics::insert(o, id, metrics::value(id, e));
        metrics::insert(o, u"min_chips", e.minChips);
        if (!e.fits)
            o.insert(QStringLiteral("why"), e.why);
        if (!e.notes.isEmpty()) // what the estimate assumed or did not use, as the Issues panel says
            o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(e.notes));
        if (e.reuse.active())
            o.insert(QStringLiteral("prefix_reuse"), prefixReuseToJson(e.reuse, e.ttftS));
        if (e.split)
            o.insert(QStringLiteral("attention_ffn"), attentionFfnToJson(*e.split));
        if (e.prefillReplicas > 0)
            o.insert(QStringLiteral("prefill_decode"),
                     QJsonObject{{QStringLiteral("prefill_replicas"), e.prefillReplicas},
                                 {QStringLiteral("decode_replicas"), e.decodeReplicas()},
                                 {QStringLiteral("queueing_ms"), e.queueingS * 1000.0},
                                 {QStringLiteral("kv_handover_ms"), e.kvHandoverS * 1000.0},
                                 {QStringLiteral("decode_step_ms"), e.decodeStepS * 1000.0}});
        if (r.estimate.ranged) {
            // The band spans the point estimate and both ends: a metric need not move monotonically
            // with the inputs (more wafers for a bigger model can lower the cost per token).
            QJsonObject range;
            for (const metrics::Id id : kEstimateBands) {
                const double ends[] = {metrics::value(id, r.estimate.low),
                                       metrics::value(id, r.estimate.high), metrics::value(id, e)};
                range.insert(
                    metrics::key(id),
                    QJsonObject{
                        {QStringLiteral("low"), *std::min_element(std::begin(ends), std::end(ends))},
                        {QStringLiteral("high"), *std::max_element(std::begin(ends), std::end(ends))}});
            }
            o.insert(QStringLiteral("range"), range);
        }
        deps.append(o);
    }
    return QJsonObject{{QStringLiteral("deployments"), deps}};
}

} // namespace is
