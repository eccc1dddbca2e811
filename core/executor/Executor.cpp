// SPDX-License-Identifier: MIT
#include "executor/Executor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace is::exec {

namespace {

constexpr std::size_t kChunk = 64; // rows per kernel call: bounds the per-thread scratch
// Prefill RMSNorm: tokens per run (every kernel set's token tile holds whole runs).
constexpr std::size_t kNormTokens = 16;

void softmax(float* x, std::size_t n)
{
    float mx = x[0];
    for (std::size_t i = 1; i < n; ++i)
        mx = std::max(mx, x[i]);
    float sum = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = std::exp(x[i] - mx);
        sum += x[i];
    }
    const float inv = 1.0f / sum;
    for (std::size_t i = 0; i < n; ++i)
        x[i] *= inv;
}

} // namespace

Executor::Executor(const Model& model, ThreadPool& pool, int maxContext)
    : m_model(model), m_cfg(model.cfg), m_pool(pool), m_maxContext(std::max(1, maxContext))
{
    m_dim = static_cast<std::size_t>(m_cfg.dim);
    m_kvDim = static_cast<std::size_t>(m_cfg.kvDim());
    m_hidden = static_cast<std::size_t>(m_cfg.hidden);
    m_headDim = static_cast<std::size_t>(m_cfg.headDim());
    m_kvHeads = static_cast<std::size_t>(m_cfg.kvHeads);
    const std::size_t ctx = static_cast<std::size_t>(m_maxContext);
    const std::size_t layers = static_cast<std::size_t>(m_cfg.layers);
    const std::size_t topK = static_cast<std::size_t>(std::max(1, m_cfg.topK));

    for (std::size_t i = 0; i < m_headDim / 2; ++i)
        m_invFreq.push_back(
            static_cast<float>(1.0 / std::pow(static_cast<double>(m_cfg.ropeTheta),
                                              static_cast<double>(2 * i) / static_cast<double>(m_headDim))));
    m_x.resize(m_dim);
    m_xb.resize(m_dim);
    m_xb2.resize(m_dim);
    m_q.resize(m_dim);
    m_k.resize(m_kvDim);
    m_v.resize(m_kvDim);
    m_hb.resize(m_hidden * topK);
    m_logits.resize(static_cast<std::size_t>(m_cfg.vocab));
    m_att.resize(static_cast<std::size_t>(m_cfg.heads) * ctx);
    m_xq.resize((std::max(m_dim, m_hidden) * topK) / kQ8Block + 1);
    m_kvHeadStride = ctx * m_headDim + 16;
    const std::size_t slack = PrefillAttention::keySlack(m_headDim);
    m_keyCache.resize(layers * m_kvHeads * m_kvHeadStride + slack);
    m_valueCache.resize(layers * m_kvHeads * m_kvHeadStride + slack);
    m_routerLogits.resize(static_cast<std::size_t>(std::max(1, m_cfg.experts)));
    m_threadScratch.resize(static_cast<std::size_t>(pool.size()));
    for (auto& s : m_threadScratch)
        s.resize(kChunk); // matvec and FFN rows, up to kChunk per kernel call
}

std::vector<std::size_t> Executor::decodeRegionBytes() const
{
    std::vector<std::size_t> regions;
    const std::size_t experts = static_cast<std::size_t>(std::max(1, m_cfg.experts));
    const std::size_t active = m_cfg.experts > 0 ? static_cast<std::size_t>(m_cfg.topK) : 1;
    for (const LayerWeights& l : m_model.layers) {
        regions.push_back(l.wq.bytes() + l.wk.bytes() + l.wv.bytes());
        regions.push_back(l.wo.bytes());
        regions.push_back((l.w1.bytes() + l.w3.bytes()) / experts * active);
        regions.push_back(l.w2.bytes() / experts * active);
    }
    regions.push_back(m_model.output.bytes());
    return regions;
}

std::size_t Executor::kvBytesRead(int pos) const
{
    return 2 * static_cast<std::size_t>(m_cfg.layers) * static_cast<std::size_t>(pos + 1) * m_kvDim *
           sizeof(float);
}

double Executor::prefillAttentionFlops(int p0, int n) const
{
    double positions = 0;
    for (int t = 0; t < n; ++t)
        positions += p0 + t + 1;
    return 4.0 * static_cast<double>(m_dim) * m_cfg.layers * positions;
}

void Executor::rmsnorm(float* out, const float* x, const std::vector<float>& w) const
{
    // Sixteen partial sums: one running sum is a chain of dependent adds the compiler may not
    // reorder; independent lanes vectorise.
    constexpr std::size_t kLanes = 16;
    float part[kLanes] = {};
    std::size_t i = 0;
    for (; i + kLanes <= m_dim; i += kLanes)
        for (std::size_t j = 0; j < kLanes; ++j)
            part[j] += x[i + j] * x[i + j];
    float ss = 0.0f;
    for (; i < m_dim; ++i)
        ss += x[i] * x[i];
    for (float p : part)
        ss += p;
    const float s = 1.0f / std::sqrt(ss / static_cast<float>(m_dim) + m_cfg.normEps);
    for (std::size_t k = 0; k < m_dim; ++k)
        out[k] = w[k] * (s * x[k]);
}

void Executor::fillRope(int first, int count)
{
    const std::size_t half = m_headDim / 2;
    const std::size_t rows = static_cast<std::size_t>(count);
    for (auto* table : {&m_ropeCos, &m_ropeSin, &m_ropeCosT, &m_ropeSinT})
        table->resize(rows * half);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t p = 0; p < half; ++p) {
            const float ang = static_cast<float>(first + static_cast<int>(r)) * m_invFreq[p];
            m_ropeCos[r * half + p] = m_ropeCosT[p * rows + r] = std::cos(ang);
            m_ropeSin[r * half + p] = m_ropeSinT[p * rows + r] = std::sin(ang);
        }
    }
}

void Executor::ropeVector(float* v, int len, std::size_t row) const
{
    const std::size_t half = m_headDim / 2;
    const float* cs = m_ropeCos.data() + row * half;
    const float* sn = m_ropeSin.data() + row * half;
    // Head by head, pair by pair: contiguous, which the compiler vectorises.
    for (std::size_t h = 0; h < static_cast<std::size_t>(len); h += m_headDim) {
        float* q = v + h;
        for (std::size_t p = 0; p < half; ++p) {
            const float a = q[2 * p], b = q[2 * p + 1];
            q[2 * p] = a * cs[p] - b * sn[p];
            q[2 * p + 1] = a * sn[p] + b * cs[p];
        }
    }
}

void Executor::storeKv(int layer, int pos, const float* k, const float* v)
{
    const std::size_t at = static_cast<std::size_t>(pos) * m_headDim;
    for (std::size_t h = 0; h < m_kvHeads; ++h) {
        std::memcpy(keyHead(layer, h) + at, k + h * m_headDim, m_headDim * sizeof(float));
        std::memcpy(valueHead(layer, h) + at, v + h * m_headDim, m_headDim * sizeof(float));
    }
}

void Executor::clearAfterKeys(int layer, int last)
{
    const std::size_t spill = roundUp(m_headDim, 16) - m_headDim;
    // Past the last position of a block is the padding between blocks, or the slack, never written.
    if (spill == 0 || last + 1 >= m_maxContext)
        return;
    for (std::size_t h = 0; h < m_kvHeads; ++h)
        std::fill_n(keyHead(layer, h) + static_cast<std::size_t>(last + 1) * m_headDim, spill, 0.0f);
}

void Executor::matvec(const std::vector<Seg>& segs, const float* x)
{
    const KernelSet& ks = kernels();
    const std::size_t cols = segs.front().w->cols;
    bool q8 = false;
    std::size_t total = 0;
    for (const Seg& s : segs) {
        q8 = q8 || s.w->type == DType::Q8_0;
        total += s.w->rows;
    }
    if (q8)
        quantizeQ8x(x, cols, m_xq.data());
    m_pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(total, thread, threads, 4);
        float* tmp = m_threadScratch[static_cast<std::size_t>(thread)].data();
        std::size_t base = 0;
        for (const Seg& s : segs) {
            const std::size_t lo = std::max(b, base), hi = std::min(e, base + s.w->rows);
            for (std::size_t r = lo; r < hi; r += kChunk) {
                const std::size_t len = std::min(kChunk, hi - r);
                const std::size_t row = r - base;
                ks.dotRows(s.w->type, s.w->row(row), s.w->rowStride, cols, len, x, m_xq.data(), tmp);
                float* out = s.out + row;
                if (s.accumulate)
                    for (std::size_t i = 0; i < len; ++i)
                        out[i] += s.scale * tmp[i];
                else
                    std::memcpy(out, tmp, len * sizeof(float));
            }
            base += s.w->rows;
        }
    });
}

void Executor::attentionDecode(int layer, int pos)
{
    const KernelSet& ks = kernels();
    const std::size_t heads = static_cast<std::size_t>(m_cfg.heads);
    const std::size_t group = heads / static_cast<std::size_t>(m_cfg.kvHeads);
    const float scale = 1.0f / std::sqrt(static_cast<float>(m_headDim));
    const std::size_t n = static_cast<std::size_t>(pos) + 1;
    m_pool.run([&](int thread, int threads) {
        const auto [hb, he] = ThreadPool::split(heads, thread, threads);
        for (std::size_t h = hb; h < he; ++h) {
            const std::size_t kvh = h / group;
            float* att = m_att.data() + h * static_cast<std::size_t>(m_maxContext);
            ks.dotRows(DType::F32, reinterpret_cast<const std::byte*>(keyHead(layer, kvh)),
                       m_headDim * sizeof(float), m_headDim, n, m_q.data() + h * m_headDim, nullptr, att);
            ks.softmax(att, n, scale);
            ks.weightedSum(att, n, valueHead(layer, kvh), m_headDim, m_headDim, m_xb2.data() + h * m_headDim);
        }
    });
}

void Executor::ffnDecode(const LayerWeights& l)
{
    const KernelSet& ks = kernels();
    const bool moe = m_cfg.experts > 0;
    std::vector<int> chosen;
    std::vector<float> gate;
    if (moe) {
        // Router: logits over experts, keep the top k, softmax over those (Mixtral's routing).
        ks.dotRows(l.router.type, l.router.data, l.router.rowStride, m_dim, l.router.rows, m_xb.data(),
                   nullptr, m_routerLogits.data());
        std::vector<int> order(static_cast<std::size_t>(m_cfg.experts));
        std::iota(order.begin(), order.end(), 0);
        std::partial_sort(order.begin(), order.begin() + m_cfg.topK, order.end(), [&](int a, int b) {
            return m_routerLogits[static_cast<std::size_t>(a)] > m_routerLogits[static_cast<std::size_t>(b)];
        });
        chosen.assign(order.begin(), order.begin() + m_cfg.topK);
        for (int e : chosen)
            gate.push_back(m_routerLogits[static_cast<std::size_t>(e)]);
        softmax(gate.data(), gate.size());
    } else {
        chosen.push_back(0);
        gate.push_back(1.0f);
    }
    const std::size_t nSlots = chosen.size();
    const bool q8 = l.w1.type == DType::Q8_0;
    if (q8)
        quantizeQ8x(m_xb.data(), m_dim, m_xq.data());

    // Gate and up projections, then SwiGLU: each thread streams its gate rows, then its up rows,
    // one stream at a time as the prefetchers (and the streaming probe) see them; alternating
    // the two matrices chunk by chunk ran this region ~10 % below the probed rate.
    m_pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(nSlots * m_hidden, thread, threads, 4);
        float* u = m_threadScratch[static_cast<std::size_t>(thread)].data();
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t r = b; r < e;) {
                const std::size_t slot = r / m_hidden, row = r % m_hidden;
                const std::size_t len = std::min({kChunk, e - r, m_hidden - row});
                const Tensor w = (pass ? l.w3 : l.w1).expert(static_cast<std::size_t>(chosen[slot]));
                float* h = m_hb.data() + slot * m_hidden + row;
                ks.dotRows(w.type, w.row(row), w.rowStride, m_dim, len, m_xb.data(), m_xq.data(),
                           pass ? u : h);
                if (pass)
                    ks.siluMul(h, u, h, len); // h held the gate
                r += len;
            }
        }
    });

    // Down projection, added to the residual (weighted by the router for experts).
    const bool q8d = l.w2.type == DType::Q8_0;
    if (q8d)
        for (std::size_t s = 0; s < nSlots; ++s)
            quantizeQ8x(m_hb.data() + s * m_hidden, m_hidden, m_xq.data() + s * (m_hidden / kQ8Block));
    m_pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(m_dim, thread, threads, 4);
        float* tmp = m_threadScratch[static_cast<std::size_t>(thread)].data();
        for (std::size_t s = 0; s < nSlots; ++s) {
            const Tensor w2 = l.w2.expert(static_cast<std::size_t>(chosen[s]));
            const float* hb = m_hb.data() + s * m_hidden;
            const BlockQ8x* xq = m_xq.data() + (q8d ? s * (m_hidden / kQ8Block) : 0);
            for (std::size_t r = b; r < e; r += kChunk) {
                const std::size_t len = std::min(kChunk, e - r);
                ks.dotRows(w2.type, w2.row(r), w2.rowStride, m_hidden, len, hb, xq, tmp);
                for (std::size_t i = 0; i < len; ++i)
                    m_x[r + i] += gate[s] * tmp[i];
            }
        }
    });
}

void Executor::attendAndFeedForward(const LayerWeights& l, int li, int pos)
{
    attentionDecode(li, pos);
    matvec({{&l.wo, m_x.data(), true, 1.0f}}, m_xb2.data());
    rmsnorm(m_xb.data(), m_x.data(), l.ffnNorm);
    ffnDecode(l);
}

const float* Executor::decode(int token)
{
    const int pos = m_pos;
    if (pos >= m_maxContext || token < 0 || token >= m_cfg.vocab)
        return nullptr;
    const Tensor& emb = m_model.tokenEmbd;
    rowToFloat(emb.type, emb.row(static_cast<std::size_t>(token)), m_dim, m_x.data());
    fillRope(pos, 1);
    for (int li = 0; li < m_cfg.layers; ++li) {
        const LayerWeights& l = m_model.layers[static_cast<std::size_t>(li)];
        rmsnorm(m_xb.data(), m_x.data(), l.attnNorm);
        matvec({{&l.wq, m_q.data(), false, 1.0f},
                {&l.wk, m_k.data(), false, 1.0f},
                {&l.wv, m_v.data(), false, 1.0f}},
               m_xb.data());
        ropeVector(m_q.data(), static_cast<int>(m_dim), 0);
        ropeVector(m_k.data(), static_cast<int>(m_kvDim), 0);
        storeKv(li, pos, m_k.data(), m_v.data());
        clearAfterKeys(li, pos);
        attendAndFeedForward(l, li, pos);
    }
    rmsnorm(m_xb.data(), m_x.data(), m_model.outputNorm);
    matvec({{&m_model.output, m_logits.data(), false, 1.0f}}, m_xb.data());
    ++m_pos;
    return m_logits.data();
}

const float* Executor::prefill(const int* tokens, int n)
{
    if (n <= 0 || m_pos + n > m_maxContext)
        return nullptr;
    for (int i = 0; i < n; ++i)
        if (tokens[i] < 0 || tokens[i] >= m_cfg.vocab)
            return nullptr;
    const KernelSet& ks = kernels();
    const std::size_t N = static_cast<std::size_t>(n);
    const XtLayout lay{ks.gemmTokens, roundUp(m_dim, 16)};
    m_px.assign(lay.floats(N), 0.0f);
    m_pq.assign(lay.floats(N), 0.0f);
    m_pk.resize(N * m_kvDim);
    m_pv.resize(N * m_kvDim);
    m_pxt.assign(lay.floats(N), 0.0f);
    m_pht.assign(XtLayout{ks.gemmTokens, roundUp(m_hidden, 16)}.floats(N), 0.0f);
    const Tensor& emb = m_model.tokenEmbd;
    for (std::size_t t = 0; t < N; ++t) {
        rowToFloat(emb.type, emb.row(static_cast<std::size_t>(tokens[t])), m_dim, m_xb2.data());
        for (std::size_t k = 0; k < m_dim; ++k)
            m_px[lay.index(k, t)] = m_xb2[k];
    }

    const int p0 = m_pos;
    fillRope(p0, n);
    for (int li = 0; li + 1 < m_cfg.layers; ++li)
        prefillLayer(li, p0, n);
    if (m_cfg.layers > 0) {
        prefillLastLayer(m_cfg.layers - 1, p0, n); // leaves the last token's output in m_x
    } else {
        for (std::size_t k = 0; k < m_dim; ++k)
            m_x[k] = m_px[lay.index(k, N - 1)];
    }
    m_pos += n;
    rmsnorm(m_xb.data(), m_x.data(), m_model.outputNorm);
    matvec({{&m_model.output, m_logits.data(), false, 1.0f}}, m_xb.data());
    return m_logits.data();
}

void Executor::normTokens(const std::vector<float>& w, std::size_t n)
{
    // RMSNorm of every token, from the residual stream to the GEMM's activation block, both in
    // the GEMM's layout: per run of 16 tokens of a tile, the sums of squares over k, then the
    // scaled copy, each a loop over contiguous tokens, which vectorises. The residual stream was
    // token-major: this step transposed it (2.3 % of a 128-token prefill; 3 % now with a faster
    // GEMM), and the residual adds transposed the GEMM's tiles back.
    const XtLayout lay{kernels().gemmTokens, roundUp(m_dim, 16)};
    const std::size_t T = lay.tileTokens; // a multiple of 16 in every kernel set
    m_pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split((n + kNormTokens - 1) / kNormTokens, thread, threads);
        for (std::size_t run = b; run < e; ++run) {
            const std::size_t at = lay.index(0, run * kNormTokens); // runs never straddle tiles
            const float* x = m_px.data() + at;
            float* out = m_pxt.data() + at;
            float ss[kNormTokens] = {}, s[kNormTokens];
            for (std::size_t k = 0; k < m_dim; ++k)
                for (std::size_t i = 0; i < kNormTokens; ++i)
                    ss[i] += x[k * T + i] * x[k * T + i];
            // Tokens past the prompt are zero; with eps > 0 (as models have) s is finite and
            // they stay zero. Either way no kernel mixes them into the prompt's tokens.
            for (std::size_t i = 0; i < kNormTokens; ++i)
                s[i] = 1.0f / std::sqrt(ss[i] / static_cast<float>(m_dim) + m_cfg.normEps);
            for (std::size_t k = 0; k < m_dim; ++k)
                for (std::size_t i = 0; i < kNormTokens; ++i)
                    out[k * T + i] = w[k] * (s[i] * x[k * T + i]);
        }
    });
}

void Executor::ropeAndCache(int li, int p0, std::size_t n, bool queries)
{
    // RoPE: the queries where the GEMM left them, in the activation layout (a pair's two rows,
    // tokens along them: contiguous, vectorised), the keys token by token on their way into the
    // cache with the values.
    const XtLayout lay{kernels().gemmTokens, roundUp(m_dim, 16)};
    const std::size_t heads = static_cast<std::size_t>(m_cfg.heads), half = m_headDim / 2, T = lay.tileTokens;
    m_pool.run([&](int thread, int threads) {
        const auto [ub, ue] = ThreadPool::split(queries ? (n + T - 1) / T * heads : 0, thread, threads);
        for (std::size_t u = ub; u < ue; ++u) {
            const std::size_t t0 = u / heads * T, h = u % heads, toks = std::min(T, n - t0);
            for (std::size_t p = 0; p < half; ++p) {
                float* qe = m_pq.data() + lay.index(h * m_headDim + 2 * p, t0);
                float* qo = qe + T;
                const float* cs = m_ropeCosT.data() + p * n + t0;
                const float* sn = m_ropeSinT.data() + p * n + t0;
                for (std::size_t i = 0; i < toks; ++i) {
                    const float a = qe[i], b = qo[i];
                    qe[i] = a * cs[i] - b * sn[i];
                    qo[i] = a * sn[i] + b * cs[i];
                }
            }
        }
        const auto [b, e] = ThreadPool::split(n, thread, threads);
        for (std::size_t t = b; t < e; ++t) {
            const int pos = p0 + static_cast<int>(t);
            float* k = m_pk.data() + t * m_kvDim;
            ropeVector(k, static_cast<int>(m_kvDim), t);
            storeKv(li, pos, k, m_pv.data() + t * m_kvDim);
        }
    });
    clearAfterKeys(li, p0 + static_cast<int>(n) - 1);
}

void Executor::prefillLayer(int li, int p0, int n)
{
    const KernelSet& ks = kernels();
    const LayerWeights& l = m_model.layers[static_cast<std::size_t>(li)];
    const std::size_t N = static_cast<std::size_t>(n);
    const std::size_t kpadDim = roundUp(m_dim, 16), kpadHid = roundUp(m_hidden, 16);
    const XtLayout lay{ks.gemmTokens, kpadDim};

    normTokens(l.attnNorm, N);
    gemm(m_pool, m_scratch,
         {{&l.wq, nullptr, {GemmOut::StoreT, m_pq.data(), kpadDim, nullptr, nullptr}},
          {&l.wk, nullptr, {GemmOut::Store, m_pk.data(), m_kvDim, nullptr, nullptr}},
          {&l.wv, nullptr, {GemmOut::Store, m_pv.data(), m_kvDim, nullptr, nullptr}}},
         m_pxt.data(), kpadDim, N);

    ropeAndCache(li, p0, N, true);
    // Causal attention, its outputs into m_pxt.
    m_attention.run(m_pool, m_pq.data(), N, static_cast<std::size_t>(p0),
                    {keyHead(li, 0), valueHead(li, 0), m_kvHeadStride},
                    {static_cast<std::size_t>(m_cfg.heads), m_kvHeads, m_headDim}, m_pxt.data(), lay);
    gemm(m_pool, m_scratch,
         {{&l.wo, nullptr, {GemmOut::AccumulateT, m_px.data(), kpadDim, nullptr, nullptr}}}, m_pxt.data(),
         kpadDim, N);

    normTokens(l.ffnNorm, N);
    if (m_cfg.experts > 0) {
        prefillMoe(l, n);
        return;
    }
    gemm(m_pool, m_scratch, {{&l.w1, &l.w3, {GemmOut::SwiGluT, m_pht.data(), kpadHid, nullptr, nullptr}}},
         m_pxt.data(), kpadDim, N);
    gemm(m_pool, m_scratch,
         {{&l.w2, nullptr, {GemmOut::AccumulateT, m_px.data(), kpadDim, nullptr, nullptr}}}, m_pht.data(),
         kpadHid, N);
}

void Executor::prefillLastLayer(int li, int p0, int n)
{
    const LayerWeights& l = m_model.layers[static_cast<std::size_t>(li)];
    const std::size_t N = static_cast<std::size_t>(n);
    const std::size_t kpadDim = roundUp(m_dim, 16);
    const XtLayout lay{kernels().gemmTokens, kpadDim};

    normTokens(l.attnNorm, N);
    gemm(m_pool, m_scratch,
         {{&l.wk, nullptr, {GemmOut::Store, m_pk.data(), m_kvDim, nullptr, nullptr}},
          {&l.wv, nullptr, {GemmOut::Store, m_pv.data(), m_kvDim, nullptr, nullptr}}},
         m_pxt.data(), kpadDim, N);
    ropeAndCache(li, p0, N, false);

    // The last token, as a decode step whose key and value are already in the cache.
    const std::size_t last = N - 1;
    for (std::size_t k = 0; k < m_dim; ++k) {
        m_x[k] = m_px[lay.index(k, last)];
        m_xb[k] = m_pxt[lay.index(k, last)];
    }
    matvec({{&l.wq, m_q.data(), false, 1.0f}}, m_xb.data());
    ropeVector(m_q.data(), static_cast<int>(m_dim), last);
    attendAndFeedForward(l, li, p0 + n - 1);
}

void Executor::prefillMoe(const LayerWeights& l, int n)
{
    const KernelSet& ks = kernels();
    const std::size_t N = static_cast<std::size_t>(n);
    const std::size_t E = static_cast<std::size_t>(m_cfg.experts);
    const std::size_t kpadDim = roundUp(m_dim, 16), kpadHid = roundUp(m_hidden, 16);
    const XtLayout lay{ks.gemmTokens, kpadDim};

    std::vector<float> logits(N * E);
    gemm(m_pool, m_scratch, {{&l.router, nullptr, {GemmOut::Store, logits.data(), E, nullptr, nullptr}}},
         m_pxt.data(), kpadDim, N);
    std::vector<std::vector<int>> tokensOf(E);
    std::vector<std::vector<float>> gatesOf(E);
    std::vector<int> order(E);
    for (std::size_t t = 0; t < N; ++t) {
        const float* lg = logits.data() + t * E;
        std::iota(order.begin(), order.end(), 0);
        std::partial_sort(order.begin(), order.begin() + m_cfg.topK, order.end(),
                          [&](int a, int b) { return lg[a] > lg[b]; });
        std::vector<float> g;
        g.reserve(static_cast<std::size_t>(m_cfg.topK));
        for (int k = 0; k < m_cfg.topK; ++k)
            g.push_back(lg[order[static_cast<std::size_t>(k)]]);
        softmax(g.data(), g.size());
        for (int k = 0; k < m_cfg.topK; ++k) {
            const std::size_t e = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
            tokensOf[e].push_back(static_cast<int>(t));
            gatesOf[e].push_back(g[static_cast<std::size_t>(k)]);
        }
    }
    // Each expert runs as a GEMM over the tokens routed to it, gathered into their own block.
    AlignedVector<float> xte(lay.floats(N), 0.0f);
    for (std::size_t e = 0; e < E; ++e) {
        const std::vector<int>& idx = tokensOf[e];
        if (idx.empty())
            continue;
        const std::size_t cnt = idx.size();
        for (std::size_t i = 0; i < cnt; ++i)
            for (std::size_t k = 0; k < m_dim; ++k)
                xte[lay.index(k, i)] = m_pxt[lay.index(k, static_cast<std::size_t>(idx[i]))];
        const Tensor w1 = l.w1.expert(e), w3 = l.w3.expert(e), w2 = l.w2.expert(e);
        gemm(m_pool, m_scratch, {{&w1, &w3, {GemmOut::SwiGluT, m_pht.data(), kpadHid, nullptr, nullptr}}},
             xte.data(), kpadDim, cnt);
        gemm(m_pool, m_scratch,
             {{&w2, nullptr, {GemmOut::AccumulateT, m_px.data(), kpadDim, gatesOf[e].data(), idx.data()}}},
             m_pht.data(), kpadHid, cnt);
    }
}

} // namespace is::exec
