// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace is::exec {

// Builds a GGUF v3 image. Tensor data is produced by a callback straight into the output, so a
// large synthetic model is generated without a second copy.
class GgufWriter
{
public:
    using Fill = std::function<void(std::byte* dst)>;

    explicit GgufWriter(std::uint32_t alignment = 32) : m_alignment(alignment) {}

    void addString(const std::string& key, const std::string& value);
    void addU32(const std::string& key, std::uint32_t value);
    void addF32(const std::string& key, float value);
    void addStringArray(const std::string& key, const std::vector<std::string>& values);
    // dims are GGML order: dims[0] is the contiguous (column) dimension.
    void addTensor(const std::string& name, std::vector<std::uint64_t> dims, DType type, Fill fill);
    // Convenience: f32 data converted to `type` row by row.
    void addTensorFromFloats(const std::string& name, std::vector<std::uint64_t> dims, DType type,
                             std::vector<float> data);

    AlignedBuffer build() const;

private:
    struct TensorEntry
    {
        std::string name;
        std::vector<std::uint64_t> dims;
        DType type;
        std::size_t bytes;
        Fill fill;
    };
    std::uint32_t m_alignment;
    std::uint64_t m_kvCount = 0;
    std::vector<std::uint8_t> m_kv; // serialised key/value pairs
    std::vector<TensorEntry> m_tensors;
};

} // namespace is::exec
