// SPDX-License-Identifier: MIT
// The comparison table fed a real scenario analysis: ratios and their phrases, cost at full
// load as `estimate --json` prints it, the CSV's numbers and the clipboard's text, missed targets
// marked, and a stream of analyses shown without the columns jumping.
#include "ChartsFixture.h"

#include "engine/Queueing.h"

#include "Units.h"
#include "analysis/FullLoad.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/LatencyChart.h"
#include "scenario/ScenarioEvaluation.h"
#include "table/ComparisonModel.h"
#include "table/ComparisonTable.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QMimeData>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace is;
using is::gui::ComparisonModel;
using is::gui::ComparisonTable;
namespace chartexport = is::gui::chartexport;
namespace chartfmt = is::gui::chartfmt;

class TestChartsTable : public test::ChartsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void comparisonTableRatios()
    {
        ComparisonTable table;
        ComparisonModel* model = table.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        table.setAnalysis(m_analysis, m_colours);
        const auto& first = m_analysis->deployments[0].estimate.mid;
        const auto& second = m_analysis->deployments[1].estimate.mid;
        QVERIFY(first.fits && second.fits);
        QCOMPARE(model->columnCount(), 3); // first, second, second vs first
        const int value = model->valueColumn(1);
        const int ratio = model->ratioColumn(1);
        QVERIFY(value >= 0 && ratio >= 0);
        QCOMPARE(model->ratioColumn(0), -1);

        const auto ratioAt = [&](ComparisonModel::Metric m) {
            return model->index(model->rowOf(m), ratio).data(ComparisonModel::RatioRole).toDouble();
        };
        const auto textAt = [&](ComparisonModel::Metric m, int column) {
            return model->index(model->rowOf(m), column).data().toString();
        };
        // Hand-computed from the two estimates.
        QCOMPARE(ratioAt(ComparisonModel::Metric::TokSUser), second.tokSUser / first.tokSUser);
        QCOMPARE(ratioAt(ComparisonModel::Metric::JoulesPerToken),
                 second.joulesPerToken / first.joulesPerToken);
        QCOMPARE(ratioAt(ComparisonModel::Metric::UsdPerMTok), second.usdPerMTok / first.usdPerMTok);
        QCOMPARE(ratioAt(ComparisonModel::Metric::Ttft), second.ttftS / first.ttftS);
        // Nothing cached: no row for the TTFT without the cache.
        QCOMPARE(model->rowOf(ComparisonModel::Metric::TtftUncached), -1);
        {
            // With prefix caching the row follows the TTFT row and shows the uncached TTFT.
            auto cached = std::make_shared<ScenarioAnalysis>(*m_analysis);
            cached->workload.prefixHitRate = 0.9;
            cached->deployments[0].estimate.mid.reuse.hitRate = 0.9;
            cached->deployments[0].estimate.mid.reuse.ttftColdS = 0.25;
            table.setAnalysis(cached, m_colours);
            const int row = model->rowOf(ComparisonModel::Metric::TtftUncached);
            QCOMPARE(row, model->rowOf(ComparisonModel::Metric::Ttft) + 1);
            QVERIFY2(
                model->index(row, model->valueColumn(0)).data().toString().startsWith(QLatin1String("250")),
                qPrintable(model->index(row, model->valueColumn(0)).data().toString()));
            table.setAnalysis(m_analysis, m_colours);
        }
        // The cost rows say which of the studio's two cost models they show.
        for (const auto m : {ComparisonModel::Metric::UsdPerMTok, ComparisonModel::Metric::UsdPerHour})
            QVERIFY(model->headerData(model->rowOf(m), Qt::Vertical, Qt::ToolTipRole)
                        .toString()
                        .contains(QLatin1String("Cost tab")));
        QVERIFY(model->headerData(model->rowOf(ComparisonModel::Metric::Ttft), Qt::Vertical, Qt::ToolTipRole)
                    .isNull());
        // Cost at full load within the latency targets stands beside the cost at this concurrency,
        // read from core's full-load point: one user costs more per token than a loaded service.
        for (int d = 0; d < 2; ++d) {
            const auto& load = m_analysis->deployments[size_t(d)].atLoad;
            QVERIFY(load && load->fits);
            const QModelIndex atLoad =
                model->index(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad), model->valueColumn(d));
            const QModelIndex atConcurrency =
                model->index(model->rowOf(ComparisonModel::Metric::UsdPerMTok), model->valueColumn(d));
            QCOMPARE(atLoad.data(ComparisonModel::ValueRole).toDouble(), load->usdPerMTok);
            QVERIFY(atLoad.data(ComparisonModel::ValueRole).toDouble() <=
                    atConcurrency.data(ComparisonModel::ValueRole).toDouble());
            QCOMPARE(
                model->index(model->rowOf(ComparisonModel::Metric::ConcurrencyAtLoad), model->valueColumn(d))
                    .data(ComparisonModel::ValueRole)
                    .toDouble(),
                double(load->batch));
            // The wafers' automatic count (76 for one user) is sized for the load there (79): the
            // cell says so; the H100's fixed 64 say nothing.
            const QString tip = atLoad.data(Qt::ToolTipRole).toString();
            const auto& own = m_analysis->deployments[size_t(d)].estimate.mid;
            if (load->chips != own.chips)
                QVERIFY2(tip.contains(QStringLiteral("At full load on %1 chips").arg(load->chips)),
                         qPrintable(tip));
            else
                QVERIFY2(!tip.contains(QLatin1String("At full load on")), qPrintable(tip));
            QCOMPARE(load->chips != own.chips, d == 0);
            // And its own row shows that count beside the workload's, not only on hover.
            QCOMPARE(model->index(model->rowOf(ComparisonModel::Metric::ChipsAtLoad), model->valueColumn(d))
                         .data(Qt::DisplayRole)
                         .toString(),
                     QLocale().toString(load->chips));
        }
        // The same figure `estimate --json` prints as usd_per_mtok_at_load for the default scenario
        // (EstimateCommand builds its JSON with these two functions).
        {
            static const Engine engine(Catalog::builtin());
            QString error;
            const auto results =
                is::testing::offGuiThread([&] { return evaluateScenario(m_scenario, engine, &error); });
            QVERIFY2(results, qPrintable(error));
            QJsonObject json = estimateResultsToJson(*results);
            QVERIFY2(is::testing::offGuiThread(
                         [&] { return cost::addFullLoadToJson(json, m_scenario, engine, &error); }),
                     qPrintable(error));
            const QJsonArray deployments = json.value(QLatin1String("deployments")).toArray();
            QCOMPARE(deployments.size(), 2);
            for (int d = 0; d < 2; ++d)
                QCOMPARE(
                    model
                        ->index(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad),
                                model->valueColumn(d))
                        .data(ComparisonModel::ValueRole)
                        .toDouble(),
                    deployments.at(d).toObject().value(QLatin1String("usd_per_mtok_at_load")).toDouble());
        }
        QCOMPARE(ratioAt(ComparisonModel::Metric::UsdPerMTokAtLoad),
                 m_analysis->deployments[1].atLoad->usdPerMTok /
                     m_analysis->deployments[0].atLoad->usdPerMTok);
        QVERIFY(model
                    ->headerData(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad), Qt::Vertical,
                                 Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("latency targets")));

        // Phrases: speed as faster/slower, amounts as "Nx the ...".
        const double speed = second.tokSUser / first.tokSUser;
        const QString speedText = textAt(ComparisonModel::Metric::TokSUser, ratio);
        if (speed < 1) {
            const double slower = 1 / speed;
            const QString n =
                slower >= 10 ? QString::number(slower, 'f', 1) : QString::number(slower, 'f', 2);
            QCOMPARE(speedText, n + QStringLiteral("x slower"));
        } else {
            QVERIFY(speedText.endsWith(QLatin1String("x faster")));
        }
        QVERIFY2(textAt(ComparisonModel::Metric::JoulesPerToken, ratio)
                     .endsWith(QLatin1String("x the energy per token")),
                 qPrintable(textAt(ComparisonModel::Metric::JoulesPerToken, ratio)));
        {
            // Within rounding of each other (20.0 and 20.02 tok/s) neither is faster or slower.
            auto close = std::make_shared<ScenarioAnalysis>(*m_analysis);
            close->deployments[1].estimate = close->deployments[0].estimate;
            close->deployments[1].estimate.mid.tokSUser *= 1.001;
            table.setAnalysis(close, m_colours);
            QCOMPARE(textAt(ComparisonModel::Metric::TokSUser, ratio), QStringLiteral("as fast"));
            QCOMPARE(textAt(ComparisonModel::Metric::Ttft, ratio), QStringLiteral("as fast"));
            table.setAnalysis(m_analysis, m_colours);
        }
        // A lower TTFT is faster.
        const QString ttftText = textAt(ComparisonModel::Metric::Ttft, ratio);
        QVERIFY(second.ttftS > first.ttftS ? ttftText.endsWith(QLatin1String("x slower"))
                                           : ttftText.endsWith(QLatin1String("x faster")));

        // Bands read "value (low–high)" for ranged inputs; the bottleneck is named.
        QVERIFY(m_analysis->deployments[0].estimate.ranged);
        const QString speedCell = textAt(ComparisonModel::Metric::TokSUser, model->valueColumn(0));
        QVERIFY2(speedCell.contains(QLatin1Char('(')) && speedCell.contains(QChar(0x2013)),
                 qPrintable(speedCell));
        QCOMPARE(textAt(ComparisonModel::Metric::Bottleneck, model->valueColumn(0)),
                 chartfmt::bottleneckName(first.bottleneck));
        QCOMPARE(textAt(ComparisonModel::Metric::Bottleneck, value),
                 chartfmt::bottleneckName(second.bottleneck));

        // Headers carry the deployment names and colours.
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), m_analysis->deployments[0].name);
        QVERIFY(!model->headerData(0, Qt::Horizontal, Qt::DecorationRole).isNull());
        QVERIFY(
            model->headerData(ratio, Qt::Horizontal).toString().contains(m_analysis->deployments[0].name));
    }

    void comparisonTableCsv()
    {
        ComparisonTable table;
        table.setAnalysis(m_analysis, m_colours);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("comparison.csv"));
        QString error;
        QVERIFY2(table.exportCsv(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        // Numbers in columns: a line per metric and deployment.
        QCOMPARE(lines.first(), QStringLiteral("metric,deployment,value,low,high,unit,ratio_to_first"));
        const int deployments = int(m_analysis->deployments.size());
        QCOMPARE(lines.size(), table.model()->rowCount() * deployments + 1);
        // No display text: no ratio phrases, no "value (low–high)".
        const QString all = lines.join(QLatin1Char('\n'));
        QVERIFY(!all.contains(QLatin1String("x slower")) && !all.contains(QLatin1String("x faster")));
        QVERIFY(!all.contains(QChar(0x2013)));
        // The rows of one metric, by deployment name (names hold no commas in this scenario).
        const auto line = [&](const QString& metric, int deployment) {
            const QString prefix = metric + QLatin1Char(',') +
                                   m_analysis->deployments[size_t(deployment)].name + QLatin1Char(',');
            for (const QString& l : lines)
                if (l.startsWith(prefix))
                    return l.mid(prefix.size()).split(QLatin1Char(','));
            return QStringList();
        };
        const Estimate& first = m_analysis->deployments[0].estimate.mid;
        const RangedEstimate& firstRanged = m_analysis->deployments[0].estimate;
        const Estimate& second = m_analysis->deployments[1].estimate.mid;
        QVERIFY(firstRanged.ranged);
        // value, low, high, unit, ratio: the estimate's own numbers, to the ten digits every CSV has.
        const QStringList speed = line(QStringLiteral("tok_s_user"), 0);
        QCOMPARE(speed.size(), 5);
        QCOMPARE(speed[0], chartexport::csvNumber(first.tokSUser));
        const double lo = std::min({firstRanged.low.tokSUser, firstRanged.high.tokSUser, first.tokSUser});
        const double hi = std::max({firstRanged.low.tokSUser, firstRanged.high.tokSUser, first.tokSUser});
        QVERIFY(lo < hi);
        QCOMPARE(speed[1], chartexport::csvNumber(lo));
        QCOMPARE(speed[2], chartexport::csvNumber(hi));
        QCOMPARE(speed[3], QStringLiteral("tok/s"));
        QVERIFY(speed[4].isEmpty()); // the first deployment has no ratio to itself
        const QStringList ttft = line(QStringLiteral("ttft_ms"), 1);
        QCOMPARE(ttft.size(), 5);
        QCOMPARE(ttft[0], chartexport::csvNumber(second.ttftS * 1e3));
        QCOMPARE(ttft[3], QStringLiteral("ms"));
        QCOMPARE(ttft[4], chartexport::csvNumber(second.ttftS / first.ttftS));
        // Text rows carry ids: "true", not "yes"; the bottleneck's id, not its translated name.
        QCOMPARE(line(QStringLiteral("fits"), 0).value(0), QStringLiteral("true"));
        QCOMPARE(line(QStringLiteral("bottleneck"), 1).value(0), bottleneckId(second.bottleneck));
        // No targets set: nothing to meet.
        QCOMPARE(line(QStringLiteral("meets_latency_targets"), 0).value(0), QString());

        // The clipboard keeps the display text in its HTML (and plain text) flavours, the numbers
        // in its CSV.
        table.copyToClipboard();
        const QMimeData* mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime);
        QVERIFY(mime->hasHtml());
        QVERIFY(mime->html().contains(QLatin1String("x slower")) ||
                mime->html().contains(QLatin1String("x faster")));
        QVERIFY(mime->html().contains(QChar(0x2013)));
        QCOMPARE(QString::fromUtf8(mime->data(QStringLiteral("text/csv"))), table.toCsv());
        // The host's menu gets Copy and Export from QWidget::actions().
        QCOMPARE(table.actions().size(), 2);
    }

    // A time no one can read in milliseconds (a queue at a load the deployment cannot serve) is
    // shown in its own unit; the CSV keeps the milliseconds.
    void comparisonTableReadsLongTimes()
    {
        QCOMPARE(is::gui::units::longDuration(90), QStringLiteral("1.5 min"));
        QCOMPARE(is::gui::units::longDuration(5400), QStringLiteral("1.5 h"));
        QCOMPARE(is::gui::units::longDuration(3 * 86400), QStringLiteral("3 days"));
        QCOMPARE(is::gui::units::longDuration(2.97e8), QStringLiteral("9.41 years")); // / 31,557,600 s
        QCOMPARE(is::gui::units::longDuration(4.5), is::gui::units::seconds(4.5));
        QCOMPARE(is::gui::units::seconds(999), QStringLiteral("999 s"));
        QCOMPARE(is::gui::units::seconds(1500), QStringLiteral("25 min"));

        auto analysis = std::make_shared<ScenarioAnalysis>(*m_analysis);
        RangedEstimate& e = analysis->deployments[0].estimate;
        for (Estimate* p : {&e.low, &e.mid, &e.high})
            p->ttftS = 2.97e8;
        const double secondTtftMs = analysis->deployments[1].estimate.mid.ttftS * 1000;
        QVERIFY(secondTtftMs < 1e6);
        ComparisonTable table;
        table.setAnalysis(analysis, m_colours);
        ComparisonModel* model = table.model();
        const int row = model->rowOf(ComparisonModel::Metric::Ttft);
        QCOMPARE(model->index(row, model->valueColumn(0)).data().toString(), QStringLiteral("9.41 years"));
        QCOMPARE(
            model->index(row, model->valueColumn(0)).data(ComparisonModel::CsvRole).toString().toDouble(),
            2.97e11);
        // A time that reads in ms stays in ms.
        QVERIFY(!model->index(row, model->valueColumn(1)).data().toString().contains(QLatin1String("min")));
    }

    // A workload of one output token (the seed benchmark) has no time between tokens: the
    // table drops the TPOT and per-user speed rows (it read "66x slower" per token of one-token
    // answers) and the latency chart draws the first token alone, under its own title.
    void oneOutputTokenShowsNoTimeBetweenTokens()
    {
        auto analysis = std::make_shared<ScenarioAnalysis>(*m_analysis);
        analysis->workload.outputTokens = 1;
        ComparisonTable table;
        table.setAnalysis(analysis, m_colours);
        const ComparisonModel* model = table.model();
        QCOMPARE(model->rowOf(ComparisonModel::Metric::Tpot), -1);
        QCOMPARE(model->rowOf(ComparisonModel::Metric::TokSUser), -1);
        QVERIFY(model->rowOf(ComparisonModel::Metric::Ttft) >= 0);
        QVERIFY(model->rowOf(ComparisonModel::Metric::TokSTotal) >= 0);

        is::gui::LatencyChart chart;
        chart.setAnalysis(*analysis, m_colours);
        auto categoriesOf = [](is::gui::LatencyChart& c) {
            for (QAbstractAxis* a : c.chart()->axes())
                if (auto* categories = qobject_cast<QBarCategoryAxis*>(a))
                    return categories->count();
            return -1;
        };
        QCOMPARE(categoriesOf(chart), 1);
        QCOMPARE(chart.chart()->title(), QStringLiteral("Time to first token"));
        QVERIFY(!chart.toCsv().contains(QLatin1String("tpot")));
        // Back to a decoding workload: both metrics again.
        chart.setAnalysis(*m_analysis, m_colours);
        QCOMPARE(categoriesOf(chart), 2);
        QCOMPARE(chart.chart()->title(), QStringLiteral("TTFT and TPOT"));
    }

    // The seed benchmark's wafers: 1,000 streams, a first token in 339 ms and 9,799 requests a
    // second, which by Little's law is 3,318 users, not 1,000: 237 ms of the first token is the
    // hosted service's API, in which a request holds no stream. The cell says so; the H100s, whose
    // family has no such time, say nothing.
    void firstTokenSaysWhatTheApiTimeHolds()
    {
        QString error;
        auto seed = loadScenarioFile(QStringLiteral(":/scenarios/seed-benchmark-1000x512.json"), &error);
        QVERIFY2(seed, qPrintable(error));
        const auto analysis = test::analyse(*seed);
        ComparisonTable table;
        table.setAnalysis(analysis, m_colours);
        const ComparisonModel* model = table.model();
        int said = 0;
        for (int d = 0; d < int(analysis->deployments.size()); ++d) {
            const Estimate& e = analysis->deployments[size_t(d)].estimate.mid;
            const QString tip =
                model->index(model->rowOf(ComparisonModel::Metric::Ttft), model->valueColumn(d))
                    .data(Qt::ToolTipRole)
                    .toString();
            if (e.requestOverheadS <= 0) {
                QVERIFY2(!tip.contains(QLatin1String("Little's law")), qPrintable(tip));
                continue;
            }
            ++said;
            const double users = usersServed(e, analysis->workload);
            // Little's law by hand: requests a second times the time each takes as its user sees it.
            QCOMPARE(users, std::floor(e.tokSTotal / analysis->workload.outputTokens * e.ttftS));
            QVERIFY(users > 3 * e.batch);
            QVERIFY2(
                tip.contains(QStringLiteral("Includes %1 ms")
                                 .arg(QLocale().toString(e.requestOverheadS * 1000, 'f', 0))) &&
                    tip.contains(QStringLiteral("the %1 streams").arg(QLocale().toString(e.batch))) &&
                    tip.contains(QStringLiteral("serve %1 users").arg(QLocale().toString(users, 'f', 0))),
                qPrintable(tip));
        }
        QCOMPARE(said, 1);

        // In the compact form a cell folds its ratio under its value and its tooltip names whom
        // the ratio is to; the explanation keeps that line (it had replaced it).
        std::swap(seed->deployments[0], seed->deployments[1]);
        const auto swapped = test::analyse(*seed);
        ComparisonTable compact;
        compact.setAnalysis(swapped, m_colours);
        compact.model()->setCompact(true);
        const QString tip = compact.model()
                                ->index(compact.model()->rowOf(ComparisonModel::Metric::Ttft),
                                        compact.model()->valueColumn(1))
                                .data(Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains(QLatin1String("Little's law")) && tip.contains(compact.model()->ratioTitle()),
                 qPrintable(tip));
    }

    void comparisonTableMarksMissedTargets()
    {
        // A TPOT target between the two deployments' TPOTs: the slower one misses it.
        const double a = m_analysis->deployments[0].estimate.mid.tpotS;
        const double b = m_analysis->deployments[1].estimate.mid.tpotS;
        QVERIFY(a != b);
        Scenario s = m_scenario;
        s.workload.tpotLimitS = std::sqrt(a * b);
        const auto analysis = test::analyse(s);
        const int slow = a > b ? 0 : 1;
        QCOMPARE(analysis->deployments[size_t(slow)].missedTargets.size(), size_t(1));
        QVERIFY(analysis->deployments[size_t(1 - slow)].missedTargets.empty());
        ComparisonTable table;
        table.setAnalysis(analysis, m_colours);
        ComparisonModel* model = table.model();
        const int row = model->rowOf(ComparisonModel::Metric::Targets);
        QVERIFY(row >= 0);
        const QModelIndex missed = model->index(row, model->valueColumn(slow));
        const QModelIndex met = model->index(row, model->valueColumn(1 - slow));
        // The target it misses and what it reaches, in the units' own format.
        const QString text = missed.data().toString();
        QVERIFY2(text.contains(QLatin1String("TPOT")) &&
                     text.contains(is::gui::units::seconds(s.workload.tpotLimitS)) &&
                     text.contains(
                         is::gui::units::seconds(analysis->deployments[size_t(slow)].estimate.mid.tpotS)),
                 qPrintable(text));
        QCOMPARE(met.data().toString(), QStringLiteral("met"));
        QVERIFY(missed.data(Qt::ForegroundRole).isValid());
        QVERIFY(!met.data(Qt::ForegroundRole).isValid());
        QCOMPARE(missed.data(ComparisonModel::CsvRole).toString(), QStringLiteral("false"));
        QCOMPARE(met.data(ComparisonModel::CsvRole).toString(), QStringLiteral("true"));
    }

    void comparisonTableSettlesAfterAStream()
    {
        // While live, the cells show the newest analysis at most every 100 ms and the columns keep
        // their widths; the settled analysis lands at once and the columns fit it.
        ComparisonTable table;
        QVERIFY(showExposed(table, QSize(1000, 520)));
        QElapsedTimer sinceShown;
        sinceShown.start();
        table.setAnalysis(m_analysis, m_colours);
        const QString name = m_analysis->deployments[0].name;
        QCOMPARE(table.model()->headerData(0, Qt::Horizontal).toString(), name);
        const int width = table.view()->horizontalHeader()->sectionSize(0);

        auto renamed = std::make_shared<ScenarioAnalysis>(*m_analysis);
        renamed->deployments[0].name = name + QStringLiteral(" with a much, much longer name than before");
        table.setAnalysis(renamed, m_colours, true);
        if (sinceShown.elapsed() < 90) // (a busy machine may have taken the 100 ms already)
            QCOMPARE(table.model()->headerData(0, Qt::Horizontal).toString(), name);
        QTRY_COMPARE_WITH_TIMEOUT(table.model()->headerData(0, Qt::Horizontal).toString(),
                                  renamed->deployments[0].name, 2000);
        QCOMPARE(table.view()->horizontalHeader()->sectionSize(0), width);

        table.setAnalysis(renamed, m_colours);
        QVERIFY(table.view()->horizontalHeader()->sectionSize(0) != width);
    }
};

QTEST_MAIN(TestChartsTable)
#include "tst_charts_table.moc"
