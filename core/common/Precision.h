// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace is {

// Number formats for weights, KV cache and activations.
enum class Precision { FP32, BF16, FP16, FP8, INT8, FP4, INT4 };

double bytesPerElement(Precision p);
QString precisionId(Precision p);
std::optional<Precision> precisionFromId(const QString& id);

} // namespace is
