// SPDX-License-Identifier: MIT
#include "TargetsText.h"

#include "Units.h"

#include <QCoreApplication>

namespace is::gui::targets {

QString ttft(double seconds)
{
    return seconds > 0
               ? QCoreApplication::translate("targets", "first token within %1 s").arg(units::plain(seconds))
               : QCoreApplication::translate("targets", "no limit on the first token");
}

QString tpot(double seconds)
{
    return seconds > 0 ? QCoreApplication::translate("targets", "%1 ms per output token")
                             .arg(units::plain(seconds * 1000))
                       : QCoreApplication::translate("targets", "no limit per output token");
}

} // namespace is::gui::targets
