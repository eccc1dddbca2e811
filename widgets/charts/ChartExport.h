// SPDX-License-Identifier: MIT
#pragma once

#include "metrics/Csv.h"

#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

// Writes one artefact drawn by a render(QPainter*, QRectF) function to PNG, SVG or PDF. No
// dialogs: the command line and the tests use these directly.
namespace is::gui::chartexport {

using RenderFn = std::function<void(QPainter*, const QRectF&)>;

bool writePng(const RenderFn& render, QSize size, const QString& path, QString* error);
bool writeSvg(const RenderFn& render, QSize size, const QString& title, const QString& path, QString* error);
bool writePdf(const RenderFn& render, const QString& title, const QString& path, QString* error);
// UTF-8 text through QSaveFile (atomic).
bool writeText(const QString& text, const QString& path, QString* error);

// CSV fields and numbers as core writes them (metrics/Csv.h).
using is::csvField;
using is::csvNumber;

} // namespace is::gui::chartexport
