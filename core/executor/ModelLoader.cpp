// SPDX-License-Identifier: MIT
#include "executor/ModelLoader.h"

#include "executor/GgufFormat.h"
#include "executor/GgufReader.h"
#include "executor/Llama2cReader.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cstring>

namespace is::exec {

std::unique_ptr<Model> loadModelFile(const QString& path, QString* error,
                                     const std::function<bool()>& cancelled)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QCoreApplication::translate("is::exec::ModelLoader", "%1: cannot open: %2")
                         .arg(path, f.errorString());
        return nullptr;
    }
    const qint64 size = f.size();
    if (size < 4) {
        if (error)
            *error = QCoreApplication::translate("is::exec::ModelLoader",
                                                 "%1: file is too short to be a model (%2 bytes)")
                         .arg(path, QString::number(size));
        return nullptr;
    }
    // The allocation is the file's own size, never a size read from inside the file.
    AlignedBuffer image;
    try {
        image = AlignedBuffer(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        if (error)
            *error =
                QCoreApplication::translate("is::exec::ModelLoader", "%1: not enough memory to load %2 bytes")
                    .arg(path, QString::number(size));
        return nullptr;
    }
    qint64 done = 0;
    while (done < size) {
        if (cancelled && cancelled()) {
            if (error)
                *error =
                    QCoreApplication::translate("is::exec::ModelLoader", "%1: loading cancelled").arg(path);
            return nullptr;
        }
        const qint64 n =
            f.read(reinterpret_cast<char*>(image.data()) + done, std::min(kModelReadChunk, size - done));
        if (n <= 0) {
            if (error)
                *error =
                    QCoreApplication::translate("is::exec::ModelLoader", "%1: read failed at offset %2: %3")
                        .arg(path, QString::number(done), f.errorString());
            return nullptr;
        }
        done += n;
    }
    std::uint32_t magic = 0;
    std::memcpy(&magic, image.data(), 4);
    if (magic == gguf::kMagic)
        return loadGgufBuffer(std::move(image), path, error);
    return loadLlama2cBuffer(std::move(image), path, error);
}

} // namespace is::exec
