// SPDX-License-Identifier: MIT
#include "claims/VerdictPalette.h"

#include <QCoreApplication>

namespace is::gui::verdicts {

QColor background(audit::Verdict v)
{
    switch (v) {
    case audit::Verdict::Consistent:
        return QColor(0xc8, 0xe6, 0xc9); // green
    case audit::Verdict::Inconsistent:
        return QColor(0xff, 0xcd, 0xd2); // red
    case audit::Verdict::ConsistentOnlyIf:
        return QColor(0xff, 0xe0, 0xb2); // amber
    case audit::Verdict::NotCheckable:
        break;
    }
    return QColor(0xe0, 0xe0, 0xe0); // grey
}

QColor foreground(audit::Verdict)
{
    return QColor(0x21, 0x21, 0x21);
}

QString name(audit::Verdict v)
{
    switch (v) {
    case audit::Verdict::Consistent:
        return QCoreApplication::translate("is::gui::ClaimsModel", "consistent");
    case audit::Verdict::Inconsistent:
        return QCoreApplication::translate("is::gui::ClaimsModel", "inconsistent");
    case audit::Verdict::ConsistentOnlyIf:
        return QCoreApplication::translate("is::gui::ClaimsModel", "consistent only if");
    case audit::Verdict::NotCheckable:
        break;
    }
    return QCoreApplication::translate("is::gui::ClaimsModel", "not checkable");
}

} // namespace is::gui::verdicts
