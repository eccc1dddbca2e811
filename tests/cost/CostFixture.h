// SPDX-License-Identifier: MIT
#pragma once
// What the cost suites share: JSON written inline, and the Llama 3.1 70B scenario on an HGX H100
// and four CS-3s that the fleet and TCO suites size and edit.
#include "scenario/Scenario.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>

namespace is::test {

inline QJsonObject json(const char* text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

inline Scenario llamaScenario()
{
    QString error;
    auto s = parseScenario(json(R"({"version": 1, "model": "llama-3.1-70b",
        "workload": {"input_tokens": 1000, "output_tokens": 1000},
        "deployments": [{"id": "hgx", "device": "h100-sxm", "count": 8, "precision": {"weights": "fp8"}},
                        {"id": "cs3", "device": "cs-3", "count": 4}]})"),
                           &error);
    if (!s)
        qFatal("%s", qPrintable(error));
    return *s;
}

} // namespace is::test
