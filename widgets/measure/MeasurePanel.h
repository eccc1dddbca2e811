// SPDX-License-Identifier: MIT
#pragma once

#include "measure/MeasureJob.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace is::gui {

class MeasureJob;

// "Measure this machine": runs the real CPU decode executor on a synthetic model or a model file
// in the background, streams the generated tokens and shows the measured speed next to the
// prediction from this machine's probed bandwidth and compute. Self-contained: the shell only
// hosts it in a dock.
class MeasurePanel : public QWidget
{
    Q_OBJECT
public:
    explicit MeasurePanel(QWidget* parent = nullptr);
    ~MeasurePanel() override;

    // Whether the executor is built into this binary (the panel explains when it is not).
    static bool executorAvailable();
    bool isRunning() const;

    // Inputs, for tests and scripted demos. An empty model file means the synthetic spec.
    void setSyntheticSpec(const QString& spec);
    void setModelFile(const QString& path);
    void setThreads(int threads);
    void setTokens(int generated, int prompt);

    // Last completed run (0 before one).
    double measuredTokS() const { return m_measured; }
    double predictedTokS() const { return m_predicted; }
    QString generatedText() const;
    // Takes over another panel's inputs, its last finished run and the text it generated: the
    // window is rebuilt in another language, and a measurement is not to be lost with it.
    void adopt(const MeasurePanel& other);

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void started();
    // ok: the run completed (not cancelled, no error).
    void finished(bool ok);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void poll();
    void presetChanged(int index);
    void chooseFile();
    void setRunning(bool running);
    // The last finished run's figures and details, in the current language.
    void showResult();

    QComboBox* m_preset = nullptr;
    QLineEdit* m_spec = nullptr;
    QLineEdit* m_file = nullptr;
    QToolButton* m_browse = nullptr;
    QSpinBox* m_threads = nullptr;
    QSpinBox* m_tokens = nullptr;
    QSpinBox* m_prompt = nullptr;
    QPushButton* m_run = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QLabel* m_measuredValue = nullptr;
    QLabel* m_predictedValue = nullptr;
    QLabel* m_errorValue = nullptr;
    QLabel* m_details = nullptr;
    QList<QLabel*> m_captions; // retranslated
    std::unique_ptr<MeasureJob> m_job;
    std::optional<MeasureJob::Snapshot> m_lastDone;
    double m_measured = 0;
    double m_predicted = 0;
};

} // namespace is::gui
