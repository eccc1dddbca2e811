// SPDX-License-Identifier: MIT
#include "calibration/CalibrationHistory.h"

#include "calibration/CalibrationJob.h"

#include "common/Log.h"
#include "hardware/Catalog.h"

#include <QDir>
#include <QFileInfo>

namespace is::gui {

CalibrationHistory::CalibrationHistory(std::shared_ptr<const Catalog> current, Install install,
                                       QObject* parent)
    : QObject(parent), m_current(std::move(current)), m_install(std::move(install))
{
}

bool CalibrationHistory::apply(const CalibrationRun& run, QString* written, QString* error)
{
    if (!run.ok() || !run.anyFitted()) {
        *error = tr("%1: no family's constants were fitted; there is nothing to apply").arg(run.file);
        return false;
    }
    // A fit sits on the catalog in use when it ran: applied after an undo or another calibration
    // changed that, it would bring back what was taken away (or drop what was added).
    if (!isCurrent(run)) {
        *error = tr("%1: the calibration in use changed after this fit (a calibration was applied or "
                    "undone); fit again to apply it")
                     .arg(run.file);
        return false;
    }
    const auto before = snapshotFile(userCalibrationPath(run.file), error);
    if (!before)
        return false;
    const QString path = writeUserCalibration(run.fit, run.file, error);
    if (path.isEmpty())
        return false;
    auto catalog = catalogWithOverlay(run.overlayBase ? *run.overlayBase : *m_current, path, error);
    if (!catalog) {
        QString ignored;
        restoreFile(*before, &ignored);
        return false;
    }
    m_applied.push_back({run.file, *before, m_current});
    m_current = std::move(catalog);
    m_install(m_current);
    is::log::get("gui")->info("applied the calibration from {}: wrote {}", run.file.toStdString(),
                              path.toStdString());
    if (written)
        *written = path;
    Q_EMIT changed();
    Q_EMIT announced(tr("Calibration from %1 applied: wrote %2")
                         .arg(QFileInfo(run.file).fileName(), QDir::toNativeSeparators(path)));
    return true;
}

bool CalibrationHistory::isCurrent(const CalibrationRun& run) const
{
    return !run.catalog || run.catalog == m_current;
}

QString CalibrationHistory::undoFile() const
{
    return m_applied.empty() ? QString() : m_applied.back().measurements;
}

bool CalibrationHistory::undo(QString* error)
{
    if (m_applied.empty()) {
        *error = tr("No calibration to undo");
        return false;
    }
    const Applied last = m_applied.back();
    if (!restoreFile(last.overlayBefore, error))
        return false;
    is::log::get("gui")->info("undid the calibration from {}", last.measurements.toStdString());
    m_current = last.catalogBefore;
    m_applied.pop_back();
    m_install(m_current);
    Q_EMIT changed();
    Q_EMIT announced(tr("Calibration from %1 undone").arg(QFileInfo(last.measurements).fileName()));
    return true;
}

} // namespace is::gui
