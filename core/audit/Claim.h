// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace is::audit {

// Who stands behind a claim, as the article presents it.
enum class ClaimKind { Official, VendorClaim, ThirdParty, Speculation, Unclear };
QString claimKindId(ClaimKind k);
std::optional<ClaimKind> claimKindFromId(const QString& id);

// How a claimed figure relates to the quantity: it states its value (or range), a floor
// ("800+ tokens/s", "two orders of magnitude above") or a ceiling ("under 100 ms", a price the
// cost must stay under).
enum class ClaimBound { Value, AtLeast, AtMost };

// What is claimed: a metric, a value with its range, and the setup it was claimed for.
struct ClaimedFigure
{
    QString metric;
    double value = 0;
    double min = 0; // == value when the claim is one number
    double max = 0;
    QString unit;
    QString setup; // English, as the audit data states it
    ClaimBound bound = ClaimBound::Value;
};

// A speculative input the audit may search when the prediction misses the claim: the range
// that makes the claim true is the condition a "consistent only if" verdict names.
struct SearchSpec
{
    QString input; // active_params, acceptance, input_tokens, output_tokens
    double min = 0;
    double max = 0;
};

// How the engine checks the claim (resources/claims/README.md lists the types).
struct CheckSpec
{
    QString
        type; // metric, ratio, quotient, catalog, catalog-ratio, resident, context, capacity, not-checkable
    QString scenario;   // file name in scenarios/ (":/scenarios/...")
    QString deployment; // deployment id in the scenario
    QString other;      // ratio: the denominator's deployment id
    QString metric;     // the engine metric the claim is about
    double repeat = 1;  // reply time of this many serial calls (an agent's tool calls)
    std::vector<SearchSpec> searches;
    QString device; // catalog checks: device id
    QString field;  // catalog field: transistors, die_area_mm2, mesh_cores, sram_bandwidth
    QString link;   // catalog-ratio: the link the device field is compared with
    double numerator = 0;
    double denominator = 0;
    double tokens = 0;    // context: the context window to hold
    double tolerance = 0; // relative; 0: the check type's default
    QString why;          // not-checkable: not-modelled, no-baseline, commercial
};

struct Claim
{
    QString id;
    QString seed;    // the article's file name
    QString quoteZh; // the article's sentence, verbatim
    QString quoteEn;
    ClaimKind kind = ClaimKind::Unclear;
    ClaimedFigure claimed;
    CheckSpec check;
};

// Parses a claims file ({"version": 1, "claims": [...]}); errors name the file and the field
// ("seed.json: claims[3].check.type: unknown type 'guess'").
std::optional<std::vector<Claim>> parseClaims(const QByteArray& json, const QString& fileName,
                                              QString* error);

// Every claim file shipped under :/claims, in file-name order.
std::optional<std::vector<Claim>> loadBuiltInClaims(QString* error);

} // namespace is::audit
