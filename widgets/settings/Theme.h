// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace is::gui {

// "system" keeps the platform's palette; "light" and "dark" use the Fusion style with a fixed
// palette, so a projector demo looks the same on every machine.
void applyTheme(const QString& theme);

} // namespace is::gui
