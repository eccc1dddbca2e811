// SPDX-License-Identifier: MIT
// Measuring with the decode executor: its prediction of this machine, the benchmark's cancel and
// failures, a model file read that can be cancelled, the machine probes, the memory regions a
// decode step reads and the stream of samples a sweep reports.
#include "ExecutorFixture.h"

#include "engine/ThisMachine.h"
#include "executor/BenchDecode.h"
#include "executor/Executor.h"
#include "executor/MachineProbe.h"
#include "executor/ModelLoader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

using namespace is::exec;
using namespace is::exec::test;

class TestExecutorBench : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void predictionKnowsCacheTiers()
    {
        // The bench's prediction is the engine's: a model that fits the last-level cache streams at
        // the cache's bandwidth, a larger one at DRAM's, with the executor's model described by the
        // same counts the executor runs.
        is::MachineProbes p;
        p.threads = 2;
        p.peakFlops = 200e9;
        p.gemmFlops = 120e9;
        p.matvecFlops = 150e9; // matrix-vector no slower than the GEMM here: decode stays memory-bound
        p.memoryBytes = 64e9;
        p.memoryBandwidth = 20e9;
        p.cacheBytes = 32e6;
        p.cacheBandwidth = 80e9;
        p.kernelOverheadS = 0;
        auto decodeS = [&](const QString& spec, double* bytes, bool* fromCache) {
            auto m = makeModel(spec);
            const is::ModelDesc d = modelDesc(*m);
            // Weights a decode step reads (classifier included, embedding table not) and the KV
            // cache at the run's mean context, 128 + 64 / 2 positions, f32.
            const double kv = 2.0 * m->cfg.layers * m->cfg.kvDim() * 4.0 * (128 + 32);
            *bytes =
                m->matmulFlopsPerToken(true) / 2.0 * 4.0 + 4.0 * m->cfg.dim * (2 * m->cfg.layers + 1) + kv;
            QString err;
            const auto e = is::estimateThisMachine(p, d, is::Precision::FP32, is::Precision::FP32,
                                                   is::Precision::FP32, 128, 64, &err);
            [&] { QVERIFY2(e.has_value(), qPrintable(err)); }();
            *fromCache = e && e->decodeFromCache;
            return e ? e->tpotS : 0.0;
        };
        double small = 0, big = 0;
        bool cached = false;
        const double ts =
            decodeS(QStringLiteral("dim=256,layers=4,heads=4,kv_heads=4,ffn=768,vocab=4096,dtype=f32"),
                    &small, &cached);
        QVERIFY(cached);
        QVERIFY2(qAbs(ts - small / 80e9) / (small / 80e9) < 0.02,
                 qPrintable(QString::number(ts * 80e9 / small)));
        const double tb =
            decodeS(QStringLiteral("dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f32"),
                    &big, &cached);
        QVERIFY(!cached);
        QVERIFY2(qAbs(tb - big / 20e9) / (big / 20e9) < 0.02, qPrintable(QString::number(tb * 20e9 / big)));
    }

    void benchHonoursCancel()
    {
        const QString spec = QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,dtype=f32");
        BenchOptions o;
        o.threads = 2;
        o.promptTokens = 8;
        o.genTokens = 8;
        // Cancelled while the synthetic model is generated: no model, no error.
        int polls = 0;
        o.cancelled = [&] { return ++polls > 2; };
        BenchModel load = loadBenchModel({}, spec, o);
        QVERIFY(!load.model);
        QCOMPARE(load.failure, BenchModel::Failure::Cancelled);
        QVERIFY(load.error.isEmpty());
        // Not cancelled: a model.
        o.cancelled = {};
        load = loadBenchModel({}, spec, o);
        QCOMPARE(load.failure, BenchModel::Failure::None);
        QVERIFY(load.model);
        const auto m = std::move(load.model);
        // Cancelled at the first probe phase: nothing decoded. Cancelled mid-decode: a partial run.
        for (int after : {2, 4}) {
            polls = 0;
            o.cancelled = [&] { return ++polls > after; };
            const BenchResult r = runBenchDecode(*m, o);
            QVERIFY(r.cancelled);
            QVERIFY(r.tokens.size() < 8u);
            QCOMPARE(r.decode_tok_s, 0.0);
        }
    }

    // What the command line and the measure panel load through: a synthetic model's size is known
    // before it is generated (hand-computed, and equal to the loaded tensors), one too large for this
    // machine is refused without allocating it, and bad input names the file or the field.
    void benchModelFailuresExplainThemselves()
    {
        QString err;
        const auto small = parseSyntheticSpec(
            QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,dtype=f16"), &err);
        QVERIFY(small);
        // 2 x 64 x 96 (embedding, output) + 2 layers x (2 x 64 x 64 + 2 x 64 x 32 + 3 x 64 x 96), 2 bytes
        // each.
        QCOMPARE(syntheticWeightBytes(*small),
                 2.0 * (2 * 64 * 96 + 2 * (2 * 64 * 64 + 2 * 64 * 32 + 3 * 64 * 96)));
        BenchOptions o;
        const BenchModel ok = loadBenchModel({}, small->toString(), o);
        QVERIFY(ok.model);
        double loaded = static_cast<double>(ok.model->tokenEmbd.bytes() + ok.model->output.bytes());
        for (const LayerWeights& l : ok.model->layers)
            for (const Tensor* t : {&l.wq, &l.wk, &l.wv, &l.wo, &l.w1, &l.w2, &l.w3})
                loaded += static_cast<double>(t->bytes());
        QCOMPARE(syntheticWeightBytes(*small), loaded);

        const BenchModel huge = loadBenchModel(
            {}, QStringLiteral("dim=16384,layers=1000,heads=128,ffn=65536,vocab=32000,dtype=f32"), o);
        QCOMPARE(huge.failure, BenchModel::Failure::BadInput);
        QVERIFY2(huge.error.contains(QStringLiteral("memory")) &&
                     huge.error.startsWith(QStringLiteral("synthetic:")),
                 qPrintable(huge.error));
        const BenchModel badSpec = loadBenchModel({}, QStringLiteral("dim=64,colour=3"), o);
        QCOMPARE(badSpec.failure, BenchModel::Failure::BadInput);
        QVERIFY2(badSpec.error.contains(QStringLiteral("colour")), qPrintable(badSpec.error));
        const BenchModel missing = loadBenchModel(QStringLiteral("/nonexistent/model.gguf"), {}, o);
        QCOMPARE(missing.failure, BenchModel::Failure::BadInput);
        QVERIFY2(missing.error.contains(QStringLiteral("/nonexistent/model.gguf")),
                 qPrintable(missing.error));
    }

    // A model file is read in chunks with a cancel poll before each: a cancelled load stops
    // reading where it was asked to, and the measure panel's loader reports it as cancelled.
    void modelFileReadHonoursCancel()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.bin"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray chunk(static_cast<int>(kModelReadChunk), '\x5a');
            for (int i = 0; i < 2; ++i)
                QCOMPARE(f.write(chunk), kModelReadChunk);
            QCOMPARE(f.write(QByteArray(1000, '\x5a')), qint64(1000));
        }
        // Three chunks: three polls when never cancelled (the garbage then fails to parse).
        int polls = 0;
        QString err;
        QVERIFY(!loadModelFile(path, &err, [&] { return ++polls > 99; }));
        QCOMPARE(polls, 3);
        QVERIFY2(!err.contains(QStringLiteral("cancelled")), qPrintable(err));
        // Cancelled at the second poll: the first chunk was read, the rest never is.
        polls = 0;
        QVERIFY(!loadModelFile(path, &err, [&] { return ++polls >= 2; }));
        QCOMPARE(polls, 2);
        QVERIFY2(err.startsWith(path) && err.contains(QStringLiteral("cancelled")), qPrintable(err));
        BenchOptions o;
        polls = 0;
        o.cancelled = [&] { return ++polls >= 3; };
        const BenchModel load = loadBenchModel(path, {}, o);
        QCOMPARE(load.failure, BenchModel::Failure::Cancelled);
        QVERIFY(!load.model);
        QVERIFY(load.error.isEmpty()); // cancelled is not an error to show
    }

    void probesGiveSaneNumbers()
    {
        const CacheSizes c = cacheSizes();
        QVERIFY(c.llc > 0);
        ThreadPool pool(2);
        MachineProbe probe(pool);
        const double peak = probe.peakFlops(1);
        QVERIFY(peak > 1e8 && peak < 1e14);
        const double boundary = probe.kernelBoundarySeconds(768);
        QVERIFY(boundary > 0 && boundary < 0.1);
        QVERIFY(probe.dotRate(DType::Q8_0) > 1e7);
    }

    void decodeRegionsCoverTheWeights_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("ffnShare"); // of each FFN matrix a decode step streams
        const QString base = QStringLiteral("dim=64,layers=3,heads=4,kv_heads=2,ffn=96,vocab=96,dtype=");
        QTest::newRow("dense-f32") << base + QStringLiteral("f32") << 1.0;
        QTest::newRow("dense-q8_0") << base + QStringLiteral("q8_0") << 1.0;
        QTest::newRow("moe-f16") << base + QStringLiteral("f16,experts=4,top_k=2") << 0.5;
    }

    // Decode's weight-streaming regions, in order: per layer QKV, output, gate+up, down (of the
    // active experts), then the classifier; with the embedding row and the norms they are every
    // byte decodeWeightBytes counts.
    void decodeRegionsCoverTheWeights()
    {
        QFETCH(QString, spec);
        QFETCH(double, ffnShare);
        auto m = makeModel(spec);
        ThreadPool pool(1);
        Executor ex(*m, pool, 16);
        const std::vector<std::size_t> regions = ex.decodeRegionBytes();
        const std::size_t layers = m->layers.size();
        QCOMPARE(regions.size(), 4 * layers + 1);
        std::size_t norms = m->outputNorm.size() * 4;
        for (std::size_t i = 0; i < layers; ++i) {
            const LayerWeights& l = m->layers[i];
            QCOMPARE(regions[4 * i], l.wq.bytes() + l.wk.bytes() + l.wv.bytes());
            QCOMPARE(regions[4 * i + 1], l.wo.bytes());
            QCOMPARE(static_cast<double>(regions[4 * i + 2]),
                     static_cast<double>(l.w1.bytes() + l.w3.bytes()) * ffnShare);
            QCOMPARE(static_cast<double>(regions[4 * i + 3]), static_cast<double>(l.w2.bytes()) * ffnShare);
            norms += (l.attnNorm.size() + l.ffnNorm.size()) * 4 + (ffnShare < 1 ? l.router.bytes() : 0);
        }
        QCOMPARE(regions.back(), m->output.bytes());
        const std::size_t sum = std::accumulate(regions.begin(), regions.end(), std::size_t(0));
        QCOMPARE(sum + m->tokenEmbd.rowStride + norms, m->decodeWeightBytes());
    }

    // Samples taken between decode tokens stream whole rows of the DRAM buffer, as many bytes as
    // asked for (to a row), on around the end of the buffer, and add up; after an LLC probe there is
    // nothing to sample.
    void streamSamplesContinueTheSweep()
    {
        ThreadPool pool(2);
        MachineProbe probe(pool);
        QCOMPARE(probe.streamSample(std::size_t(1) << 20).bytes, 0.0); // nothing probed yet
        const std::vector<std::size_t> regions{std::size_t(1) << 20, std::size_t(48) << 10};
        const double rate = probe.streamRate(DType::Q8_0, false, regions, 768, 1);
        QVERIFY(rate > 1e8 && rate < 1e13);
        const double rowB = static_cast<double>(*rowBytes(DType::Q8_0, 768));
        // The DRAM buffer holds max(256 MiB, 8 LLC); samples spanning 1.25 times that wrap around.
        const double buffer = std::max(256.0 * (1 << 20), 8.0 * static_cast<double>(cacheSizes().llc));
        const double each = 32.0 * (1 << 20);
        const int samples = static_cast<int>(std::ceil(1.25 * buffer / each));
        StreamSample total;
        for (int i = 0; i < samples; ++i) {
            const StreamSample s = probe.streamSample(static_cast<std::size_t>(each));
            QCOMPARE(s.bytes, std::floor(each / rowB) * rowB);
            QVERIFY(s.seconds > 0);
            total += s;
        }
        QVERIFY(total.rate() > 1e8 && total.rate() < 1e13);
        QCOMPARE(total.bytes, samples * std::floor(each / rowB) * rowB);
        QVERIFY(probe.streamRate(DType::Q8_0, true, regions, 768, 1) > 1e8);
        // A cache working set of the caller's size (clamped to at least 1 MiB).
        QVERIFY(probe.streamRate(DType::Q8_0, true, regions, 768, 1, std::size_t(64) << 10) > 1e8);
        const StreamSample none = probe.streamSample(std::size_t(1) << 20);
        QCOMPARE(none.bytes, 0.0);
        QCOMPARE(none.rate(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestExecutorBench)
#include "tst_executor_bench.moc"
