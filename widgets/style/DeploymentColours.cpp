// SPDX-License-Identifier: MIT
#include "style/DeploymentColours.h"

namespace is::gui {

const QStringList& deploymentPalette()
{
    static const QStringList palette{
        QStringLiteral("#e4572e"), QStringLiteral("#4c78a8"), QStringLiteral("#59a14f"),
        QStringLiteral("#b07aa1"), QStringLiteral("#f28e2b"), QStringLiteral("#76b7b2"),
        QStringLiteral("#edc948"), QStringLiteral("#ff9da7"), QStringLiteral("#9c755f"),
        QStringLiteral("#79706e"),
    };
    return palette;
}

QString nextDeploymentColour(const QStringList& used)
{
    const QStringList& p = deploymentPalette();
    for (const QString& c : p)
        if (!used.contains(c, Qt::CaseInsensitive))
            return c;
    return p.at(used.size() % p.size());
}

} // namespace is::gui
