// SPDX-License-Identifier: MIT
// Correctness of the decode executor against a double-precision reference forward pass, for
// every weight format and every instruction-set path this CPU can run: decode and prefill,
// quantised weights, the GGUF and llama2.c readers, synthetic model specs and token text. The
// kernels alone are tst_executor_kernels; benchmarks, probes and predictions tst_executor_bench.
#include "ExecutorFixture.h"
#include "ReferenceModel.h"

#include "executor/Executor.h"
#include "executor/GgufReader.h"
#include "executor/Kernels.h"
#include "executor/Llama2cReader.h"
#include "executor/ModelLoader.h"
#include "executor/Sampler.h"
#include "executor/SyntheticModel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>

using namespace is::exec;
using namespace is::exec::test;

namespace {

// Odd sizes: a head of 10 dimensions (not a multiple of the kernels' 16-float blocks), one KV
// head for four query heads, a hidden size and vocabulary off every block size.
const QString kOddSpec = QStringLiteral("dim=40,layers=2,heads=4,kv_heads=1,ffn=72,vocab=50,dtype=f32");

// max |a - r| / max |r|: relative to the logit vector's scale (element-wise relative error is
// meaningless for logits near zero). Infinite when a holds a NaN or infinity (std::max would
// quietly skip a NaN).
double relError(const float* a, const std::vector<double>& r)
{
    double num = 0, den = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (!std::isfinite(a[i]))
            return std::numeric_limits<double>::infinity();
        num = std::max(num, std::fabs(static_cast<double>(a[i]) - r[i]));
        den = std::max(den, std::fabs(r[i]));
    }
    return num / den;
}

int argmaxD(const std::vector<double>& v)
{
    return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
}

} // namespace

class TestExecutor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodeMatchesReference_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("tol");
        QTest::addColumn<int>("threads");
        const QString base =
            QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=7,dtype=");
        // Weights of every format are compared with a reference over the same (dequantised) values,
        // so only the executor's float arithmetic differs: F32/F16/BF16 to 1e-4. Q8_0 also quantises
        // activations to 8 bits for the integer dot product, hence the looser bound.
        QTest::newRow("f32") << base + QStringLiteral("f32") << 1e-4 << 2;
        QTest::newRow("f32-1thread") << base + QStringLiteral("f32") << 1e-4 << 1;
        QTest::newRow("f16") << base + QStringLiteral("f16") << 1e-4 << 2;
        QTest::newRow("bf16") << base + QStringLiteral("bf16") << 1e-4 << 2;
        QTest::newRow("q8_0") << base + QStringLiteral("q8_0") << 3e-2 << 2;
        QTest::newRow("odd-dims-f32") << kOddSpec << 1e-4 << 3;
        QTest::newRow("moe-f32") << base + QStringLiteral("f32,experts=4,top_k=2") << 1e-4 << 2;
        QTest::newRow("moe-q8_0") << base + QStringLiteral("q8_0,experts=4,top_k=2") << 5e-2
                                  << 2; // a near-tie in routing moves more
    }

    void decodeMatchesReference()
    {
        QFETCH(QString, spec);
        QFETCH(double, tol);
        QFETCH(int, threads);
        auto m = makeModel(spec);
        KernelGuard guard;
        for (const KernelSet* ks : availableSets()) {
            setKernelSet(ks);
            ThreadPool pool(threads);
            Executor ex(*m, pool, 80);
            test::ReferenceModel ref(*m);
            int tok = 1, refTok = 1;
            double worst = 0;
            int mismatches = 0;
            for (int step = 0; step < 64; ++step) {
                const float* logits = ex.decode(tok);
                QVERIFY(logits);
                const std::vector<double> r = ref.forward(refTok);
                worst = std::max(worst, relError(logits, r));
                tok = argmax(logits, r.size());
                refTok = argmaxD(r);
                if (tok != refTok) {
                    ++mismatches;
                    tok = refTok; // keep both on the same path so logits stay comparable
                }
            }
            qInfo("%s %s: worst relative logit error %.3g over 64 steps", ks->name, qPrintable(spec), worst);
            QVERIFY2(
                worst < tol,
                qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
            if (tol <= 1e-4) // greedy tokens must be identical for exact formats
                QCOMPARE(mismatches, 0);
        }
    }

    void prefillMatchesReference_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("prompt");
        QTest::addColumn<double>("tol");
        // Tokens of the prompt prefilled by a first call, the rest by a second one starting there
        // (its attention reads the first call's keys and values); 0: one call.
        QTest::addColumn<int>("first");
        const QString base =
            QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=3,dtype=");
        QTest::newRow("f32-37") << base + QStringLiteral("f32") << 37 << 1e-4 << 0;
        // Several token tiles on every instruction set, the threads' halves starting mid-tile.
        QTest::newRow("f32-150") << base + QStringLiteral("f32") << 150 << 1e-4 << 0;
        QTest::newRow("f32-150-after-70") << base + QStringLiteral("f32") << 150 << 1e-4 << 70;
        QTest::newRow("f16-5") << base + QStringLiteral("f16") << 5 << 1e-4 << 0;
        QTest::newRow("bf16-40") << base + QStringLiteral("bf16") << 40 << 1e-4 << 0;
        QTest::newRow("q8_0-33") << base + QStringLiteral("q8_0") << 33 << 3e-2 << 0;
        // A head of 10 dimensions: attention's 16-float blocks run into the next position's key.
        QTest::newRow("odd-f32-19") << kOddSpec << 19 << 1e-4 << 0;
        QTest::newRow("odd-f32-90-after-23") << kOddSpec << 90 << 1e-4 << 23;
        QTest::newRow("moe-f32-30") << base + QStringLiteral("f32,experts=4,top_k=2") << 30 << 1e-4 << 0;
    }

    void prefillMatchesReference()
    {
        QFETCH(QString, spec);
        QFETCH(int, prompt);
        QFETCH(double, tol);
        QFETCH(int, first);
        auto m = makeModel(spec);
        KernelGuard guard;
        std::vector<int> tokens;
        tokens.reserve(static_cast<std::size_t>(prompt));
        for (int i = 0; i < prompt; ++i)
            tokens.push_back((i * 37 + 11) % m->cfg.vocab);
        for (const KernelSet* ks : availableSets()) {
            setKernelSet(ks);
            ThreadPool pool(2);
            Executor ex(*m, pool, prompt + 16);
            test::ReferenceModel ref(*m);
            std::vector<double> r;
            for (int t : tokens)
                r = ref.forward(t);
            if (first > 0)
                QVERIFY(ex.prefill(tokens.data(), first));
            const float* logits = ex.prefill(tokens.data() + first, prompt - first);
            QVERIFY(logits);
            double worst = relError(logits, r);
            // Decoding after a prefill reads the KV cache the prefill wrote.
            int tok = argmaxD(r);
            for (int step = 0; step < 8; ++step) {
                logits = ex.decode(tok);
                r = ref.forward(tok);
                worst = std::max(worst, relError(logits, r));
                tok = argmaxD(r);
            }
            qInfo("%s %s prompt %d: worst relative logit error %.3g", ks->name, qPrintable(spec), prompt,
                  worst);
            QVERIFY2(
                worst < tol,
                qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
        }
    }

    void quantisedCloseToF32_data()
    {
        // Quantisation tolerance against the unquantised weights: f16 keeps 11 significant bits,
        // bf16 8, q8_0 about 8 with a per-block scale (and 8-bit activations).
        addFormatRows({{"f16", 5e-3}, {"bf16", 3e-2}, {"q8_0", 5e-2}});
    }

    void quantisedCloseToF32()
    {
        QFETCH(QString, dtype);
        QFETCH(double, tol);
        const QString base =
            QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=5,dtype=");
        auto ref = makeModel(base + QStringLiteral("f32"));
        auto q = makeModel(base + dtype);
        ThreadPool pool(2);
        Executor er(*ref, pool, 40), eq(*q, pool, 40);
        double worst = 0;
        int tok = 1;
        for (int step = 0; step < 32; ++step) {
            const float* a = er.decode(tok);
            std::vector<double> r(a, a + ref->cfg.vocab);
            const float* b = eq.decode(tok);
            worst = std::max(worst, relError(b, r));
            tok = argmaxD(r);
        }
        qInfo("%s vs f32 weights: worst relative logit error %.3g", qPrintable(dtype), worst);
        QVERIFY(worst < tol);
    }

    void ggufAndLlama2cAgree()
    {
        auto g =
            makeModel(QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=9,dtype=f32"));
        const QByteArray l2c = writeLlama2c(*g);
        QVERIFY(!l2c.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.bin"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(l2c);
        }
        QString err;
        auto l = loadModelFile(path, &err);
        QVERIFY2(l, qPrintable(err));
        QCOMPARE(l->format, QStringLiteral("llama2.c"));
        QCOMPARE(l->cfg.kvHeads, 2);
        ThreadPool pool(2);
        Executor eg(*g, pool, 40), el(*l, pool, 40);
        int tok = 1;
        for (int step = 0; step < 32; ++step) {
            const float* a = eg.decode(tok);
            const float* b = el.decode(tok);
            QVERIFY(std::memcmp(a, b, sizeof(float) * static_cast<std::size_t>(g->cfg.vocab)) == 0);
            tok = argmax(a, static_cast<std::size_t>(g->cfg.vocab));
        }
    }

    void llama2cSeparateClassifier()
    {
        // Build a GGUF model whose classifier differs from the embedding, write it as llama2.c (which
        // then stores a negative vocab_size) and check both agree.
        auto g = makeModel(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,seed=2,dtype=f32"));
        QVERIFY(g->output.data != g->tokenEmbd.data);
        const QByteArray l2c = writeLlama2c(*g);
        std::int32_t vocabField;
        std::memcpy(&vocabField, l2c.constData() + 20, 4);
        QCOMPARE(vocabField, -40);
        AlignedBuffer buf(static_cast<std::size_t>(l2c.size()));
        std::memcpy(buf.data(), l2c.constData(), buf.size());
        QString err;
        auto l = loadLlama2cBuffer(std::move(buf), QStringLiteral("x.bin"), &err);
        QVERIFY2(l, qPrintable(err));
        ThreadPool pool(1);
        Executor eg(*g, pool, 4), el(*l, pool, 4);
        const float* a = eg.decode(3);
        const float* b = el.decode(3);
        // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison): the same bits is the point, not equal values
        QVERIFY(std::memcmp(a, b, 40 * sizeof(float)) == 0);
    }

    void syntheticIsDeterministic()
    {
        QString err;
        const auto s = parseSyntheticSpec(
            QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=q8_0,seed=4"), &err);
        QVERIFY(s);
        const AlignedBuffer a = writeSyntheticGguf(*s), b = writeSyntheticGguf(*s);
        QCOMPARE(a.size(), b.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size()) == 0);
        auto m = makeModel(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=f16"));
        QCOMPARE(m->vocab.size(), std::size_t(40));
        QCOMPARE(m->weightType(), DType::F16);
    }

    void specErrorsNameTheField_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown") << QStringLiteral("dim=64,colour=3") << QStringLiteral("colour");
        QTest::newRow("dtype") << QStringLiteral("dim=64,dtype=q4") << QStringLiteral("dtype");
        QTest::newRow("negative") << QStringLiteral("layers=-1") << QStringLiteral("layers");
        QTest::newRow("not-int") << QStringLiteral("heads=x") << QStringLiteral("heads");
        QTest::newRow("kv") << QStringLiteral("dim=64,heads=4,kv_heads=3") << QStringLiteral("kv_heads");
        QTest::newRow("q8-dims") << QStringLiteral("dim=40,heads=4,dtype=q8_0") << QStringLiteral("q8_0");
    }

    void specErrorsNameTheField()
    {
        QFETCH(QString, spec);
        QFETCH(QString, field);
        QString err;
        QVERIFY(!parseSyntheticSpec(spec, &err));
        QVERIFY2(err.contains(field), qPrintable(err));
    }

    void specErrorsQuoteTheValue()
    {
        // A '%3' typed as the value is echoed as typed, not replaced by the range that follows it.
        QString err;
        QVERIFY(!parseSyntheticSpec(QStringLiteral("dim=%3"), &err));
        QCOMPARE(err, QStringLiteral("--synthetic: dim '%3' must be an integer in 2..65536"));
    }

    void tokenText()
    {
        QCOMPARE(is::exec::tokenText("\xe2\x96\x81hello"), std::string(" hello"));
        QCOMPARE(is::exec::tokenText("<0x41>"), std::string("A"));
    }

    // A sequence that overflowed leaves NaN keys and values in the cache. A later, shorter sequence
    // must not read them: prefill attention reads keys in 16-float blocks (a head of 10 dimensions
    // runs into the next position's key) and values in 16-position blocks.
    void staleCacheDoesNotLeak()
    {
        auto m = makeModel(kOddSpec);
        QCOMPARE(m->tokenEmbd.type, DType::F32);
        const int poisoned = 7;
        const float inf = std::numeric_limits<float>::infinity();
        // The model's own storage, writable: an infinite embedding makes that token's keys NaN.
        std::memcpy(const_cast<std::byte*>(m->tokenEmbd.row(poisoned)), &inf, sizeof inf);
        const std::vector<int> first{1, 2, 3, 4, 5, poisoned, 8, 9, 10, 11}, second{1, 2, 3, 4, 5};
        KernelGuard guard;
        for (const KernelSet* ks : availableSets()) {
            setKernelSet(ks);
            ThreadPool pool(2);
            Executor ex(*m, pool, 32);
            QVERIFY(ex.prefill(first.data(), static_cast<int>(first.size())));
            ex.reset();
            const float* logits = ex.prefill(second.data(), static_cast<int>(second.size()));
            QVERIFY(logits);
            test::ReferenceModel ref(*m);
            std::vector<double> r;
            for (int t : second)
                r = ref.forward(t);
            double worst = relError(logits, r);
            // Decoding on from there reads the same cache.
            logits = ex.decode(3);
            r = ref.forward(3);
            worst = std::max(worst, relError(logits, r));
            QVERIFY2(worst < 1e-4,
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(ks->name)).arg(worst)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
