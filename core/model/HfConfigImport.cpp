// SPDX-License-Identifier: MIT
#include "model/HfConfigImport.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"
#include "common/Log.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace is {

namespace {

constexpr int kMaxDim = 1 << 24;

void readCommon(JsonFields& f, ModelDesc& m)
{
    m.hidden = f.integer("hidden_size", 0, 1, kMaxDim, true);
    m.layers = f.integer("num_hidden_layers", 0, 1, 100000, true);
    m.heads = f.integer("num_attention_heads", 0, 1, 65536, true);
    m.kvHeads = f.integer("num_key_value_heads", m.heads, 1, 65536);
    m.headDim = f.integer("head_dim", m.heads > 0 ? m.hidden / m.heads : 0, 1, 65536);
    m.vocab = f.integer("vocab_size", 0, 1, kMaxDim, true);
    m.tiedEmbeddings = f.boolean("tie_word_embeddings", false);
    m.maxContext = f.integer("max_position_embeddings", 0, 0, 1 << 30);
    m.attention = attentionKindFor(m.heads, m.kvHeads);
}

void readMixtralLike(JsonFields& f, ModelDesc& m, const char* expertsKey, const char* ffnKey)
{
    m.experts = f.integer(expertsKey, 0, 1, 1 << 20, true);
    m.activeExperts = f.integer("num_experts_per_tok", 2, 1, 1 << 20);
    m.expertFfn = f.integer(ffnKey, 0, 1, kMaxDim, true);
}

// The format a checkpoint's weights were published in, from its quantization_config: DeepSeek-V3
// and Kimi K2 ("fp8"), gpt-oss ("mxfp4"), NVIDIA ModelOpt ("modelopt", quant_algo FP8 or
// NVFP4), AWQ and GPTQ ("bits"), and compressed-tensors (the weights of its first config group:
// Kimi K2 Thinking's int4). Nothing for a 16-bit checkpoint or a method it does not know: the
// weights then serve at the device's usual precision.
std::optional<Precision> publishedWeights(const QJsonObject& q)
{
    const QString method = q.value(QStringLiteral("quant_method")).toString().toLower();
    if (method == QLatin1String("fp8"))
        return Precision::FP8;
    if (method == QLatin1String("mxfp4"))
        return Precision::FP4;
    if (method == QLatin1String("modelopt")) {
        const QString algo = q.value(QStringLiteral("quant_algo")).toString().toUpper();
        if (algo.startsWith(QLatin1String("FP8")))
            return Precision::FP8;
        if (algo.startsWith(QLatin1String("NVFP4")))
            return Precision::FP4;
        return std::nullopt;
    }
    const auto integerBits = [](int bits) -> std::optional<Precision> {
        if (bits == 4)
            return Precision::INT4;
        if (bits == 8)
            return Precision::INT8;
        return std::nullopt;
    };
    if (method == QLatin1String("awq") || method == QLatin1String("gptq"))
        return integerBits(q.value(QStringLiteral("bits")).toInt());
    if (method == QLatin1String("compressed-tensors")) {
        const QJsonObject groups = q.value(QStringLiteral("config_groups")).toObject();
        if (groups.isEmpty())
            return std::nullopt;
        const QJsonObject w = groups.begin().value().toObject().value(QStringLiteral("weights")).toObject();
        const int bits = w.value(QStringLiteral("num_bits")).toInt();
        if (w.value(QStringLiteral("type")).toString() != QLatin1String("float"))
            return integerBits(bits);
        if (bits == 8)
            return Precision::FP8;
        if (bits == 4)
            return Precision::FP4;
        return std::nullopt;
    }
    return std::nullopt;
}

// Whether a release quantised only its routed experts, weight-only: it quantises no activations
// and its exclusions name the attention modules (gpt-oss's mxfp4 `modules_to_not_convert`, a
// compressed-tensors `ignore` list such as Kimi K2 Thinking's).
bool quantisesExpertsOnly(const QJsonObject& q)
{
    const QString method = q.value(QStringLiteral("quant_method")).toString().toLower();
    QJsonArray excluded;
    bool weightOnly = false;
    if (method == QLatin1String("mxfp4")) {
        excluded = q.value(QStringLiteral("modules_to_not_convert")).toArray();
        weightOnly = true; // the format scales weights only
    } else if (method == QLatin1String("compressed-tensors")) {
        excluded = q.value(QStringLiteral("ignore")).toArray();
        const QJsonObject groups = q.value(QStringLiteral("config_groups")).toObject();
        const QJsonValue acts =
            groups.isEmpty() ? QJsonValue()
                             : groups.begin().value().toObject().value(QStringLiteral("input_activations"));
        weightOnly = !groups.isEmpty() && (acts.isNull() || acts.isUndefined());
    }
    return weightOnly && std::any_of(excluded.begin(), excluded.end(), [](const QJsonValue& v) {
               return v.toString().contains(QLatin1String("attn"));
           });
}

} // namespace

std::optional<ModelEntry> importHfConfig(const QJsonObject& rootIn, const QString& origin, QString* error)
{
    QString err;
    QJsonObject root = rootIn;
    const QString type = root.value(QStringLiteral("model_type")).toString();
    // Llama 4 and some multimodal configs nest the language model under text_config.
    if (root.value(QStringLiteral("text_config")).isObject()) {
        QJsonObject text = root.value(QStringLiteral("text_config")).toObject();
        if (!text.contains(QStringLiteral("model_type")))
            text.insert(QStringLiteral("model_type"), type);
        root = text;
    }
    const QString modelType = root.value(QStringLiteral("model_type")).toString(type);
    JsonFields f(root, {}, &err);
    ModelEntry e;
    ModelDesc& m = e.arch;
    // The file's own name fields first: a config.json downloaded into any folder ("real",
    // a cache snapshot hash) still says which model it is. "_name_or_path" is the repository
    // ("meta-llama/Llama-3.1-405B") or a local path: its last part names the model.
    const QString nameOrPath = rootIn.value(QStringLiteral("_name_or_path")).toString().trimmed();
    const QString repoName =
        nameOrPath.section(QRegularExpression(QStringLiteral("[/\\\\]")), -1, -1, QString::SectionSkipEmpty);
    if (!repoName.isEmpty())
        m.id = repoName;
    else if (!type.isEmpty())
        m.id = type;
    else
        m.id = QFileInfo(origin).dir().dirName();
    if (m.id.isEmpty() || m.id == QLatin1String("."))
        m.id = QFileInfo(origin).completeBaseName();
    m.name = m.id;
    m.source = QStringLiteral("Hugging Face config.json: ") + origin;
    m.kind = SourceKind::Datasheet;

    if (modelType.isEmpty()) {
        *error = QCoreApplication::translate("is::HfConfigImport", "%1: model_type: missing").arg(origin);
        return std::nullopt;
    }
    readCommon(f, m);
    if (modelType == QLatin1String("llama") || modelType == QLatin1String("mistral") ||
        modelType == QLatin1String("qwen2") || modelType == QLatin1String("qwen3")) {
        m.denseFfn = f.integer("intermediate_size", 0, 1, kMaxDim, true);
        if (modelType == QLatin1String("mistral") &&
            root.value(QStringLiteral("sliding_window")).isDouble()) {
            m.slidingWindow = f.integer("sliding_window", 0, 1, 1 << 30);
            m.slidingEvery = 1;
        }
    } else if (modelType == QLatin1String("mixtral")) {
        readMixtralLike(f, m, "num_local_experts", "intermediate_size");
    } else if (modelType == QLatin1String("qwen3_moe") || modelType == QLatin1String("qwen2_moe")) {
        readMixtralLike(f, m, "num_experts", "moe_intermediate_size");
        m.denseFfn = f.integer("intermediate_size", 0, 0, kMaxDim);
        m.moeEvery = f.integer("decoder_sparse_step", 1, 1, 100000);
        if (modelType == QLatin1String("qwen2_moe") &&
            root.value(QStringLiteral("shared_expert_intermediate_size")).isDouble()) {
            // A shared expert wider than a routed one counts as several, as in GGUF import
            // (Qwen1.5-MoE-A2.7B: 5632 = 4 x 1408; Qwen2-57B-A14B: 20480 = 8 x 2560).
            const int sharedFfn = f.integer("shared_expert_intermediate_size", 0, 1, kMaxDim);
            m.sharedExperts =
                std::max(1, static_cast<int>(std::lround(static_cast<double>(sharedFfn) / m.expertFfn)));
        }
        const QJsonArray mlpOnly = f.array("mlp_only_layers");
        if (!mlpOnly.isEmpty())
            m.denseLayers = mlpOnly.size(); // Qwen lists the leading dense layers
    } else if (modelType == QLatin1String("deepseek_v3") || modelType == QLatin1String("deepseek_v2") ||
               modelType == QLatin1String("kimi_k2")) {
        m.attention = AttentionKind::MLA;
        m.qLoraRank = f.integer("q_lora_rank", 0, 0, kMaxDim);
        m.kvLoraRank = f.integer("kv_lora_rank", 0, 1, kMaxDim, true);
        m.qkNopeHeadDim = f.integer("qk_nope_head_dim", 0, 1, kMaxDim, true);
        m.qkRopeHeadDim = f.integer("qk_rope_head_dim", 0, 0, kMaxDim, true);
        m.vHeadDim = f.integer("v_head_dim", 0, 1, kMaxDim, true);
        m.kvHeads = m.heads;
        m.denseFfn = f.integer("intermediate_size", 0, 1, kMaxDim, true);
        m.experts = f.integer("n_routed_experts", 0, 0, 1 << 20);
        m.activeExperts = f.integer("num_experts_per_tok", 0, 0, 1 << 20);
        m.sharedExperts = f.integer("n_shared_experts", 0, 0, 1 << 20);
        m.expertFfn = f.integer("moe_intermediate_size", 0, 0, kMaxDim);
        m.denseLayers = f.integer("first_k_dense_replace", 0, 0, 100000);
        m.moeEvery = f.integer("moe_layer_freq", 1, 1, 100000);
        m.mtpLayers = f.integer("num_nextn_predict_layers", 0, 0, 64);
    } else if (modelType == QLatin1String("gpt_oss")) {
        readMixtralLike(f, m, "num_local_experts", "intermediate_size");
        if (root.contains(QStringLiteral("experts_per_token")))
            m.activeExperts = f.integer("experts_per_token", 4, 1, 1 << 20);
        m.slidingWindow = f.integer("sliding_window", 0, 0, 1 << 30);
        m.slidingEvery = m.slidingWindow > 0 ? 2 : 0;
    } else if (modelType == QLatin1String("llama4") || modelType == QLatin1String("llama4_text")) {
        readMixtralLike(f, m, "num_local_experts", "intermediate_size");
        m.sharedExperts = 1;
        m.denseFfn = f.integer("intermediate_size_mlp", 0, 1, kMaxDim, true);
        m.moeEvery = f.integer("interleave_moe_layer_step", 1, 1, 100000);
        m.attentionChunk = f.integer("attention_chunk_size", 0, 0, 1 << 30);
        m.chunkGlobalEvery = m.attentionChunk > 0 ? 4 : 0;
    } else {
        *error = QCoreApplication::translate(
                     "is::HfConfigImport", "%1: model_type: unsupported '%2' (llama, mistral, mixtral, "
                                           "qwen2, qwen3, qwen3_moe, deepseek_v3, kimi_k2, gpt_oss, llama4)")
                     .arg(origin, modelType);
        return std::nullopt;
    }
    if (!err.isEmpty()) {
        *error = errorAt(origin, err);
        return std::nullopt;
    }
    // Read from the top level: multimodal configs keep it beside text_config, not inside.
    if (const QJsonObject q = rootIn.value(QStringLiteral("quantization_config")).toObject(); !q.isEmpty()) {
        m.releasedWeights = publishedWeights(q);
        m.releasedExpertsOnly = m.releasedWeights && quantisesExpertsOnly(q);
        if (m.releasedWeights)
            m.releasedWeightsSource =
                QStringLiteral("Hugging Face config.json quantization_config: ") + origin;
        else
            log::get("model")->info(
                "{}: quantization_config method '{}' not recognised; weights treated as 16-bit",
                origin.toStdString(), q.value(QStringLiteral("quant_method")).toString().toStdString());
    }
    if (const QString why = m.validate(); !why.isEmpty()) {
        *error = errorAt(origin, why);
        return std::nullopt;
    }
    log::get("model")->info("imported {} ({}) from {}", m.id.toStdString(), modelType.toStdString(),
                            origin.toStdString());
    return e;
}

std::optional<ModelEntry> importHfConfigFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("is::HfConfigImport", "%1: cannot open: %2")
                     .arg(path, file.errorString());
        return std::nullopt;
    }
    if (file.size() > 16 * 1024 * 1024) {
        *error =
            QCoreApplication::translate("is::HfConfigImport", "%1: too large for a config.json").arg(path);
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QCoreApplication::translate("is::HfConfigImport", "%1: not a JSON object (%2 at offset %3)")
                     .arg(path, pe.errorString(), QString::number(pe.offset));
        return std::nullopt;
    }
    return importHfConfig(doc.object(), path, error);
}

} // namespace is
