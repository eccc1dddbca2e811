// SPDX-License-Identifier: MIT
#include "scenario/Scenario.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"
#include "cost/TcoFields.h"
#include "scenario/ClaimedFigures.h"
#include "scenario/PlanJson.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <cmath>

namespace is {

bool ModelRef::operator==(const ModelRef& o) const
{
    const bool sameInline =
        inlineModel.has_value() == o.inlineModel.has_value() &&
        (!inlineModel || modelEntryToJson(*inlineModel) == modelEntryToJson(*o.inlineModel));
    return catalogId == o.catalogId && configPath == o.configPath && sameInline;
}

bool DeploymentDoc::operator==(const DeploymentDoc& o) const
{
    return id == o.id && name == o.name && autoName == o.autoName && device == o.device && count == o.count &&
           autoCount == o.autoCount && system == o.system && scaleUpLink == o.scaleUpLink &&
           scaleOutLink == o.scaleOutLink && plan == o.plan && weights == o.weights && kv == o.kv &&
           mode == o.mode && speculative == o.speculative && model == o.model && x == o.x && y == o.y &&
           color == o.color && ffnPool == o.ffnPool && prefillReplicas == o.prefillReplicas;
}

bool Scenario::operator==(const Scenario& o) const
{
    // The engine's three by value, everything else as saved: what a save writes decides equality.
    auto sameCost = [](const CostAssumptions& a, const CostAssumptions& b) {
        for (const cost::TcoField& field : cost::tcoFields())
            if (field.cost && (a.*field.cost).value != (b.*field.cost).value)
                return false;
        return true;
    };
    return name == o.name && description == o.description && model == o.model && workload == o.workload &&
           goal == o.goal && sameCost(tco, o.tco) &&
           cost::tcoSectionJson(tco) == cost::tcoSectionJson(o.tco) &&
           serving::servingSectionJson(serving) == serving::servingSectionJson(o.serving) &&
           claimed == o.claimed && deployments == o.deployments;
}

QString executionModeId(ExecutionMode m)
{
    switch (m) {
    case ExecutionMode::Auto:
        return QStringLiteral("auto");
    case ExecutionMode::Resident:
        return QStringLiteral("resident");
    case ExecutionMode::WeightStreaming:
        return QStringLiteral("weight-streaming");
    }
    return QStringLiteral("auto");
}

namespace {

// Sections parsed by other modules; the scenario only checks they are objects and keeps them.
std::optional<ModelRef> parseModelRef(const QJsonValue& v, const QString& path, QString* error)
{
    ModelRef r;
    if (v.isString()) {
        r.catalogId = v.toString();
        if (r.catalogId.isEmpty()) {
            *error = QCoreApplication::translate("is::Scenario", "%1: empty model id").arg(path);
            return std::nullopt;
        }
        return r;
    }
    if (!v.isObject()) {
        *error = QCoreApplication::translate(
                     "is::Scenario", "%1: expected a catalog id, {\"config\": path} or a model description")
                     .arg(path);
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    if (o.contains(QStringLiteral("catalog"))) {
        r.catalogId = o.value(QStringLiteral("catalog")).toString();
        if (r.catalogId.isEmpty()) {
            *error = QCoreApplication::translate("is::Scenario", "%1.catalog: expected a model id").arg(path);
            return std::nullopt;
        }
        return r;
    }
    if (o.contains(QStringLiteral("config"))) {
        r.configPath = o.value(QStringLiteral("config")).toString();
        if (r.configPath.isEmpty()) {
            *error = QCoreApplication::translate("is::Scenario", "%1.config: expected a path to config.json")
                         .arg(path);
            return std::nullopt;
        }
        return r;
    }
    auto entry = parseModelEntry(o, path, error);
    if (!entry)
        return std::nullopt;
    r.inlineModel = *entry;
    return r;
}

QJsonValue modelRefToJson(const ModelRef& r)
{
    if (r.inlineModel)
        return modelEntryToJson(*r.inlineModel);
    if (!r.configPath.isEmpty())
        return QJsonObject{{QStringLiteral("config"), r.configPath}};
    return r.catalogId;
}

std::optional<Precision> parsePrecision(JsonFields& f, const char* key)
{
    const QString id = f.string(key);
    if (id.isEmpty())
        return std::nullopt;
    auto p = precisionFromId(id);
    if (!p)
        f.fail(key, QCoreApplication::translate(
                        "is::Scenario", "unknown precision '%1' (fp32, bf16, fp16, fp8, int8, fp4, int4)")
                        .arg(id));
    return p;
}

std::optional<DeploymentDoc> parseDeployment(const QJsonObject& o, const QString& path, int index,
                                             QString* error)
{
    JsonFields f(o, path, error);
    DeploymentDoc d;
    d.id = f.string("id", QStringLiteral("d%1").arg(index + 1));
    d.name = f.string("name", d.id);
    d.autoName = f.boolean("name_auto", false);
    d.device = f.string("device", {}, true);
    if (f.ok() && d.device.isEmpty())
        f.fail("device", QCoreApplication::translate("is::Scenario", "empty device id"));
    const QJsonValue count = o.value(QStringLiteral("count"));
    if (count.isString() && count.toString() == QLatin1String("auto")) {
        d.autoCount = true;
        d.count = 0;
    } else {
        d.count = f.integer("count", 1, 1, kMaxDeploymentCount, true);
    }
    d.system = f.string("system");
    const QJsonObject links = f.object("links");
    JsonFields lf(links, f.fieldPath("links"), error);
    d.scaleUpLink = lf.string("scale_up");
    d.scaleOutLink = lf.string("scale_out");

    if (f.ok())
        d.plan = parseParallelism(o.value(QStringLiteral("parallelism")), f.fieldPath("parallelism"),
                                  d.autoCount ? 0 : d.count, PlanSpan::AtMostCount, error);
    const QJsonObject prec = f.object("precision");
    JsonFields precF(prec, f.fieldPath("precision"), error);
    d.weights = parsePrecision(precF, "weights");
    d.kv = parsePrecision(precF, "kv");
    const QString mode = f.string("mode", QStringLiteral("auto"));
    if (mode == QLatin1String("auto"))
        d.mode = ExecutionMode::Auto;
    else if (mode == QLatin1String("resident") || mode == QLatin1String("pipelined"))
        d.mode = ExecutionMode::Resident;
    else if (mode == QLatin1String("weight-streaming"))
        d.mode = ExecutionMode::WeightStreaming;
    else
        f.fail("mode",
               QCoreApplication::translate("is::Scenario", "expected auto, resident or weight-streaming"));
    if (auto s = f.choice(
            "speculative", {}, speculativeMethodFromId,
            QCoreApplication::translate("is::Scenario", "unknown method '%1' (draft, medusa, eagle3, mtp)")))
        d.speculative = *s;
    if (o.contains(QStringLiteral("model"))) {
        auto m = parseModelRef(o.value(QStringLiteral("model")), f.fieldPath("model"), error);
        if (!m)
            return std::nullopt;
        d.model = *m;
    }
    const QJsonObject canvas = f.object("canvas");
    JsonFields cf(canvas, f.fieldPath("canvas"), error);
    d.x = cf.number("x", 0);
    d.y = cf.number("y", 0);
    d.color = f.string("color");
    if (f.ok() && o.contains(QStringLiteral("ffn_pool"))) {
        const QJsonObject pool = f.object("ffn_pool");
        if (f.ok() && d.autoCount)
            f.fail("count", QCoreApplication::translate(
                                "is::Scenario", "an attention-FFN deployment needs a fixed count, not auto"));
        if (f.ok())
            d.ffnPool = parseFfnPool(pool, f.fieldPath("ffn_pool"), error);
    }
    d.prefillReplicas = f.integer("prefill_replicas", 0, 0, kMaxDeploymentCount);
    if (f.ok() && d.prefillReplicas > 0) {
        if (d.ffnPool)
            f.fail("prefill_replicas",
                   QCoreApplication::translate(
                       "is::Scenario", "a deployment splits either attention from the FFN (ffn_pool) or "
                                       "prefill from decode, not both"));
        else if (d.plan && d.plan->dp <= d.prefillReplicas)
            f.fail(
                "prefill_replicas",
                QCoreApplication::translate(
                    "is::Scenario", "must be fewer than the parallelism's dp (%1): the other replicas decode")
                    .arg(d.plan->dp));
    }
    if (!error->isEmpty())
        return std::nullopt;
    return d;
}

} // namespace

double nextCanvasColumn(const std::vector<DeploymentDoc>& deployments)
{
    double right = -kCanvasColumn;
    for (const DeploymentDoc& d : deployments)
        right = std::max(right, d.x);
    return right + kCanvasColumn;
}

std::optional<Scenario> parseScenario(const QJsonObject& root, QString* error)
{
    JsonFields f(root, {}, error);
    Scenario s;
    const int version = f.integer("version", 1, 0, 1000000, true);
    if (f.ok() && version != Scenario::kVersion)
        f.fail("version", QCoreApplication::translate("is::Scenario",
                                                      "unsupported version %1 (this build reads version %2)")
                              .arg(version)
                              .arg(Scenario::kVersion));
    s.name = f.string("name");
    s.description = f.string("description");
    if (!f.ok())
        return std::nullopt;
    if (root.contains(QStringLiteral("model"))) {
        auto m = parseModelRef(root.value(QStringLiteral("model")), QStringLiteral("model"), error);
        if (!m)
            return std::nullopt;
        s.model = *m;
    }

    const QJsonObject wl = f.object("workload", true);
    JsonFields wf(wl, QStringLiteral("workload"), error);
    s.workload.inputTokens = wf.integer("input_tokens", 1000, 1, 1 << 30);
    s.workload.outputTokens = wf.integer("output_tokens", 1000, 1, 1 << 30);
    s.workload.concurrency = wf.integer("concurrency", 1, 1, 1 << 24);
    const double ttft = wf.number("ttft_limit_ms", 0);
    const double tpot = wf.number("tpot_limit_ms", 0);
    if (wf.ok() && ttft < 0)
        wf.fail("ttft_limit_ms", QCoreApplication::translate("is::Scenario", "must not be negative"));
    if (wf.ok() && tpot < 0)
        wf.fail("tpot_limit_ms", QCoreApplication::translate("is::Scenario", "must not be negative"));
    s.workload.ttftLimitS = ttft / 1000.0;
    s.workload.tpotLimitS = tpot / 1000.0;
    // Prefix caching (engine/PrefixReuse.h): a share of the prompt, and whole sessions.
    s.workload.prefixHitRate = wf.number("prefix_hit_rate", 0);
    if (wf.ok() && !(s.workload.prefixHitRate >= 0 && s.workload.prefixHitRate <= 1))
        wf.fail("prefix_hit_rate", QCoreApplication::translate("is::Scenario", "must be between 0 and 1"));
    s.workload.idleSessions = wf.integer("idle_sessions", 0, 0, 1 << 24);
    if (auto g = wf.choice("goal", QStringLiteral("fixed"), servingGoalFromId,
                           QCoreApplication::translate("is::Scenario", "expected fixed, offline or server")))
        s.goal = *g;

    // The sections other modules own are parsed here, typed, so that a bad value names its field
    // when the file opens, not when a view first reads it.
    const QJsonObject costSection = f.object("cost");
    const QJsonObject tcoSection = f.object("tco");
    const QJsonObject servingSection = f.object("serving");
    const QJsonObject claimedSection = f.object("claimed");
    if (!f.ok())
        return std::nullopt;
    if (auto t = cost::parseCostAndTco(costSection, tcoSection, error))
        s.tco = *t;
    else
        return std::nullopt;
    if (auto c = serving::parseServingConfig(servingSection, error))
        s.serving = *c;
    else
        return std::nullopt;
    if (auto c = parseClaimedSection(claimedSection, error))
        s.claimed = *c;
    else
        return std::nullopt;

    // An empty list is a document still being built (every deployment deleted, or a new one):
    // it opens and saves; the commands that evaluate deployments refuse it (app/CliSupport).
    const QJsonArray deps = f.array("deployments", true);
    for (int i = 0; i < deps.size() && f.ok(); ++i) {
        const QString path = QStringLiteral("deployments[%1]").arg(i);
        if (!deps.at(i).isObject()) {
            *error = QCoreApplication::translate("is::Scenario", "%1: expected an object").arg(path);
            return std::nullopt;
        }
        auto d = parseDeployment(deps.at(i).toObject(), path, i, error);
        if (!d)
            return std::nullopt;
        for (const DeploymentDoc& other : s.deployments)
            if (other.id == d->id) {
                *error =
                    QCoreApplication::translate("is::Scenario", "%1.id: duplicate id '%2'").arg(path, d->id);
                return std::nullopt;
            }
        if (!d->model.isSet() && !s.model.isSet()) {
            *error = QCoreApplication::translate("is::Scenario",
                                                 "%1.model: no model here and no scenario-level model")
                         .arg(path);
            return std::nullopt;
        }
        // A file that says nothing of the canvas (written by hand or by a script) puts each such
        // deployment beside the ones before it, not all on one spot.
        if (!deps.at(i).toObject().contains(QStringLiteral("canvas"))) {
            d->x = nextCanvasColumn(s.deployments);
            d->y = 0;
        }
        s.deployments.push_back(*d);
    }
    if (!error->isEmpty())
        return std::nullopt;
    return s;
}

std::optional<Scenario> loadScenarioFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error =
            QCoreApplication::translate("is::Scenario", "%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    if (file.size() > 64 * 1024 * 1024) {
        *error =
            QCoreApplication::translate("is::Scenario", "%1: larger than 64 MiB; not a scenario").arg(path);
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QCoreApplication::translate("is::Scenario", "%1: malformed JSON: %2 at offset %3")
                     .arg(path, pe.errorString(), QString::number(pe.offset));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QCoreApplication::translate("is::Scenario", "%1: expected a JSON object at the top level")
                     .arg(path);
        return std::nullopt;
    }
    QString err;
    auto s = parseScenario(doc.object(), &err);
    if (!s) {
        *error = errorAt(path, err);
        return std::nullopt;
    }
    s->baseDir = QFileInfo(path).absolutePath();
    return s;
}

QJsonObject scenarioToJson(const Scenario& s)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("inference-studio-scenario"));
    root.insert(QStringLiteral("version"), Scenario::kVersion);
    root.insert(QStringLiteral("name"), s.name);
    if (!s.description.isEmpty())
        root.insert(QStringLiteral("description"), s.description);
    if (s.model.isSet())
        root.insert(QStringLiteral("model"), modelRefToJson(s.model));
    QJsonObject wl{{QStringLiteral("input_tokens"), s.workload.inputTokens},
                   {QStringLiteral("output_tokens"), s.workload.outputTokens},
                   {QStringLiteral("concurrency"), s.workload.concurrency},
                   {QStringLiteral("goal"), servingGoalId(s.goal)}};
    if (s.workload.ttftLimitS > 0)
        wl.insert(QStringLiteral("ttft_limit_ms"), s.workload.ttftLimitS * 1000.0);
    if (s.workload.tpotLimitS > 0)
        wl.insert(QStringLiteral("tpot_limit_ms"), s.workload.tpotLimitS * 1000.0);
    if (s.workload.prefixHitRate > 0)
        wl.insert(QStringLiteral("prefix_hit_rate"), s.workload.prefixHitRate);
    if (s.workload.idleSessions > 0)
        wl.insert(QStringLiteral("idle_sessions"), s.workload.idleSessions);
    root.insert(QStringLiteral("workload"), wl);
    root.insert(QStringLiteral("cost"), cost::costSectionJson(s.tco));
    QJsonArray deps;
    for (const DeploymentDoc& d : s.deployments) {
        QJsonObject o{{QStringLiteral("id"), d.id},
                      {QStringLiteral("name"), d.name},
                      {QStringLiteral("device"), d.device}};
        if (d.autoName)
            o.insert(QStringLiteral("name_auto"), true);
        o.insert(QStringLiteral("count"),
                 d.autoCount ? QJsonValue(QStringLiteral("auto")) : QJsonValue(d.count));
        if (!d.system.isEmpty())
            o.insert(QStringLiteral("system"), d.system);
        if (const QJsonObject links = linksToJson(d.scaleUpLink, d.scaleOutLink); !links.isEmpty())
            o.insert(QStringLiteral("links"), links);
        o.insert(QStringLiteral("parallelism"), parallelismToJson(d.plan));
        QJsonObject prec;
        if (d.weights)
            prec.insert(QStringLiteral("weights"), precisionId(*d.weights));
        if (d.kv)
            prec.insert(QStringLiteral("kv"), precisionId(*d.kv));
        if (!prec.isEmpty())
            o.insert(QStringLiteral("precision"), prec);
        if (d.mode != ExecutionMode::Auto)
            o.insert(QStringLiteral("mode"), executionModeId(d.mode));
        if (d.speculative != SpeculativeMethod::None)
            o.insert(QStringLiteral("speculative"), speculativeMethodId(d.speculative));
        if (d.model.isSet())
            o.insert(QStringLiteral("model"), modelRefToJson(d.model));
        o.insert(QStringLiteral("canvas"),
                 QJsonObject{{QStringLiteral("x"), d.x}, {QStringLiteral("y"), d.y}});
        if (!d.color.isEmpty())
            o.insert(QStringLiteral("color"), d.color);
        if (d.ffnPool)
            o.insert(QStringLiteral("ffn_pool"), ffnPoolToJson(*d.ffnPool));
        if (d.prefillReplicas > 0)
            o.insert(QStringLiteral("prefill_replicas"), d.prefillReplicas);
        deps.append(o);
    }
    root.insert(QStringLiteral("deployments"), deps);
    // Sections that state nothing beyond the defaults are left out, as a file without them reads.
    const auto insertSection = [&root](const char* key, const QJsonObject& section) {
        if (!section.isEmpty())
            root.insert(QLatin1String(key), section);
    };
    insertSection("tco", cost::tcoSectionJson(s.tco));
    insertSection("serving", serving::servingSectionJson(s.serving));
    insertSection("claimed", claimedSectionToJson(s.claimed));
    return root;
}

bool saveScenarioFile(const Scenario& s, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error =
            QCoreApplication::translate("is::Scenario", "%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    file.write(QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error =
            QCoreApplication::translate("is::Scenario", "%1: cannot save: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace is
