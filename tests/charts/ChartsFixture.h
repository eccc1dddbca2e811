// SPDX-License-Identifier: MIT
#pragma once
// What the chart suites share: the default scenario analysed off the GUI thread, the charts shown
// with it, and the numbers a chart draws.
#include "OffGuiThread.h"
#include "analysis/ScenarioAnalysis.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarSet>
#include <QColor>
#include <QHash>
#include <QLineSeries>
#include <QList>
#include <QObject>
#include <QSize>
#include <QString>
#include <QWidget>
#include <QXYSeries>
#include <QtTest>

#include <memory>

namespace is::test {

// The default scenario's file: IS_SOURCE_DIR points at the repository (ctest sets it).
inline QString defaultScenarioPath()
{
    QString root = qEnvironmentVariable("IS_SOURCE_DIR");
    if (root.isEmpty())
        root = QStringLiteral(IS_TEST_SOURCE_DIR);
    return root + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json");
}

inline std::optional<Scenario> loadDefaultScenario(QString* error)
{
    return loadScenarioFile(defaultScenarioPath(), error);
}

inline std::shared_ptr<const ScenarioAnalysis> analyse(const Scenario& s)
{
    static const Engine engine(Catalog::builtin());
    return is::testing::offGuiThread([&] {
        return std::make_shared<const ScenarioAnalysis>(analyseScenario(s, engine, defaultContextGrid()));
    });
}

// The colours a scenario assigns its deployments, keyed by id (what the shell passes).
inline QHash<QString, QColor> coloursOf(const Scenario& s)
{
    QHash<QString, QColor> colours;
    for (const DeploymentDoc& d : s.deployments)
        if (!d.color.isEmpty())
            colours.insert(d.id, QColor(d.color));
    return colours;
}

// A toy model keeps a measurement short; the probes still take a second or two.
inline QString toyModelSpec()
{
    return QStringLiteral("dim=64,layers=2,heads=4,kv_heads=4,ffn=128,vocab=256,dtype=f32");
}

// The base of a chart suite: the default scenario and its analysis, made once for the suite, and
// the colours its deployments are drawn in.
class ChartsSuite : public QObject
{
    Q_OBJECT

protected:
    // Every number a chart draws, series by series (XY points as x then y; bar values in order).
    static QList<double> valuesOf(gui::ChartPanel* panel)
    {
        QList<double> values;
        const auto series = panel->series();
        for (QAbstractSeries* s : series) {
            if (auto* xy = qobject_cast<QXYSeries*>(s)) {
                const auto points = xy->points();
                for (const QPointF& p : points)
                    values << p.x() << p.y();
            } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
                const auto sets = bars->barSets();
                for (QBarSet* set : sets)
                    for (int i = 0; i < set->count(); ++i)
                        values << set->at(i);
            } else if (auto* area = qobject_cast<QAreaSeries*>(s)) {
                for (QLineSeries* line : {area->upperSeries(), area->lowerSeries()})
                    if (line) {
                        const auto points = line->points();
                        for (const QPointF& p : points)
                            values << p.x() << p.y();
                    }
            }
        }
        return values;
    }

    // Shows `widget` at `size` and waits until it is on screen.
    static bool showExposed(QWidget& widget, QSize size = QSize(1600, 1000))
    {
        widget.resize(size);
        widget.show();
        return QTest::qWaitForWindowExposed(&widget);
    }

    // The charts at the screenshot size with `analysis` applied (not shown).
    void fillCharts(gui::ChartsView& view, std::shared_ptr<const ScenarioAnalysis> analysis) const
    {
        view.resize(1600, 1000);
        view.setAnalysis(std::move(analysis), m_colours);
        view.flush();
    }

    // The charts at the screenshot size, shown and filled with the default scenario's analysis.
    bool showDefaultAnalysis(gui::ChartsView& view) const
    {
        if (!showExposed(view))
            return false;
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        return true;
    }

    Scenario m_scenario;
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        auto s = loadDefaultScenario(&error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
        m_analysis = analyse(m_scenario);
        QVERIFY2(m_analysis->error.isEmpty(), qPrintable(m_analysis->error));
        QCOMPARE(m_analysis->deployments.size(), size_t(2));
        m_colours = coloursOf(m_scenario);
    }
};

} // namespace is::test
