// SPDX-License-Identifier: MIT
#pragma once

#include "audit/Audit.h"

#include <QColor>
#include <QString>

namespace is::gui::verdicts {

// The one definition of a verdict's colours. A light tint behind dark text: the pair keeps its
// contrast in the light and the dark theme alike, because neither colour comes from the theme.
QColor background(audit::Verdict v);
QColor foreground(audit::Verdict v);
// The verdict in the user's language ("consistent only if").
QString name(audit::Verdict v);

} // namespace is::gui::verdicts
