// SPDX-License-Identifier: MIT
// Writes the synthetic model seeds of corpus/gguf, corpus/gguf_import and corpus/llama2c: the
// smallest models of every weight format and shape the executor supports (dense, GQA, MoE), as
// GGUF, and the dense F32 one also as a llama2.c checkpoint.
//   fuzz_gguf_corpus DIR   (writes DIR/seed<N>.gguf and DIR/seed0.bin)
#include "executor/GgufReader.h"
#include "executor/Llama2cReader.h"
#include "executor/SyntheticModel.h"

#include <QFile>

#include <cstdio>

namespace {

bool writeFile(const QString& path, const char* data, qint64 size)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data, size) != size) {
        std::fprintf(stderr, "%s: cannot write\n", qPrintable(path));
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(".");
    // Q8_0 blocks hold 32 weights, so its rows are 32 long; the others are as small as shapes allow.
    const char* specs[] = {"dim=16,layers=1,heads=2,ffn=16,vocab=8,ctx=16,dtype=f32",
                           "dim=16,layers=1,heads=2,kv_heads=1,ffn=16,vocab=8,ctx=16,dtype=f16",
                           "dim=16,layers=1,heads=2,ffn=16,vocab=8,ctx=16,dtype=bf16,experts=2,top_k=1",
                           "dim=32,layers=2,heads=2,ffn=32,vocab=8,ctx=16,dtype=q8_0"};
    int i = 0;
    for (const char* s : specs) {
        QString err;
        const auto spec = is::exec::parseSyntheticSpec(QString::fromLatin1(s), &err);
        if (!spec) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        const auto buf = is::exec::writeSyntheticGguf(*spec);
        const QString path = dir + QStringLiteral("/seed%1.gguf").arg(i++);
        if (!writeFile(path, reinterpret_cast<const char*>(buf.data()), static_cast<qint64>(buf.size())))
            return 1;
        if (i == 1) {
            const auto model = is::exec::parseGguf(buf.data(), buf.size(), path, &err);
            const QByteArray l2c = model ? is::exec::writeLlama2c(*model) : QByteArray();
            if (l2c.isEmpty() || !writeFile(dir + QStringLiteral("/seed0.bin"), l2c.constData(), l2c.size()))
                return 1;
        }
    }
    return 0;
}
