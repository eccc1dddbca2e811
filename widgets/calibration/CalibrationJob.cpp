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
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &CalibrationJob::poll);
}

CalibrationJob::~CalibrationJob()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void CalibrationJob::start()
{
    if (m_thread.joinable())
        return;
    m_poll.start();
    m_thread = std::thread([this] { run(); });
}

void CalibrationJob::poll()
{
    Q_EMIT progressed(static_cast<Phase>(m_phase.load()), m_done.load(), m_total.load());
}

void CalibrationJob::run()
{
    CalibrationRun r;
    r.file = m_file;
    r.catalog = m_catalog;
    auto rows = loadCheckedMeasurements(*m_catalog, m_file, &r.error);
    if (rows) {
        r.rows = std::move(*rows);
        m_phase.store(static_cast<int>(Phase::Fitting));
        CalibrateOptions options;
        options.sourceName = QFileInfo(m_file).fileName();
        options.progress = [this](int done, int total) {
            m_done.store(done);
            m_total.store(total);
            return !m_cancel.load();
        };
        r.fit = calibrate(m_catalog, r.rows, options);
        r.cancelled = r.fit.stopped || m_cancel.load();
        if (!r.cancelled) {
            m_phase.store(static_cast<int>(Phase::Comparing));
            m_total.store(0);
            r.comparison = compareCalibrations(m_catalog, r.fit.calibration, r.rows);
            r.cancelled = m_cancel.load();
        }
    }
    is::log::get("gui")->info("calibration on {}: {}", m_file.toStdString(),
                              r.cancelled
                                  ? std::string("cancelled")
                                  : (r.error.isEmpty() ? std::string("done") : r.error.toStdString()));
    // Queued to the GUI thread; the destructor joins this thread first, so `this` is alive.
    QMetaObject::invokeMethod(
        this,
        [this, r = std::move(r)]() mutable {
            if (m_thread.joinable())
                m_thread.join();
            m_poll.stop();
            m_result = std::move(r);
            Q_EMIT finished();
        },
        Qt::QueuedConnection);
}

} // namespace is::gui
