// SPDX-License-Identifier: MIT
// Writes seed inputs for fuzz_gguf: small synthetic models of every format.
#include "executor/SyntheticModel.h"

#include <QFile>

int main(int argc, char** argv)
{
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(".");
    const char* specs[] = {"dim=32,layers=1,heads=2,ffn=64,vocab=16,dtype=f32",
                           "dim=32,layers=1,heads=2,kv_heads=1,ffn=64,vocab=16,dtype=f16",
                           "dim=32,layers=1,heads=2,ffn=64,vocab=16,dtype=bf16,experts=2,top_k=1",
                           "dim=32,layers=2,heads=2,ffn=32,vocab=16,dtype=q8_0"};
    int i = 0;
    for (const char* s : specs) {
        QString err;
        const auto spec = is::exec::parseSyntheticSpec(QString::fromLatin1(s), &err);
        const auto buf = is::exec::writeSyntheticGguf(*spec);
        QFile f(dir + QStringLiteral("/seed%1.gguf").arg(i++));
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(reinterpret_cast<const char*>(buf.data()), static_cast<qint64>(buf.size()));
    }
    return 0;
}
