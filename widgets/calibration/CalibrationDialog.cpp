// SPDX-License-Identifier: MIT
#include "calibration/CalibrationDialog.h"

#include "FileDialogs.h"
#include "Units.h"
#include "calibration/CalibrationConstantsModel.h"
#include "calibration/CalibrationHistory.h"
#include "calibration/CalibrationJob.h"
#include "calibration/CalibrationRowsModel.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace is::gui {

namespace {

QString percent(double fraction)
{
    return CalibrationDialog::tr("%1 %").arg(units::number(fraction * 100));
}

QTableView* table(QAbstractItemModel* model, int stretchColumn, QWidget* parent)
{
    auto* v = new QTableView(parent);
    v->setModel(model);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setWordWrap(false);
    v->setTextElideMode(Qt::ElideRight);
    v->verticalHeader()->hide();
    v->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    v->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    return v;
}

} // namespace

CalibrationDialog::CalibrationDialog(CalibrationHistory* history, Settings* settings, QWidget* parent)
    : QDialog(parent), m_history(history), m_settings(settings)
{
    setObjectName(QStringLiteral("CalibrationDialog"));
    setWindowTitle(tr("Calibrate from my measurements"));

    m_file = new QLineEdit(this);
    m_file->setReadOnly(true);
    m_file->setPlaceholderText(tr("Choose a CSV file of your own measurements"));
    m_choose = new QPushButton(tr("Choose file…"), this);
    m_again = new QPushButton(tr("Fit again"), this);
    m_again->setToolTip(tr("Fits the same file again, starting from the calibration in use now"));
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(new QLabel(tr("Measurements:"), this));
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_choose);
    fileRow->addWidget(m_again);

    auto* hint = new QLabel(
        tr("The columns of the published measurements the studio ships (id, device, chips, model, precision, "
           "input_tokens, output_tokens, concurrency, scenario, ttft_limit_ms, tpot_limit_ms, speculative, "
           "metric, value, …). Each device family's constants are fitted within their physical ranges."),
        this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(false);
    m_phase = new QLabel(this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_phase);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("CalibrationError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("CalibrationSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_rowsModel = new CalibrationRowsModel(this);
    m_constantsModel = new CalibrationConstantsModel(this);
    m_tabs = new QTabWidget(this);
    m_rows = table(m_rowsModel, CalibrationRowsModel::Deployment, m_tabs);
    m_constants = table(m_constantsModel, CalibrationConstantsModel::Constant, m_tabs);
    m_notes = new QPlainTextEdit(m_tabs);
    m_notes->setReadOnly(true);
    m_tabs->addTab(m_rows, tr("Rows"));
    m_tabs->addTab(m_constants, tr("Fitted constants"));
    m_tabs->addTab(m_notes, tr("Notes"));

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("CalibrationStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_apply = new QPushButton(tr("Apply"), this);
    m_apply->setToolTip(tr("Writes the fitted constants into your catalog folder (as `inference-studio "
                           "calibrate --user` does) and evaluates the open document with them"));
    m_undo = new QPushButton(tr("Undo calibration"), this);
    auto* close = new QPushButton(tr("Close"), this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(m_undo);
    buttons->addStretch(1);
    buttons->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(fileRow);
    layout->addWidget(hint);
    layout->addLayout(progressRow);
    layout->addWidget(m_error);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_choose, &QPushButton::clicked, this, &CalibrationDialog::choose);
    connect(m_again, &QPushButton::clicked, this, [this] { calibrate(m_file->text()); });
    connect(m_cancel, &QPushButton::clicked, this, &CalibrationDialog::cancel);
    connect(m_apply, &QPushButton::clicked, this, &CalibrationDialog::apply);
    connect(m_undo, &QPushButton::clicked, this, &CalibrationDialog::undo);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_history, &CalibrationHistory::changed, this, &CalibrationDialog::updateButtons);

    m_error->hide();
    m_summary->hide();
    resize(1000, 600);
    updateButtons();
}

CalibrationDialog::~CalibrationDialog()
{
    // The models point into the run: empty them before it goes.
    m_rowsModel->setRun(nullptr);
    m_constantsModel->setRun(nullptr);
}

bool CalibrationDialog::busy() const
{
    return m_job != nullptr;
}

QString CalibrationDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString CalibrationDialog::summaryText() const
{
    return m_summary->text();
}

QString CalibrationDialog::statusText() const
{
    return m_status->text();
}

void CalibrationDialog::choose()
{
    const QString path = filedialogs::openFileName(this, tr("Measurements to calibrate on"),
                                                   m_settings ? m_settings->importDirectory() : QString(),
                                                   tr("Measurements (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (m_settings)
        m_settings->setImportDirectory(QFileInfo(path).absolutePath());
    calibrate(path);
}

void CalibrationDialog::calibrate(const QString& file)
{
    if (file.isEmpty())
        return;
    m_job.reset(); // cancels and waits for a run in progress
    m_rowsModel->setRun(nullptr);
    m_constantsModel->setRun(nullptr);
    m_run.reset();
    m_applied = false;
    m_file->setText(QDir::toNativeSeparators(file));
    m_error->hide();
    m_summary->hide();
    m_notes->clear();
    setStatus(QString(), false);
    m_phase->setText(tr("Reading the file…"));
    m_progress->setRange(0, 0); // busy until the fit reports its progress
    // The fit starts from the calibration the engine uses now, as `calibrate` starts from the
    // catalog it loads.
    m_job = std::make_unique<CalibrationJob>(m_history->current(), file);
    connect(m_job.get(), &CalibrationJob::progressed, this,
            [this](CalibrationJob::Phase phase, int done, int total) {
                if (phase == CalibrationJob::Phase::Fitting)
                    m_phase->setText(tr("Fitting the constants…"));
                else if (phase == CalibrationJob::Phase::Comparing)
                    m_phase->setText(tr("Predicting each row…"));
                m_progress->setRange(0, total);
                if (total > 0)
                    m_progress->setValue(done);
            });
    connect(m_job.get(), &CalibrationJob::finished, this, &CalibrationDialog::onFinished);
    m_job->start();
    updateButtons();
}

void CalibrationDialog::cancel()
{
    if (!m_job)
        return;
    m_phase->setText(tr("Cancelling…"));
    m_job->cancel();
}

void CalibrationDialog::onFinished()
{
    m_run = std::make_unique<CalibrationRun>(m_job->result());
    m_job.reset();
    m_progress->setRange(0, 1);
    m_progress->setValue(m_run->ok() ? 1 : 0);
    if (m_run->cancelled) {
        m_phase->setText(tr("Cancelled"));
        setStatus(tr("Cancelled: nothing was fitted."), false);
    } else if (!m_run->error.isEmpty()) {
        m_phase->setText(tr("Cannot use this file"));
        m_error->setText(m_run->error);
        m_error->show();
    } else {
        m_phase->setText(tr("Done"));
        showRun();
    }
    updateButtons();
    Q_EMIT runFinished();
}

void CalibrationDialog::showRun()
{
    const CalibrationRun& r = *m_run;
    m_rowsModel->setRun(&r);
    m_constantsModel->setRun(&r);
    const ValidationSummary& b = r.comparison.summaryBefore;
    const ValidationSummary& a = r.comparison.summaryAfter;
    m_summary->setText(
        tr("%1 of %2 rows evaluated. Median error %3 → %4; rows within 2× of the measurement %5 → %6.")
            .arg(QString::number(a.evaluated), QString::number(a.rows), percent(b.medianApe),
                 percent(a.medianApe), percent(b.within2xShare()), percent(a.within2xShare())));
    m_summary->show();

    QStringList notes;
    for (const FamilyFit& f : r.fit.families) {
        if (f.fitted)
            notes << tr("%1: constants fitted: %2, on %3 rows; median error %4 → %5 (%6 evaluations of the "
                        "rows)")
                         .arg(f.familyName, QString::number(f.constants.size()),
                              QString::number(f.rows.size()), percent(f.before.medianApe),
                              percent(f.after.medianApe), QString::number(f.evaluations));
        if (f.fitted && f.after.medianApe > f.before.medianApe)
            notes << tr(
                "    The fit lowers the error summed over every row, with a pull towards the family's "
                "assumptions; the median row can end a little worse.");
        if (!f.fitted)
            notes << tr("%1: kept its constants (%2)").arg(f.familyName, f.why);
        for (const QString& e : f.excluded)
            notes << tr("    not used: %1").arg(e);
    }
    m_notes->setPlainText(notes.join(QLatin1Char('\n')));
    m_tabs->setTabText(0, tr("Rows (%1)").arg(QString::number(r.comparison.before.size())));
    m_tabs->setTabText(1, tr("Fitted constants (%1)").arg(QString::number(m_constantsModel->rowCount())));
    m_tabs->setCurrentIndex(0);
    if (!r.anyFitted())
        setStatus(tr("No family's constants were fitted (see Notes): there is nothing to apply."), false);
}

bool CalibrationDialog::apply()
{
    if (!m_run || m_applied)
        return false;
    QString written;
    QString error;
    if (!m_history->apply(*m_run, &written, &error)) {
        setStatus(error, true);
        return false;
    }
    m_applied = true;
    setStatus(tr("Applied: wrote %1. The open document is evaluated with it; Undo calibration takes it back.")
                  .arg(QDir::toNativeSeparators(written)),
              false);
    updateButtons();
    return true;
}

bool CalibrationDialog::undo()
{
    const QString file = m_history->undoFile();
    QString error;
    if (!m_history->undo(&error)) {
        setStatus(error, true);
        return false;
    }
    // Undoing the shown run's calibration makes it applicable again.
    if (m_run && file == m_run->file)
        m_applied = false;
    QString status = tr("Undone: the calibration from %1 is no longer used.").arg(QFileInfo(file).fileName());
    if (m_run && m_run->ok() && !m_history->isCurrent(*m_run))
        status += QLatin1Char(' ') + tr("The fit shown was made with it in use; fit again to apply it.");
    setStatus(status, false);
    updateButtons();
    return true;
}

void CalibrationDialog::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

void CalibrationDialog::updateButtons()
{
    const bool running = busy();
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_choose->setEnabled(!running);
    m_again->setEnabled(!running && !m_file->text().isEmpty());
    // A fit made on another calibration than the one in use (applied or undone since) is not.
    m_apply->setEnabled(!running && m_run && m_run->ok() && m_run->anyFitted() && !m_applied &&
                        m_history->isCurrent(*m_run));
    m_undo->setEnabled(!running && m_history->canUndo());
    m_undo->setText(m_history->canUndo()
                        ? tr("Undo calibration from %1").arg(QFileInfo(m_history->undoFile()).fileName())
                        : tr("Undo calibration"));
}

} // namespace is::gui
