// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QActionGroup;
class QTabWidget;
class QLabel;
class QMenu;
class QSplitter;

namespace is {
class Engine;
struct ScenarioAnalysis;
} // namespace is

namespace is::gui {

class ChartsView;
class ComparisonTable;
class MeasurePanel;
class ServingCostFleetView;
class CalibrationDialog;
class CalibrationHistory;
class CanvasPanel;
class ClaimsPanel;
class DocumentActions;
class HardwarePalette;
class InspectorPanel;
class IssueLog;
class ReportExport;
class IssuesPanel;
class ModelPanel;
class PresenterWindow;
class PlanningPanel;
class ScenarioDocument;
class Settings;
class WorkloadPanel;

// The studio's window. It only hosts: panels bring their own docks and actions, the document
// actions their File entries, the charts their export entries. Closing asks about unsaved edits.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    MainWindow(ScenarioDocument* doc, IssueLog* issues, Settings* settings, DocumentActions* files,
               CalibrationHistory* calibrations, std::shared_ptr<const Engine> engine,
               QWidget* parent = nullptr);
    ~MainWindow() override;

    // Hands the newest analysis to every view (charts, table, canvas, inspector). `live`: it is
    // part of a stream (AnalysisRunner::streaming()); one not live follows when the stream stops.
    void setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis, const QHash<QString, QColor>& colours,
                     bool live = false);
    void setAnalysisTime(double ms);
    // The engine the serving views simulate with (a calibration applied or undone).
    void setEngine(std::shared_ptr<const Engine> engine);
    // Tools > Calibrate from my measurements…: opens the dialog (one at a time) and returns it.
    CalibrationDialog* openCalibrationDialog();
    QAction* undoCalibrationAction() const { return m_undoCalibration; }

    // The saved window geometry where it fits a screen (else the default, fitted to this
    // screen), and the saved dock layout.
    void restoreLayout();
    void resetLayout();
    // Sizes the window for the screen it opens on: 1600 x 1000 where that fits the available
    // geometry with its frame, else maximised within it (a 1280 x 720 or 1366 x 768 screen).
    void fitToScreen();
    // F11: full screen and back to the state before (normal or maximised).
    void setFullScreen(bool on);
    QAction* fullScreenAction() const { return m_fullScreen; }
    // F5: presenter mode, full screen, with the newest analysis (one presenter per window).
    PresenterWindow* openPresenter();
    PresenterWindow* presenter() const;
    QAction* presenterAction() const { return m_presenterAction; }

    CanvasPanel* canvas() const { return m_canvas; }
    HardwarePalette* hardwarePalette() const { return m_palette; }
    WorkloadPanel* workload() const { return m_workload; }
    ModelPanel* model() const { return m_model; }
    InspectorPanel* inspector() const { return m_inspector; }
    ChartsView* charts() const { return m_charts; }
    ComparisonTable* table() const { return m_table; }
    ServingCostFleetView* servingView() const { return m_serving; }
    // The tabs under the canvas: the comparison charts, and serving, cost and fleet.
    QTabWidget* resultTabs() const { return m_results; }
    // Takes over what the user was looking at in `old`, the window this one replaces (rebuilt in
    // another language): the results tab and sub-tab shown, the last measurement and search.
    void adoptViewOf(const MainWindow& old);
    MeasurePanel* measure() const { return m_measure; }
    ClaimsPanel* claims() const { return m_claims; }
    // Whether closing may go ahead without asking (screenshots, benchmarks, tests).
    void setAskBeforeClosing(bool ask) { m_askBeforeClosing = ask; }

Q_SIGNALS:
    void languageRequested(const QString& lang);
    void themeRequested(const QString& theme);
    void closing();
    // The Claims panel's "Open this claim's scenario" (a built-in ":/scenarios/..." path).
    void builtInScenarioRequested(const QString& path);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void createToolsMenu();
    // Tools > Undo calibration, also when the dialog has been closed.
    void undoCalibration();
    void updateTitle();
    // The caption of every exported chart: the scenario's name and workload.
    void updateCaption();
    void applyDefaultSizes();
    void updateServingViews();
    // A chart, table or view reports an export: success in the status bar, failure also in the
    // Issues panel and a (non-blocking) message box.
    void reportExport(const QString& message, bool ok);
    // The claimed per-user speeds of the open scenario's claims on the speed-vs-context chart.
    void updateClaimMarks();

    ScenarioDocument* m_doc;
    IssueLog* m_issues;
    Settings* m_settings;
    DocumentActions* m_files;
    CalibrationHistory* m_calibrations;
    std::shared_ptr<const Engine> m_engine;
    QPointer<CalibrationDialog> m_calibrationDialog;
    QAction* m_undoCalibration = nullptr;

    QSplitter* m_central = nullptr;
    CanvasPanel* m_canvas = nullptr;
    QTabWidget* m_results = nullptr;
    ChartsView* m_charts = nullptr;
    ServingCostFleetView* m_serving = nullptr;
    PlanningPanel* m_planning = nullptr;
    ComparisonTable* m_table = nullptr;
    ReportExport* m_report = nullptr;
    MeasurePanel* m_measure = nullptr;
    ClaimsPanel* m_claims = nullptr;
    HardwarePalette* m_palette = nullptr;
    WorkloadPanel* m_workload = nullptr;
    ModelPanel* m_model = nullptr;
    InspectorPanel* m_inspector = nullptr;
    IssuesPanel* m_issuesPanel = nullptr;
    QDockWidget* m_tableDock = nullptr;
    QDockWidget* m_measureDock = nullptr;
    QMenu* m_languageMenu = nullptr;
    QAction* m_fullScreen = nullptr;
    QAction* m_presenterAction = nullptr;
    QPointer<PresenterWindow> m_presenter;
    // The newest analysis, for a presenter opened after it arrived.
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
    bool m_maximisedBeforeFullScreen = false;
    QLabel* m_status = nullptr;
    QByteArray m_defaultState;
    bool m_askBeforeClosing = true;
    bool m_shownOnce = false;
    bool m_layoutRestored = false;
};

} // namespace is::gui
