// SPDX-License-Identifier: MIT
// `inference-studio audit [--json] [--lang zh_CN]`: every claim of the seed articles checked by
// the engine, with a verdict and the physical reason.
#include "CliSupport.h"
#include "Command.h"

#include "audit/Audit.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>
#include <QTranslator>

namespace {

constexpr const char* kUsage = "audit [--json] [--lang zh_CN]";

// The studio's translation, embedded under :/i18n where this build has the studio; English needs none.
bool installTranslation(const QString& lang, QTextStream& err)
{
    if (lang.isEmpty() || lang == QLatin1String("en"))
        return true;
    const QString file = QStringLiteral(":/i18n/inference-studio_%1.qm").arg(lang);
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (!QFile::exists(file) || !translator->load(file)) {
        err << "audit: --lang: no translation '" << lang << "' in this build (en, zh_CN)\n";
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

void printText(const std::vector<is::audit::ClaimVerdict>& verdicts, QTextStream& out)
{
    std::vector<QStringList> rows{
        {QStringLiteral("claim"), QStringLiteral("kind"), QStringLiteral("verdict")}};
    for (const auto& v : verdicts)
        rows.push_back({v.claim.id, is::audit::claimKindId(v.claim.kind), is::audit::verdictId(v.verdict)});
    is::app::printAligned(rows, out);
    out << "\n";
    for (const auto& v : verdicts)
        out << v.claim.id << ": " << v.reason << "\n";
}

int runAudit(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    out.setEncoding(QStringConverter::Utf8);
    is::app::CommandLine args(QStringLiteral("audit"), QLatin1String(kUsage), QString(), false);
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the verdicts as JSON."));
    args.addOption({QStringLiteral("lang")}, QStringLiteral("LANG"),
                   QStringLiteral("Write the reasons in this language (en, zh_CN)."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    if (!installTranslation(args.value(QStringLiteral("lang")), err))
        return is::app::ExitBadInput;
    QString error;
    const auto claims = is::audit::loadBuiltInClaims(&error);
    if (!claims) {
        err << "audit: " << error << "\n";
        return is::app::ExitRuntimeFailure;
    }
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    const auto verdicts = is::audit::auditClaims(*claims, engine);
    if (args.isSet(QStringLiteral("json")))
        out << QJsonDocument(is::audit::auditToJson(verdicts)).toJson(QJsonDocument::Compact) << "\n";
    else
        printText(verdicts, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("audit", kUsage, &runAudit);

} // namespace
