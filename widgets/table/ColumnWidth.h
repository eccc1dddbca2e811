// SPDX-License-Identifier: MIT
#pragma once

class QTableWidget;

namespace is::gui {

// The width that shows every text of a table's column whole (its header's too), with the
// padding a cell keeps: what a column set by hand would take before capping it.
int columnContentWidth(const QTableWidget* table, int column);

} // namespace is::gui
