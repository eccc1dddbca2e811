// SPDX-License-Identifier: MIT
#include "palette/HardwareMime.h"

#include <QDataStream>
#include <QIODevice>
#include <QMimeData>

namespace is::gui {

namespace {
constexpr quint32 kMagic = 0x49534857; // "ISHW"
constexpr quint16 kVersion = 1;
} // namespace

QString hardwareMimeType()
{
    return QStringLiteral("application/x-inference-studio-hardware");
}

QMimeData* makeHardwareMime(const HardwarePayload& p)
{
    QByteArray data;
    QDataStream out(&data, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << kMagic << kVersion << static_cast<quint8>(p.kind) << p.id << static_cast<qint32>(p.count);
    auto* mime = new QMimeData;
    mime->setData(hardwareMimeType(), data);
    // Plain text too, so that dropping into a text editor shows what was dragged.
    mime->setText(p.id);
    return mime;
}

std::optional<HardwarePayload> readHardwareMime(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(hardwareMimeType()))
        return std::nullopt;
    QDataStream in(mime->data(hardwareMimeType()));
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0;
    quint16 version = 0;
    quint8 kind = 0;
    HardwarePayload p;
    qint32 count = 0;
    in >> magic >> version >> kind >> p.id >> count;
    if (in.status() != QDataStream::Ok || magic != kMagic || version != kVersion || kind > 1 ||
        p.id.isEmpty() || count < 1)
        return std::nullopt;
    p.kind = static_cast<HardwarePayload::Kind>(kind);
    p.count = count;
    return p;
}

} // namespace is::gui
