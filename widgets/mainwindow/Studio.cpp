// SPDX-License-Identifier: MIT
#include "mainwindow/Studio.h"

#include "FileDialogs.h"
#include "Names.h"
#include "analysis/AnalysisRunner.h"
#include "calibration/CalibrationHistory.h"
#include "document/Autosave.h"
#include "document/ScenarioDocument.h"
#include "issues/IssueLog.h"
#include "mainwindow/DocumentActions.h"
#include "mainwindow/MainWindow.h"
#include "settings/LanguageManager.h"
#include "settings/Settings.h"
#include "settings/Theme.h"

#include "analysis/ScenarioAnalysis.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace is::gui {

Studio::Studio(std::shared_ptr<const Catalog> catalog, const QStringList& catalogWarnings,
               const Options& options, QObject* parent)
    : QObject(parent), m_options(options), m_catalog(std::move(catalog)),
      m_engine(std::make_shared<const Engine>(m_catalog))
{
    m_settings =
        options.settingsPath.isEmpty() ? new Settings(this) : new Settings(options.settingsPath, this);
    m_doc = new ScenarioDocument(m_catalog, this);
    m_runner = new AnalysisRunner(m_engine, this);
    m_issues = new IssueLog(this);
    m_files = new DocumentActions(m_doc, m_settings, m_issues, this);
    m_autosave = new Autosave(m_doc, m_settings, options.recoveryPath, this);
    if (options.autosaveDelayMs > 0)
        m_autosave->setDelay(options.autosaveDelayMs);
    m_calibrations = new CalibrationHistory(
        m_catalog, [this](std::shared_ptr<const Catalog> c) { setEngineCatalog(std::move(c)); }, this);
    connect(m_calibrations, &CalibrationHistory::announced, this, [this](const QString& text) {
        m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Catalog, text);
    });
    filedialogs::setExportSettings(m_settings);
    for (const QString& w : catalogWarnings)
        m_issues->add(IssueLog::Severity::Warning, IssueLog::Origin::Catalog, w);

    // Every edit the analysis depends on reruns it; results fan out to the views.
    connect(m_doc, &ScenarioDocument::changed, this, [this] { m_runner->request(m_doc->scenario()); });
    // Another document: the Issues panel and the views show only its analyses from now on, not
    // one of the old document still running or queued to arrive.
    connect(m_doc, &ScenarioDocument::documentReset, this, [this] {
        m_firstCurrentAnalysis = m_runner->requested() + 1;
        m_issues->clearDocumentIssues();
    });
    connect(m_runner, &AnalysisRunner::analysisReady, this,
            [this](std::shared_ptr<const ScenarioAnalysis> a, quint64 generation) {
                if (generation >= m_firstCurrentAnalysis)
                    onAnalysis(std::move(a));
            });
    // A stream of analyses (a slider being dragged) has stopped: the newest is shown once more,
    // not streaming, so that chart axes and table columns fit it.
    connect(m_runner, &AnalysisRunner::streamingChanged, this, [this](bool streaming) {
        if (!streaming && m_window && m_latest)
            m_window->setAnalysis(m_latest, m_doc->colours(), false);
    });
    connect(m_runner, &AnalysisRunner::analysisTimed, this, [this](double ms) {
        if (m_window)
            m_window->setAnalysisTime(ms);
    });
}

Studio::~Studio()
{
    delete m_window;
}

QString Studio::defaultScenarioPath()
{
    return QStringLiteral(":/scenarios/gpt-5.6-sol-vs-kimi-k3.json");
}

bool Studio::load(const QString& path, QString* error)
{
    if (path.startsWith(QLatin1Char(':'))) {
        QString err;
        auto s = loadScenarioFile(path, &err);
        if (!s) {
            if (error)
                *error = err;
            m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Document, err);
            return false;
        }
        m_doc->reset(std::move(*s), QString());
        return true;
    }
    return m_files->openFile(path, error);
}

bool Studio::loadDefault(QString* error)
{
    return load(defaultScenarioPath(), error);
}

bool Studio::offerRecovery()
{
    if (!m_autosave->recoveryAvailable())
        return false;
    QString original;
    QString error;
    auto s = m_autosave->loadRecovery(&original, &error);
    if (!s) {
        // Never silently: the file is kept under another name and the Issues panel says why.
        const QString kept = m_autosave->setAsideRecovery();
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Document,
                      kept.isEmpty() ? tr("Cannot recover the autosaved work: %1").arg(error)
                                     : tr("Cannot recover the autosaved work (%1); the file was kept as %2.")
                                           .arg(error, QDir::toNativeSeparators(kept)));
        return false;
    }
    if (!m_options.interactive)
        return false;
    const QString what = original.isEmpty() ? s->name : QFileInfo(original).fileName();
    bool recover = m_options.recovery == Options::Recovery::Recover;
    if (m_options.recovery == Options::Recovery::Ask) {
        QMessageBox box(
            QMessageBox::Question, tr("Recover unsaved work?"),
            tr("Inference Studio did not exit cleanly last time. Recover the autosaved version of “%1”?")
                .arg(what),
            QMessageBox::Yes | QMessageBox::No, m_window);
        // Our own button texts: Qt's translations (qt6-translations-l10n) are not always installed.
        box.button(QMessageBox::Yes)->setText(tr("Recover"));
        box.button(QMessageBox::No)->setText(tr("Discard"));
        box.setDefaultButton(QMessageBox::Yes);
        recover = box.exec() == QMessageBox::Yes;
    }
    if (!recover) {
        m_autosave->discardRecovery();
        return false;
    }
    // Over the file as last saved where it still opens, so that undo gives it back; else alone.
    QString openError;
    if (auto saved = original.isEmpty() ? std::nullopt : loadScenarioFile(original, &openError)) {
        m_doc->reset(std::move(*saved), original);
        m_doc->recover(std::move(*s));
    } else {
        m_doc->reset(std::move(*s), original);
        m_doc->markRecovered();
    }
    m_autosave->adoptRecovery();
    m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Document,
                  tr("Recovered unsaved work of %1").arg(what));
    return true;
}

MainWindow* Studio::createWindow()
{
    QPointer<MainWindow> old = m_window;
    m_window = new MainWindow(m_doc, m_issues, m_settings, m_files, m_calibrations, m_engine);
    m_window->setAskBeforeClosing(m_options.interactive);
    m_files->setDialogParent(m_window);
    if (old) {
        // The replacement takes over the old window's place and layout; it is shown before the
        // old one goes so that the application never has zero windows (it would quit).
        m_window->restoreGeometry(old->saveGeometry());
        m_window->restoreState(old->saveState());
        m_window->adoptViewOf(*old);
        if (old->isVisible())
            m_window->show();
        old->setAskBeforeClosing(false);
        delete old;
    } else if (m_options.interactive) {
        m_window->restoreLayout();
    }
    connect(m_window, &MainWindow::languageRequested, this, [this](const QString& lang) {
        // Rebuild after the menu's signal has returned: the menu belongs to the old window.
        QMetaObject::invokeMethod(
            this, [this, lang] { setLanguage(lang); }, Qt::QueuedConnection);
    });
    connect(m_window, &MainWindow::themeRequested, this, &Studio::setTheme);
    // A claim's scenario opens like a built-in one, after the unsaved-changes prompt.
    connect(m_window, &MainWindow::builtInScenarioRequested, this, [this](const QString& path) {
        if (m_files->maybeSave())
            load(path);
    });
    if (m_latest)
        m_window->setAnalysis(m_latest, m_doc->colours());
    return m_window;
}

void Studio::setLanguage(const QString& lang, bool persist)
{
    if (persist)
        m_settings->setLanguage(lang);
    LanguageManager::apply(lang);
    if (m_window) {
        createWindow();
        // Engine messages are translated where they are made: rerun so the Issues panel follows.
        m_runner->request(m_doc->scenario());
    }
}

void Studio::setTheme(const QString& theme)
{
    m_settings->setTheme(theme);
    applyTheme(theme);
}

std::shared_ptr<const ScenarioAnalysis> Studio::analyseNow()
{
    return m_runner->runNow(m_doc->scenario());
}

void Studio::setEngineCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_engine = std::make_shared<const Engine>(std::move(catalog));
    m_runner->setEngine(m_engine);
    if (m_window)
        m_window->setEngine(m_engine);
    m_runner->request(m_doc->scenario());
}

void Studio::onAnalysis(std::shared_ptr<const ScenarioAnalysis> a)
{
    m_latest = std::move(a);
    // The analysis names models as the catalog does; the Issues panel as the table and the cards
    // do ("GPT-5.6 Sol（推测）", where the Chinese panel read "GPT-5.6 Sol (speculative)").
    QStringList issues = m_latest->issues;
    for (const DeploymentAnalysis& d : m_latest->deployments)
        if (const QString shown = names::catalogName(d.modelName); shown != d.modelName)
            for (QString& issue : issues)
                issue.replace(d.modelName, shown);
    m_issues->setAnalysisIssues(issues, m_latest->error);
    if (m_window)
        m_window->setAnalysis(m_latest, m_doc->colours(), m_runner->streaming());
}

void Studio::shutdown()
{
    m_autosave->markCleanExit();
    m_settings->sync();
}

} // namespace is::gui
