// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>

namespace is::exec {

// A zero-initialised heap block aligned for SIMD and, when large, to 2 MiB with a transparent
// huge-page hint: model weights and probe buffers are streamed, and TLB misses on 4 KiB pages
// would cost a visible share of the read bandwidth we measure against.
class AlignedBuffer
{
public:
    AlignedBuffer() = default;
    explicit AlignedBuffer(std::size_t bytes);
    ~AlignedBuffer();
    AlignedBuffer(AlignedBuffer&& other) noexcept;
    AlignedBuffer& operator=(AlignedBuffer&& other) noexcept;
    AlignedBuffer(const AlignedBuffer&) = delete;
    AlignedBuffer& operator=(const AlignedBuffer&) = delete;

    std::byte* data() { return m_data; }
    const std::byte* data() const { return m_data; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

private:
    std::byte* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace is::exec
