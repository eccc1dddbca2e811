// SPDX-License-Identifier: MIT
#include "common/ErrorText.h"

#include <QCoreApplication>

namespace is {

QString errorAt(const QString& where, const QString& message)
{
    return QCoreApplication::translate("is::ErrorText", "%1: %2",
                                       "a place (file, field), then what is wrong there")
        .arg(where, message);
}

} // namespace is
