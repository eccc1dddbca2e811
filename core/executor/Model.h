// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"

#include <QString>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace is::exec {

// A weight matrix as stored in the file: `rows` rows of `cols` contiguous elements. Expert
// tensors hold `experts` such matrices back to back. Data points into the model's storage.
struct Tensor
{
    DType type = DType::F32;
    std::size_t cols = 0;
    std::size_t rows = 0;
    std::size_t experts = 1;
    std::size_t rowStride = 0; // bytes
    const std::byte* data = nullptr;

    bool valid() const { return data != nullptr; }
    std::size_t bytes() const { return rowStride * rows * experts; }
    const std::byte* row(std::size_t r) const { return data + r * rowStride; }
    // One expert's matrix as a plain tensor.
    Tensor expert(std::size_t e) const
    {
        Tensor t = *this;
        t.experts = 1;
        t.data = data + e * rows * rowStride;
        return t;
    }
};

struct ModelConfig
{
    int dim = 0;
    int hidden = 0;
    int layers = 0;
    int heads = 0;
    int kvHeads = 0;
    int vocab = 0;
    int seqLen = 0;
    int experts = 0; // 0: dense FFN
    int topK = 0;
    float ropeTheta = 10000.0f;
    float normEps = 1e-5f;

    int headDim() const { return heads > 0 ? dim / heads : 0; }
    int kvDim() const { return heads > 0 ? dim / heads * kvHeads : 0; }
};

struct LayerWeights
{
    std::vector<float> attnNorm;
    std::vector<float> ffnNorm;
    Tensor wq, wk, wv, wo;
    Tensor w1, w2, w3; // gate, down, up; expert tensors in a MoE layer
    Tensor router;     // MoE only: experts x dim
};

// A loaded model: configuration, weight views into owned storage, optional vocabulary.
struct Model
{
    ModelConfig cfg;
    QString source; // file name, for messages
    QString format; // "gguf", "llama2.c" or "synthetic"
    Tensor tokenEmbd;
    Tensor output;
    std::vector<float> outputNorm;
    std::vector<LayerWeights> layers;
    std::vector<std::string> vocab; // empty when the file has none
    AlignedBuffer storage;
    std::vector<AlignedBuffer> extraStorage; // e.g. llama2.c weights rearranged

    // The dominant weight format (that of the attention matrices).
    DType weightType() const;
    // Bytes of every weight tensor (embedding included): the model's size.
    std::size_t weightBytes() const;
    // Bytes a single decode step reads from weights: every matrix once (only top_k experts of
    // a MoE layer), one embedding row and the norms. KV-cache traffic is added by the caller.
    std::size_t decodeWeightBytes() const;
    // Multiply-adds of one token's matrix products (2 FLOPs each), excluding attention.
    double matmulFlopsPerToken(bool withClassifier) const;
};

// Validates the configuration and every tensor's shape against it; on failure returns the
// message (without the file name). Shared by every loader so all of them check the same things.
QString validateModel(const Model& m);

} // namespace is::exec
