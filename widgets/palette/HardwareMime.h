// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

class QMimeData;

namespace is::gui {

// What a palette item carries when dragged onto the canvas: a device (with how many of it one
// drop adds: the device's usual system, e.g. 8 GPUs of an HGX node) or a link.
struct HardwarePayload
{
    enum class Kind { Device, Link };
    Kind kind = Kind::Device;
    QString id;
    int count = 1;
};

// Our own MIME type, serialised with QDataStream; the canvas rejects anything else at drag-enter.
QString hardwareMimeType();
QMimeData* makeHardwareMime(const HardwarePayload& p);
std::optional<HardwarePayload> readHardwareMime(const QMimeData* mime);

} // namespace is::gui
