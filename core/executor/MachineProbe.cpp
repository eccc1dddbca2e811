// SPDX-License-Identifier: MIT
#include "executor/MachineProbe.h"

#include "executor/AlignedVector.h"
#include "executor/Gemm.h"
#include "executor/Kernels.h"

#include <QFile>
#include <QString>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

#include <time.h>
#include <unistd.h>

namespace is::exec {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

std::size_t parseSize(QString s)
{
    s = s.trimmed();
    std::size_t mult = 1;
    if (s.endsWith(QLatin1Char('K'))) {
        mult = 1024;
        s.chop(1);
    } else if (s.endsWith(QLatin1Char('M'))) {
        mult = 1024 * 1024;
        s.chop(1);
    }
    bool ok = false;
    const qulonglong v = s.toULongLong(&ok);
    return ok ? static_cast<std::size_t>(v) * mult : 0;
}

QString readSys(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).trimmed();
}

std::atomic<std::uint64_t> g_sink{0}; // keeps probe loops from being optimised away

// Unread space between the streaming probe's regions: past the hardware prefetchers' reach
// within a page, and past the decode kernel's software prefetch distance (kDecodePrefetchBytes).
constexpr std::size_t kRegionGapBytes = std::size_t(64) << 10;

} // namespace

CacheSizes cacheSizes()
{
    CacheSizes c;
    for (int i = 0; i < 8; ++i) {
        const QString dir = QStringLiteral("/sys/devices/system/cpu/cpu0/cache/index%1/").arg(i);
        const QString level = readSys(dir + QStringLiteral("level"));
        if (level.isEmpty())
            break;
        const QString type = readSys(dir + QStringLiteral("type"));
        const std::size_t size = parseSize(readSys(dir + QStringLiteral("size")));
        if (level == QLatin1String("1") && type == QLatin1String("Data"))
            c.l1d = size;
        else if (level == QLatin1String("2"))
            c.l2 = size;
        else if (level.toInt() >= 3)
            c.llc = std::max(c.llc, size);
    }
#if defined(_SC_LEVEL3_CACHE_SIZE)
    if (c.llc == 0) {
        const long v = sysconf(_SC_LEVEL3_CACHE_SIZE);
        if (v > 0)
            c.llc = static_cast<std::size_t>(v);
    }
#endif
    if (c.llc == 0)
        c.llc = c.l2;
    return c;
}

MachineProbe::MachineProbe(ThreadPool& pool) : m_pool(pool), m_caches(cacheSizes()) {}

double MachineProbe::sweep(const AlignedBuffer& buf, int passes)
{
    const KernelSet& ks = kernels();
    const std::size_t lines = buf.size() / 64;
    const auto t0 = Clock::now();
    m_pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(lines, thread, threads);
        std::uint64_t acc = 0;
        for (int p = 0; p < passes; ++p)
            acc ^= ks.readStream(buf.data() + b * 64, (e - b) * 64);
        g_sink.fetch_xor(acc, std::memory_order_relaxed);
    });
    const double s = seconds(t0, Clock::now());
    return static_cast<double>(lines * 64) * passes / s;
}

double MachineProbe::readBandwidth(int reps)
{
    if (m_dram.empty()) {
        // 8x the LLC and at least 256 MiB, so each sweep is long enough to time and no cache
        // tier holds a meaningful share of it.
        const std::size_t bytes = std::max<std::size_t>(std::size_t(256) << 20, m_caches.llc * 8);
        m_dram = AlignedBuffer(bytes);
        for (std::size_t i = 0; i < bytes; i += 4096)
            m_dram.data()[i] = std::byte(i >> 12);
        sweep(m_dram, 1);
    }
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(std::max(reps, 0)));
    for (int r = 0; r < reps; ++r)
        v.push_back(sweep(m_dram, 1));
    return median(v);
}

double MachineProbe::llcBandwidth(int reps)
{
    if (m_llc.empty()) {
        const std::size_t bytes = std::max<std::size_t>(m_caches.llc / 2, std::size_t(1) << 20) / 4096 * 4096;
        m_llc = AlignedBuffer(bytes);
    }
    sweep(m_llc, 2); // warm it into the cache
    const int passes = std::max(1, static_cast<int>((std::size_t(64) << 20) / m_llc.size()));
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(std::max(reps, 0)));
    for (int r = 0; r < reps; ++r)
        v.push_back(sweep(m_llc, passes));
    return median(v);
}

double MachineProbe::peakFlops(int reps)
{
    const KernelSet& ks = kernels();
    // About 20 ms a burst at a few hundred GFLOP/s per core.
    const std::size_t iters = static_cast<std::size_t>(4e9 / ks.fmaFlopsPerIter);
    ks.fmaLoop(iters / 10); // raise the clock to its vector-unit frequency first
    double best = 0;
    m_peakPerCpu = 0;
    std::vector<double> perCpu(static_cast<std::size_t>(m_pool.size()));
    for (int r = 0; r < reps; ++r) {
        const auto t0 = Clock::now();
        m_pool.run([&](int task, int) {
            timespec a{}, b{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
            const float v = ks.fmaLoop(iters);
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
            const double cpu =
                static_cast<double>(b.tv_sec - a.tv_sec) + static_cast<double>(b.tv_nsec - a.tv_nsec) * 1e-9;
            perCpu[static_cast<std::size_t>(task)] =
                cpu > 0 ? ks.fmaFlopsPerIter * static_cast<double>(iters) / cpu : 0;
            g_sink.fetch_add(static_cast<std::uint64_t>(v), std::memory_order_relaxed);
        });
        for (double v : perCpu)
            m_peakPerCpu = std::max(m_peakPerCpu, v);
        const double s = seconds(t0, Clock::now());
        best = std::max(best, ks.fmaFlopsPerIter * static_cast<double>(iters) * m_pool.size() / s);
    }
    return best;
}

double MachineProbe::kernelBoundarySeconds(std::size_t width)
{
    const std::size_t n = std::max<std::size_t>(16, (width + 15) / 16 * 16);
    AlignedVector<float> x(n), y(n);
    // Sixteen partial sums, so the sums vectorise and the time is the vectors' trips, not a
    // chain of dependent adds.
    auto sum = [n](const float* v) {
        float part[16] = {};
        for (std::size_t k = 0; k < n; k += 16)
            for (std::size_t j = 0; j < 16; ++j)
                part[j] += v[k + j];
        float s = 0;
        for (float p : part)
            s += p;
        return s;
    };
    float carried = 0; // each round depends on the last: nothing can be hoisted out of the loop
    std::vector<double> v;
    for (int r = 0; r < 9; ++r) {
        const auto t0 = Clock::now();
        for (int i = 0; i < 200; ++i) {
            for (std::size_t k = 0; k < n; ++k)
                x[k] = carried + static_cast<float>(k);
            m_pool.run([&](int thread, int threads) {
                const auto [b, e] = ThreadPool::split(n, thread, threads, 16);
                const float s = sum(x.data()) * 1e-9f;
                for (std::size_t k = b; k < e; ++k)
                    y[k] = s + x[k];
            });
            carried = sum(y.data()) * 1e-9f;
        }
        v.push_back(seconds(t0, Clock::now()) / 200);
    }
    g_sink.fetch_add(static_cast<std::uint64_t>(carried), std::memory_order_relaxed);
    return median(v);
}

double MachineProbe::dotRate(DType type)
{
    const KernelSet& ks = kernels();
    const std::size_t cols = 1024;
    const std::size_t rowB = *rowBytes(type, cols);
    // Half of L2 per thread, so the rows stay resident between sweeps.
    const std::size_t rowsPerThread =
        std::max<std::size_t>(16, (m_caches.l2 ? m_caches.l2 : (1u << 20)) / 2 / rowB) / 4 * 4;
    const std::size_t threads = static_cast<std::size_t>(m_pool.size());
    AlignedBuffer w(rowB * rowsPerThread * threads);
    std::vector<float> row(cols);
    for (std::size_t i = 0; i < cols; ++i)
        row[i] = static_cast<float>(static_cast<int>(i % 17) - 8) * 0.01f;
    for (std::size_t r = 0; r < rowsPerThread * threads; ++r)
        floatToRow(type, row.data(), cols, w.data() + r * rowB);
    std::vector<float> x(cols, 0.5f);
    std::vector<BlockQ8x> xq(cols / kQ8Block);
    quantizeQ8x(x.data(), cols, xq.data());
    std::vector<std::vector<float>> out(threads, std::vector<float>(rowsPerThread));
    const int passes = std::max(1, static_cast<int>((std::size_t(16) << 20) / (rowB * rowsPerThread)));
    std::vector<double> v;
    for (int r = 0; r < 7; ++r) {
        const auto t0 = Clock::now();
        m_pool.run([&](int task, int) {
            const std::size_t t = static_cast<std::size_t>(task);
            const std::byte* base = w.data() + t * rowsPerThread * rowB;
            for (int p = 0; p < passes; ++p)
                for (std::size_t r0 = 0; r0 < rowsPerThread; r0 += 64)
                    ks.dotRows(type, base + r0 * rowB, rowB, cols,
                               std::min<std::size_t>(64, rowsPerThread - r0), x.data(), xq.data(),
                               out[t].data() + r0);
        });
        v.push_back(static_cast<double>(rowB * rowsPerThread * threads) * passes / seconds(t0, Clock::now()));
    }
    return median(v);
}

StreamSample MachineProbe::dotSweep(std::size_t rowBegin, std::size_t rowEnd)
{
    const KernelSet& ks = kernels();
    const DType type = m_streamType;
    const std::size_t cols = m_streamCols, rowB = *rowBytes(type, cols);
    // Rows left unread between regions: decode's matrices are separate tensors, so the start of
    // each one is cold, while back-to-back regions would find theirs already pulled in by the
    // previous region's prefetches running past its end.
    const std::size_t gapRows = (kRegionGapBytes + rowB - 1) / rowB;
    StreamSample sample;
    const auto t0 = Clock::now();
    for (std::size_t r0 = rowBegin; r0 < rowEnd;) {
        if (m_regionLeft == 0) { // the next region of the pattern
            m_regionLeft = m_streamRegionRows[m_regionCursor];
            m_regionCursor = (m_regionCursor + 1) % m_streamRegionRows.size();
        }
        // A region cut by rowEnd goes on where the next call starts.
        const std::size_t n = std::min(m_regionLeft, rowEnd - r0);
        // Decode's split: one fork-join per matrix, its rows contiguous per thread, 64 rows
        // per kernel call.
        m_pool.run([&](int task, int nt) {
            const auto [b, e] = ThreadPool::split(n, task, nt, 4);
            float* o = m_streamOut.data() + static_cast<std::size_t>(task) * 64;
            for (std::size_t r = b; r < e; r += 64)
                ks.dotRows(type, m_stream.data() + (r0 + r) * rowB, rowB, cols,
                           std::min<std::size_t>(64, e - r), m_streamX.data(), m_streamXq.data(), o);
        });
        sample.bytes += static_cast<double>(n * rowB);
        m_regionLeft -= n;
        r0 += n + (m_regionLeft == 0 ? gapRows : 0);
    }
    sample.seconds = seconds(t0, Clock::now());
    return sample;
}

double MachineProbe::streamRate(DType type, bool llc, const std::vector<std::size_t>& regionBytes,
                                std::size_t cols, int reps, std::size_t cacheBytes)
{
    cols = std::max<std::size_t>(kQ8Block, cols / kQ8Block * kQ8Block);
    const std::size_t rowB = *rowBytes(type, cols);
    const std::size_t halfLlc = std::max<std::size_t>(m_caches.llc / 2, std::size_t(1) << 20);
    const std::size_t bytes =
        llc ? std::clamp<std::size_t>(cacheBytes ? cacheBytes : halfLlc, std::size_t(1) << 20, halfLlc)
            : std::max<std::size_t>(std::size_t(256) << 20, m_caches.llc * 8);
    const std::size_t rows = std::max<std::size_t>(64, bytes / rowB);
    if (m_stream.size() != rows * rowB || m_streamType != type || m_streamLlc != llc ||
        m_streamCols != cols) {
        m_stream = AlignedBuffer();
        m_stream = AlignedBuffer(rows * rowB);
        std::vector<float> row(cols);
        for (std::size_t i = 0; i < cols; ++i)
            row[i] = static_cast<float>(static_cast<int>(i % 29) - 14) * 0.01f;
        floatToRow(type, row.data(), cols, m_stream.data());
        for (std::size_t r = 1; r < rows; ++r)
            std::memcpy(m_stream.data() + r * rowB, m_stream.data(), rowB);
        m_streamType = type;
        m_streamLlc = llc;
        m_streamCols = cols;
        m_streamCursor = 0;
        m_streamX.assign(cols, 0.5f);
        m_streamXq.resize(cols / kQ8Block + 1);
        quantizeQ8x(m_streamX.data(), cols, m_streamXq.data());
        m_streamOut.assign(static_cast<std::size_t>(m_pool.size()) * 64, 0.0f);
    }
    m_streamRegionRows.clear();
    for (std::size_t b : regionBytes)
        m_streamRegionRows.push_back(std::max<std::size_t>(4, b / rowB));
    if (m_streamRegionRows.empty())
        m_streamRegionRows.push_back(64);
    m_regionCursor = 0;
    m_regionLeft = 0;
    const int passes = llc ? std::max(1, static_cast<int>((std::size_t(64) << 20) / m_stream.size())) : 1;
    dotSweep(0, rows); // first touch, and warm into the LLC
    if (llc)
        dotSweep(0, rows);
    std::vector<double> v;
    for (int r = 0; r < reps; ++r) {
        StreamSample s;
        for (int p = 0; p < passes; ++p)
            s += dotSweep(0, rows);
        v.push_back(s.rate());
    }
    return median(v);
}

StreamSample MachineProbe::streamSample(std::size_t bytes)
{
    if (m_stream.empty() || m_streamLlc)
        return {};
    const std::size_t rowB = *rowBytes(m_streamType, m_streamCols);
    const std::size_t rows = m_stream.size() / rowB;
    const std::size_t want = std::max<std::size_t>(1, bytes / rowB);
    StreamSample sample;
    std::size_t read = 0;
    // A range holds gaps between regions, so it reads fewer rows than it spans: continue until
    // the rows read are the rows asked for.
    while (read < want) {
        const std::size_t n = std::min(want - read, rows - m_streamCursor);
        const StreamSample s = dotSweep(m_streamCursor, m_streamCursor + n);
        sample += s;
        read += static_cast<std::size_t>(s.bytes) / rowB;
        m_streamCursor = (m_streamCursor + n) % rows;
    }
    return sample;
}

double MachineProbe::gemmRate(int reps)
{
    const KernelSet& ks = kernels();
    const std::size_t n = 1024, tokens = 128;
    const std::size_t rowB = n * sizeof(float);
    AlignedBuffer w(n * rowB);
    std::vector<float> row(n);
    for (std::size_t i = 0; i < n; ++i)
        row[i] = static_cast<float>(static_cast<int>(i % 13) - 6) * 0.01f;
    for (std::size_t r = 0; r < n; ++r)
        std::memcpy(w.data() + r * rowB, row.data(), rowB);
    Tensor t;
    t.type = DType::F32;
    t.cols = n;
    t.rows = n;
    t.rowStride = rowB;
    t.data = w.data();
    const XtLayout lay{ks.gemmTokens, n};
    std::vector<float> xt(lay.floats(tokens), 0.25f), y(tokens * n);
    GemmScratch scratch;
    const std::vector<GemmJob> jobs{{&t, nullptr, {GemmOut::Store, y.data(), n, nullptr, nullptr}}};
    gemm(m_pool, scratch, jobs, xt.data(), n, tokens); // warm-up: scratch, caches, clocks
    std::vector<double> v;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = Clock::now();
        gemm(m_pool, scratch, jobs, xt.data(), n, tokens);
        v.push_back(2.0 * static_cast<double>(n * n * tokens) / seconds(t0, Clock::now()));
    }
    return median(v);
}

} // namespace is::exec
