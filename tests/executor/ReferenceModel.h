// SPDX-License-Identifier: MIT
#pragma once

// A plain double-precision llama forward pass, written for clarity and nothing else: the
// executor's kernels, threads and formats are checked against it.
#include "executor/Model.h"

#include <cmath>
#include <numeric>
#include <vector>

namespace is::exec::test {

class ReferenceModel
{
public:
    explicit ReferenceModel(const Model& m) : m_m(m), c(m.cfg)
    {
        m_k.resize(static_cast<std::size_t>(c.layers));
        m_v.resize(static_cast<std::size_t>(c.layers));
    }

    std::vector<double> forward(int token)
    {
        const int dim = c.dim, hd = c.headDim(), kvDim = c.kvDim();
        std::vector<double> x = rowOf(m_m.tokenEmbd, token);
        for (int li = 0; li < c.layers; ++li) {
            const LayerWeights& l = m_m.layers[static_cast<std::size_t>(li)];
            std::vector<double> xb = rmsnorm(x, l.attnNorm);
            std::vector<double> q = matvec(l.wq, xb), k = matvec(l.wk, xb), v = matvec(l.wv, xb);
            rope(q, m_pos, hd);
            rope(k, m_pos, hd);
            m_k[static_cast<std::size_t>(li)].push_back(k);
            m_v[static_cast<std::size_t>(li)].push_back(v);
            std::vector<double> att(static_cast<std::size_t>(dim), 0.0);
            const int group = c.heads / c.kvHeads;
            for (int h = 0; h < c.heads; ++h) {
                const int kvh = h / group;
                std::vector<double> s;
                for (int t = 0; t <= m_pos; ++t) {
                    double d = 0;
                    for (int i = 0; i < hd; ++i)
                        d += q[static_cast<std::size_t>(h * hd + i)] *
                             m_k[static_cast<std::size_t>(li)][static_cast<std::size_t>(t)]
                                [static_cast<std::size_t>(kvh * hd + i)];
                    s.push_back(d / std::sqrt(static_cast<double>(hd)));
                }
                softmax(s);
                for (int t = 0; t <= m_pos; ++t)
                    for (int i = 0; i < hd; ++i)
                        att[static_cast<std::size_t>(h * hd + i)] +=
                            s[static_cast<std::size_t>(t)] *
                            m_v[static_cast<std::size_t>(li)][static_cast<std::size_t>(t)]
                               [static_cast<std::size_t>(kvh * hd + i)];
            }
            (void)kvDim;
            add(x, matvec(l.wo, att), 1.0);
            xb = rmsnorm(x, l.ffnNorm);
            if (c.experts == 0) {
                add(x, ffn(l.w1, l.w3, l.w2, xb), 1.0);
            } else {
                std::vector<double> r = matvec(l.router, xb);
                std::vector<int> order(static_cast<std::size_t>(c.experts));
                std::iota(order.begin(), order.end(), 0);
                std::partial_sort(order.begin(), order.begin() + c.topK, order.end(), [&](int a, int b) {
                    return r[static_cast<std::size_t>(a)] > r[static_cast<std::size_t>(b)];
                });
                std::vector<double> g;
                g.reserve(static_cast<std::size_t>(c.topK));
                for (int k2 = 0; k2 < c.topK; ++k2)
                    g.push_back(r[static_cast<std::size_t>(order[static_cast<std::size_t>(k2)])]);
                softmax(g);
                for (int k2 = 0; k2 < c.topK; ++k2) {
                    const std::size_t e = static_cast<std::size_t>(order[static_cast<std::size_t>(k2)]);
                    add(x, ffn(l.w1.expert(e), l.w3.expert(e), l.w2.expert(e), xb),
                        g[static_cast<std::size_t>(k2)]);
                }
            }
        }
        ++m_pos;
        return matvec(m_m.output, rmsnorm(x, m_m.outputNorm));
    }

private:
    static std::vector<double> rowOf(const Tensor& t, std::size_t r)
    {
        std::vector<float> f(t.cols);
        rowToFloat(t.type, t.row(r), t.cols, f.data());
        return {f.begin(), f.end()};
    }
    static std::vector<double> matvec(const Tensor& w, const std::vector<double>& x)
    {
        std::vector<double> y(w.rows);
        std::vector<float> f(w.cols);
        for (std::size_t r = 0; r < w.rows; ++r) {
            rowToFloat(w.type, w.row(r), w.cols, f.data());
            double s = 0;
            for (std::size_t i = 0; i < w.cols; ++i)
                s += static_cast<double>(f[i]) * x[i];
            y[r] = s;
        }
        return y;
    }
    std::vector<double> rmsnorm(const std::vector<double>& x, const std::vector<float>& w) const
    {
        double ss = 0;
        for (double v : x)
            ss += v * v;
        const double s = 1.0 / std::sqrt(ss / static_cast<double>(x.size()) + static_cast<double>(c.normEps));
        std::vector<double> o(x.size());
        for (std::size_t i = 0; i < x.size(); ++i)
            o[i] = static_cast<double>(w[i]) * s * x[i];
        return o;
    }
    void rope(std::vector<double>& v, int pos, int hd) const
    {
        for (std::size_t i = 0; i < v.size(); i += 2) {
            const double freq = 1.0 / std::pow(static_cast<double>(c.ropeTheta),
                                               static_cast<double>(i % static_cast<std::size_t>(hd)) / hd);
            const double a = pos * freq, cs = std::cos(a), sn = std::sin(a);
            const double v0 = v[i], v1 = v[i + 1];
            v[i] = v0 * cs - v1 * sn;
            v[i + 1] = v0 * sn + v1 * cs;
        }
    }
    static void softmax(std::vector<double>& s)
    {
        double mx = s[0], sum = 0;
        for (double v : s)
            mx = std::max(mx, v);
        for (double& v : s)
            sum += (v = std::exp(v - mx));
        for (double& v : s)
            v /= sum;
    }
    static void add(std::vector<double>& x, const std::vector<double>& y, double g)
    {
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] += g * y[i];
    }
    static std::vector<double> ffn(const Tensor& w1, const Tensor& w3, const Tensor& w2,
                                   const std::vector<double>& x)
    {
        std::vector<double> g = matvec(w1, x), u = matvec(w3, x);
        for (std::size_t i = 0; i < g.size(); ++i)
            g[i] = g[i] / (1.0 + std::exp(-g[i])) * u[i];
        return matvec(w2, g);
    }

    const Model& m_m;
    const ModelConfig& c;
    int m_pos = 0;
    std::vector<std::vector<std::vector<double>>> m_k, m_v;
};

} // namespace is::exec::test
