// SPDX-License-Identifier: MIT
// Correctness of the decode executor against a double-precision reference forward pass, for
// every weight format and every instruction-set path this CPU can run.
#include "ReferenceModel.h"

#include "executor/Executor.h"
#include "executor/GgufReader.h"
#include "executor/Kernels.h"
#include "executor/DecodePrediction.h"
#include "executor/Llama2cReader.h"
#include "executor/MachineProbe.h"
#include "executor/ModelLoader.h"
#include "executor/Sampler.h"
#include "executor/SyntheticModel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace is::exec;

namespace {

std::unique_ptr<Model> makeModel(const QString& spec)
{
    QString err;
    const auto s = parseSyntheticSpec(spec, &err);
    if (!s)
        qFatal("bad spec %s: %s", qPrintable(spec), qPrintable(err));
    auto m = loadGgufBuffer(writeSyntheticGguf(*s), QStringLiteral("synthetic"), &err);
    if (!m)
        qFatal("synthetic model does not load: %s", qPrintable(err));
    return m;
}

// max |a - r| / max |r|: relative to the logit vector's scale (element-wise relative error is
// meaningless for logits near zero).
double relError(const float* a, const std::vector<double>& r)
{
    double num = 0, den = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        num = std::max(num, std::fabs(static_cast<double>(a[i]) - r[i]));
        den = std::max(den, std::fabs(r[i]));
    }
    return num / den;
}

int argmaxD(const std::vector<double>& v)
{
    return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
}

std::vector<const KernelSet*> availableSets()
{
    std::vector<const KernelSet*> sets;
    for (const char* n : {"scalar", "avx2", "avx512"})
        if (const KernelSet* k = kernelSet(n))
            sets.push_back(k);
    return sets;
}

struct KernelGuard
{
    ~KernelGuard() { setKernelSet(nullptr); }
};

} // namespace

class TestExecutor : public QObject
{
    Q_OBJECT

private slots:
    void decodeMatchesReference_data();
    void decodeMatchesReference();
    void prefillMatchesReference_data();
    void prefillMatchesReference();
    void quantisedCloseToF32_data();
    void quantisedCloseToF32();
    void ggufAndLlama2cAgree();
    void llama2cSeparateClassifier();
    void syntheticIsDeterministic();
    void specErrorsNameTheField_data();
    void specErrorsNameTheField();
    void tokenText();
    void predictionKnowsCacheTiers();
    void probesGiveSaneNumbers();
};

void TestExecutor::decodeMatchesReference_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<double>("tol");
    QTest::addColumn<int>("threads");
    const QString base = QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=7,dtype=");
    // Weights of every format are compared with a reference over the same (dequantised) values,
    // so only the executor's float arithmetic differs: F32/F16/BF16 to 1e-4. Q8_0 also quantises
    // activations to 8 bits for the integer dot product, hence the looser bound.
    QTest::newRow("f32") << base + QStringLiteral("f32") << 1e-4 << 2;
    QTest::newRow("f32-1thread") << base + QStringLiteral("f32") << 1e-4 << 1;
    QTest::newRow("f16") << base + QStringLiteral("f16") << 1e-4 << 2;
    QTest::newRow("bf16") << base + QStringLiteral("bf16") << 1e-4 << 2;
    QTest::newRow("q8_0") << base + QStringLiteral("q8_0") << 3e-2 << 2;
    QTest::newRow("odd-dims-f32") << QStringLiteral("dim=40,layers=2,heads=4,kv_heads=1,ffn=72,vocab=50,dtype=f32") << 1e-4 << 3;
    QTest::newRow("moe-f32") << base + QStringLiteral("f32,experts=4,top_k=2") << 1e-4 << 2;
    QTest::newRow("moe-q8_0") << base + QStringLiteral("q8_0,experts=4,top_k=2") << 5e-2 << 2; // a near-tie in routing moves more
}

void TestExecutor::decodeMatchesReference()
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
        QVERIFY2(worst < tol, qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
        if (tol <= 1e-4) // greedy tokens must be identical for exact formats
            QCOMPARE(mismatches, 0);
    }
}

void TestExecutor::prefillMatchesReference_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("prompt");
    QTest::addColumn<double>("tol");
    const QString base = QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=3,dtype=");
    QTest::newRow("f32-37") << base + QStringLiteral("f32") << 37 << 1e-4;
    QTest::newRow("f16-5") << base + QStringLiteral("f16") << 5 << 1e-4;
    QTest::newRow("bf16-40") << base + QStringLiteral("bf16") << 40 << 1e-4;
    QTest::newRow("q8_0-33") << base + QStringLiteral("q8_0") << 33 << 3e-2;
    QTest::newRow("odd-f32-19") << QStringLiteral("dim=40,layers=2,heads=4,kv_heads=1,ffn=72,vocab=50,dtype=f32") << 19 << 1e-4;
    QTest::newRow("moe-f32-30") << base + QStringLiteral("f32,experts=4,top_k=2") << 30 << 1e-4;
}

void TestExecutor::prefillMatchesReference()
{
    QFETCH(QString, spec);
    QFETCH(int, prompt);
    QFETCH(double, tol);
    auto m = makeModel(spec);
    KernelGuard guard;
    std::vector<int> tokens;
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
        const float* logits = ex.prefill(tokens.data(), prompt);
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
        qInfo("%s %s prompt %d: worst relative logit error %.3g", ks->name, qPrintable(spec), prompt, worst);
        QVERIFY2(worst < tol, qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
    }
}

void TestExecutor::quantisedCloseToF32_data()
{
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("tol");
    // Quantisation tolerance against the unquantised weights: f16 keeps 11 significant bits,
    // bf16 8, q8_0 about 8 with a per-block scale (and 8-bit activations).
    QTest::newRow("f16") << QStringLiteral("f16") << 5e-3;
    QTest::newRow("bf16") << QStringLiteral("bf16") << 3e-2;
    QTest::newRow("q8_0") << QStringLiteral("q8_0") << 5e-2;
}

void TestExecutor::quantisedCloseToF32()
{
    QFETCH(QString, dtype);
    QFETCH(double, tol);
    const QString base = QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=5,dtype=");
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

void TestExecutor::ggufAndLlama2cAgree()
{
    auto g = makeModel(QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=9,dtype=f32"));
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

void TestExecutor::llama2cSeparateClassifier()
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
    QVERIFY(std::memcmp(a, b, 40 * sizeof(float)) == 0);
}

void TestExecutor::syntheticIsDeterministic()
{
    QString err;
    const auto s = parseSyntheticSpec(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=q8_0,seed=4"), &err);
    QVERIFY(s);
    const AlignedBuffer a = writeSyntheticGguf(*s), b = writeSyntheticGguf(*s);
    QCOMPARE(a.size(), b.size());
    QVERIFY(std::memcmp(a.data(), b.data(), a.size()) == 0);
    auto m = makeModel(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=f16"));
    QCOMPARE(m->vocab.size(), std::size_t(40));
    QCOMPARE(m->weightType(), DType::F16);
}

void TestExecutor::specErrorsNameTheField_data()
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

void TestExecutor::specErrorsNameTheField()
{
    QFETCH(QString, spec);
    QFETCH(QString, field);
    QString err;
    QVERIFY(!parseSyntheticSpec(spec, &err));
    QVERIFY2(err.contains(field), qPrintable(err));
}

void TestExecutor::tokenText()
{
    QCOMPARE(is::exec::tokenText("\xe2\x96\x81hello"), std::string(" hello"));
    QCOMPARE(is::exec::tokenText("<0x41>"), std::string("A"));
}

void TestExecutor::predictionKnowsCacheTiers()
{
    MachineProfile m;
    m.read_bw_bytes_s = 20e9;
    m.llc_bytes = 32u << 20;
    m.llc_bw_bytes_s = 80e9;
    m.peak_flops = 200e9;
    m.threads = 2;
    m.sync_s = 1e-6;
    DecodeWorkload big{400e6, 10e6, 2 * 100e6, 61};
    const DecodePrediction pb = predictDecode(m, big);
    QVERIFY(!pb.in_llc);
    QCOMPARE(pb.bandwidth, 20e9);
    QVERIFY(qAbs(pb.seconds_per_token - (410e6 / 20e9 + 61e-6)) < 1e-9);
    DecodeWorkload small{16e6, 1e6, 2 * 4e6, 21};
    const DecodePrediction ps = predictDecode(m, small);
    QVERIFY(ps.in_llc);
    QCOMPARE(ps.bandwidth, 80e9);
    // A working set beyond 3/4 of the LLC streams from DRAM.
    DecodeWorkload edge{30e6, 0, 0, 1};
    QVERIFY(!predictDecode(m, edge).in_llc);
    // The kernel's in-cache rate adds to the streaming time.
    m.dot_bytes_s = 40e9;
    QVERIFY(qAbs(predictDecode(m, big).seconds_per_token - (410e6 / 20e9 + 400e6 / 40e9 + 61e-6)) < 1e-9);
    // Compute-bound when the FLOPs dominate.
    DecodeWorkload heavy{1e6, 0, 1e12, 0};
    QVERIFY(qAbs(predictDecode(m, heavy).seconds_per_token - 5.0) < 1e-9);
}

void TestExecutor::probesGiveSaneNumbers()
{
    const CacheSizes c = cacheSizes();
    QVERIFY(c.llc > 0);
    ThreadPool pool(2);
    MachineProbe probe(pool);
    const double peak = probe.peakFlops(1);
    QVERIFY(peak > 1e8 && peak < 1e14);
    const double sync = probe.syncSeconds();
    QVERIFY(sync > 0 && sync < 0.1);
    QVERIFY(probe.dotRate(DType::Q8_0) > 1e7);
}

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
