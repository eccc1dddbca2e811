// SPDX-License-Identifier: MIT
#include "executor/AlignedBuffer.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace is::exec {

namespace {
constexpr std::size_t kHuge = std::size_t(2) << 20;
}

AlignedBuffer::AlignedBuffer(std::size_t bytes)
{
    if (bytes == 0)
        return;
    const std::size_t align = bytes >= kHuge ? kHuge : 64;
    const std::size_t rounded = (bytes + align - 1) / align * align;
    void* p = std::aligned_alloc(align, rounded);
    if (!p)
        throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == kHuge)
        madvise(p, rounded, MADV_HUGEPAGE);
#endif
    std::memset(p, 0, rounded);
    m_data = static_cast<std::byte*>(p);
    m_size = bytes;
}

AlignedBuffer::~AlignedBuffer()
{
    std::free(m_data);
}

AlignedBuffer::AlignedBuffer(AlignedBuffer&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_size(std::exchange(other.m_size, 0))
{
}

AlignedBuffer& AlignedBuffer::operator=(AlignedBuffer&& other) noexcept
{
    if (this != &other) {
        std::free(m_data);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

} // namespace is::exec
