// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

// "Measure this machine": runs the real CPU decode executor on a synthetic model or a model file
// in the background, streams the generated tokens and shows the measured speed next to the
// engine's prediction for this machine. Self-contained: the shell only hosts it in a dock.
class MeasurePanel : public QWidget
{
    Q_OBJECT
public:
    explicit MeasurePanel(QWidget* parent = nullptr);
    ~MeasurePanel() override;

    // Whether the executor is built into this binary (the panel explains when it is not).
    static bool executorAvailable();
    bool isRunning() const;

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void started();
    // ok: the run completed (not cancelled, no error).
    void finished(bool ok);
};
