// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>

namespace is {

// Achievable fractions of peak and fixed latencies of one device family, fitted on named
// validation rows (resources/calibration.json; explained in resources/CALIBRATION.md).
struct FamilyCalibration
{
    Sourced computeEfficiency;  // fraction of dense peak FLOP/s large matmuls reach
    Sourced memoryEfficiency;   // fraction of peak memory bandwidth a decode step streams at
    Sourced layerOverheadS;     // fixed time per layer per step: kernel launches, synchronisation
    Sourced stepOverheadS;      // fixed time per step: scheduling, sampling, host round trip
    Sourced requestOverheadS;   // fixed time per request before the first token: API, tokenizer, scheduling
    Sourced linkEfficiency;     // fraction of link bandwidth collectives reach
    Sourced maxUsableMemory;    // fraction of capacity usable for weights + KV (runtime, fragmentation)
    // SRAM dataflow: per-layer latency = dataflowLayerS + dataflowAreaS * sqrt(fraction of the mesh the
    // layer occupies); each chip-to-chip hop adds the link latency plus dataflowHopS.
    Sourced dataflowLayerS;
    Sourced dataflowAreaS;
    Sourced dataflowHopS;
    QStringList fittedOn;
};

class Calibration
{
public:
    Calibration();
    // Falls back to the "default" family for unknown families.
    const FamilyCalibration& family(const QString& family) const;
    bool load(const QJsonObject& root, const QString& origin, QString* error);
    const std::map<QString, FamilyCalibration>& families() const { return m_families; }

private:
    std::map<QString, FamilyCalibration> m_families;
    FamilyCalibration m_default;
};

} // namespace is
