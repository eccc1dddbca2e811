// SPDX-License-Identifier: MIT
#include "executor/Kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>

#if defined(IS_EXEC_X86)
#include <cpuid.h>
#endif

namespace is::exec {

void quantizeQ8x(const float* x, std::size_t n, BlockQ8x* out)
{
    for (std::size_t b = 0; b < n / kQ8Block; ++b) {
        const float* v = x + b * kQ8Block;
        float amax = 0.0f;
        for (std::size_t i = 0; i < kQ8Block; ++i)
            amax = std::max(amax, std::fabs(v[i]));
        const float d = amax / 127.0f;
        const float id = d > 0.0f ? 1.0f / d : 0.0f;
        out[b].d = d;
        for (std::size_t i = 0; i < kQ8Block; ++i)
        {
            // Round half away from zero; inline, since without SSE4.1 nearbyint is a libm call
            // per element and decode quantises a few thousand values a layer.
            // |q| <= 127 for finite activations. A model whose activations overflowed (inf, NaN:
            // a broken or hostile file) must give garbage tokens, not undefined behaviour, so the
            // value is clamped before the cast (fmax/fmin also turn NaN into a bound).
            const float q = std::fmin(std::fmax(v[i] * id, -127.0f), 127.0f);
            out[b].qs[i] = static_cast<std::int8_t>(static_cast<int>(q + (q >= 0.0f ? 0.5f : -0.5f)));
        }
    }
}

namespace {

std::atomic<const KernelSet*> g_override{nullptr};

const KernelSet& pickDefault()
{
    if (const char* env = std::getenv("IS_EXEC_ISA")) {
        if (const KernelSet* k = kernelSet(env))
            return *k;
    }
    if (const KernelSet* k = detail::avx512Kernels())
        return *k;
    if (const KernelSet* k = detail::avx2Kernels())
        return *k;
    return detail::scalarKernels();
}

} // namespace

const KernelSet* kernelSet(const char* name)
{
    if (std::strcmp(name, "scalar") == 0)
        return &detail::scalarKernels();
    if (std::strcmp(name, "avx2") == 0)
        return detail::avx2Kernels();
    if (std::strcmp(name, "avx512") == 0)
        return detail::avx512Kernels();
    return nullptr;
}

const KernelSet& kernels()
{
    if (const KernelSet* k = g_override.load(std::memory_order_relaxed))
        return *k;
    static const KernelSet& chosen = pickDefault();
    return chosen;
}

void setKernelSet(const KernelSet* set)
{
    g_override.store(set);
}

#if !defined(IS_EXEC_X86)
namespace detail {
const KernelSet* avx2Kernels() { return nullptr; }
const KernelSet* avx512Kernels() { return nullptr; }
bool cpuHasF16c() { return false; }
} // namespace detail
#else
namespace detail {
bool cpuHasF16c()
{
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}
} // namespace detail
#endif

} // namespace is::exec
