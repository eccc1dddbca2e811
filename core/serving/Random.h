// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <random>

namespace is::serving {

// The simulator's random numbers: std::mt19937_64 with our own transforms, so a seed gives the
// same requests on every platform (std:: distributions are implementation-defined).
class Rng
{
public:
    explicit Rng(std::uint64_t seed) : m_engine(seed) {}

    // Uniform in (0, 1): never 0, so logarithms are safe.
    double uniform();
    // Exponential with the given mean.
    double exponential(double mean);
    // Standard normal (Marsaglia polar method; the spare value is kept).
    double normal();
    // Gamma with shape k and scale theta (Marsaglia-Tsang); mean k*theta.
    double gamma(double shape, double scale);
    // Uniform integer in [0, n).
    std::uint64_t below(std::uint64_t n);

private:
    std::mt19937_64 m_engine;
    double m_spare = 0;
    bool m_haveSpare = false;
};

} // namespace is::serving
