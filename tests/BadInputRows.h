// SPDX-License-Identifier: MIT
#pragma once
// The rows of a data-driven test of input a reader must refuse: each row a JSON text (column
// "text") and the start of the error that names its field (column "expected").
#include <QString>
#include <QTest>

#include <initializer_list>

namespace is::testing {

struct BadInput
{
    const char* tag;
    const char* text;
    const char* expected;
};

inline void addBadInputRows(std::initializer_list<BadInput> rows)
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    for (const BadInput& row : rows)
        QTest::newRow(row.tag) << QString::fromUtf8(row.text) << QString::fromUtf8(row.expected);
}

} // namespace is::testing
