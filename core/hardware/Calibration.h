// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <map>
#include <utility>
#include <vector>

namespace is {

// Achievable fractions of peak and fixed latencies of one device family, fitted on named
// validation rows (resources/calibration.json; explained in resources/CALIBRATION.md).
struct FamilyCalibration
{
    Sourced computeEfficiency; // fraction of dense peak FLOP/s large matmuls reach
    Sourced gemmHalfRows;      // rows per matmul at which half of computeEfficiency is reached
    Sourced memoryEfficiency;  // fraction of peak memory bandwidth a decode step streams at
    Sourced kvReadRatio;       // decode attention's KV read: share of the weights' streaming rate
    Sourced kernelOverheadS;   // fixed time per GPU kernel: launch and synchronisation (x kernels per layer)
    Sourced stepOverheadS;     // fixed time per step: scheduling, sampling, host round trip
    Sourced sequenceOverheadS; // host time per running sequence per step: scheduling, sampling, detokenising
    Sourced requestOverheadS;  // fixed time per request before the first token: API, tokenizer, scheduling
    Sourced linkEfficiency;    // fraction of link bandwidth collectives reach
    Sourced maxUsableMemory;   // fraction of capacity usable for weights + KV (runtime, fragmentation)
    Sourced cacheUsable;       // CPUs: fraction of the last-level cache a working set streamed every step
                               // may fill and still be read from it
    // SRAM dataflow: per-layer latency = dataflowLayerS + dataflowAreaS * sqrt(fraction of the mesh the
    // layer occupies); each chip-to-chip hop adds the link latency plus dataflowHopS.
    Sourced dataflowLayerS;
    Sourced dataflowAreaS;
    Sourced dataflowHopS;
    // The serving stack's own speculative decoding, when the vendor applies it by default.
    QString defaultSpeculative; // "", "draft", "medusa", "eagle3", "mtp"
    Sourced defaultAcceptance;  // tokens per verification step it achieves
    Sourced draftCostRatio;     // one draft step's time relative to one target step
    QString fromDate;           // software generation: rows dated on or after this use it
    QStringList fittedOn;
};

// Which of a family's software generations (oldest first, not empty) a measurement dated `date`
// ran on: the newest one not after it (dates compare as text, "2024-08" < "2024-11"); the newest
// of all for an empty date.
size_t generationIndex(const std::vector<FamilyCalibration>& generations, const QString& date);

// Every sourced field of a family with its key in calibration.json: how the file is read and written.
const std::vector<std::pair<const char*, Sourced FamilyCalibration::*>>& familyCalibrationFields();

class Calibration
{
public:
    Calibration();
    // Falls back to the "default" family for unknown families. `date` ("2024-08") selects the
    // software generation in force then; empty selects the newest.
    const FamilyCalibration& family(const QString& family, const QString& date = {}) const;
    bool load(const QJsonObject& root, const QString& origin, QString* error);
    const std::map<QString, std::vector<FamilyCalibration>>& families() const { return m_families; }
    // What a family without an entry uses (the file's "default" family).
    const FamilyCalibration& defaults() const { return m_default; }
    // What a family is assumed to reach before any fit: the "default" family's values with those
    // the family's `assumptions` state from a published measurement of its own (AMD CDNA 3's
    // achieved fractions of peak). A fit starts there and pulls towards it, a constant no fit moves
    // keeps it, and no fit overwrites it, so a fit run again on its own output starts where it did.
    const FamilyCalibration& assumptions(const QString& family) const;
    // Replaces one family's generations (oldest first): how a fit tries its candidate constants
    // through the engine's own evaluation path.
    void setFamily(const QString& family, std::vector<FamilyCalibration> generations);
    // The calibration in the format of resources/calibration.json ({"version", "families"}): each
    // family writes what differs from "default" and its `assumptions`, each later generation what
    // differs from the one before (one left with nothing of its own is dropped). `only`: just those
    // families, without the default and without assumptions (a user's overlay).
    QJsonObject toJson(const QStringList& only = {}) const;

private:
    std::map<QString, std::vector<FamilyCalibration>> m_families; // generations, oldest first
    std::map<QString, FamilyCalibration> m_assumptions;           // families that state their own
    FamilyCalibration m_default;
};

} // namespace is
