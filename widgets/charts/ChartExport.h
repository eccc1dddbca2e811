// SPDX-License-Identifier: MIT
#pragma once

#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

// Writes one artefact drawn by a render(QPainter*, QRectF) function to PNG, SVG or PDF. No
// dialogs: the command line and the tests use these directly.
namespace chartexport {

using RenderFn = std::function<void(QPainter*, const QRectF&)>;

bool writePng(const RenderFn& render, QSize size, const QString& path, QString* error);
bool writeSvg(const RenderFn& render, QSize size, const QString& title, const QString& path, QString* error);
bool writePdf(const RenderFn& render, const QString& title, const QString& path, QString* error);
// UTF-8 text through QSaveFile (atomic).
bool writeText(const QString& text, const QString& path, QString* error);

// Quotes a CSV field when it needs it (RFC 4180).
QString csvField(const QString& field);
// A number for CSV: C locale, full precision, empty when not finite.
QString csvNumber(double v);

} // namespace chartexport
