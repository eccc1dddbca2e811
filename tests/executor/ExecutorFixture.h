// SPDX-License-Identifier: MIT
#pragma once
// What the executor's suites (and bench_gemm) share: synthetic models by spec, the instruction
// sets this CPU runs, weight tensors over a buffer, and the rows of a test run per weight format.
#include "executor/AlignedBuffer.h"
#include "executor/DType.h"
#include "executor/GgufReader.h"
#include "executor/Kernels.h"
#include "executor/Model.h"
#include "executor/ModelLoader.h"
#include "executor/SyntheticModel.h"

#include <QString>
#include <QTest>
#include <QtGlobal>

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace is::exec::test {

// The synthetic model `spec` describes, loaded from its GGUF bytes; a bad spec ends the test.
inline std::unique_ptr<Model> makeModel(const QString& spec)
{
    QString err;
    const auto s = parseSyntheticSpec(spec, &err);
    if (!s)
        qFatal("bad spec %s: %s", qPrintable(spec), qPrintable(err));
    auto m = loadGgufBuffer(writeSyntheticGguf(*s), QStringLiteral("synthetic"), &err);
    if (!m)
        qFatal("synthetic model does not load: %s", qPrintable(err));
    return m;
}

// Every instruction-set path this CPU can run.
inline std::vector<const KernelSet*> availableSets()
{
    std::vector<const KernelSet*> sets;
    for (const char* n : {"scalar", "avx2", "avx512"})
        if (const KernelSet* k = kernelSet(n))
            sets.push_back(k);
    return sets;
}

// Puts the automatically chosen instruction set back when a test that forced one ends.
struct KernelGuard
{
    ~KernelGuard() { setKernelSet(nullptr); }
};

// A `rows` x `cols` weight tensor of `type` over `buffer`, each row `rowStride` bytes.
inline Tensor tensorOver(const AlignedBuffer& buffer, DType type, std::size_t rows, std::size_t cols,
                         std::size_t rowStride)
{
    Tensor t;
    t.type = type;
    t.rows = rows;
    t.cols = cols;
    t.rowStride = rowStride;
    t.data = buffer.data();
    return t;
}

// The rows of a test run once per weight format: the format's name (column "dtype") and the
// bound its error is held to (column "tol").
inline void addFormatRows(std::initializer_list<std::pair<const char*, double>> formats)
{
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("tol");
    for (const auto& [name, tol] : formats)
        QTest::newRow(name) << QString::fromLatin1(name) << tol;
}

} // namespace is::exec::test
