// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace is::exec {

// Picks the next token: greedy (temperature 0) or from softmax(logits / temperature).
class Sampler
{
public:
    explicit Sampler(float temperature = 0.0f, std::uint64_t seed = 42) : m_temperature(temperature), m_state(seed | 1) {}
    int sample(const float* logits, std::size_t n);

private:
    float m_temperature;
    std::uint64_t m_state;
    std::vector<float> m_probs;
};

// The index of the largest of v[0..n), the first of equals (greedy sampling); NaN never wins.
int argmax(const float* v, std::size_t n);

// A vocabulary entry as display text: SentencePiece's U+2581 becomes a space, <0xNN> a byte.
std::string tokenText(const std::string& piece);

} // namespace is::exec
