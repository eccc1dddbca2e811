// SPDX-License-Identifier: MIT
// The decode executor's kernels alone, on every instruction-set path this CPU can run, against
// double precision: the prefill GEMM and its tiles and buffers, softmax, argmax and the dot
// products of a matrix-vector step.
#include "ExecutorFixture.h"

#include "executor/AlignedVector.h"
#include "executor/Gemm.h"
#include "executor/Kernels.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>

using namespace is::exec;
using namespace is::exec::test;

namespace {

// Deterministic uniform floats in [-1, 1): a 64-bit LCG, so every run tests the same values.
float nextUniform(std::uint64_t& seed)
{
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>(static_cast<std::int64_t>(seed >> 40) - (1 << 23)) /
           static_cast<float>(1 << 23);
}

} // namespace

class TestExecutorKernels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gemmMatchesDouble_data()
    {
        // Against the weights as stored (converted exactly to double), so only f32 rounding of the
        // products and sums remains: the same bound for every format.
        addFormatRows({{"f32", 1e-4}, {"f16", 1e-4}, {"bf16", 1e-4}, {"q8_0", 1e-4}});
    }

    // The prefill GEMM directly: several panel groups per thread (claimed from the shared counter),
    // a partial last panel and group, several token tiles with a partial last one, several k blocks
    // with a partial last one, each output mode, every instruction set; results against a
    // double-precision product of the stored weights.
    void gemmMatchesDouble()
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
        const Tensor tw = tensorOver(wbuf, type, rows, cols, rowB),
                     tu = tensorOver(ubuf, type, rows, cols, rowB);
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
                  {&tu,
                   nullptr,
                   {GemmOut::AccumulateT, accG.data(), out.kpad, scale.data(), reversed.data()}}},
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
                    worst = std::max(worst,
                                     std::fabs(accG[out.index(r, tokens - 1 - t)] - accumulated) / scaleRef);
                }
            }
            qInfo("%s %s: worst relative error %.3g", ks->name, qPrintable(dtype), worst);
            QVERIFY2(worst < tol,
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(ks->name)).arg(worst)));
        }
    }

    // The kernels load 64-byte vectors from the packed panels, output tiles and activation blocks; a
    // buffer that starts mid-line makes every such load straddle two lines (plain std::vector
    // storage is only 16-byte aligned).
    void gemmBuffersStartOnCacheLines()
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

    // A tile with fewer tokens than the kernel's width (a short prompt, a prompt's last tile)
    // computes its tokens, from zero or on top of what the tile held, and leaves the columns past
    // its last whole vector as they were: every token count on every instruction set, against
    // double precision.
    void gemmTileRunsOnlyItsTokens()
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
                    ks->gemmTile(xt.data(), panel.data(), 16, 16 * R, klen, toks, ct.data(), accumulate,
                                 nullptr, 0);
                    const std::size_t computed = (toks + 15) / 16 * 16; // whole vectors on any set
                    for (std::size_t j = 0; j < R; ++j) {
                        for (std::size_t t = 0; t < T; ++t) {
                            const float before = 1000.0f + static_cast<float>(j * T + t);
                            const float got = ct[j * T + t];
                            if (t >= computed) {
                                QVERIFY2(got == before,
                                         qPrintable(QStringLiteral("%1 toks %2: column %3 written")
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

    // Attention's scaled softmax on every instruction set: lengths around the vector widths (masked
    // and scalar tails), scores far apart (e^x of the smallest underflows), one score alone.
    void softmaxMatchesDouble()
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
    void argmaxTakesTheFirstLargest()
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
                        for (std::size_t i :
                             {std::size_t(1), std::size_t(9), std::size_t(17), std::size_t(18)})
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
    void softmaxColumnsMatchesDouble()
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

    // The decode kernel directly, every format on every instruction set: several rows one after
    // another, Q8_0 rows of an odd and an even number of blocks (pairs and a last single block).
    // Against double precision of the stored weights and, for Q8_0, of the quantised activation.
    void dotRowsMatchDouble()
    {
        std::uint64_t seed = 2024;
        auto rnd = [&] { return nextUniform(seed); };
        const std::size_t rows = 7;
        for (const KernelSet* ks : availableSets()) {
            for (DType type : {DType::F32, DType::F16, DType::BF16, DType::Q8_0}) {
                // Whole steps of the widest loop, single vectors after them, a tail of part of a vector
                // (f32/f16/bf16; Q8_0 rows are whole 32-column blocks).
                for (std::size_t cols :
                     {std::size_t(128), std::size_t(160), std::size_t(224), std::size_t(72), std::size_t(200),
                      std::size_t(77), std::size_t(203)}) {
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
                        xs[k] = type == DType::Q8_0 ? static_cast<double>(xq[k / kQ8Block].d) *
                                                          xq[k / kQ8Block].qs[k % kQ8Block]
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
};

QTEST_GUILESS_MAIN(TestExecutorKernels)
#include "tst_executor_kernels.moc"
