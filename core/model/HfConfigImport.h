// SPDX-License-Identifier: MIT
#pragma once

#include "model/ModelEntry.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace is {

// Imports a Hugging Face config.json (model_type llama, mistral, mixtral, qwen2, qwen3, qwen3_moe,
// deepseek_v3, kimi_k2, gpt_oss, llama4) into a model description. Errors name the file and field.
std::optional<ModelEntry> importHfConfigFile(const QString& path, QString* error);
// The same from an already parsed object; `origin` names the file in errors.
std::optional<ModelEntry> importHfConfig(const QJsonObject& config, const QString& origin, QString* error);

} // namespace is
