// SPDX-License-Identifier: MIT
#pragma once

#include "hardware/Calibration.h"
#include "hardware/Device.h"
#include "hardware/Link.h"
#include "model/ModelEntry.h"

#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <vector>

namespace is {

// Devices, links, systems, models and calibration: the built-in catalogs (Qt resources) plus
// the user's own files. Immutable once loaded; shared by the GUI and the command line.
class Catalog
{
public:
    // The built-in catalog plus the user's folder (<data dir>/catalog). Problems in user files
    // are returned in `warnings` (the file is skipped); problems in built-in files are fatal.
    // `leaveOut`: a file of that folder not to load (the overlay a refit is about to replace).
    static std::shared_ptr<const Catalog> load(QStringList* warnings = nullptr, const QString& leaveOut = {});
    // The built-in catalog only, loaded once per process (tests, benchmarks).
    static std::shared_ptr<const Catalog> builtin();
    static QString userCatalogDir();

    // Loads one catalog file (devices, links, systems, models or calibration by its top-level key).
    bool loadFile(const QString& path, QString* error);
    bool loadJson(const QByteArray& data, const QString& origin, QString* error);

    const Device* device(const QString& id) const;
    const Link* link(const QString& id) const;
    const SystemPackaging* system(const QString& id) const;
    // The system a deployment of `device` sits in: the one it names (`chosen`), else the device's
    // default; empty when neither is given. systemFor resolves it (null when unknown or none).
    static QString systemIdFor(const Device& device, const QString& chosen);
    const SystemPackaging* systemFor(const Device* device, const QString& chosen) const;
    const ModelEntry* model(const QString& id) const;
    const Calibration& calibration() const { return m_calibration; }
    // What people call a device family (`family` of a device; "NVIDIA Hopper" for nvidia-hopper),
    // for reports and the studio; the id itself where the catalog names none (a user's family).
    QString familyName(const QString& family) const;

    std::vector<const Device*> devices() const;
    std::vector<const Link*> links() const;
    std::vector<const SystemPackaging*> systems() const;
    std::vector<const ModelEntry*> models() const;

    // Adds or replaces a device (the probed "this machine" CPU).
    void addDevice(const Device& d);
    // Replaces the calibration (a fit trying candidate constants).
    void setCalibration(Calibration c);

    // Identifies the contents: a value unique in the process, new on construction and on every
    // change (a copy keeps it until either changes), so equal revisions mean equal contents
    // whatever the address: a catalog freed and another made in its place differ. What caches
    // of results key on instead of an address.
    quint64 revision() const { return m_revision; }

private:
    static quint64 nextRevision();
    bool loadDevices(const QJsonArray& arr, const QString& origin, QString* error);
    bool loadLinks(const QJsonArray& arr, const QString& origin, QString* error);
    bool loadSystems(const QJsonArray& arr, const QString& origin, QString* error);
    bool loadModels(const QJsonArray& arr, const QString& origin, QString* error);
    bool loadFamilyNames(const QJsonArray& arr, const QString& origin, QString* error);

    std::map<QString, Device> m_devices;
    std::map<QString, Link> m_links;
    std::map<QString, SystemPackaging> m_systems;
    std::map<QString, ModelEntry> m_models;
    std::map<QString, QString> m_familyNames; // family id -> display name
    Calibration m_calibration;
    quint64 m_revision = nextRevision();
};

} // namespace is
