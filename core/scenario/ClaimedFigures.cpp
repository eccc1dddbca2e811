// SPDX-License-Identifier: MIT
#include "scenario/ClaimedFigures.h"

#include "scenario/Scenario.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace is {

QStringList claimedMetricIds()
{
    return {QStringLiteral("tok_s_user"), QStringLiteral("ttft_ms"), QStringLiteral("usd_per_mtok"),
            QStringLiteral("power_kw")};
}

namespace {
std::optional<std::vector<ClaimedFigure>> parseList(const QJsonValue& v, const QString& path, QString* error)
{
    if (!v.isArray()) {
        *error =
            QCoreApplication::translate("is::Scenario", "%1: expected a list of claimed figures").arg(path);
        return std::nullopt;
    }
    std::vector<ClaimedFigure> figures;
    const QJsonArray list = v.toArray();
    for (int i = 0; i < list.size(); ++i) {
        const QString field = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!list.at(i).isObject()) {
            *error = QCoreApplication::translate("is::Scenario", "%1: expected an object").arg(field);
            return std::nullopt;
        }
        const QJsonObject o = list.at(i).toObject();
        ClaimedFigure figure;
        figure.metric = o.value(QStringLiteral("metric")).toString();
        if (!claimedMetricIds().contains(figure.metric)) {
            *error = QCoreApplication::translate("is::Scenario", "%1.metric: unknown metric '%2' (%3)")
                         .arg(field, figure.metric, claimedMetricIds().join(QStringLiteral(", ")));
            return std::nullopt;
        }
        auto value = parseSourced(o, field, error);
        if (!value)
            return std::nullopt;
        if (!(value->value > 0)) {
            *error = QCoreApplication::translate("is::Scenario", "%1.value: must be above 0").arg(field);
            return std::nullopt;
        }
        figure.value = *value;
        figures.push_back(figure);
    }
    return figures;
}
} // namespace

std::optional<ClaimedSection> parseClaimedSection(const QJsonObject& section, QString* error)
{
    ClaimedSection result;
    for (auto it = section.begin(); it != section.end(); ++it) {
        auto figures = parseList(it.value(), QStringLiteral("claimed.%1").arg(it.key()), error);
        if (!figures)
            return std::nullopt;
        result.emplace(it.key(), std::move(*figures));
    }
    return result;
}

QJsonObject claimedSectionToJson(const ClaimedSection& section)
{
    QJsonObject o;
    for (const auto& [id, figures] : section) {
        QJsonArray list;
        for (const ClaimedFigure& figure : figures) {
            QJsonObject f = figure.value.toJson();
            f.insert(QStringLiteral("metric"), figure.metric);
            list.append(f);
        }
        o.insert(id, list);
    }
    return o;
}

std::vector<ClaimedFigure> claimedFigures(const Scenario& s, const QString& id)
{
    const auto it = s.claimed.find(id);
    return it != s.claimed.end() ? it->second : std::vector<ClaimedFigure>{};
}

} // namespace is
