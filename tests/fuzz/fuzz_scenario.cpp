// SPDX-License-Identifier: MIT
// Scenario files (scenarios/README.md) as the studio and `estimate` read them: the document, then
// the sections other modules own (serving, tco). An accepted document must come back unchanged
// from the studio's own save format, or a save would lose or break what the user opened.
#include "FuzzSupport.h"

#include "cost/TcoAssumptions.h"
#include "scenario/Scenario.h"
#include "serving/ServingConfig.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const auto root = fuzz::jsonObject(data, size);
    if (!root)
        return 0;
    QString err;
    const auto s = parseScenario(*root, &err);
    if (!s) {
        fuzz::refused(err);
        if (err.isEmpty())
            fuzz::broken("scenario refused without a message", {});
        return 0;
    }
    // The typed sections written in full (the defaults too, as `simulate --json` echoes them) load.
    QString sectionErr;
    if (!serving::parseServingConfig(serving::servingConfigToJson(s->serving), &sectionErr))
        fuzz::broken("a serving section written in full does not load", sectionErr);
    if (!cost::parseCostAndTco(cost::costSectionJson(s->tco), cost::tcoToJson(s->tco), &sectionErr))
        fuzz::broken("a tco section written in full does not load", sectionErr);
    const QJsonObject saved = scenarioToJson(*s);
    // Through text, as a save and a reopen do.
    const QByteArray text = QJsonDocument(saved).toJson();
    const auto reread = fuzz::jsonObject(reinterpret_cast<const std::uint8_t*>(text.constData()),
                                         static_cast<std::size_t>(text.size()));
    if (!reread)
        fuzz::broken("a saved scenario is not JSON", QString::fromUtf8(text));
    QString again;
    const auto reloaded = parseScenario(*reread, &again);
    if (!reloaded)
        fuzz::broken("a saved scenario does not load", again);
    if (!(*reloaded == *s))
        fuzz::broken("a saved scenario loads as a different one", QString::fromUtf8(text));
    return 0;
}
