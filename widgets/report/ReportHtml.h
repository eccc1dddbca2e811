// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QAbstractItemModel;

namespace is {
struct ReportFacts;
}

// The report's text sections as HTML for QTextDocument, which lays them out and paginates them
// onto the PDF. Numbers come from core (ReportFacts); this only arranges and formats them.
namespace is::gui::reporthtml {

// What every section's HTML starts with: the style sheet the report uses throughout.
QString styleSheet();
// Title page (scenario, date, engine version) and the scenario: model, workload, and each
// deployment's hardware, plan, memory and key figures at the precision `estimate` prints them.
QString front(const ReportFacts& facts, const QString& engineVersion);
// The studio's comparison table (value, band and ratio to the first deployment), from its model.
QString comparison(const QAbstractItemModel& table);
// The claim audit (every seed-article claim with its verdict), cost assumptions, the engine's
// validation figures and the appendix of catalog numbers with
// source and kind.
QString back(const ReportFacts& facts, const QString& engineVersion);

QString escaped(const QString& text);

} // namespace is::gui::reporthtml
