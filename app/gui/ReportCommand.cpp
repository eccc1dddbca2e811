// SPDX-License-Identifier: MIT
// `inference-studio report SCENARIO.json -o FILE.pdf [--lang zh_CN]`: the whole comparison as a
// multi-page PDF, drawn by the same charts and tables as the studio (widgets/report).
#include "CliSupport.h"
#include "Command.h"

#include "GitCommit.h"

#include "common/JobTracker.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "report/ReportFacts.h"
#include "report/ReportWriter.h"
#include "settings/LanguageManager.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

namespace {

constexpr const char* kUsage = "report SCENARIO.json -o FILE.pdf [--lang zh_CN]";

// Where the report goes must be a writable folder; said before any work is done.
bool checkOutput(const QString& path, QString* error)
{
    const QFileInfo info(path);
    const QFileInfo dir(info.absolutePath());
    if (info.isDir()) {
        *error =
            QCoreApplication::translate("ReportCommand", "%1: --output: is a folder, not a file").arg(path);
        return false;
    }
    if (!dir.isDir() || !dir.isWritable()) {
        *error = QCoreApplication::translate(
                     "ReportCommand", "%1: --output: the folder %2 does not exist or cannot be written")
                     .arg(path, info.absolutePath());
        return false;
    }
    if (info.exists() && !info.isWritable()) {
        *error = QCoreApplication::translate("ReportCommand", "%1: --output: the file cannot be written")
                     .arg(path);
        return false;
    }
    return true;
}

int runReport(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("report"), QLatin1String(kUsage),
                              QStringLiteral("scenario file"));
    args.addOption({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("FILE.pdf"),
                   QStringLiteral("The PDF to write (required)."));
    args.addOption({QStringLiteral("lang")}, QStringLiteral("LANG"),
                   QStringLiteral("Language of the report: en (default) or zh_CN."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const QString output = args.value(QStringLiteral("output"));
    if (output.isEmpty()) {
        err << "report: --output: missing (report SCENARIO.json -o FILE.pdf)\n";
        return is::app::ExitBadInput;
    }
    const QString lang = args.value(QStringLiteral("lang"));
    if (!lang.isEmpty() && !is::gui::LanguageManager::available().contains(lang)) {
        err << "report: --lang: no translation for '" << lang
            << "' (available: " << is::gui::LanguageManager::available().join(QStringLiteral(", ")) << ")\n";
        return is::app::ExitBadInput;
    }
    is::gui::LanguageManager::apply(lang.isEmpty() ? QStringLiteral("en") : lang);
    QString error;
    if (!checkOutput(output, &error)) {
        err << error << "\n";
        return is::app::ExitBadInput;
    }
    auto scenario = is::app::loadScenarioToEvaluate(args.file(), QStringLiteral("report"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    const auto catalog = is::app::loadCatalogReportingWarnings(err);
    const is::Engine engine(catalog);
    // A painting command runs on a QApplication: the engine evaluates on a worker, as in the studio.
    is::JobTracker jobs;
    const auto facts =
        jobs.runAndWait([&](is::JobContext&) { return is::gatherReportFacts(*scenario, engine, &error); });
    if (!facts) {
        err << args.file() << ": " << error << "\n";
        return is::app::ExitBadInput;
    }
    // The document gives every deployment its colour as the studio would.
    is::gui::ScenarioDocument doc(catalog);
    doc.reset(*scenario, args.file());
    const QString version =
        QStringLiteral("%1 (commit %2)").arg(QLatin1String(IS_VERSION_STRING), QLatin1String(IS_GIT_COMMIT));
    if (!is::gui::writeReportFile(*facts, doc.colours(), version, output, &error)) {
        err << error << "\n";
        return is::app::ExitBadInput;
    }
    out << "wrote " << output << "\n";
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("report", kUsage, &runReport, /*paints=*/true);

} // namespace
