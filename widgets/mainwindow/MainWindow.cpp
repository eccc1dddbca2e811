// SPDX-License-Identifier: MIT
#include "mainwindow/MainWindow.h"
#include "report/ReportExport.h"

#include "Names.h"
#include "Units.h"

#include "calibration/CalibrationDialog.h"
#include "calibration/CalibrationHistory.h"
#include "canvas/CanvasPanel.h"
#include "canvas/CanvasScene.h"
#include "charts/ChartsView.h"
#include "charts/SpeedVsContextChart.h"
#include "claims/ClaimsPanel.h"
#include "controls/SpinBoxUndo.h"
#include "controls/WheelGuard.h"
#include "document/ScenarioDocument.h"
#include "fleet/FleetTab.h"
#include "issues/IssueLog.h"
#include "issues/IssuesPanel.h"
#include "mainwindow/DocumentActions.h"
#include "measure/MeasurePanel.h"
#include "palette/HardwarePalette.h"
#include "panels/InspectorPanel.h"
#include "panels/ModelPanel.h"
#include "panels/WorkloadPanel.h"
#include "presenter/PresenterWindow.h"
#include "serving/ServingCostFleetView.h"
#include "settings/LanguageManager.h"
#include "settings/Settings.h"
#include "table/ComparisonTable.h"

#include "analysis/ScenarioAnalysis.h"

#include "planning/PlanningPanel.h"
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

namespace is::gui {

namespace {
// The canvas strip above the charts: tool bar plus one row of deployment cards at 1:1.
constexpr int kCanvasHeight = 195;
// The window's size where the screen holds it: three columns of charts between the docks.
constexpr QSize kPreferredSize(1600, 1000);
// About what a window manager's frame adds around the window (title bar, borders) before the
// window has one to measure.
constexpr QMargins kFrameAllowance(8, 32, 8, 8);

// Whether `frame` (a window, frame included) lies within one screen's available geometry.
bool fitsOnAScreen(const QRect& frame)
{
    if (frame.isEmpty())
        return false;
    const QScreen* s = QGuiApplication::screenAt(frame.center());
    return s && s->availableGeometry().contains(frame);
}
} // namespace

MainWindow::MainWindow(ScenarioDocument* doc, IssueLog* issues, Settings* settings, DocumentActions* files,
                       CalibrationHistory* calibrations, std::shared_ptr<const Engine> engine,
                       QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_issues(issues), m_settings(settings), m_files(files),
      m_calibrations(calibrations), m_engine(std::move(engine))
{
    setObjectName(QStringLiteral("MainWindow"));
    // Before any panel exists, so that it sees every combo and spin box polished.
    qApp->installEventFilter(new WheelGuard(this));
    setWindowIcon(QIcon(QStringLiteral(":/icons/wafer.svg")));
    setDockNestingEnabled(true);
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    // Centre: the canvas above the charts, which get most of the room.
    m_central = new QSplitter(Qt::Vertical, this);
    m_central->setObjectName(QStringLiteral("CentralSplitter"));
    m_canvas = new CanvasPanel(doc, issues, m_central);
    // Below it the results: the comparison charts, and serving under load, cost and fleet.
    m_results = new QTabWidget(m_central);
    m_results->setObjectName(QStringLiteral("ResultTabs"));
    m_results->setDocumentMode(true);
    m_charts = new ChartsView(m_results);
    m_charts->setFontPointSize(settings->chartFontSize());
    m_serving = new ServingCostFleetView(m_results);
    m_serving->setDocument(doc);
    m_serving->setFontPointSize(settings->chartFontSize());
    m_results->addTab(m_charts, tr("Comparison charts"));
    // The serving, cost and fleet charts reflow and page like the comparison charts (ChartGrid):
    // no scroll area around them, and their smallest size fits a 1280 x 720 screen.
    m_results->addTab(m_serving, tr("Serving, cost and fleet"));
    // Inverse design: from targets to the cheapest deployments (core/planning).
    m_planning = new PlanningPanel(doc, m_results);
    m_planning->setEngine(m_engine);
    m_results->addTab(m_planning, tr("Find a deployment"));
    m_central->addWidget(m_canvas);
    m_central->addWidget(m_results);
    m_central->setStretchFactor(0, 0);
    m_central->setStretchFactor(1, 1);
    m_central->setSizes({kCanvasHeight, 1000});
    m_central->setChildrenCollapsible(false);
    setCentralWidget(m_central);

    createDocks();
    createMenus();

    m_status = new QLabel(this);
    statusBar()->addPermanentWidget(m_status);
    // The serving simulation is not free: it follows the document only while it is shown.
    connect(m_results, &QTabWidget::currentChanged, this, &MainWindow::updateServingViews);
    connect(doc, &ScenarioDocument::changed, this, &MainWindow::updateServingViews);
    connect(issues, &IssueLog::announced, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_charts, &ChartsView::exported, this, &MainWindow::reportExport);
    connect(m_serving, &ServingCostFleetView::exported, this, &MainWindow::reportExport);
    connect(m_table, &ComparisonTable::exported, this, &MainWindow::reportExport);
    connect(doc, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(doc, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc, &ScenarioDocument::nameChanged, this, &MainWindow::updateTitle);
    connect(doc, &ScenarioDocument::documentReset, this, &MainWindow::updateTitle);
    connect(doc, &ScenarioDocument::changed, this, &MainWindow::updateCaption);
    connect(doc, &ScenarioDocument::nameChanged, this, &MainWindow::updateCaption);
    connect(doc, &ScenarioDocument::documentReset, this, &MainWindow::updateCaption);
    updateTitle();
    updateCaption();
    // The size screenshots, benchmarks and tests draw at (DESIGN.md); restoreLayout() fits an
    // interactive window to its screen.
    resize(kPreferredSize);
    applyDefaultSizes();
    m_defaultState = saveState();
}

MainWindow::~MainWindow() = default;

void MainWindow::reportExport(const QString& message, bool ok)
{
    if (ok) {
        statusBar()->showMessage(message, 8000);
        return;
    }
    const QString text = message.isEmpty() ? tr("Export failed") : message;
    m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Action, text);
    // Window-modal and non-blocking: the analysis keeps running, scripted runs are not stopped.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("ExportErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::createDocks()
{
    m_palette = new HardwarePalette(m_doc->catalog(), this);
    m_workload = new WorkloadPanel(m_doc, this);
    m_model = new ModelPanel(m_doc, m_issues, m_settings, this);
    m_inspector = new InspectorPanel(m_doc, this);
    m_issuesPanel = new IssuesPanel(m_issues, this);

    m_table = new ComparisonTable(this);
    m_tableDock = new QDockWidget(tr("Comparison"), this);
    m_tableDock->setObjectName(QStringLiteral("ComparisonDock"));
    m_tableDock->setWidget(m_table);
    m_measure = new MeasurePanel;
    m_measureDock = new QDockWidget(tr("Measure this machine"), this);
    m_measureDock->setObjectName(QStringLiteral("MeasureDock"));
    // The panel is hosted in a scroll area so that its natural size does not widen the column.
    auto* measureScroll = new QScrollArea(m_measureDock);
    measureScroll->setWidgetResizable(true);
    measureScroll->setFrameShape(QFrame::NoFrame);
    measureScroll->setWidget(m_measure);
    m_measureDock->setWidget(measureScroll);

    // Left: what to deploy and what to ask of it. Right: what came out, and the selection.
    addDockWidget(Qt::LeftDockWidgetArea, m_palette);
    addDockWidget(Qt::LeftDockWidgetArea, m_workload);
    tabifyDockWidget(m_workload, m_model);
    m_workload->raise();
    addDockWidget(Qt::RightDockWidgetArea, m_tableDock);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    tabifyDockWidget(m_inspector, m_issuesPanel);
    tabifyDockWidget(m_issuesPanel, m_measureDock);
    // Beside the comparison table, another view of what came out; a fourth tab under the
    // inspector would widen the right column past what leaves the charts their three columns.
    m_claims = new ClaimsPanel(m_engine, this);
    tabifyDockWidget(m_tableDock, m_claims);
    m_tableDock->raise();
    m_inspector->raise();
    connect(m_claims, &ClaimsPanel::scenarioRequested, this, &MainWindow::builtInScenarioRequested);
    connect(m_claims, &ClaimsPanel::audited, this, &MainWindow::updateClaimMarks);
    connect(m_claims, &ClaimsPanel::selectedClaimChanged, this, &MainWindow::updateClaimMarks);
    connect(m_doc, &ScenarioDocument::nameChanged, this, &MainWindow::updateClaimMarks);
    // A claim is drawn only beside a deployment that still runs its device and model.
    connect(m_doc, &ScenarioDocument::deploymentChanged, this, &MainWindow::updateClaimMarks);
    connect(m_doc, &ScenarioDocument::deploymentInserted, this, &MainWindow::updateClaimMarks);
    connect(m_doc, &ScenarioDocument::deploymentRemoved, this, &MainWindow::updateClaimMarks);
    connect(m_doc, &ScenarioDocument::modelChanged, this, &MainWindow::updateClaimMarks);
    connect(m_doc, &ScenarioDocument::documentReset, this, &MainWindow::updateClaimMarks);

    // Selecting a deployment brings its inspector forward.
    connect(m_doc, &ScenarioDocument::selectionChanged, this, [this] {
        if (m_doc->selection().size() == 1)
            m_inspector->raise();
    });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_files->addToMenu(file);
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    m_charts->addExportActions(exportMenu);
    m_serving->addExportActions(exportMenu);
    QMenu* tableMenu = exportMenu->addMenu(tr("Comparison table"));
    tableMenu->addActions(m_table->actions());
    m_report = new ReportExport(m_doc, m_engine, this);
    connect(m_report, &ReportExport::exported, this, &MainWindow::reportExport);
    file->addAction(m_report->action());
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    // Also while a spin box has the focus (it would claim the keys for its own text).
    qApp->installEventFilter(new SpinBoxUndo(this));
    edit->addSeparator();
    edit->addActions(m_canvas->editActions());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    QMenu* textSize = view->addMenu(tr("Chart text size"));
    auto* sizes = new QActionGroup(this);
    const std::pair<QString, int> sizeChoices[] = {
        {tr("Normal"), 10}, {tr("Large"), 13}, {tr("Projector"), 16}};
    for (const auto& [label, points] : sizeChoices) {
        QAction* a = textSize->addAction(label);
        a->setCheckable(true);
        a->setChecked(m_settings->chartFontSize() == points);
        sizes->addAction(a);
        connect(a, &QAction::triggered, this, [this, pts = points] {
            m_settings->setChartFontSize(pts);
            m_charts->setFontPointSize(pts);
            m_serving->setFontPointSize(pts);
        });
    }
    QMenu* theme = view->addMenu(tr("Theme"));
    auto* themes = new QActionGroup(this);
    const std::pair<QString, QString> themeChoices[] = {{tr("System"), QStringLiteral("system")},
                                                        {tr("Light"), QStringLiteral("light")},
                                                        {tr("Dark"), QStringLiteral("dark")}};
    for (const auto& [label, id] : themeChoices) {
        QAction* a = theme->addAction(label);
        a->setCheckable(true);
        a->setChecked(m_settings->theme() == id);
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [this, themeId = id] { Q_EMIT themeRequested(themeId); });
    }
    view->addSeparator();
    m_fullScreen = view->addAction(tr("&Full screen"));
    m_fullScreen->setObjectName(QStringLiteral("FullScreenAction"));
    m_fullScreen->setCheckable(true);
    m_fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_fullScreen, &QAction::toggled, this, &MainWindow::setFullScreen);
    m_presenterAction = view->addAction(tr("&Presenter mode"), this, [this] { openPresenter(); });
    m_presenterAction->setObjectName(QStringLiteral("PresenterAction"));
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presenterAction->setStatusTip(
        tr("Full screen, the deployments side by side in large type, with a live token race"));
    view->addAction(tr("Reset layout"), this, &MainWindow::resetLayout);

    createToolsMenu();

    m_languageMenu = menuBar()->addMenu(tr("&Language"));
    auto* langs = new QActionGroup(this);
    for (const QString& lang : LanguageManager::available()) {
        QAction* a = m_languageMenu->addAction(LanguageManager::nativeName(lang));
        a->setCheckable(true);
        a->setChecked(LanguageManager::current() == lang);
        a->setData(lang);
        langs->addAction(a);
        connect(a, &QAction::triggered, this, [this, lang] { Q_EMIT languageRequested(lang); });
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Inference Studio"), this, [this] {
        QMessageBox::about(
            this, tr("About Inference Studio"),
            tr("<p><b>Inference Studio</b> %1</p><p>Design LLM inference deployments and compare "
               "them: wafer-scale systems, GPU clusters and other accelerators. Every number is "
               "computed by the engine from the catalog, with its source.</p>")
                .arg(QApplication::applicationVersion()));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolsMenu()
{
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    QAction* calibrate =
        tools->addAction(tr("&Calibrate from my measurements…"), this, [this] { openCalibrationDialog(); });
    calibrate->setObjectName(QStringLiteral("CalibrateAction"));
    calibrate->setStatusTip(tr("Fit the engine's constants to your own benchmark results"));
    m_undoCalibration = tools->addAction(tr("&Undo calibration"), this, &MainWindow::undoCalibration);
    m_undoCalibration->setObjectName(QStringLiteral("UndoCalibrationAction"));
    auto update = [this] {
        const bool can = m_calibrations->canUndo();
        m_undoCalibration->setEnabled(can);
        m_undoCalibration->setText(
            can ? tr("&Undo calibration from %1").arg(QFileInfo(m_calibrations->undoFile()).fileName())
                : tr("&Undo calibration"));
    };
    connect(m_calibrations, &CalibrationHistory::changed, m_undoCalibration, update);
    update();
}

CalibrationDialog* MainWindow::openCalibrationDialog()
{
    if (!m_calibrationDialog) {
        m_calibrationDialog = new CalibrationDialog(m_calibrations, m_settings, this);
        m_calibrationDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    // Not modal: the document's charts follow an applied calibration while the dialog is open.
    m_calibrationDialog->show();
    m_calibrationDialog->raise();
    m_calibrationDialog->activateWindow();
    return m_calibrationDialog;
}

void MainWindow::undoCalibration()
{
    QString error;
    if (!m_calibrations->undo(&error))
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Catalog, error);
}

void MainWindow::setEngine(std::shared_ptr<const Engine> engine)
{
    m_engine = std::move(engine);
    if (m_report)
        m_report->setEngine(m_engine);
    m_planning->setEngine(m_engine);
    m_claims->setEngine(m_engine);
    updateServingViews();
}

void MainWindow::setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis,
                             const QHash<QString, QColor>& colours, bool live)
{
    m_charts->setAnalysis(analysis, colours, live);
    m_table->setAnalysis(analysis, colours, live);
    m_canvas->scene()->setAnalysis(analysis);
    m_inspector->setAnalysis(analysis);
    m_analysis = std::move(analysis);
    m_colours = colours;
    if (m_presenter)
        m_presenter->setAnalysis(m_analysis, colours);
}

PresenterWindow* MainWindow::presenter() const
{
    return m_presenter;
}

PresenterWindow* MainWindow::openPresenter()
{
    if (!m_presenter) {
        m_presenter = new PresenterWindow(m_doc, nullptr, this);
        // Back in the studio after Esc: the window takes the keys again.
        connect(m_presenter, &PresenterWindow::left, this, [this] {
            activateWindow();
            raise();
        });
    }
    if (m_analysis)
        m_presenter->setAnalysis(m_analysis, m_colours);
    m_presenter->enter();
    return m_presenter;
}

void MainWindow::adoptViewOf(const MainWindow& old)
{
    m_results->setCurrentIndex(old.m_results->currentIndex());
    m_serving->tabs()->setCurrentIndex(old.m_serving->tabs()->currentIndex());
    m_serving->fleetTab()->adopt(*old.m_serving->fleetTab());
    if (m_measure && old.m_measure)
        m_measure->adopt(*old.m_measure);
    if (m_planning && old.m_planning)
        m_planning->adopt(*old.m_planning);
}

void MainWindow::updateClaimMarks()
{
    if (auto* speed = qobject_cast<SpeedVsContextChart*>(m_charts->chart(QStringLiteral("speed-vs-context"))))
        speed->setClaimMarks(m_claims->speedMarks(m_doc->scenario()));
}

void MainWindow::updateServingViews()
{
    if (!m_results->currentWidget() || !m_results->currentWidget()->isAncestorOf(m_serving) || !m_engine)
        return;
    m_serving->setScenario(m_doc->scenario(), m_engine, m_doc->colours());
}

void MainWindow::setAnalysisTime(double ms)
{
    m_status->setText(tr("Analysis: %1 ms").arg(units::fixed(ms, 1)));
}

void MainWindow::applyDefaultSizes()
{
    // Three columns of charts need about 1000 pixels: the side columns share the rest of a
    // 1600-pixel window. The table column is the wider one: it holds numbers side by side.
    resizeDocks({m_palette, m_tableDock}, {235, 380}, Qt::Horizontal);
    resizeDocks({m_palette, m_workload}, {500, 450}, Qt::Vertical);
    resizeDocks({m_tableDock, m_inspector}, {430, 520}, Qt::Vertical);
    m_central->setSizes({kCanvasHeight, 1000});
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Dock sizes only stick once the window has its real size; the saved layout wins later.
    if (!m_shownOnce && !m_layoutRestored)
        QTimer::singleShot(0, this, &MainWindow::applyDefaultSizes);
    m_shownOnce = true;
}

void MainWindow::fitToScreen()
{
    const QScreen* s = screen();
    const QRect available = s ? s->availableGeometry() : QRect();
    const QSize room = available.size().shrunkBy(kFrameAllowance);
    if (available.isEmpty() ||
        (room.width() >= kPreferredSize.width() && room.height() >= kPreferredSize.height())) {
        setWindowState(windowState() & ~Qt::WindowMaximized);
        resize(kPreferredSize);
        return;
    }
    // Not at 1600 x 1000 with the right dock and the charts off screen: the whole screen.
    setGeometry(QRect(available.topLeft() + QPoint(kFrameAllowance.left(), kFrameAllowance.top()), room));
    setWindowState(windowState() | Qt::WindowMaximized);
}

void MainWindow::restoreLayout()
{
    // A geometry saved on a larger screen (or one no longer attached) would put the window, or
    // its right dock and bottom charts, off this one: the default, fitted, instead.
    const QByteArray geometry = m_settings->windowGeometry();
    const bool geometryFits = !geometry.isEmpty() && fitsOnAScreen(m_settings->windowNormalFrame());
    if (geometryFits)
        restoreGeometry(geometry);
    else
        fitToScreen();
    const QByteArray state = m_settings->windowState();
    // The docks' arrangement is kept either way; their sizes only with the geometry they had.
    if (!state.isEmpty())
        m_layoutRestored = restoreState(state) && geometryFits;
}

void MainWindow::setFullScreen(bool on)
{
    if (on == isFullScreen())
        return;
    if (on) {
        m_maximisedBeforeFullScreen = isMaximized();
        showFullScreen();
    } else if (m_maximisedBeforeFullScreen) {
        showMaximized();
    } else {
        showNormal();
    }
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    // The window manager may leave full screen too (its own key): the action follows.
    if (event->type() == QEvent::WindowStateChange && m_fullScreen) {
        const QSignalBlocker block(m_fullScreen);
        m_fullScreen->setChecked(isFullScreen());
    }
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    for (QDockWidget* d : findChildren<QDockWidget*>())
        d->show();
    applyDefaultSizes();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Inference Studio").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
}

void MainWindow::updateCaption()
{
    const Scenario& s = m_doc->scenario();
    const Workload& w = s.workload;
    const QString caption =
        tr("%1 — %2 input tokens, %3 output tokens, %4 concurrent streams, %5")
            .arg(s.name.isEmpty() ? m_doc->displayName() : s.name, units::integer(w.inputTokens),
                 units::integer(w.outputTokens), units::integer(w.concurrency), names::goal(s.goal));
    m_charts->setCaption(caption);
    m_serving->setCaption(caption);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_askBeforeClosing && !m_files->maybeSave()) {
        event->ignore();
        return;
    }
    m_settings->setWindowGeometry(saveGeometry());
    // The frame around the normal geometry, as the window manager draws it now.
    const QRect frame = frameGeometry(), inner = geometry();
    const QMargins margins(inner.left() - frame.left(), inner.top() - frame.top(),
                           frame.right() - inner.right(), frame.bottom() - inner.bottom());
    m_settings->setWindowNormalFrame(normalGeometry().marginsAdded(margins));
    m_settings->setWindowState(saveState());
    Q_EMIT closing();
    event->accept();
}

} // namespace is::gui
