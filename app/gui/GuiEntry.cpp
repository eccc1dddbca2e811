// SPDX-License-Identifier: MIT
// The studio's entry point: flags, QApplication, catalog, the Studio object and its window.
#include "GuiEntry.h"

#include "Command.h"
#include "gui/GuiModes.h"
#include "gui/GuiOptions.h"
#include "gui/ProcessStats.h"

#include "analysis/AnalysisRunner.h"
#include "charts/ChartsView.h"
#include "common/Log.h"
#include "document/Autosave.h"
#include "document/ChangeWorkloadCommand.h"
#include "document/ScenarioDocument.h"
#include "hardware/Catalog.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "settings/LanguageManager.h"
#include "settings/Settings.h"
#include "settings/Theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QIcon>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <QUndoStack>

#include <cstdlib>
#include <cstring>
#include <optional>

#include <stdexcept>
#include <unistd.h>

namespace is::app {

namespace {

bool hasFlag(int argc, char** argv, const char* flag)
{
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], flag, std::strlen(flag)) == 0)
            return true;
    return false;
}

std::optional<GuiOptions> parseOptions(const QStringList& args, QString* error)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate("main", "Inference Studio"));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      QCoreApplication::translate("main", "Scenario file to open."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QCoreApplication::translate("main", "Language (en, zh_CN)."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Render the window to a PNG and exit."),
        QStringLiteral("FILE.png"));
    const QCommandLineOption bench(
        QStringLiteral("bench-ui"),
        QCoreApplication::translate("main", "Measure slider-to-chart latency and exit."));
    const auto hidden = [](const char* name, const char* valueName) {
        QCommandLineOption o(QString::fromLatin1(name), QString(), QString::fromLatin1(valueName));
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        return o;
    };
    const QCommandLineOption recover = hidden("recover", "ask|yes|no");
    const QCommandLineOption autosaveDelay = hidden("autosave-delay", "MS");
    const QCommandLineOption editConcurrency = hidden("edit-concurrency", "N");
    const QCommandLineOption dumpDocument = hidden("dump-document", "FILE");
    QCommandLineOption stressSave(QStringLiteral("stress-save"));
    stressSave.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOptions({scenario, lang, screenshot, bench, recover, autosaveDelay, editConcurrency, dumpDocument,
                  stressSave});
    if (!p.parse(args)) {
        *error = p.errorText();
        return std::nullopt;
    }
    // One scenario file may come without --scenario: a file manager opens a file with the desktop
    // entry's "inference-studio %f". A word that names no file and is no scenario stays an error
    // (a mistyped subcommand).
    const QStringList positional = p.positionalArguments();
    const bool positionalScenario =
        positional.size() == 1 && !p.isSet(scenario) && isScenarioArgument(positional.front());
    if (!positional.isEmpty() && !positionalScenario) {
        *error = QStringLiteral("unexpected argument '%1'").arg(positional.front());
        return std::nullopt;
    }
    GuiOptions o;
    o.scenario = positionalScenario ? positional.front() : p.value(scenario);
    o.lang = p.value(lang);
    o.screenshot = p.value(screenshot);
    o.benchUi = p.isSet(bench);
    o.recover = p.value(recover);
    if (!o.recover.isEmpty() && o.recover != QLatin1String("ask") && o.recover != QLatin1String("yes") &&
        o.recover != QLatin1String("no")) {
        *error = QStringLiteral("--recover: expected ask, yes or no, got '%1'").arg(o.recover);
        return std::nullopt;
    }
    bool ok = true;
    if (p.isSet(autosaveDelay))
        o.autosaveDelayMs = p.value(autosaveDelay).toInt(&ok);
    if (!ok || o.autosaveDelayMs < 0) {
        *error =
            QStringLiteral("--autosave-delay: expected milliseconds, got '%1'").arg(p.value(autosaveDelay));
        return std::nullopt;
    }
    if (p.isSet(editConcurrency))
        o.editConcurrency = p.value(editConcurrency).toInt(&ok);
    if (!ok || o.editConcurrency < 0) {
        *error =
            QStringLiteral("--edit-concurrency: expected a count, got '%1'").arg(p.value(editConcurrency));
        return std::nullopt;
    }
    o.dumpDocument = p.value(dumpDocument);
    o.stressSave = p.isSet(stressSave);
    return o;
}

// Waits until the charts have painted once (the window is really shown), at most `ms`.
void waitForFirstPaint(gui::ChartsView* charts, int ms)
{
    QEventLoop loop;
    QObject::connect(charts, &gui::ChartsView::repainted, &loop, &QEventLoop::quit);
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// --edit-concurrency: the edit the workload panel makes when the user types a concurrency.
void applyConcurrencyEdit(gui::ScenarioDocument* doc, int concurrency)
{
    Workload w = doc->scenario().workload;
    w.concurrency = concurrency;
    doc->undoStack()->push(gui::changeWorkloadCommand(
        doc, w, doc->scenario().goal, QStringLiteral("Set concurrency to %1").arg(concurrency),
        QStringLiteral("concurrency")));
}

// --stress-save: the crash-safety test kills the studio at random moments of this loop. Each
// round is an edit (concurrency 1, 2, 3, ...), a save over the document's file and an autosave,
// so that a kill lands inside either write sooner or later.
void startSaveLoop(gui::Studio& studio)
{
    auto* timer = new QTimer(&studio);
    QObject::connect(timer, &QTimer::timeout, &studio, [&studio, round = 0]() mutable {
        gui::ScenarioDocument* doc = studio.document();
        applyConcurrencyEdit(doc, 1 + (++round % 100000));
        QString error;
        if (!doc->filePath().isEmpty() && !doc->save(doc->filePath(), &error))
            is::log::get("gui")->warn("stress save: {}", error.toStdString());
        applyConcurrencyEdit(doc, 1 + (++round % 100000));
        studio.autosave()->saveNow();
    });
    timer->start(0);
}

} // namespace

int runPaintingCommand(const Command& command, int argc, char** argv)
{
    // --help prints text only: no platform, no fonts.
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            QCoreApplication app(argc, argv);
            return command.run(QCoreApplication::arguments().mid(2));
        }
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Without a session (a CI job, cron, ssh) Qt falls back to this folder with a warning on
    // stderr that a scripted caller would take for an error; name it so the warning does not come.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString runtime = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(::getuid());
        if (QDir().mkpath(runtime) &&
            QFile::setPermissions(runtime,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("inference-studio"));
    QApplication::setOrganizationName(QStringLiteral("InferenceStudio"));
    QApplication::setApplicationVersion(QStringLiteral(IS_VERSION_STRING));
    return command.run(QApplication::arguments().mid(2));
}

int runGui(int argc, char** argv)
{
    QElapsedTimer sinceEntry;
    sinceEntry.start();
    const double startToEntryMs = msSinceProcessStart();

    // Screenshots and benchmarks need no display: use the offscreen platform when none is set.
    const bool headlessFlag = hasFlag(argc, argv, "--screenshot") || hasFlag(argc, argv, "--bench-ui");
    if (headlessFlag && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("inference-studio"));
    QApplication::setOrganizationName(QStringLiteral("InferenceStudio"));
    QApplication::setApplicationDisplayName(QStringLiteral("Inference Studio"));
    QApplication::setApplicationVersion(QStringLiteral(IS_VERSION_STRING));
    // The same icon and desktop id as the installed launcher (resources/packaging).
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/inference-studio.svg")));
    QApplication::setDesktopFileName(QStringLiteral("inference-studio"));

    QTextStream err(stderr);
    QString error;
    const auto options = parseOptions(QApplication::arguments(), &error);
    if (!options) {
        err << "inference-studio: " << error << "\n";
        return ExitBadInput;
    }

    QStringList warnings;
    std::shared_ptr<const Catalog> catalog;
    try {
        catalog = Catalog::load(&warnings);
    } catch (const std::exception& e) {
        err << "inference-studio: " << e.what() << "\n";
        return ExitRuntimeFailure;
    }

    // Headless runs keep their settings to themselves: never the user's layout or language. Only
    // they get a scratch folder, so an interactive session killed mid-edit leaves nothing in /tmp.
    std::optional<QTemporaryDir> scratch;
    gui::Studio::Options studioOptions;
    studioOptions.interactive = !options->headless();
    if (options->headless()) {
        scratch.emplace();
        studioOptions.settingsPath = scratch->filePath(QStringLiteral("settings.ini"));
        studioOptions.recoveryPath = scratch->filePath(QStringLiteral("autosave.json"));
    }
    if (options->recover == QLatin1String("yes"))
        studioOptions.recovery = gui::Studio::Options::Recovery::Recover;
    else if (options->recover == QLatin1String("no"))
        studioOptions.recovery = gui::Studio::Options::Recovery::Discard;
    studioOptions.autosaveDelayMs = options->autosaveDelayMs;
    gui::Studio studio(catalog, warnings, studioOptions);
    const QString lang = options->lang.isEmpty() ? studio.settings()->language() : options->lang;
    if (!gui::LanguageManager::apply(lang) && !options->lang.isEmpty())
        err << "inference-studio: --lang: no translation for '" << options->lang << "'; using English\n";
    if (studioOptions.interactive)
        gui::applyTheme(studio.settings()->theme());

    const bool loaded =
        options->scenario.isEmpty() ? studio.loadDefault(&error) : studio.load(options->scenario, &error);
    if (!loaded) {
        err << "inference-studio: " << error << "\n";
        return ExitBadInput;
    }
    studio.createWindow();
    if (studioOptions.interactive && studio.offerRecovery())
        is::log::get("gui")->info("recovered autosaved work");
    // The first analysis runs before the window shows, so that it opens with every chart filled.
    studio.analyseNow();

    if (!options->screenshot.isEmpty())
        return runScreenshot(studio, options->screenshot);

    gui::MainWindow* w = studio.window();
    if (options->benchUi) {
        w->resize(1600, 1000);
        w->show();
        waitForFirstPaint(w->charts(), 5000);
        const double shownMs = sinceEntry.nsecsElapsed() / 1e6;
        return runBenchUi(studio, startToEntryMs, shownMs);
    }

    if (!options->dumpDocument.isEmpty()) {
        if (!studio.document()->saveCopy(options->dumpDocument, &error)) {
            err << "inference-studio: --dump-document: " << error << "\n";
            return ExitRuntimeFailure;
        }
        studio.shutdown();
        return ExitOk;
    }

    w->show();
    if (options->editConcurrency > 0)
        applyConcurrencyEdit(studio.document(), options->editConcurrency);
    if (options->stressSave)
        startSaveLoop(studio);
    QObject::connect(&app, &QApplication::aboutToQuit, &studio, &gui::Studio::shutdown);
    return QApplication::exec();
}

} // namespace is::app
