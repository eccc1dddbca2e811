// SPDX-License-Identifier: MIT
// GGUF header import: synthetic files whose parameter counts are computed by hand, a sparse
// multi-gigabyte file that must import without reading its data, and broken files that must
// explain themselves (file and field) instead of crashing or allocating.
#include "GgufTestWriter.h"

#include "model/GgufHeader.h"
#include "model/GgufImport.h"
#include "model/ModelMath.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

#include <sys/resource.h>

using namespace is;
using is::test::GgufTestWriter;

class TestGgufImport : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QLatin1String(name)); }
    QString importError(const QByteArray& bytes, const char* name)
    {
        const QString p = path(name);
        QFile f(p);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return QStringLiteral("cannot write test file");
        f.close();
        QString err;
        if (importGgufFile(p, &err))
            return QStringLiteral("imported unexpectedly");
        return err;
    }

private slots:
    void denseLlamaCountsEveryParameter()
    {
        const int dim = 64, layers = 2, heads = 4, kvHeads = 2, ffn = 128, vocab = 100;
        const auto w = GgufTestWriter::llama(dim, layers, heads, kvHeads, ffn, vocab);
        QVERIFY(w.write(path("llama.gguf")));
        QString err;
        const auto imp = importGgufFile(path("llama.gguf"), &err);
        QVERIFY2(imp, qPrintable(err));

        // By hand: q and o are 64x64, k and v 64x32 (2 KV heads of 16); three 64x128 FFN matrices;
        // two norms of 64 per layer; embedding and classifier 64x100; the final norm.
        const double perLayer = 64 * 64 + 64 * 32 + 64 * 32 + 64 * 64 + 3 * 64 * 128 + 2 * 64;
        const double expected = 2 * perLayer + 64 * 100 + 64 * 100 + 64;
        QCOMPARE(expected, 86848.0);
        QCOMPARE(imp->exactParams, expected);
        QCOMPARE(static_cast<double>(w.parameters()), expected);

        const ModelDesc& m = imp->entry.arch;
        QCOMPARE(imp->architecture, QStringLiteral("llama"));
        QCOMPARE(m.name, QStringLiteral("Test Llama"));
        QCOMPARE(m.id, QStringLiteral("llama"));
        QCOMPARE(m.hidden, dim);
        QCOMPARE(m.layers, layers);
        QCOMPARE(m.heads, heads);
        QCOMPARE(m.kvHeads, kvHeads);
        QCOMPARE(m.headDim, dim / heads);
        QCOMPARE(m.denseFfn, ffn);
        QCOMPARE(m.vocab, vocab);
        QCOMPARE(m.maxContext, 8192);
        QCOMPARE(m.attention, AttentionKind::GQA);
        QVERIFY(!m.tiedEmbeddings);
        QVERIFY(!m.isMoe());
        // The description derives the same count from the architecture alone.
        const ParamBreakdown b = paramBreakdown(m);
        QCOMPARE(b.total(), expected);
        QCOMPARE(imp->exactActiveParams, b.active());
        QCOMPARE(m.publishedTotalParams, expected);
        // Matrices are F16: 16 bits per weight.
        QCOMPARE(imp->dominantType, QStringLiteral("F16"));
        QCOMPARE(imp->bitsPerWeight, 16.0);
        QCOMPARE(imp->weights, std::optional<Precision>(Precision::FP16));
        QVERIFY(imp->entry.arch.source.contains(path("llama.gguf")));
    }

    void tiedAndQuantisedInfersPrecision()
    {
        auto w = GgufTestWriter::llama(64, 1, 4, 4, 128, 50, GgufTestWriter::Q8_0, true);
        QVERIFY(w.write(path("q8.gguf")));
        QString err;
        const auto imp = importGgufFile(path("q8.gguf"), &err);
        QVERIFY2(imp, qPrintable(err));
        QVERIFY(imp->entry.arch.tiedEmbeddings);
        QCOMPARE(imp->entry.arch.attention, AttentionKind::MHA);
        QCOMPARE(imp->exactParams, paramBreakdown(imp->entry.arch).total());
        QCOMPARE(imp->dominantType, QStringLiteral("Q8_0"));
        QCOMPARE(imp->bitsPerWeight, 8.5);
        QCOMPARE(imp->weights, std::optional<Precision>(Precision::INT8));
    }

    void moeCountsActiveExperts()
    {
        // Qwen3-MoE style: every layer MoE, 8 experts of width 256, 2 used; Q4_K experts.
        const std::uint64_t d = 256, e = 8, f = 256, vocab = 300;
        GgufTestWriter w;
        w.str("general.architecture", "qwen3moe");
        w.u32("qwen3moe.embedding_length", d);
        w.u32("qwen3moe.block_count", 2);
        w.u32("qwen3moe.feed_forward_length", 1024);
        w.u32("qwen3moe.expert_feed_forward_length", f);
        w.u32("qwen3moe.expert_count", e);
        w.u32("qwen3moe.expert_used_count", 2);
        w.u32("qwen3moe.attention.head_count", 4);
        w.u32("qwen3moe.attention.head_count_kv", 2);
        w.u32("qwen3moe.attention.key_length", 64);
        w.u32("qwen3moe.context_length", 32768);
        w.tensor("token_embd.weight", {d, vocab}, GgufTestWriter::Q6_K);
        for (int l = 0; l < 2; ++l) {
            const std::string b = "blk." + std::to_string(l) + ".";
            w.tensor(b + "attn_norm.weight", {d}, GgufTestWriter::F32);
            w.tensor(b + "attn_q.weight", {d, 256}, GgufTestWriter::Q4_K);
            w.tensor(b + "attn_k.weight", {d, 128}, GgufTestWriter::Q4_K);
            w.tensor(b + "attn_v.weight", {d, 128}, GgufTestWriter::Q4_K);
            w.tensor(b + "attn_output.weight", {256, d}, GgufTestWriter::Q4_K);
            w.tensor(b + "ffn_norm.weight", {d}, GgufTestWriter::F32);
            w.tensor(b + "ffn_gate_inp.weight", {d, e}, GgufTestWriter::F32);
            w.tensor(b + "ffn_gate_exps.weight", {d, f, e}, GgufTestWriter::Q4_K);
            w.tensor(b + "ffn_up_exps.weight", {d, f, e}, GgufTestWriter::Q4_K);
            w.tensor(b + "ffn_down_exps.weight", {f, d, e}, GgufTestWriter::Q4_K);
        }
        w.tensor("output_norm.weight", {d}, GgufTestWriter::F32);
        w.tensor("output.weight", {d, vocab}, GgufTestWriter::Q6_K);
        QVERIFY(w.write(path("moe.gguf")));
        QString err;
        const auto imp = importGgufFile(path("moe.gguf"), &err);
        QVERIFY2(imp, qPrintable(err));
        const ModelDesc& m = imp->entry.arch;
        QVERIFY(m.isMoe());
        QCOMPARE(m.experts, 8);
        QCOMPARE(m.activeExperts, 2);
        QCOMPARE(m.expertFfn, 256);
        QCOMPARE(m.moeLayerCount(), 2);
        QCOMPARE(m.vocab, 300); // no tokenizer list: the embedding's rows

        const double attention = 2.0 * (256 * 256 + 2 * 256 * 128 + 256 * 256);
        const double experts = 2.0 * 3 * 256 * 256 * 8;
        const double router = 2.0 * 256 * 8;
        const double norms = 2.0 * 2 * 256 + 256;
        const double embedAndHead = 2.0 * 256 * 300;
        QCOMPARE(imp->exactParams, attention + experts + router + norms + embedAndHead);
        QCOMPARE(imp->exactParams, paramBreakdown(m).total());
        // Active: a quarter of the routed experts, no embedding table, no norms.
        QCOMPARE(imp->exactActiveParams, attention + experts / 4 + router + 256.0 * 300);
        QCOMPARE(imp->exactActiveParams, paramBreakdown(m).active());
        QCOMPARE(imp->dominantType, QStringLiteral("Q4_K"));
        QVERIFY(imp->bitsPerWeight > 4.5 && imp->bitsPerWeight < 6);
        QCOMPARE(imp->weights, std::optional<Precision>(Precision::INT4));
    }

    void mlaMapsLatentAttention()
    {
        GgufTestWriter w;
        w.str("general.architecture", "deepseek2");
        w.u32("deepseek2.embedding_length", 512);
        w.u32("deepseek2.block_count", 4);
        w.u32("deepseek2.feed_forward_length", 1024);
        w.u32("deepseek2.expert_feed_forward_length", 256);
        w.u32("deepseek2.expert_count", 16);
        w.u32("deepseek2.expert_used_count", 4);
        w.u32("deepseek2.expert_shared_count", 1);
        w.u32("deepseek2.leading_dense_block_count", 1);
        w.u32("deepseek2.attention.head_count", 8);
        w.u32("deepseek2.attention.q_lora_rank", 192);
        w.u32("deepseek2.attention.kv_lora_rank", 128);
        w.u32("deepseek2.attention.key_length", 96);
        w.u32("deepseek2.attention.value_length", 64);
        w.u32("deepseek2.rope.dimension_count", 32);
        w.tokens(1000);
        QVERIFY(w.write(path("mla.gguf")));
        QString err;
        const auto imp = importGgufFile(path("mla.gguf"), &err);
        QVERIFY2(imp, qPrintable(err));
        const ModelDesc& m = imp->entry.arch;
        QCOMPARE(m.attention, AttentionKind::MLA);
        QCOMPARE(m.kvLoraRank, 128);
        QCOMPARE(m.qLoraRank, 192);
        QCOMPARE(m.qkRopeHeadDim, 32);
        QCOMPARE(m.qkNopeHeadDim, 64);
        QCOMPARE(m.vHeadDim, 64);
        QCOMPARE(m.denseLayers, 1);
        QCOMPARE(m.sharedExperts, 1);
        QCOMPARE(m.denseFfn, 1024);
        QCOMPARE(m.moeLayerCount(), 3);
        QCOMPARE(m.vocab, 1000);
    }

    void llamaCppMetadataIsSkipped()
    {
        // What llama.cpp's converter writes beside the architecture: scores (f32 array), token
        // types (i32 array), merges (strings), u64 and bool keys, a chat template, an alignment.
        auto w = GgufTestWriter::llama(64, 1, 4, 1, 128, 40);
        w.setAlignment(64);
        w.raw("tokenizer.ggml.scores", 9,
              GgufTestWriter::scalarArray<float>(6, std::vector<float>(40, -1.5f)));
        w.raw("tokenizer.ggml.token_type", 9,
              GgufTestWriter::scalarArray<std::int32_t>(5, std::vector<std::int32_t>(40, 1)));
        QByteArray merges;
        merges.append("\x08\0\0\0", 4); // element type: string
        const std::uint64_t n = 3;
        merges.append(reinterpret_cast<const char*>(&n), 8);
        for (const char* m : {"a b", "ab c", "d e"}) {
            const std::uint64_t len = std::strlen(m);
            merges.append(reinterpret_cast<const char*>(&len), 8);
            merges.append(m, static_cast<qsizetype>(len));
        }
        w.raw("tokenizer.ggml.merges", 9, merges);
        const std::uint64_t big = 1ull << 40;
        w.raw("general.size_bytes", 10, QByteArray(reinterpret_cast<const char*>(&big), 8));
        w.raw("tokenizer.ggml.add_bos_token", 7, QByteArray(1, '\1'));
        w.str("tokenizer.chat_template", std::string(5000, 'x'));
        w.u32("general.quantization_version", 2);
        QVERIFY(w.write(path("llamacpp.gguf")));
        QString err;
        const auto imp = importGgufFile(path("llamacpp.gguf"), &err);
        QVERIFY2(imp, qPrintable(err));
        QCOMPARE(imp->entry.arch.vocab, 40);
        QCOMPARE(imp->entry.arch.attention, AttentionKind::MQA);
        QCOMPARE(imp->exactParams, static_cast<double>(w.parameters()));
        QCOMPARE(imp->exactParams, paramBreakdown(imp->entry.arch).total());
    }

    void hugeFileImportsWithoutReadingData()
    {
        // 8 layers of 8192-wide F16 matrices: about 6.4 GB of tensor data that is never written
        // (the file is sparse) and must never be read.
        const auto w = GgufTestWriter::llama(8192, 8, 64, 8, 28672, 128256);
        QVERIFY(w.writeSparse(path("big.gguf")));
        QVERIFY(QFileInfo(path("big.gguf")).size() > 4ll * 1024 * 1024 * 1024);
        // The file is mapped, so reading its tensor data would fault pages in. Holes of a sparse
        // file fault in large blocks here (about one fault per MB), so touching gigabytes of them
        // would still take thousands; reading the header and the tensor infos takes a handful.
        // (Under AddressSanitizer, first touches of shadow memory count too: not checked there.)
        const auto faults = [] {
            rusage u{};
            getrusage(RUSAGE_SELF, &u);
            return u.ru_minflt + u.ru_majflt;
        };
        QElapsedTimer t;
        t.start();
        const long faultsBefore = faults();
        QString err;
        const auto imp = importGgufFile(path("big.gguf"), &err);
        const long pageFaults = faults() - faultsBefore;
        QVERIFY2(imp, qPrintable(err));
        QCOMPARE(imp->exactParams, static_cast<double>(w.parameters()));
        QCOMPARE(imp->exactParams, paramBreakdown(imp->entry.arch).total());
#ifndef __SANITIZE_ADDRESS__
        QVERIFY2(pageFaults < 200, qPrintable(QStringLiteral("%1 page faults").arg(pageFaults)));
#endif
        qInfo("imported the header of a %.1f GB file in %lld ms with %ld page faults",
              static_cast<double>(QFileInfo(path("big.gguf")).size()) / 1e9,
              static_cast<long long>(t.elapsed()), pageFaults);
    }

    void brokenFilesNameFileAndField()
    {
        const auto w = GgufTestWriter::llama(64, 2, 4, 2, 128, 100);
        const QByteArray good = w.build();

        QString err = importError(good.left(good.size() / 3), "cut.gguf");
        QVERIFY2(err.startsWith(path("cut.gguf") + QStringLiteral(": ")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("truncated")) || err.contains(QStringLiteral("past the end")),
                 qPrintable(err));

        err = importError(QByteArray("GGUF\x03\x00\x00\x00", 8), "short.gguf");
        QVERIFY2(err.startsWith(path("short.gguf")) && err.contains(QStringLiteral("tensor_count")),
                 qPrintable(err));

        err = importError(QByteArray(4096, 'x'), "garbage.gguf");
        QVERIFY2(err.startsWith(path("garbage.gguf")) && err.contains(QStringLiteral("magic")),
                 qPrintable(err));

        err = importError(QByteArray(), "empty.gguf");
        QVERIFY2(err.startsWith(path("empty.gguf")), qPrintable(err));

        QString missing;
        QVERIFY(!importGgufFile(path("missing.gguf"), &missing));
        QVERIFY2(missing.startsWith(path("missing.gguf")), qPrintable(missing));

        // A hostile string length in the first key: capped, named, no allocation.
        QByteArray hostile = good;
        const quint64 huge = 1ull << 60;
        std::memcpy(hostile.data() + 24, &huge, 8);
        err = importError(hostile, "hostile.gguf");
        QVERIFY2(err.startsWith(path("hostile.gguf")) && err.contains(QStringLiteral("metadata key #0")) &&
                     err.contains(QStringLiteral("limit")),
                 qPrintable(err));

        // A huge tensor count.
        hostile = good;
        std::memcpy(hostile.data() + 8, &huge, 8);
        err = importError(hostile, "count.gguf");
        QVERIFY2(err.contains(QStringLiteral("tensor_count")), qPrintable(err));

        // A required key missing: the field is named.
        GgufTestWriter nokey;
        nokey.str("general.architecture", "llama");
        nokey.u32("llama.embedding_length", 64);
        err = importError(nokey.build(), "nokey.gguf");
        QVERIFY2(err.startsWith(path("nokey.gguf")) && err.contains(QStringLiteral("llama.block_count")),
                 qPrintable(err));
    }

    void namesFromTheFileKeepTheirPercentSigns()
    {
        // Names read from the file are text: a '%1' in one is not a placeholder for the numbers
        // that follow it in the message.
        GgufTestWriter tensor;
        tensor.str("general.architecture", "llama");
        tensor.tensor("blk.%1.weight", {64, 0});
        QString err = importError(tensor.build(), "tensor.gguf");
        QVERIFY2(err.endsWith(QStringLiteral(": tensor blk.%1.weight: dimension 1 = 0 is invalid")),
                 qPrintable(err));

        GgufTestWriter key;
        key.raw("bad%1", 99, QByteArray());
        err = importError(key.build(), "key.gguf");
        QVERIFY2(err.endsWith(QStringLiteral(": metadata bad%1: unknown metadata value type 99")),
                 qPrintable(err));

        GgufTestWriter range;
        range.str("general.architecture", "x%1");
        range.u32("x%1.embedding_length", 0);
        err = importError(range.build(), "range.gguf");
        QVERIFY2(err.endsWith(QStringLiteral(": x%1.embedding_length: 0 is out of range [1, 16777216]")),
                 qPrintable(err));

        GgufTestWriter rows;
        rows.str("general.architecture", "x%3");
        rows.u32("x%3.embedding_length", 32);
        rows.u32("x%3.block_count", 1);
        rows.u32("x%3.attention.head_count", 4);
        rows.tensor("token_embd.weight", {64, 100});
        err = importError(rows.build(), "rows.gguf");
        QVERIFY2(err.endsWith(QStringLiteral(
                     ": token_embd.weight: row length 64 differs from x%3.embedding_length 32")),
                 qPrintable(err));
    }

    void prefixAsksForMore()
    {
        // The fallback when a file cannot be mapped: parse a prefix, read more when told to.
        const QByteArray good = GgufTestWriter::llama(64, 2, 4, 2, 128, 100).build();
        const auto* data = reinterpret_cast<const std::byte*>(good.constData());
        const auto size = static_cast<std::uint64_t>(good.size());
        gguf::ParseResult r = gguf::parseHeader(data, 200, size);
        QVERIFY(!r.header);
        QVERIFY(r.needMore);
        r = gguf::parseHeader(data, static_cast<std::size_t>(size), size);
        QVERIFY2(r.header, qPrintable(r.error));
        QCOMPARE(r.header->tensors.size(), std::size_t(2 * 9 + 3));
        QVERIFY(r.header->dataStart % 32 == 0);
        // A file shorter than its header is broken, not "read more".
        r = gguf::parseHeader(data, 200, 200);
        QVERIFY(!r.header);
        QVERIFY(!r.needMore);
        QVERIFY2(r.error.contains(QStringLiteral("larger than the file")), qPrintable(r.error));
    }

    void bitFlipsNeverCrash()
    {
        // Every byte of the header overwritten in turn: each import succeeds or explains itself.
        const auto w = GgufTestWriter::llama(64, 1, 4, 2, 128, 20);
        const QByteArray good = w.build();
        int rejected = 0;
        for (int i = 0; i < 600 && i < good.size(); i += 3) {
            QByteArray bad = good;
            bad[i] = static_cast<char>(bad[i] ^ 0xff);
            const gguf::ParseResult r = gguf::parseHeader(reinterpret_cast<const std::byte*>(bad.constData()),
                                                          static_cast<std::size_t>(bad.size()),
                                                          static_cast<std::uint64_t>(bad.size()));
            if (!r.header) {
                QVERIFY(!r.error.isEmpty());
                ++rejected;
                continue;
            }
            QString err;
            if (!importGgufHeader(*r.header, QStringLiteral("flip.gguf"), &err)) {
                QVERIFY2(err.startsWith(QStringLiteral("flip.gguf: ")), qPrintable(err));
                ++rejected;
            }
        }
        QVERIFY(rejected > 0);
    }
};

QTEST_GUILESS_MAIN(TestGgufImport)
#include "tst_ggufimport.moc"
