// SPDX-License-Identifier: MIT
#include "serving/Random.h"

#include <cmath>

namespace is::serving {

double Rng::uniform()
{
    // 53 random bits, shifted half a step off zero.
    return (static_cast<double>(m_engine() >> 11) + 0.5) * 0x1.0p-53;
}

double Rng::exponential(double mean) { return -std::log(uniform()) * mean; }

double Rng::normal()
{
    if (m_haveSpare) {
        m_haveSpare = false;
        return m_spare;
    }
    double u = 0;
    double v = 0;
    double s = 0;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    m_spare = v * f;
    m_haveSpare = true;
    return u * f;
}

double Rng::gamma(double shape, double scale)
{
    if (shape < 1.0) {
        // Boost a shape below one: G(k) = G(k + 1) * U^(1/k).
        return gamma(shape + 1.0, scale) * std::pow(uniform(), 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x = 0;
        double v = 0;
        do {
            x = normal();
            v = 1.0 + c * x;
        } while (v <= 0);
        v = v * v * v;
        const double u = uniform();
        if (u < 1.0 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v)))
            return d * v * scale;
    }
}

std::uint64_t Rng::below(std::uint64_t n)
{
    if (n <= 1)
        return 0;
    // Rejection keeps the result unbiased.
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = 0;
    do {
        x = m_engine();
    } while (x >= limit);
    return x % n;
}

} // namespace is::serving
