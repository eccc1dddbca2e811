// SPDX-License-Identifier: MIT
// Correctness of the decode executor against a double-precision reference forward pass, for
// every weight format and every instruction-set path this CPU can run.
#include "ReferenceModel.h"

#include "engine/ThisMachine.h"
#include "executor/AlignedVector.h"
#include "executor/BenchDecode.h"
#include "executor/Executor.h"
#include "executor/Gemm.h"
#include "executor/GgufReader.h"
#include "executor/Kernels.h"
#include "executor/Llama2cReader.h"
#include "executor/MachineProbe.h"
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

namespace {

// Odd sizes: a head of 10 dimensions (not a multiple of the kernels' 16-float blocks), one KV
// head for four query heads, a hidden size and vocabulary off every block size.
const QString kOddSpec = QStringLiteral("dim=40,layers=2,heads=4,kv_heads=1,ffn=72,vocab=50,dtype=f32");

// Deterministic uniform floats in [-1, 1): a 64-bit LCG, so every run tests the same values.
float nextUniform(std::uint64_t& seed)
{
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>(static_cast<std::int64_t>(seed >> 40) - (1 << 23)) /
           static_cast<float>(1 << 23);
}

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
    void specErrorsQuoteTheValue();
    void tokenText();
    void gemmMatchesDouble_data();
    void gemmMatchesDouble();
    void gemmBuffersStartOnCacheLines();
    void gemmTileRunsOnlyItsTokens();
    void softmaxMatchesDouble();
    void argmaxTakesTheFirstLargest();
    void softmaxColumnsMatchesDouble();
    void staleCacheDoesNotLeak();
    void dotRowsMatchDouble();
    void predictionKnowsCacheTiers();
    void benchHonoursCancel();
    void benchModelFailuresExplainThemselves();
    void modelFileReadHonoursCancel();
    void probesGiveSaneNumbers();
    void decodeRegionsCoverTheWeights_data();
    void decodeRegionsCoverTheWeights();
    void streamSamplesContinueTheSweep();
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
    QTest::newRow("odd-dims-f32") << kOddSpec << 1e-4 << 3;
    QTest::newRow("moe-f32") << base + QStringLiteral("f32,experts=4,top_k=2") << 1e-4 << 2;
    QTest::newRow("moe-q8_0") << base + QStringLiteral("q8_0,experts=4,top_k=2") << 5e-2
                              << 2; // a near-tie in routing moves more
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
        QVERIFY2(worst < tol,
                 qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
        if (tol <= 1e-4) // greedy tokens must be identical for exact formats
            QCOMPARE(mismatches, 0);
    }
}

void TestExecutor::prefillMatchesReference_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("prompt");
    QTest::addColumn<double>("tol");
    // Tokens of the prompt prefilled by a first call, the rest by a second one starting there
    // (its attention reads the first call's keys and values); 0: one call.
    QTest::addColumn<int>("first");
    const QString base = QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,seed=3,dtype=");
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

void TestExecutor::prefillMatchesReference()
{
    QFETCH(QString, spec);
    QFETCH(int, prompt);
    QFETCH(double, tol);
    QFETCH(int, first);
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
        qInfo("%s %s prompt %d: worst relative logit error %.3g", ks->name, qPrintable(spec), prompt, worst);
        QVERIFY2(worst < tol,
                 qPrintable(QStringLiteral("%1: %2 >= %3").arg(QLatin1String(ks->name)).arg(worst).arg(tol)));
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
    const auto s =
        parseSyntheticSpec(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=q8_0,seed=4"), &err);
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

void TestExecutor::specErrorsQuoteTheValue()
{
    // A '%3' typed as the value is echoed as typed, not replaced by the range that follows it.
    QString err;
    QVERIFY(!parseSyntheticSpec(QStringLiteral("dim=%3"), &err));
    QCOMPARE(err, QStringLiteral("--synthetic: dim '%3' must be an integer in 2..65536"));
}

void TestExecutor::tokenText()
{
    QCOMPARE(is::exec::tokenText("\xe2\x96\x81hello"), std::string(" hello"));
    QCOMPARE(is::exec::tokenText("<0x41>"), std::string("A"));
}

void TestExecutor::gemmMatchesDouble_data()
{
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("tol");
    // Against the weights as stored (converted exactly to double), so only f32 rounding of the
    // products and sums remains: the same bound for every format.
    QTest::newRow("f32") << QStringLiteral("f32") << 1e-4;
    QTest::newRow("f16") << QStringLiteral("f16") << 1e-4;
    QTest::newRow("bf16") << QStringLiteral("bf16") << 1e-4;
    QTest::newRow("q8_0") << QStringLiteral("q8_0") << 1e-4;
}

// The prefill GEMM directly: several panel groups per thread (claimed from the shared counter),
// a partial last panel and group, several token tiles with a partial last one, several k blocks
// with a partial last one, each output mode, every instruction set; results against a
// double-precision product of the stored weights.
void TestExecutor::gemmMatchesDouble()
{
    QFETCH(QString, dtype);
    QFETCH(double, tol);
    const DType type = *dtypeFromName(dtype.toStdString());
    const std::size_t rows = 173, cols = 608, tokens = 77;
    const std::size_t rowB = *rowBytes(type, cols);
    AlignedBuffer wbuf(rowB * rows), ubuf(rowB * rows);
    std::vector<double> w(rows * cols), u(rows * cols);
    std::vector<float> tmp(cols);
    std::uint64_t seed = 12345;
    auto rnd = [&] { return nextUniform(seed); };
    for (AlignedBuffer* b : {&wbuf, &ubuf}) {
        std::vector<double>& ref = b == &wbuf ? w : u;
        for (std::size_t r = 0; r < rows; ++r) {
            for (float& v : tmp)
                v = rnd();
            floatToRow(type, tmp.data(), cols, b->data() + r * rowB);
            rowToFloat(type, b->data() + r * rowB, cols, tmp.data()); // the stored values
            for (std::size_t k = 0; k < cols; ++k)
                ref[r * cols + k] = tmp[k];
        }
    }
    auto tensor = [&](const AlignedBuffer& b) {
        Tensor t;
        t.type = type;
        t.cols = cols;
        t.rows = rows;
        t.rowStride = rowB;
        t.data = b.data();
        return t;
    };
    const Tensor tw = tensor(wbuf), tu = tensor(ubuf);
    std::vector<double> x(tokens * cols);
    for (double& v : x)
        v = rnd();
    std::vector<double> yw(tokens * rows, 0.0), yu(tokens * rows, 0.0);
    for (std::size_t t = 0; t < tokens; ++t)
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t k = 0; k < cols; ++k) {
                yw[t * rows + r] += w[r * cols + k] * x[t * cols + k];
                yu[t * rows + r] += u[r * cols + k] * x[t * cols + k];
            }
    KernelGuard guard;
    for (const KernelSet* ks : availableSets()) {
        setKernelSet(ks);
        ThreadPool pool(2);
        GemmScratch scratch;
        const std::size_t kpad = (cols + 15) / 16 * 16;
        const XtLayout lay{ks->gemmTokens, kpad};
        std::vector<float> xt(lay.floats(tokens), 0.0f);
        for (std::size_t t = 0; t < tokens; ++t)
            for (std::size_t k = 0; k < cols; ++k)
                xt[lay.index(k, t)] = static_cast<float>(x[t * cols + k]);
        // Store, and Accumulate with per-token scales into a prefilled output.
        std::vector<float> store(tokens * rows, -7.0f), acc(tokens * rows, 0.5f), scale(tokens);
        for (std::size_t t = 0; t < tokens; ++t)
            scale[t] = 0.25f + static_cast<float>(t % 5);
        gemm(pool, scratch,
             {{&tw, nullptr, {GemmOut::Store, store.data(), rows, nullptr, nullptr}},
              {&tu, nullptr, {GemmOut::Accumulate, acc.data(), rows, scale.data(), nullptr}}},
             xt.data(), kpad, tokens);
        // SwiGLU into the next product's transposed block.
        const XtLayout out{ks->gemmTokens, (rows + 15) / 16 * 16};
        std::vector<float> ht(out.floats(tokens), 0.0f);
        gemm(pool, scratch, {{&tw, &tu, {GemmOut::SwiGluT, ht.data(), out.kpad, nullptr, nullptr}}},
             xt.data(), kpad, tokens);
        // Store and accumulate into blocks of that layout: in place, and gathered (token t's
        // column is tokens - 1 - t), the accumulations with per-token scales.
        std::vector<float> storeT(out.floats(tokens), -7.0f), accT(out.floats(tokens), 0.5f),
            accG(out.floats(tokens), 0.5f);
        std::vector<int> reversed(tokens);
        for (std::size_t t = 0; t < tokens; ++t)
            reversed[t] = static_cast<int>(tokens - 1 - t);
        gemm(pool, scratch,
             {{&tw, nullptr, {GemmOut::StoreT, storeT.data(), out.kpad, nullptr, nullptr}},
              {&tu, nullptr, {GemmOut::AccumulateT, accT.data(), out.kpad, scale.data(), nullptr}},
              {&tu, nullptr, {GemmOut::AccumulateT, accG.data(), out.kpad, scale.data(), reversed.data()}}},
             xt.data(), kpad, tokens);
        double worst = 0, scaleRef = 0;
        for (std::size_t t = 0; t < tokens; ++t)
            for (std::size_t r = 0; r < rows; ++r)
                scaleRef = std::max(scaleRef, std::fabs(yw[t * rows + r]));
        for (std::size_t t = 0; t < tokens; ++t) {
            for (std::size_t r = 0; r < rows; ++r) {
                const double g = yw[t * rows + r], up = yu[t * rows + r];
                const double silu = g / (1.0 + std::exp(-g)) * up;
                worst = std::max(worst, std::fabs(store[t * rows + r] - g) / scaleRef);
                worst = std::max(worst, std::fabs(acc[t * rows + r] - (0.5 + scale[t] * up)) / scaleRef);
                worst = std::max(worst, std::fabs(ht[out.index(r, t)] - silu) / (scaleRef * scaleRef));
                worst = std::max(worst, std::fabs(storeT[out.index(r, t)] - g) / scaleRef);
                const double accumulated = 0.5 + scale[t] * up;
                worst = std::max(worst, std::fabs(accT[out.index(r, t)] - accumulated) / scaleRef);
                worst =
                    std::max(worst, std::fabs(accG[out.index(r, tokens - 1 - t)] - accumulated) / scaleRef);
            }
        }
        qInfo("%s %s: worst relative error %.3g", ks->name, qPrintable(dtype), worst);
        QVERIFY2(worst < tol, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(ks->name)).arg(worst)));
    }
}

// A tile with fewer tokens than the kernel's width (a short prompt, a prompt's last tile)
// computes its tokens, from zero or on top of what the tile held, and leaves the columns past
// its last whole vector as they were: every token count on every instruction set, against
// double precision.
void TestExecutor::gemmTileRunsOnlyItsTokens()
{
    std::uint64_t seed = 99;
    for (const KernelSet* ks : availableSets()) {
        const std::size_t R = ks->gemmRows, T = ks->gemmTokens, klen = 48;
        AlignedVector<float> panel(klen * R), xt(klen * T), ct(R * T);
        for (float& v : panel)
            v = nextUniform(seed);
        for (float& v : xt)
            v = nextUniform(seed);
        for (const bool accumulate : {false, true}) {
            for (std::size_t toks = 1; toks <= T; ++toks) {
                for (std::size_t i = 0; i < ct.size(); ++i)
                    ct[i] = 1000.0f + static_cast<float>(i);
                ks->gemmTile(xt.data(), panel.data(), 16, 16 * R, klen, toks, ct.data(), accumulate, nullptr,
                             0);
                const std::size_t computed = (toks + 15) / 16 * 16; // whole vectors on any set
                for (std::size_t j = 0; j < R; ++j) {
                    for (std::size_t t = 0; t < T; ++t) {
                        const float before = 1000.0f + static_cast<float>(j * T + t);
                        const float got = ct[j * T + t];
                        if (t >= computed) {
                            QVERIFY2(got == before, qPrintable(QStringLiteral("%1 toks %2: column %3 written")
                                                                   .arg(QLatin1String(ks->name))
                                                                   .arg(toks)
                                                                   .arg(t)));
                            continue;
                        }
                        if (t >= toks)
                            continue; // inside the last vector: computed or not, either is right
                        double want = accumulate ? before : 0.0;
                        for (std::size_t k = 0; k < klen; ++k)
                            want += static_cast<double>(panel[(k / 16) * 16 * R + j * 16 + k % 16]) *
                                    xt[k * T + t];
                        QVERIFY2(std::fabs(got - want) <= 1e-4 * std::max(1.0, std::fabs(want)),
                                 qPrintable(QStringLiteral("%1 toks %2 row %3 token %4: %5 vs %6")
                                                .arg(QLatin1String(ks->name))
                                                .arg(toks)
                                                .arg(j)
                                                .arg(t)
                                                .arg(got)
                                                .arg(want)));
                    }
                }
            }
        }
    }
}

// The kernels load 64-byte vectors from the packed panels, output tiles and activation blocks; a
// buffer that starts mid-line makes every such load straddle two lines (plain std::vector
// storage is only 16-byte aligned).
void TestExecutor::gemmBuffersStartOnCacheLines()
{
    GemmScratch scratch;
    scratch.reserve(3, 4613, 389);
    for (int t = 0; t < 3; ++t) {
        QCOMPARE(reinterpret_cast<std::uintptr_t>(scratch.panels(t)) % 64, std::uintptr_t(0));
        QCOMPARE(reinterpret_cast<std::uintptr_t>(scratch.tiles(t)) % 64, std::uintptr_t(0));
    }
    for (std::size_t n : {1, 17, 100000}) {
        AlignedVector<float> v(n);
        QCOMPARE(reinterpret_cast<std::uintptr_t>(v.data()) % 64, std::uintptr_t(0));
    }
}

// Attention's scaled softmax on every instruction set: lengths around the vector widths (masked
// and scalar tails), scores far apart (e^x of the smallest underflows), one score alone.
void TestExecutor::softmaxMatchesDouble()
{
    const float scale = 0.125f;
    std::uint64_t seed = 99;
    for (const KernelSet* ks : availableSets()) {
        for (std::size_t n : {1, 7, 8, 16, 17, 33, 130}) {
            std::vector<float> x(n);
            for (float& v : x)
                v = nextUniform(seed) * 400.0f;
            double top = -1e300, sum = 0;
            for (float v : x)
                top = std::max(top, static_cast<double>(v) * scale);
            std::vector<double> ref(n);
            for (std::size_t i = 0; i < n; ++i)
                sum += ref[i] = std::exp(static_cast<double>(x[i]) * scale - top);
            ks->softmax(x.data(), n, scale);
            double total = 0;
            for (std::size_t i = 0; i < n; ++i) {
                QVERIFY2(std::fabs(x[i] - ref[i] / sum) <= 1e-6 + 1e-5 * ref[i] / sum,
                         qPrintable(QStringLiteral("%1 n=%2 i=%3: %4 vs %5")
                                        .arg(QLatin1String(ks->name))
                                        .arg(n)
                                        .arg(i)
                                        .arg(x[i])
                                        .arg(ref[i] / sum)));
                total += x[i];
            }
            QVERIFY(std::fabs(total - 1.0) < 1e-5);
        }
    }
}

// Greedy sampling's argmax on every instruction set against the plain loop: runs of every length
// around the vector widths, the largest value repeated later (the first wins, also when the
// repeat sits in the same lane, another lane or the tail), NaN entries (never chosen), all
// -infinity or all NaN (0).
void TestExecutor::argmaxTakesTheFirstLargest()
{
    auto reference = [](const std::vector<float>& v) {
        std::size_t at = 0;
        float best = -std::numeric_limits<float>::infinity();
        for (std::size_t i = 0; i < v.size(); ++i)
            if (v[i] > best)
                best = v[i], at = i;
        return at;
    };
    std::uint64_t seed = 5;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const KernelSet* ks : availableSets()) {
        for (std::size_t n : {0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 100, 4101}) {
            for (int pattern = 0; pattern < 6; ++pattern) {
                std::vector<float> v(n);
                for (float& x : v)
                    x = nextUniform(seed);
                if (n >= 2 && pattern == 1) { // a tie: the same largest value at two places
                    const std::size_t a = n / 3, b = n - 1;
                    v[a] = v[b] = 5.0f;
                }
                if (n >= 2 && pattern == 2) // NaN around the largest value
                    for (std::size_t i = 0; i < n; i += 3)
                        v[i] = nan;
                if (pattern == 3)
                    std::fill(v.begin(), v.end(), -inf);
                if (pattern ==
                    4) // the same largest value twice in one lane (8 and 16 apart), and in the next
                    for (std::size_t i : {std::size_t(1), std::size_t(9), std::size_t(17), std::size_t(18)})
                        if (i < n)
                            v[i] = 7.0f;
                if (pattern == 5)
                    std::fill(v.begin(), v.end(), nan);
                const std::size_t want = reference(v);
                QVERIFY2(ks->argmax(v.data(), n) == want,
                         qPrintable(QStringLiteral("%1 n=%2 pattern %3: %4, want %5")
                                        .arg(QLatin1String(ks->name))
                                        .arg(n)
                                        .arg(pattern)
                                        .arg(ks->argmax(v.data(), n))
                                        .arg(want)));
            }
        }
    }
}

// The column softmax of prefill attention on every instruction set: each column over its own
// causal length (one more than the column before, cut at the rows), zero below it; scores far
// apart; the first column of a tile seeing a single position.
void TestExecutor::softmaxColumnsMatchesDouble()
{
    const float scale = 0.125f;
    std::uint64_t seed = 7;
    for (const KernelSet* ks : availableSets()) {
        const std::size_t T = ks->gemmTokens;
        for (const auto& [rows, firstLen] :
             {std::pair<std::size_t, std::size_t>{1, 1}, {40, 1}, {40, 9}, {96, 80}}) {
            std::vector<float> x(rows * T);
            for (float& v : x)
                v = nextUniform(seed) * 400.0f;
            std::vector<double> ref(rows * T, 0.0);
            for (std::size_t i = 0; i < T; ++i) {
                const std::size_t len = std::min(rows, firstLen + i);
                double top = -1e300, sum = 0;
                for (std::size_t p = 0; p < len; ++p)
                    top = std::max(top, static_cast<double>(x[p * T + i]) * scale);
                for (std::size_t p = 0; p < len; ++p)
                    sum += ref[p * T + i] = std::exp(static_cast<double>(x[p * T + i]) * scale - top);
                for (std::size_t p = 0; p < len; ++p)
                    ref[p * T + i] /= sum;
            }
            ks->softmaxColumns(x.data(), rows, firstLen, scale);
            for (std::size_t k = 0; k < x.size(); ++k)
                QVERIFY2(std::fabs(x[k] - ref[k]) <= 1e-6 + 1e-5 * ref[k],
                         qPrintable(QStringLiteral("%1 rows=%2 first=%3 row %4 column %5: %6 vs %7")
                                        .arg(QLatin1String(ks->name))
                                        .arg(rows)
                                        .arg(firstLen)
                                        .arg(k / T)
                                        .arg(k % T)
                                        .arg(x[k])
                                        .arg(ref[k])));
        }
    }
}

// A sequence that overflowed leaves NaN keys and values in the cache. A later, shorter sequence
// must not read them: prefill attention reads keys in 16-float blocks (a head of 10 dimensions
// runs into the next position's key) and values in 16-position blocks.
void TestExecutor::staleCacheDoesNotLeak()
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
        QVERIFY2(worst < 1e-4, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(ks->name)).arg(worst)));
    }
}

// The decode kernel directly, every format on every instruction set: several rows one after
// another, Q8_0 rows of an odd and an even number of blocks (pairs and a last single block).
// Against double precision of the stored weights and, for Q8_0, of the quantised activation.
void TestExecutor::dotRowsMatchDouble()
{
    std::uint64_t seed = 2024;
    auto rnd = [&] { return nextUniform(seed); };
    const std::size_t rows = 7;
    for (const KernelSet* ks : availableSets()) {
        for (DType type : {DType::F32, DType::F16, DType::BF16, DType::Q8_0}) {
            // Whole steps of the widest loop, single vectors after them, a tail of part of a vector
            // (f32/f16/bf16; Q8_0 rows are whole 32-column blocks).
            for (std::size_t cols : {std::size_t(128), std::size_t(160), std::size_t(224), std::size_t(72),
                                     std::size_t(200), std::size_t(77), std::size_t(203)}) {
                if (type == DType::Q8_0 && cols % kQ8Block != 0)
                    continue;
                const std::size_t rowB = *rowBytes(type, cols);
                AlignedBuffer w(rowB * rows);
                std::vector<float> tmp(cols), x(cols);
                std::vector<double> ref(rows * cols);
                for (std::size_t r = 0; r < rows; ++r) {
                    for (float& v : tmp)
                        v = rnd();
                    floatToRow(type, tmp.data(), cols, w.data() + r * rowB);
                    rowToFloat(type, w.data() + r * rowB, cols, tmp.data());
                    for (std::size_t k = 0; k < cols; ++k)
                        ref[r * cols + k] = tmp[k];
                }
                for (float& v : x)
                    v = rnd();
                std::vector<BlockQ8x> xq(cols / kQ8Block);
                quantizeQ8x(x.data(), cols, xq.data());
                std::vector<double> xs(cols); // what the kernel multiplies by
                for (std::size_t k = 0; k < cols; ++k)
                    xs[k] = type == DType::Q8_0
                                ? static_cast<double>(xq[k / kQ8Block].d) * xq[k / kQ8Block].qs[k % kQ8Block]
                                : x[k];
                std::vector<float> out(rows);
                ks->dotRows(type, w.data(), rowB, cols, rows, x.data(), xq.data(), out.data());
                for (std::size_t r = 0; r < rows; ++r) {
                    double want = 0, mag = 0;
                    for (std::size_t k = 0; k < cols; ++k) {
                        want += ref[r * cols + k] * xs[k];
                        mag += std::fabs(ref[r * cols + k] * xs[k]);
                    }
                    QVERIFY2(std::fabs(out[r] - want) <= 1e-5 * mag,
                             qPrintable(QStringLiteral("%1 %2 cols=%3 row %4: %5 vs %6")
                                            .arg(QLatin1String(ks->name), QLatin1String(dtypeName(type)))
                                            .arg(cols)
                                            .arg(r)
                                            .arg(out[r])
                                            .arg(want)));
                }
            }
        }
    }
}

void TestExecutor::predictionKnowsCacheTiers()
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
        *bytes = m->matmulFlopsPerToken(true) / 2.0 * 4.0 + 4.0 * m->cfg.dim * (2 * m->cfg.layers + 1) + kv;
        QString err;
        const auto e = is::estimateThisMachine(p, d, is::Precision::FP32, is::Precision::FP32,
                                               is::Precision::FP32, 128, 64, &err);
        [&] { QVERIFY2(e.has_value(), qPrintable(err)); }();
        *fromCache = e && e->decodeFromCache;
        return e ? e->tpotS : 0.0;
    };
    double small = 0, big = 0;
    bool cached = false;
    const double ts = decodeS(
        QStringLiteral("dim=256,layers=4,heads=4,kv_heads=4,ffn=768,vocab=4096,dtype=f32"), &small, &cached);
    QVERIFY(cached);
    QVERIFY2(qAbs(ts - small / 80e9) / (small / 80e9) < 0.02, qPrintable(QString::number(ts * 80e9 / small)));
    const double tb =
        decodeS(QStringLiteral("dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f32"), &big,
                &cached);
    QVERIFY(!cached);
    QVERIFY2(qAbs(tb - big / 20e9) / (big / 20e9) < 0.02, qPrintable(QString::number(tb * 20e9 / big)));
}

// What the command line and the measure panel load through: a synthetic model's size is known
// before it is generated (hand-computed, and equal to the loaded tensors), one too large for this
// machine is refused without allocating it, and bad input names the file or the field.
void TestExecutor::benchModelFailuresExplainThemselves()
{
    QString err;
    const auto small = parseSyntheticSpec(
        QStringLiteral("dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=96,dtype=f16"), &err);
    QVERIFY(small);
    // 2 x 64 x 96 (embedding, output) + 2 layers x (2 x 64 x 64 + 2 x 64 x 32 + 3 x 64 x 96), 2 bytes each.
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
    QVERIFY2(missing.error.contains(QStringLiteral("/nonexistent/model.gguf")), qPrintable(missing.error));
}

void TestExecutor::benchHonoursCancel()
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

// A model file is read in chunks with a cancel poll before each: a cancelled load stops
// reading where it was asked to, and the measure panel's loader reports it as cancelled.
void TestExecutor::modelFileReadHonoursCancel()
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

void TestExecutor::probesGiveSaneNumbers()
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

void TestExecutor::decodeRegionsCoverTheWeights_data()
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
void TestExecutor::decodeRegionsCoverTheWeights()
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
void TestExecutor::streamSamplesContinueTheSweep()
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

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
