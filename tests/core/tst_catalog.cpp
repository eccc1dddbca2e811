// SPDX-License-Identifier: MIT
// The built-in catalogs: every required entry present, every number sourced, bad files rejected
// with the file and field named.
#include "hardware/Catalog.h"
#include "model/ModelEntry.h"
#include "model/ModelMath.h"

#include <QtTest>

using namespace is;

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void requiredDevicesPresent()
    {
        auto c = Catalog::builtin();
        for (const char* id : {"a100-sxm-80g", "h100-sxm", "h200-sxm", "b200", "gb200", "gb300", "mi300x",
                               "mi325x", "mi355x", "cs-3", "cs-2", "groq-lpu", "sn40l", "sohu", "b300"})
            QVERIFY2(c->device(QString::fromLatin1(id)), id);
        QCOMPARE(c->device(QStringLiteral("cs-3"))->cls, DeviceClass::SramDataflow);
        QCOMPARE(c->device(QStringLiteral("sn40l"))->cls, DeviceClass::Tiered);
        QVERIFY(c->device(QStringLiteral("cs-3"))->tier(MemoryTierKind::External)); // MemoryX
    }

    void requiredModelsPresent()
    {
        auto c = Catalog::builtin();
        for (const char* id : {"llama-2-7b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.3-70b",
                               "llama-3.1-405b", "mixtral-8x7b", "deepseek-r1", "kimi-k2", "gpt-oss-120b",
                               "llama-4-maverick", "qwen3-32b", "qwen3-235b-a22b", "gpt-5.6-sol", "kimi-k3",
                               // issue 17: what people deploy in late 2026
                               "glm-4.6", "glm-4.7", "gpt-oss-20b", "deepseek-v3.2", "qwen3-coder-480b",
                               "qwen3-next-80b", "llama-4-scout", "kimi-k2-thinking", "minimax-m2"})
            QVERIFY2(c->model(QString::fromLatin1(id)), id);
        QVERIFY(c->model(QStringLiteral("gpt-5.6-sol"))->hasRange());
        QCOMPARE(c->model(QStringLiteral("kimi-k3"))->arch.kind, SourceKind::Speculation);
    }

    void lateModelsLoadAndRoundTrip_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : {"glm-4.6", "glm-4.7", "gpt-oss-20b", "deepseek-v3.2", "qwen3-coder-480b",
                               "qwen3-next-80b", "llama-4-scout", "kimi-k2-thinking", "minimax-m2"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void lateModelsLoadAndRoundTrip()
    {
        QFETCH(QString, id);
        const ModelEntry* e = Catalog::builtin()->model(id);
        QVERIFY(e);
        const ModelDesc& m = e->arch;
        QVERIFY2(m.validate().isEmpty(), qPrintable(m.validate()));
        QVERIFY(!m.source.isEmpty());
        QCOMPARE(m.kind, SourceKind::Datasheet);
        QVERIFY(m.publishedTotalParams > 0 && m.publishedActiveParams > 0 &&
                m.publishedActiveParams < m.publishedTotalParams);
        QVERIFY(m.isMoe());
        // Written out and read back, the architecture is the same (sparse and linear attention too).
        QString err;
        const auto back = parseModelEntry(modelEntryToJson(*e), QStringLiteral("round-trip"), &err);
        QVERIFY2(back, qPrintable(err));
        QCOMPARE(paramBreakdown(back->arch).total(), paramBreakdown(m).total());
        QCOMPARE(kvBytes(back->arch, 50000, Precision::FP8), kvBytes(m, 50000, Precision::FP8));
        QCOMPARE(decodeKvBytes(back->arch, 50000, Precision::FP8), decodeKvBytes(m, 50000, Precision::FP8));
        QVERIFY(back->arch.releasedWeights == m.releasedWeights);
        QCOMPARE(back->arch.releasedWeightsSource, m.releasedWeightsSource);
    }

    void releasedFormatsFromTheModelCards_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("released"); // empty: a 16-bit checkpoint, nothing stated
        QTest::addColumn<bool>("expertsOnly"); // only the routed experts quantised, weight-only
        QTest::newRow("deepseek-r1") << QStringLiteral("deepseek-r1") << QStringLiteral("fp8") << false;
        QTest::newRow("deepseek-v3.2") << QStringLiteral("deepseek-v3.2") << QStringLiteral("fp8") << false;
        QTest::newRow("kimi-k2") << QStringLiteral("kimi-k2") << QStringLiteral("fp8") << false;
        QTest::newRow("kimi-k2-thinking")
            << QStringLiteral("kimi-k2-thinking") << QStringLiteral("int4") << true;
        QTest::newRow("gpt-oss-120b") << QStringLiteral("gpt-oss-120b") << QStringLiteral("fp4") << true;
        QTest::newRow("gpt-oss-20b") << QStringLiteral("gpt-oss-20b") << QStringLiteral("fp4") << true;
        QTest::newRow("minimax-m2") << QStringLiteral("minimax-m2") << QStringLiteral("fp8") << false;
        QTest::newRow("llama-3.1-70b") << QStringLiteral("llama-3.1-70b") << QString() << false;
        QTest::newRow("qwen3-235b-a22b") << QStringLiteral("qwen3-235b-a22b") << QString() << false;
    }
    void releasedFormatsFromTheModelCards()
    {
        QFETCH(QString, id);
        QFETCH(QString, released);
        const ModelEntry* e = Catalog::builtin()->model(id);
        QVERIFY(e);
        QTEST(e->arch.releasedExpertsOnly, "expertsOnly");
        if (released.isEmpty()) {
            QVERIFY(!e->arch.releasedWeights);
            return;
        }
        QVERIFY(e->arch.releasedWeights);
        QCOMPARE(precisionId(*e->arch.releasedWeights), released);
        QVERIFY(!e->arch.releasedWeightsSource.isEmpty());
    }

    void sparseAndLinearAttentionFromTheCatalog()
    {
        auto c = Catalog::builtin();
        const ModelDesc v32 = c->model(QStringLiteral("deepseek-v3.2"))->arch;
        QCOMPARE(v32.sparseTopK, 2048);
        QCOMPARE(v32.indexerHeads, 64);
        QCOMPARE(v32.indexerHeadDim, 128);
        const ModelDesc next = c->model(QStringLiteral("qwen3-next-80b"))->arch;
        QCOMPARE(next.linearFullEvery, 4);
        QCOMPARE(next.linearValueHeads, 32);
        QCOMPARE(next.linearKeyHeads, 16);
        QCOMPARE(next.experts, 512);
        QCOMPARE(next.activeExperts, 10);
        QCOMPARE(next.sharedExperts, 1);
        QVERIFY(next.attentionOutputGate);
        // Models without either mechanism are untouched by it.
        const ModelDesc v3 = c->model(QStringLiteral("deepseek-v3"))->arch;
        QCOMPARE(v3.sparseTopK, 0);
        QCOMPARE(v3.linearLayerCount(), 0);
    }

    void b300FromTheReference()
    {
        // HGX B300 (Blackwell Ultra): 288 GB HBM3e, ~8 TB/s, dense FP4 13.5-15 PF, FP8 4.5 PF,
        // 1,100-1,400 W; an 8-GPU NVLink 5 system.
        auto c = Catalog::builtin();
        const Device* b300 = c->device(QStringLiteral("b300"));
        QVERIFY(b300);
        QCOMPARE(b300->family, QStringLiteral("nvidia-blackwell"));
        const MemoryTier* hbm = b300->tier(MemoryTierKind::Hbm);
        QVERIFY(hbm);
        QCOMPARE(hbm->capacityBytes.value, 288e9);
        QCOMPARE(hbm->bandwidthBytesPerS.value, 8e12);
        QCOMPARE(b300->peakFlopsFor(Precision::FP8), 4.5e15);
        QCOMPARE(b300->peakFlopsFor(Precision::FP4), 1.35e16);
        QCOMPARE(b300->peakFlops.at(Precision::FP4).max, 1.5e16);
        QCOMPARE(b300->peakPowerW.value, 1100.0);
        QCOMPARE(b300->peakPowerW.max, 1400.0);
        // Honest kinds: nothing here is a datasheet this repository holds.
        QVERIFY(b300->peakFlops.at(Precision::FP4).kind == SourceKind::VendorClaim);
        QVERIFY(hbm->bandwidthBytesPerS.kind == SourceKind::Assumed);
        const SystemPackaging* hgx = c->system(b300->defaultSystem);
        QVERIFY(hgx);
        QCOMPARE(hgx->id, QStringLiteral("hgx-b300"));
        QCOMPARE(hgx->devicesPerSystem, 8);
        QCOMPARE(hgx->scaleUpLink, QStringLiteral("nvlink5"));
        // More memory and FP4 than a B200, the same FP8.
        const Device* b200 = c->device(QStringLiteral("b200"));
        QVERIFY(hbm->capacityBytes.value > b200->tier(MemoryTierKind::Hbm)->capacityBytes.value);
        QVERIFY(b300->peakFlopsFor(Precision::FP4) > b200->peakFlopsFor(Precision::FP4));
    }

    void formatsWithoutUnitsRunWider()
    {
        // From the datasheets in devices.json: an H100 runs int8 at its fp8 rate; an A100 has
        // int8 units but none for fp8, so fp8 weights run dequantised at the bf16 rate.
        auto c = Catalog::builtin();
        const Device* h100 = c->device(QStringLiteral("h100-sxm"));
        const Device* a100 = c->device(QStringLiteral("a100-sxm-80g"));
        QVERIFY(h100 && a100);
        QCOMPARE(h100->peakFlopsFor(Precision::INT8), h100->peakFlopsFor(Precision::FP8));
        QCOMPARE(a100->peakFlopsFor(Precision::FP8), 3.12e14);
        QCOMPARE(a100->peakFlopsFor(Precision::INT8), 6.24e14);
        QCOMPARE(a100->peakFlopsFor(Precision::FP16), 3.12e14);
        // 4-bit weights on a chip with no 4-bit units run in weight-only kernels at 16 bits (int4 on
        // an A100: the bf16 rate, not the int8 one, which would need int8 activations).
        QCOMPARE(a100->peakFlopsFor(Precision::INT4), 3.12e14);
    }

    void systemsAndLinksResolve()
    {
        auto c = Catalog::builtin();
        for (const Device* d : c->devices()) {
            if (!d->defaultSystem.isEmpty())
                QVERIFY2(c->system(d->defaultSystem),
                         qPrintable(d->id + QStringLiteral(" -> ") + d->defaultSystem));
            for (const QString& l : {d->scaleUpLink, d->scaleOutLink})
                if (!l.isEmpty())
                    QVERIFY2(c->link(l), qPrintable(d->id + QStringLiteral(" -> ") + l));
        }
        for (const char* id : {"hgx-h100", "gb200-nvl72", "cs-3-system", "groqrack"})
            QVERIFY2(c->system(QString::fromLatin1(id)), id);
        for (const char* id : {"nvlink4", "nvlink5", "ib-ndr", "ib-xdr", "eth-100g", "eth-400g", "eth-800g",
                               "swarmx", "groq-c2c", "infinity-fabric"})
            QVERIFY2(c->link(QString::fromLatin1(id)), id);
    }

    void everyNumberHasProvenance()
    {
        auto c = Catalog::builtin();
        auto check = [](const Sourced& s, const QString& what) {
            QVERIFY2(!s.source.isEmpty(), qPrintable(what + QStringLiteral(": no source")));
            QVERIFY2(!s.hasRange() || (s.min <= s.value && s.value <= s.max), qPrintable(what));
        };
        for (const Device* d : c->devices()) {
            for (const auto& [p, f] : d->peakFlops)
                check(f, d->id + QStringLiteral(" flops"));
            for (const MemoryTier& t : d->memory) {
                check(t.capacityBytes, d->id + QStringLiteral(" capacity"));
                check(t.bandwidthBytesPerS, d->id + QStringLiteral(" bandwidth"));
            }
            check(d->peakPowerW, d->id + QStringLiteral(" power"));
            check(d->priceUsd, d->id + QStringLiteral(" price"));
        }
        for (const Link* l : c->links()) {
            check(l->bandwidthBytesPerS, l->id);
            check(l->latencyS, l->id);
        }
        for (const auto& [family, generations] : c->calibration().families()) {
            const FamilyCalibration& cal = generations.back();
            check(cal.computeEfficiency, family);
            QVERIFY2(cal.computeEfficiency.kind == SourceKind::Calibrated ||
                         cal.computeEfficiency.kind == SourceKind::Assumed,
                     qPrintable(family));
        }
    }

    void badFilesNameTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("malformed") << QByteArray("{\"devices\": [") << QStringLiteral("offset");
        QTest::newRow("unknown kind")
            << QByteArray(
                   R"({"links":[{"id":"x","bandwidth_bytes_s":{"value":1,"kind":"rumour"},"latency_s":1}]})")
            << QStringLiteral("links[0].bandwidth_bytes_s.kind");
        QTest::newRow("negative bandwidth")
            << QByteArray(R"({"links":[{"id":"x","bandwidth_bytes_s":-5,"latency_s":1}]})")
            << QStringLiteral("links[0].bandwidth_bytes_s");
        QTest::newRow("no memory")
            << QByteArray(
                   R"({"devices":[{"id":"x","class":"hbm","compute_flops":{"bf16":1e15},"power_w":{"peak":1},"price_usd":1}]})")
            << QStringLiteral("devices[0].memory");
        QTest::newRow("bad range")
            << QByteArray(
                   R"({"links":[{"id":"x","bandwidth_bytes_s":{"value":5,"min":6,"max":9},"latency_s":1}]})")
            << QStringLiteral("links[0].bandwidth_bytes_s");
        QTest::newRow("zero layers")
            << QByteArray(R"({"models":[{"id":"m","layers":0,"hidden":8,"heads":1,"vocab":8}]})")
            << QStringLiteral("models[0].layers");
        QTest::newRow("nothing") << QByteArray(R"({"version":1})") << QStringLiteral("expected one of");
        QTest::newRow("sparse attention without top_k")
            << QByteArray(
                   R"({"models":[{"id":"m","layers":2,"hidden":8,"heads":1,"vocab":8,"ffn":8,"sparse_attention":{"indexer_heads":4,"indexer_head_dim":8}}]})")
            << QStringLiteral("models[0].sparse_attention.top_k");
        QTest::newRow("linear attention every layer")
            << QByteArray(
                   R"({"models":[{"id":"m","layers":2,"hidden":8,"heads":1,"vocab":8,"ffn":8,"linear_attention":{"full_every":1,"key_heads":1,"key_head_dim":8}}]})")
            << QStringLiteral("models[0].linear_attention.full_every");
        QTest::newRow("unknown released precision")
            << QByteArray(
                   R"({"models":[{"id":"m","layers":2,"hidden":8,"heads":1,"vocab":8,"ffn":8,"released_weights":{"precision":"fp3","source":"x"}}]})")
            << QStringLiteral("models[0].released_weights.precision");
        QTest::newRow("released precision without source")
            << QByteArray(
                   R"({"models":[{"id":"m","layers":2,"hidden":8,"heads":1,"vocab":8,"ffn":8,"released_weights":{"precision":"fp8"}}]})")
            << QStringLiteral("models[0].released_weights.source");
        QTest::newRow("family without a name") << QByteArray(R"({"device_families":[{"id":"my-npu"}]})")
                                               << QStringLiteral("device_families[0].name");
        QTest::newRow("cache share above 1")
            << QByteArray(R"({"families":{"cpu":{"cache_usable":1.5}}})") << QStringLiteral("families.cpu");
    }
    void badFilesNameTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        Catalog c;
        QString err;
        QVERIFY(!c.loadJson(json, QStringLiteral("user/bad.json"), &err));
        QVERIFY2(err.startsWith(QStringLiteral("user/bad.json")) && err.contains(field), qPrintable(err));
    }

    // Reports and the studio name a device family as people do ("NVIDIA Hopper"): every family a
    // built-in device belongs to is named, a user's file may name its own, and a family no file
    // names is shown by its id rather than not at all.
    void everyFamilyHasAName()
    {
        const auto c = Catalog::builtin();
        for (const Device* d : c->devices()) {
            const QString name = c->familyName(d->family);
            QVERIFY2(!name.isEmpty() && name != d->family, qPrintable(d->id + QLatin1Char(' ') + d->family));
        }
        QCOMPARE(c->familyName(QStringLiteral("nvidia-blackwell")), QStringLiteral("NVIDIA Blackwell"));
        QCOMPARE(c->familyName(QStringLiteral("my-npu")), QStringLiteral("my-npu"));
        Catalog user = *c;
        QString err;
        QVERIFY2(user.loadJson(R"({"version":1,"device_families":[{"id":"my-npu","name":"My NPU"}]})",
                               QStringLiteral("user/families.json"), &err),
                 qPrintable(err));
        QCOMPARE(user.familyName(QStringLiteral("my-npu")), QStringLiteral("My NPU"));
        QCOMPARE(user.familyName(QStringLiteral("groq-lpu")), QStringLiteral("Groq LPU"));
    }

    void userEntryOverridesBuiltin()
    {
        Catalog c = *Catalog::builtin();
        QString err;
        QVERIFY2(
            c.loadJson(
                R"({"links":[{"id":"ib-ndr","name":"Custom","bandwidth_bytes_s":{"value":1e11,"source":"mine","kind":"measured"},"latency_s":{"value":1e-6,"source":"mine","kind":"measured"}}]})",
                QStringLiteral("user.json"), &err),
            qPrintable(err));
        QCOMPARE(c.link(QStringLiteral("ib-ndr"))->name, QStringLiteral("Custom"));
        QCOMPARE(c.link(QStringLiteral("ib-ndr"))->bandwidthBytesPerS.kind, SourceKind::Measured);
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
