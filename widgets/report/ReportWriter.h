// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QString>

namespace is {
struct ReportFacts;
}

namespace is::gui {

class ChartPanel;

// Writes the multi-page PDF report: title page and scenario, the comparison table, every chart
// as vector graphics (each on a page of its own, drawn by its one render function), then the cost
// assumptions, the engine's validation figures and the appendix of catalog numbers. `charts` must
// already show `facts.analysis`. Runs on the GUI thread (it paints widgets); the engine's part was
// done before, off it (gatherReportFacts). The file is replaced only when the whole report was
// written. False with `error` ("report.pdf: Permission denied") when it cannot be.
bool writeReport(const ReportFacts& facts, const QList<ChartPanel*>& charts,
                 const QHash<QString, QColor>& colourByDeploymentId, const QString& engineVersion,
                 const QString& path, QString* error);

// The same, with charts of its own (a ChartsView that is never shown) fed with `facts.analysis`:
// what the command line and File > Export report… both call, so the two write the same report.
bool writeReportFile(const ReportFacts& facts, const QHash<QString, QColor>& colourByDeploymentId,
                     const QString& engineVersion, const QString& path, QString* error);

} // namespace is::gui
