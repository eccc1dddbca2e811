// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>

namespace is {
class Catalog;
class Engine;
struct ScenarioAnalysis;
} // namespace is

namespace is::gui {

class AnalysisRunner;
class Autosave;
class CalibrationHistory;
class DocumentActions;
class IssueLog;
class MainWindow;
class ScenarioDocument;
class Settings;

// The studio minus its window: catalog, engine, the scenario document, the analysis runner, the
// issue log, settings and autosave, wired together. The window is a view of it and can be
// rebuilt (switching language recreates it so that every string is retranslated; the document
// and its undo history stay).
class Studio : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString settingsPath;    // empty: the user's settings
        QString recoveryPath;    // empty: <app data>/recovery/autosave.json
        bool interactive = true; // false: never show dialogs (screenshots, benchmarks, tests)
        // How a crashed session's work is offered: ask (a dialog), or answer without asking (the
        // start-up tests, which run the real executable offscreen where nobody can click).
        enum class Recovery { Ask, Recover, Discard };
        Recovery recovery = Recovery::Ask;
        int autosaveDelayMs = 0; // 0: the default (Autosave::kDefaultDelayMs)
    };

    Studio(std::shared_ptr<const Catalog> catalog, const QStringList& catalogWarnings, const Options& options,
           QObject* parent = nullptr);
    ~Studio() override;

    // The built-in copy of the default scenario (scenarios/gpt-5.6-sol-vs-kimi-k3.json).
    static QString defaultScenarioPath();

    ScenarioDocument* document() const { return m_doc; }
    AnalysisRunner* runner() const { return m_runner; }
    IssueLog* issues() const { return m_issues; }
    Settings* settings() const { return m_settings; }
    DocumentActions* files() const { return m_files; }
    Autosave* autosave() const { return m_autosave; }
    CalibrationHistory* calibrations() const { return m_calibrations; }
    std::shared_ptr<const Engine> engine() const { return m_engine; }
    MainWindow* window() const { return m_window; }

    // Loads a scenario file; the built-in default opens as an untitled copy.
    bool load(const QString& path, QString* error = nullptr);
    bool loadDefault(QString* error = nullptr);
    // Offers the recovery file of a crashed session (interactive only). True when recovered. A
    // recovery file that cannot be read is set aside (Autosave::setAsideRecovery) and reported in
    // the issues, interactive or not; it is never discarded silently.
    bool offerRecovery();

    // Creates (or recreates) the main window.
    MainWindow* createWindow();
    void setLanguage(const QString& lang, bool persist = true);
    void setTheme(const QString& theme);

    // Analyses the current document synchronously and hands the result to the window.
    std::shared_ptr<const ScenarioAnalysis> analyseNow();
    // Call when the application quits normally.
    void shutdown();

private:
    void onAnalysis(std::shared_ptr<const ScenarioAnalysis> a);
    // The engine evaluates with this catalog from now on (a calibration applied or undone) and the
    // document is analysed again. The document keeps its catalog: a calibration overlay changes
    // only the calibration families, which no view reads; devices, links and models, which the
    // views point into, are the same.
    void setEngineCatalog(std::shared_ptr<const Catalog> catalog);

    Options m_options;
    std::shared_ptr<const Catalog> m_catalog;
    std::shared_ptr<const Engine> m_engine;
    Settings* m_settings = nullptr;
    ScenarioDocument* m_doc = nullptr;
    AnalysisRunner* m_runner = nullptr;
    IssueLog* m_issues = nullptr;
    DocumentActions* m_files = nullptr;
    Autosave* m_autosave = nullptr;
    CalibrationHistory* m_calibrations = nullptr;
    QPointer<MainWindow> m_window;
    std::shared_ptr<const ScenarioAnalysis> m_latest;
    quint64 m_firstCurrentAnalysis = 0; // analyses of older generations are of a replaced document
};

} // namespace is::gui
