// SPDX-License-Identifier: MIT
#include "hardware/Catalog.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"
#include "common/Log.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

#include <atomic>
#include <stdexcept>

namespace is {

namespace {

constexpr qint64 kMaxCatalogFileBytes = 64 * 1024 * 1024;

std::optional<Device> parseDevice(const QJsonObject& o, const QString& path, QString* error)
{
    JsonFields f(o, path, error);
    Device d;
    d.id = f.string("id", {}, true);
    d.name = f.string("name", d.id);
    d.vendor = f.string("vendor");
    d.family = f.string("family", QStringLiteral("default"));
    if (auto c = f.choice("class", {}, deviceClassFromId,
                          QCoreApplication::translate("is::Catalog",
                                                      "unknown class '%1' (hbm, sram-dataflow, tiered, cpu)"),
                          true))
        d.cls = *c;
    if (auto p = f.choice("default_precision", QStringLiteral("bf16"), precisionFromId,
                          QCoreApplication::translate("is::Catalog", "unknown precision '%1'")))
        d.defaultPrecision = *p;

    const QJsonObject flops = f.object("compute_flops", true);
    JsonFields ff(flops, f.fieldPath("compute_flops"), error);
    for (auto it = flops.begin(); it != flops.end() && f.ok(); ++it) {
        auto p = precisionFromId(it.key());
        if (!p) {
            ff.fail(qPrintable(it.key()), QCoreApplication::translate("is::Catalog", "unknown precision"));
            break;
        }
        d.peakFlops[*p] = ff.positiveSourced(qPrintable(it.key()));
    }
    if (f.ok() && d.peakFlops.empty())
        f.fail("compute_flops", QCoreApplication::translate("is::Catalog", "needs at least one precision"));

    const QJsonArray mem = f.array("memory", true);
    for (int i = 0; i < mem.size() && f.ok(); ++i) {
        JsonFields mf(mem.at(i).toObject(), f.fieldPath("memory") + QStringLiteral("[%1]").arg(i), error);
        MemoryTier t;
        if (auto k = mf.choice(
                "tier", {}, memoryTierFromId,
                QCoreApplication::translate("is::Catalog", "unknown tier '%1' (sram, hbm, ddr, external)"),
                true))
            t.kind = *k;
        t.capacityBytes = mf.positiveSourced("capacity_bytes");
        t.bandwidthBytesPerS = mf.positiveSourced("bandwidth_bytes_s");
        d.memory.push_back(t);
    }
    if (f.ok() && d.memory.empty())
        f.fail("memory", QCoreApplication::translate("is::Catalog", "needs at least one tier"));
    if (f.has("mesh")) {
        JsonFields mesh(f.object("mesh"), f.fieldPath("mesh"), error);
        d.meshCores = mesh.positiveSourced("cores");
        d.clockHz = mesh.positiveSourced("clock_hz", false);
    }
    const QJsonObject power = f.object("power_w", true);
    JsonFields pf(power, f.fieldPath("power_w"), error);
    d.idlePowerW = pf.sourced("idle");
    d.peakPowerW = pf.positiveSourced("peak");
    d.priceUsd = f.positiveSourced("price_usd");
    d.scaleUpLink = f.string("scale_up_link");
    d.scaleOutLink = f.string("scale_out_link");
    d.defaultSystem = f.string("default_system");
    if (!error->isEmpty())
        return std::nullopt;
    if (!d.primaryTier()) {
        *error = QCoreApplication::translate("is::Catalog", "%1.memory: no tier fits the class").arg(path);
        return std::nullopt;
    }
    return d;
}

std::optional<Link> parseLink(const QJsonObject& o, const QString& path, QString* error)
{
    JsonFields f(o, path, error);
    Link l;
    l.id = f.string("id", {}, true);
    l.name = f.string("name", l.id);
    const QString scope = f.string("scope", QStringLiteral("scale-out"));
    if (scope == QLatin1String("scale-up"))
        l.scope = LinkScope::ScaleUp;
    else if (scope == QLatin1String("scale-out"))
        l.scope = LinkScope::ScaleOut;
    else
        f.fail("scope", QCoreApplication::translate("is::Catalog", "expected scale-up or scale-out"));
    l.bandwidthBytesPerS = f.positiveSourced("bandwidth_bytes_s");
    l.latencyS = f.positiveSourced("latency_s");
    l.powerWPerPort = f.sourced("power_w_per_port", false);
    if (!error->isEmpty())
        return std::nullopt;
    return l;
}

std::optional<SystemPackaging> parseSystem(const QJsonObject& o, const QString& path, QString* error)
{
    JsonFields f(o, path, error);
    SystemPackaging s;
    s.id = f.string("id", {}, true);
    s.name = f.string("name", s.id);
    s.deviceId = f.string("device", {}, true);
    s.devicesPerSystem = f.integer("devices_per_system", 1, 1, 1 << 20, true);
    s.scaleUpLink = f.string("scale_up_link");
    s.scaleOutLink = f.string("scale_out_link");
    s.hostPowerW = f.sourced("host_power_w", false);
    s.priceUsd = f.positiveSourced("price_usd", false);
    const QJsonObject offload = f.object("kv_offload");
    const auto tier = [&](const char* key, KvOffloadTier& t) {
        if (!error->isEmpty() || !offload.contains(QLatin1String(key)))
            return;
        JsonFields tf(offload.value(QLatin1String(key)).toObject(),
                      f.fieldPath("kv_offload") + QLatin1Char('.') + QLatin1String(key), error);
        t.capacityBytes = tf.positiveSourced("capacity_bytes");
        t.bandwidthBytesPerS = tf.positiveSourced("bandwidth_bytes_s");
    };
    tier("host_dram", s.hostDram);
    tier("ssd", s.ssd);
    if (!error->isEmpty())
        return std::nullopt;
    return s;
}

template <typename T> std::vector<const T*> valuesOf(const std::map<QString, T>& m)
{
    std::vector<const T*> out;
    out.reserve(m.size());
    for (const auto& [id, v] : m)
        out.push_back(&v);
    return out;
}

template <typename T> const T* find(const std::map<QString, T>& m, const QString& id)
{
    auto it = m.find(id);
    return it == m.end() ? nullptr : &it->second;
}

} // namespace

bool Catalog::loadDevices(const QJsonArray& arr, const QString& origin, QString* error)
{
    for (int i = 0; i < arr.size(); ++i) {
        QString err;
        auto d = parseDevice(arr.at(i).toObject(), QStringLiteral("devices[%1]").arg(i), &err);
        if (!d) {
            *error = errorAt(origin, err);
            return false;
        }
        m_devices[d->id] = *d;
    }
    return true;
}

bool Catalog::loadLinks(const QJsonArray& arr, const QString& origin, QString* error)
{
    for (int i = 0; i < arr.size(); ++i) {
        QString err;
        auto l = parseLink(arr.at(i).toObject(), QStringLiteral("links[%1]").arg(i), &err);
        if (!l) {
            *error = errorAt(origin, err);
            return false;
        }
        m_links[l->id] = *l;
    }
    return true;
}

bool Catalog::loadSystems(const QJsonArray& arr, const QString& origin, QString* error)
{
    for (int i = 0; i < arr.size(); ++i) {
        QString err;
        auto s = parseSystem(arr.at(i).toObject(), QStringLiteral("systems[%1]").arg(i), &err);
        if (!s) {
            *error = errorAt(origin, err);
            return false;
        }
        m_systems[s->id] = *s;
    }
    return true;
}

bool Catalog::loadModels(const QJsonArray& arr, const QString& origin, QString* error)
{
    for (int i = 0; i < arr.size(); ++i) {
        QString err;
        auto m = parseModelEntry(arr.at(i).toObject(), QStringLiteral("models[%1]").arg(i), &err);
        if (!m) {
            *error = errorAt(origin, err);
            return false;
        }
        m_models[m->arch.id] = *m;
    }
    return true;
}

bool Catalog::loadFamilyNames(const QJsonArray& arr, const QString& origin, QString* error)
{
    for (int i = 0; i < arr.size(); ++i) {
        QString err;
        JsonFields f(arr.at(i).toObject(), QStringLiteral("device_families[%1]").arg(i), &err);
        const QString id = f.string("id", {}, true);
        const QString name = f.string("name", {}, true);
        if (!err.isEmpty()) {
            *error = errorAt(origin, err);
            return false;
        }
        m_familyNames[id] = name;
    }
    return true;
}

quint64 Catalog::nextRevision()
{
    static std::atomic<quint64> last{0};
    return ++last;
}

void Catalog::addDevice(const Device& d)
{
    m_devices[d.id] = d;
    m_revision = nextRevision();
}

void Catalog::setCalibration(Calibration c)
{
    m_calibration = std::move(c);
    m_revision = nextRevision();
}

bool Catalog::loadJson(const QByteArray& data, const QString& origin, QString* error)
{
    // Even a file that fails part-way may have changed what is loaded.
    m_revision = nextRevision();
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QCoreApplication::translate("is::Catalog", "%1: not a JSON object (%2 at offset %3)")
                     .arg(origin, pe.errorString(), QString::number(pe.offset));
        return false;
    }
    const QJsonObject root = doc.object();
    const int version = root.value(QStringLiteral("version")).toInt(1);
    if (version != 1) {
        *error = QCoreApplication::translate("is::Catalog",
                                             "%1: version: unsupported catalog version %2 (expected 1)")
                     .arg(origin, QString::number(version));
        return false;
    }
    bool any = false;
    bool ok = true;
    if (root.contains(QStringLiteral("devices"))) {
        any = true;
        ok = ok && loadDevices(root.value(QStringLiteral("devices")).toArray(), origin, error);
    }
    if (root.contains(QStringLiteral("links"))) {
        any = true;
        ok = ok && loadLinks(root.value(QStringLiteral("links")).toArray(), origin, error);
    }
    if (root.contains(QStringLiteral("systems"))) {
        any = true;
        ok = ok && loadSystems(root.value(QStringLiteral("systems")).toArray(), origin, error);
    }
    if (root.contains(QStringLiteral("models"))) {
        any = true;
        ok = ok && loadModels(root.value(QStringLiteral("models")).toArray(), origin, error);
    }
    if (root.contains(QStringLiteral("device_families"))) {
        any = true;
        ok = ok && loadFamilyNames(root.value(QStringLiteral("device_families")).toArray(), origin, error);
    }
    if (root.contains(QStringLiteral("families"))) {
        any = true;
        ok = ok && m_calibration.load(root, origin, error);
    }
    if (!any) {
        *error = QCoreApplication::translate(
                     "is::Catalog",
                     "%1: expected one of devices, device_families, links, systems, models or families")
                     .arg(origin);
        return false;
    }
    return ok;
}

bool Catalog::loadFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error =
            QCoreApplication::translate("is::Catalog", "%1: cannot open: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > kMaxCatalogFileBytes) {
        *error = QCoreApplication::translate("is::Catalog", "%1: larger than 64 MiB; not a catalog file")
                     .arg(path);
        return false;
    }
    return loadJson(file.readAll(), path, error);
}

QString Catalog::userCatalogDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/catalog");
}

namespace {
QStringList jsonFilesUnder(const QString& dir)
{
    QStringList files;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

std::shared_ptr<Catalog> loadBuiltin()
{
    auto catalog = std::make_shared<Catalog>();
    QStringList files =
        jsonFilesUnder(QStringLiteral(":/hardware")) + jsonFilesUnder(QStringLiteral(":/models"));
    files << QStringLiteral(":/calibration.json");
    for (const QString& f : files) {
        QString err;
        if (!catalog->loadFile(f, &err))
            throw std::runtime_error("built-in catalog is broken: " + err.toStdString());
    }
    return catalog;
}
} // namespace

std::shared_ptr<const Catalog> Catalog::builtin()
{
    static const std::shared_ptr<const Catalog> instance = loadBuiltin();
    return instance;
}

std::shared_ptr<const Catalog> Catalog::load(QStringList* warnings, const QString& leaveOut)
{
    auto catalog = std::make_shared<Catalog>(*builtin());
    const QString dir = userCatalogDir();
    const QString skipped = leaveOut.isEmpty() ? QString() : QFileInfo(leaveOut).absoluteFilePath();
    for (const QString& f : jsonFilesUnder(dir)) {
        if (!skipped.isEmpty() && QFileInfo(f).absoluteFilePath() == skipped)
            continue;
        Catalog trial = *catalog; // a broken user file must not leave half its entries behind
        QString err;
        if (trial.loadFile(f, &err)) {
            *catalog = std::move(trial);
            log::get("hardware")->info("loaded user catalog {}", f.toStdString());
        } else {
            log::get("hardware")->warn("skipped user catalog file: {}", err.toStdString());
            if (warnings)
                *warnings << err;
        }
    }
    return catalog;
}

const Device* Catalog::device(const QString& id) const
{
    return find(m_devices, id);
}
const Link* Catalog::link(const QString& id) const
{
    return find(m_links, id);
}
const SystemPackaging* Catalog::system(const QString& id) const
{
    return find(m_systems, id);
}
QString Catalog::systemIdFor(const Device& device, const QString& chosen)
{
    return chosen.isEmpty() ? device.defaultSystem : chosen;
}
const SystemPackaging* Catalog::systemFor(const Device* device, const QString& chosen) const
{
    return system(device ? systemIdFor(*device, chosen) : chosen);
}
const ModelEntry* Catalog::model(const QString& id) const
{
    return find(m_models, id);
}
QString Catalog::familyName(const QString& family) const
{
    const auto it = m_familyNames.find(family);
    return it == m_familyNames.end() ? family : it->second;
}
std::vector<const Device*> Catalog::devices() const
{
    return valuesOf(m_devices);
}
std::vector<const Link*> Catalog::links() const
{
    return valuesOf(m_links);
}
std::vector<const SystemPackaging*> Catalog::systems() const
{
    return valuesOf(m_systems);
}
std::vector<const ModelEntry*> Catalog::models() const
{
    return valuesOf(m_models);
}

} // namespace is
