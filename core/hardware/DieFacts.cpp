// SPDX-License-Identifier: MIT
#include "hardware/DieFacts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace is {

std::optional<DieFacts> builtInDieFacts(const QString& deviceId)
{
    const QDir dir(QStringLiteral(":/hardware"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonArray devices =
            QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("devices")).toArray();
        for (const QJsonValue v : devices) {
            const QJsonObject d = v.toObject();
            if (d.value(QLatin1String("id")).toString() != deviceId || !d.contains(QLatin1String("die")))
                continue;
            const QJsonObject die = d.value(QLatin1String("die")).toObject();
            DieFacts facts;
            QString error;
            for (auto [key, out] :
                 {std::pair{"transistors", &facts.transistors}, std::pair{"area_mm2", &facts.areaMm2}})
                if (die.contains(QLatin1String(key)))
                    if (auto s = parseSourced(die.value(QLatin1String(key)), QLatin1String(key), &error))
                        *out = *s;
            return facts;
        }
    }
    return std::nullopt;
}

} // namespace is
