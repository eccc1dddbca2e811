// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QStringList>

namespace is::gui {

// The fixed palette deployments take their colour from, in order. Colour-blind safe (Tableau 10
// order, the seed scenario's two colours first) so that a projector audience can tell them apart.
const QStringList& deploymentPalette();
// The first palette colour not in `used`; cycles when every colour is taken.
QString nextDeploymentColour(const QStringList& used);

} // namespace is::gui
