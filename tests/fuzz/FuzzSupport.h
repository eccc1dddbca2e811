// SPDX-License-Identifier: MIT
#pragma once

// What every fuzz entry point shares: quiet logs (a parser that logs each success would spend the
// run writing to stderr), and the checks that turn a broken contract into a crash libFuzzer keeps:
// a rejected input must say why, naming the file, and an accepted one must survive the studio's
// own save-and-reload.

#include "common/Log.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace is::fuzz {

inline void quietLogs()
{
    is::log::setLevel("off");
}

inline QByteArray bytes(const std::uint8_t* data, std::size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
}

// A contract is broken: print it and abort so that libFuzzer (and the replay) reports a crash.
[[noreturn]] inline void broken(const char* what, const QString& detail)
{
    std::fprintf(stderr, "fuzz contract broken: %s: %s\n", what, qPrintable(detail));
    std::abort();
}

// With IS_FUZZ_VERBOSE set, says why an input was refused: how to see which seeds reach past
// the first checks (`IS_FUZZ_VERBOSE=1 fuzz_replay_scenario corpus/scenario`).
inline void refused(const QString& why)
{
    static const bool verbose = qEnvironmentVariableIsSet("IS_FUZZ_VERBOSE");
    if (verbose)
        std::fprintf(stderr, "  refused: %s\n", qPrintable(why));
}

// Bad input is refused with a message that starts with the file it came from.
inline void expectNamedError(const QString& error, const QString& origin)
{
    refused(error);
    if (!error.startsWith(origin))
        broken("an input was refused without an error naming the file", error);
}

inline void expectFinite(double v, const char* what)
{
    if (!std::isfinite(v))
        broken(what, QString::number(v));
}

// The object of a JSON document as the studio's loaders read it; nullopt for anything else.
inline std::optional<QJsonObject> jsonObject(const std::uint8_t* data, std::size_t size)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes(data, size), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        refused(QStringLiteral("not a JSON object: ") + pe.errorString());
        return std::nullopt;
    }
    return doc.object();
}

} // namespace is::fuzz
