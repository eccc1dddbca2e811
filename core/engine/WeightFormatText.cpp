// SPDX-License-Identifier: MIT
#include "engine/WeightFormatText.h"

#include <QCoreApplication>

namespace is {

QString expertsAndRestText(const QString& experts, const QString& rest)
{
    return QCoreApplication::translate("is::WeightFormat", "%1 routed experts, %2 other weights")
        .arg(experts, rest);
}

} // namespace is
