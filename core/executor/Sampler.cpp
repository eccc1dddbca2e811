// SPDX-License-Identifier: MIT
#include "executor/Sampler.h"

#include "executor/Kernels.h"

#include <cmath>
#include <cstdio>

namespace is::exec {

int argmax(const float* v, std::size_t n)
{
    return static_cast<int>(kernels().argmax(v, n));
}

int Sampler::sample(const float* logits, std::size_t n)
{
    if (m_temperature <= 0.0f)
        return argmax(logits, n);
    m_probs.resize(n);
    float mx = logits[0];
    for (std::size_t i = 1; i < n; ++i)
        mx = std::max(mx, logits[i]);
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        m_probs[i] = std::exp((logits[i] - mx) / m_temperature);
        sum += m_probs[i];
    }
    // xorshift64*: reproducible for a given seed.
    m_state ^= m_state >> 12;
    m_state ^= m_state << 25;
    m_state ^= m_state >> 27;
    const double u = static_cast<double>((m_state * 0x2545F4914F6CDD1Dull) >> 11) * (1.0 / 9007199254740992.0);
    double acc = 0, target = u * sum;
    for (std::size_t i = 0; i < n; ++i) {
        acc += m_probs[i];
        if (acc >= target)
            return static_cast<int>(i);
    }
    return static_cast<int>(n - 1);
}

std::string tokenText(const std::string& piece)
{
    unsigned byte = 0;
    if (piece.size() == 6 && piece.rfind("<0x", 0) == 0 && piece[5] == '>' && std::sscanf(piece.c_str(), "<0x%02X>", &byte) == 1)
        return std::string(1, static_cast<char>(byte));
    std::string out;
    for (std::size_t i = 0; i < piece.size(); ++i) {
        if (piece.compare(i, 3, "\xe2\x96\x81") == 0) {
            out += ' ';
            i += 2;
        } else {
            out += piece[i];
        }
    }
    return out;
}

} // namespace is::exec
