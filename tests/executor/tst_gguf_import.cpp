// SPDX-License-Identifier: MIT
// The GGUF header import (core, model/GgufImport.h) reads the executor's own synthetic models:
// the imported description counts the same parameters as the tensors hold, and the executor,
// which parses through the same header reader, agrees on the architecture.
#include "executor/AlignedBuffer.h"
#include "executor/ModelLoader.h"
#include "executor/SyntheticModel.h"

#include "model/GgufImport.h"
#include "model/ModelMath.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace is;

class TestGgufImport : public QObject
{
    Q_OBJECT
private slots:
    void syntheticModels_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("dense-f16") << QStringLiteral(
            "dim=64,layers=3,heads=4,kv_heads=2,ffn=160,vocab=300,dtype=f16");
        QTest::newRow("dense-q8") << QStringLiteral(
            "dim=64,layers=2,heads=8,kv_heads=8,ffn=128,vocab=256,dtype=q8_0");
        QTest::newRow("moe-bf16") << QStringLiteral(
            "dim=64,layers=2,heads=4,kv_heads=1,ffn=96,vocab=200,dtype=bf16,experts=4,top_k=2");
    }

    void syntheticModels()
    {
        QFETCH(QString, spec);
        QString err;
        const auto s = exec::parseSyntheticSpec(spec, &err);
        QVERIFY2(s, qPrintable(err));
        const exec::AlignedBuffer image = exec::writeSyntheticGguf(*s);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("synthetic.gguf"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(reinterpret_cast<const char*>(image.data()), static_cast<qint64>(image.size())),
                     static_cast<qint64>(image.size()));
        }
        const auto imp = importGgufFile(path, &err);
        QVERIFY2(imp, qPrintable(err));

        // By hand from the spec: attention q, k, v, o; three FFN matrices per expert (and the
        // router); two norms per layer; embedding, classifier and the final norm.
        const double d = s->dim, kv = static_cast<double>(s->dim) / s->heads * s->kvHeads, f = s->ffn;
        const double attention = d * d + 2 * d * kv + d * d;
        const double ffn = s->experts > 0 ? s->experts * 3 * d * f + d * s->experts : 3 * d * f;
        const double expected = s->layers * (attention + ffn + 2 * d) + 2 * d * s->vocab + d;
        QCOMPARE(imp->exactParams, expected);
        QCOMPARE(paramBreakdown(imp->entry.arch).total(), expected);

        const ModelDesc& m = imp->entry.arch;
        QCOMPARE(m.hidden, s->dim);
        QCOMPARE(m.layers, s->layers);
        QCOMPARE(m.heads, s->heads);
        QCOMPARE(m.kvHeads, s->kvHeads);
        QCOMPARE(m.vocab, s->vocab);
        QCOMPARE(m.experts, s->experts);
        QCOMPARE(m.activeExperts, s->topK);

        // The executor loads the same file through the same header parser.
        const auto model = exec::loadModelFile(path, &err);
        QVERIFY2(model, qPrintable(err));
        QCOMPARE(model->cfg.dim, m.hidden);
        QCOMPARE(model->cfg.layers, m.layers);
        QCOMPARE(model->cfg.vocab, m.vocab);
    }

    void truncatedSyntheticNamesTheFile()
    {
        QString err;
        const auto s = exec::parseSyntheticSpec(
            QStringLiteral("dim=64,layers=2,heads=4,ffn=128,vocab=100,dtype=f16"), &err);
        QVERIFY(s);
        const exec::AlignedBuffer image = exec::writeSyntheticGguf(*s);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cut.gguf"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(reinterpret_cast<const char*>(image.data()), static_cast<qint64>(image.size() / 2));
        }
        QVERIFY(!importGgufFile(path, &err));
        QVERIFY2(err.startsWith(path + QStringLiteral(": ")), qPrintable(err));
        QVERIFY(!exec::loadModelFile(path, &err));
        QVERIFY2(err.startsWith(path), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestGgufImport)
#include "tst_gguf_import.moc"
