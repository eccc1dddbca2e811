// SPDX-License-Identifier: MIT
#include "calibration/CalibrationJob.h"

#include "common/Log.h"
#include "hardware/Catalog.h"

#include <QFileInfo>

namespace is::gui {

bool CalibrationRun::anyFitted() const
{
    for (const FamilyFit& f : fit.families)
        if (f.fitted)
            return true;
    return false;
}

CalibrationJob::CalibrationJob(std::shared_ptr<const Catalog> catalog, QString file, QObject* parent)
    : QObject(parent), m_catalog(std::move(catalog)), m_file(std::move(file))
{
    connect(&m_jobs, &JobTracker::progressed, this, [this](quint64, int done, int total) {
        Q_EMIT progressed(static_cast<Phase>(m_phase.load()), done, total);
    });
}

CalibrationJob::~CalibrationJob() = default;

void CalibrationJob::start()
{
    if (m_started)
        return;
    m_started = true;
    // The destructor waits for the job, so it may read this object's catalog and file.
    m_jobs.submit([this](JobContext& job) { return run(job); },
                  [this](CalibrationRun r) {
                      m_result = std::move(r);
                      Q_EMIT finished();
                  });
}

CalibrationRun CalibrationJob::run(JobContext& job)
{
    CalibrationRun r;
    r.file = m_file;
    r.catalog = m_catalog;
    job.progress(0, 0); // reading: a phase without a measure of progress
    auto rows = loadCheckedMeasurements(*m_catalog, m_file, &r.error);
    if (rows) {
        r.rows = std::move(*rows);
        m_phase.store(static_cast<int>(Phase::Fitting));
        CalibrateOptions options;
        options.sourceName = QFileInfo(m_file).fileName();
        // The dialog writes an overlay on the calibration in use: what the fit does not move stays.
        options.base = CalibrationBase::Current;
        // ... and replaces the overlay an earlier fit of the same file wrote.
        r.overlayBase = userCalibrationBase(m_file);
        options.overlayBase = r.overlayBase;
        options.progress = [&job](int done, int total) {
            job.progress(done, total);
            return !job.cancelled();
        };
        r.fit = calibrate(m_catalog, r.rows, options);
        r.cancelled = r.fit.stopped || job.cancelled();
        if (!r.cancelled) {
            m_phase.store(static_cast<int>(Phase::Comparing));
            job.progress(0, 0);
            r.comparison = compareCalibrations(m_catalog, r.fit.calibration, r.rows);
            r.cancelled = job.cancelled();
        }
    }
    is::log::get("gui")->info("calibration on {}: {}", m_file.toStdString(),
                              r.cancelled
                                  ? std::string("cancelled")
                                  : (r.error.isEmpty() ? std::string("done") : r.error.toStdString()));
    return r;
}

} // namespace is::gui
