// SPDX-License-Identifier: MIT
#pragma once

#include "common/JobTracker.h"
#include "engine/Calibrator.h"
#include "engine/UserCalibration.h"
#include "engine/Validation.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace is {
class Catalog;
}

namespace is::gui {

// One calibration of the engine on a user's measurements file: what the dialog shows and what
// Apply writes.
struct CalibrationRun
{
    QString file;
    std::shared_ptr<const Catalog> catalog; // the one in use: the "before" figures are its
    // What the overlay sits on: the catalog in use without the overlay it replaces (an earlier fit
    // of the same file). Applying installs the overlay over it, as the next start will load them.
    std::shared_ptr<const Catalog> overlayBase;
    std::vector<MeasurementRow> rows;
    CalibrationFit fit;
    CalibrationComparison comparison; // each row before and after, as `validate` predicts it
    QString error;                    // the file could not be used: names the file, line and field
    bool cancelled = false;

    bool ok() const { return error.isEmpty() && !cancelled; }
    // Whether any family's constants were fitted (else there is nothing to apply).
    bool anyFitted() const;
};

// Reads, checks and fits a measurements file on a worker thread with the functions `inference-
// studio calibrate` uses (loadCheckedMeasurements, calibrate, compareCalibrations), on a JobTracker
// worker so the GUI thread never evaluates. Progress (coalesced: the fit reports every prediction,
// far more than a bar needs) and the result arrive by signal on the GUI thread. cancel()
// stops the fit at its next prediction; destroying the job cancels it and waits for the worker.
class CalibrationJob : public QObject
{
    Q_OBJECT
public:
    enum class Phase { Reading, Fitting, Comparing };
    Q_ENUM(Phase)

    CalibrationJob(std::shared_ptr<const Catalog> catalog, QString file, QObject* parent = nullptr);
    ~CalibrationJob() override;

    void start();
    void cancel() { m_jobs.stopRunning(); }
    bool running() const { return m_jobs.busy(); }
    // Valid once finished() has been emitted.
    const CalibrationRun& result() const { return m_result; }

Q_SIGNALS:
    // done / total predictions while fitting (total 0: a phase without a measure of progress).
    void progressed(is::gui::CalibrationJob::Phase phase, int done, int total);
    void finished();

private:
    CalibrationRun run(JobContext& job);

    std::shared_ptr<const Catalog> m_catalog;
    QString m_file;
    // The phase the worker is in, read with the progress figures it reports.
    std::atomic<int> m_phase{0};
    CalibrationRun m_result;
    bool m_started = false;
    JobTracker m_jobs; // last: destroyed first, it cancels the fit and waits for it
};

} // namespace is::gui
