// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

#include <memory>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace is::gui {

class CalibrationConstantsModel;
class CalibrationHistory;
class CalibrationJob;
class CalibrationRowsModel;
class Settings;
struct CalibrationRun;

// "Calibrate from my measurements…": the user picks a CSV of their own results (the columns of
// resources/validation/measurements.csv), the engine's constants are fitted to it off the GUI
// thread (CalibrationJob), and the dialog shows each row's prediction and error before and after,
// the constants that moved and the summary. Apply installs the fit through the studio's
// CalibrationHistory (the overlay `calibrate --user` writes; the open document re-evaluates);
// Undo calibration takes back the newest one applied, also after the dialog has been closed (the
// Tools menu has it too). A file that cannot be used is reported in the dialog, naming the file,
// the line and the field.
class CalibrationDialog : public QDialog
{
    Q_OBJECT
public:
    CalibrationDialog(CalibrationHistory* history, Settings* settings, QWidget* parent = nullptr);
    ~CalibrationDialog() override;

    // Fits this file (what choosing one does; tests call it directly). A run in progress is
    // cancelled first.
    void calibrate(const QString& file);
    void cancel();
    bool busy() const;
    // The newest finished run (nullptr before one); its error, if it failed.
    const CalibrationRun* run() const { return m_run.get(); }
    QString errorText() const;
    QString summaryText() const;
    QString statusText() const;
    CalibrationRowsModel* rowsModel() const { return m_rowsModel; }
    CalibrationConstantsModel* constantsModel() const { return m_constantsModel; }

    // The buttons' actions. False (the reason shown in the dialog) when nothing changed.
    bool apply();
    bool undo();

Q_SIGNALS:
    // A run finished, failed or was cancelled.
    void runFinished();

private:
    void choose();
    void onFinished();
    void showRun();
    void setStatus(const QString& text, bool error);
    void updateButtons();

    CalibrationHistory* m_history;
    Settings* m_settings;
    std::unique_ptr<CalibrationJob> m_job;
    std::unique_ptr<CalibrationRun> m_run;
    bool m_applied = false; // the shown run has been applied

    QLineEdit* m_file = nullptr;
    QPushButton* m_choose = nullptr;
    QPushButton* m_again = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_phase = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_rows = nullptr;
    QTableView* m_constants = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    CalibrationRowsModel* m_rowsModel = nullptr;
    CalibrationConstantsModel* m_constantsModel = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_undo = nullptr;
};

} // namespace is::gui
