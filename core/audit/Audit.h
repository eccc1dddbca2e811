// SPDX-License-Identifier: MIT
#pragma once

#include "audit/Claim.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace is {
class Engine;
}

namespace is::audit {

// What the engine says of a claim.
enum class Verdict {
    Consistent,       // the claim lies inside the predicted band
    Inconsistent,     // outside it, for a physical reason the verdict states
    ConsistentOnlyIf, // true only under an assumption the audit found by searching an input
    NotCheckable      // nothing the engine models can confirm or refute it
};
QString verdictId(Verdict v);

// The engine's figure for the claimed metric: its point value and band (equal when no input is
// a range). Absent for claims the engine has no figure for.
struct Predicted
{
    double value = 0;
    double low = 0;
    double high = 0;
    QString unit;
};

// Where a searched input makes a claim true (a "consistent only if" verdict): the input's
// range, open at an end where it holds up to the end of the searched range.
struct Condition
{
    QString input;
    double from = 0;
    double to = 0;
    bool lowerOpen = false;
    bool upperOpen = false;
};

struct ClaimVerdict
{
    Claim claim;
    std::optional<Predicted> predicted;
    std::vector<Condition> conditions;
    Verdict verdict = Verdict::NotCheckable;
    QString reason; // one sentence, in the language of the installed translator
};

// Checks every claim with the engine: the same functions `estimate` and the studio call, on the
// shipped scenario each claim names. Never fails as a whole: a claim whose scenario cannot be
// evaluated is not checkable, with the error as its reason.
std::vector<ClaimVerdict> auditClaims(const std::vector<Claim>& claims, const Engine& engine);

// A unit as the interface reads it: the units the claims data states figures in ("wafers",
// "sequences/s", "$/M tokens") translated, symbols (ms, kW, PB/s, %) as they are; a unit already
// translated, or one the audit does not know, comes back unchanged.
QString unitText(const QString& unit);

// The command line's JSON (`audit --json`).
QJsonObject auditToJson(const std::vector<ClaimVerdict>& verdicts);

} // namespace is::audit
