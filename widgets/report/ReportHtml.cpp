// SPDX-License-Identifier: MIT
#include "report/ReportHtml.h"
#include "common/NumberText.h"

#include "Names.h"
#include "Units.h"

#include "claims/ClaimsModel.h"
#include "claims/VerdictPalette.h"
#include "cost/TcoFields.h"
#include "engine/Engine.h"
#include "report/ReportFacts.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QDate>
#include <QLocale>

namespace is::gui::reporthtml {

namespace {

QString cell(const QString& text, bool header = false)
{
    const char* tag = header ? "th" : "td";
    return QStringLiteral("<%1>%2</%1>").arg(QLatin1String(tag), escaped(text));
}

QString row(const QStringList& cells, bool header = false)
{
    QString out = QStringLiteral("<tr>");
    for (const QString& c : cells)
        out += cell(c, header);
    return out + QStringLiteral("</tr>");
}

QString table(const QStringList& header, const QList<QStringList>& rows)
{
    QString out = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\">") + row(header, true);
    for (const QStringList& r : rows)
        out += row(r);
    return out + QStringLiteral("</table>");
}

QString heading(const QString& text, bool newPage = true)
{
    return QStringLiteral("<h2%1>%2</h2>")
        .arg(newPage ? QStringLiteral(" style=\"page-break-before: always\"") : QString(), escaped(text));
}

QString limit(double seconds)
{
    return seconds > 0 ? units::seconds(seconds) : QCoreApplication::translate("ReportHtml", "none");
}

QString workloadSection(const ReportFacts& f)
{
    const Workload& w = f.scenario.workload;
    QList<QStringList> rows = {
        {QCoreApplication::translate("ReportHtml", "Input tokens"), units::integer(w.inputTokens)},
        {QCoreApplication::translate("ReportHtml", "Output tokens"), units::integer(w.outputTokens)},
        {QCoreApplication::translate("ReportHtml", "Concurrent streams"), units::integer(w.concurrency)},
        {QCoreApplication::translate("ReportHtml", "Serving goal"), names::goal(f.scenario.goal)},
        {QCoreApplication::translate("ReportHtml", "Time to first token limit"), limit(w.ttftLimitS)},
        {QCoreApplication::translate("ReportHtml", "Time per output token limit"), limit(w.tpotLimitS)},
    };
    return heading(QCoreApplication::translate("ReportHtml", "Workload"), false) +
           table({QCoreApplication::translate("ReportHtml", "Input"),
                  QCoreApplication::translate("ReportHtml", "Value")},
                 rows);
}

QString deploymentsSection(const ReportFacts& f)
{
    QList<QStringList> hardware;
    QList<QStringList> figures;
    for (size_t i = 0; i < f.estimates.size(); ++i) {
        const DeploymentResult& r = f.estimates[i];
        const Estimate& e = r.estimate.mid;
        const Deployment* d = i < f.resolved.size() ? &f.resolved[i].deployment : nullptr;
        const QString device = d && d->device ? d->device->name : QString();
        const QString system =
            d && d->system ? d->system->name : QCoreApplication::translate("ReportHtml", "bare devices");
        const QString memory = e.fits
                                   ? QCoreApplication::translate("ReportHtml", "%1 of %2 per chip")
                                         .arg(units::bytes(e.memory.used()), units::bytes(e.memory.capacity))
                                   : e.why;
        QString precision;
        if (d) {
            const ModelDesc model = f.resolved[i].model.resolve();
            precision =
                d->servesExpertsOnlyRelease(model)
                    ? QCoreApplication::translate("ReportHtml",
                                                  "weights %1 (routed experts) and %2, KV cache %3")
                          .arg(names::precision(d->weights(model)),
                               names::precision(d->nonExpertWeights(model)), names::precision(d->kv(model)))
                    : QCoreApplication::translate("ReportHtml", "weights %1, KV cache %2")
                          .arg(names::precision(d->weights(model)), names::precision(d->kv(model)));
        }
        hardware.append({r.name, r.modelName, device, system, QString::number(e.chips),
                         e.plan.toString() + QStringLiteral(" · ") + e.mode, precision, memory});
        const QString missing = QStringLiteral("–");
        // One output token: no time between tokens, no reading speed (a request's cycle was shown).
        const bool decodes = f.scenario.workload.decodes();
        figures.append({r.name, e.fits ? is::fixedDecimals(e.ttftS * 1000, 1) : missing,
                        !decodes ? units::none()
                        : e.fits ? is::fixedDecimals(e.tpotS * 1000, 2)
                                 : missing,
                        !decodes ? units::none()
                        : e.fits ? is::fixedDecimals(e.tokSUser, 1)
                                 : missing,
                        e.fits ? is::fixedDecimals(e.tokSTotal, 0) : missing,
                        e.fits ? is::fixedDecimals(e.facilityPowerW / 1000, 1) : missing,
                        e.fits ? is::fixedDecimals(e.joulesPerToken, 2) : missing,
                        e.fits ? is::fixedDecimals(e.usdPerMTok, 2) : missing,
                        names::bottleneck(e.bottleneck)});
    }
    return heading(QCoreApplication::translate("ReportHtml", "Deployments"), false) +
           table({QCoreApplication::translate("ReportHtml", "Deployment"),
                  QCoreApplication::translate("ReportHtml", "Model"),
                  QCoreApplication::translate("ReportHtml", "Device"),
                  QCoreApplication::translate("ReportHtml", "System"),
                  QCoreApplication::translate("ReportHtml", "Chips"),
                  QCoreApplication::translate("ReportHtml", "Plan"),
                  QCoreApplication::translate("ReportHtml", "Precision"),
                  QCoreApplication::translate("ReportHtml", "Memory (busiest chip)")},
                 hardware) +
           heading(QCoreApplication::translate("ReportHtml", "Key figures"), false) +
           QStringLiteral("<p class=\"note\">%1</p>")
               .arg(escaped(QCoreApplication::translate(
                   "ReportHtml", "Point estimates at the workload above; the same figures as "
                                 "`inference-studio estimate`."))) +
           table({QCoreApplication::translate("ReportHtml", "Deployment"),
                  QCoreApplication::translate("ReportHtml", "TTFT (ms)"),
                  QCoreApplication::translate("ReportHtml", "Time per token (ms)"),
                  QCoreApplication::translate("ReportHtml", "Tokens/s per user"),
                  QCoreApplication::translate("ReportHtml", "Tokens/s total"),
                  QCoreApplication::translate("ReportHtml", "Facility power (kW)"),
                  QCoreApplication::translate("ReportHtml", "Energy (J/token)"),
                  QCoreApplication::translate("ReportHtml", "Cost ($/M tokens)"),
                  QCoreApplication::translate("ReportHtml", "Bottleneck")},
                 figures);
}

QString provenance(const Sourced& s)
{
    const QString kind = names::sourceKind(s.kind);
    const QString source = sourceForDisplay(s.source);
    // Assumption texts often name their kind themselves ("assumed: typical cost of capital").
    if (source.isEmpty() || source.startsWith(kind + QLatin1Char(':')))
        return source.isEmpty() ? kind : source;
    return kind + QStringLiteral(": ") + source;
}

QString plainNumber(double v)
{
    return units::number(v, 4);
}

QString gigahertz(double hz)
{
    return units::number(hz / 1e9) + QStringLiteral(" GHz");
}

// A cited number with its unit, and its range where the catalog gives one.
QString valueText(const Sourced& s, CitationUnit unit)
{
    QString (*format)(double) = plainNumber;
    switch (unit) {
    case CitationUnit::Parameters:
        format = units::params;
        break;
    case CitationUnit::Bytes:
        format = units::bytes;
        break;
    case CitationUnit::BytesPerS:
        format = units::bandwidth;
        break;
    case CitationUnit::FlopsPerS:
        format = units::flops;
        break;
    case CitationUnit::Watts:
        format = units::watts;
        break;
    case CitationUnit::Usd:
        format = units::dollars;
        break;
    case CitationUnit::Seconds:
        format = units::seconds;
        break;
    case CitationUnit::Hertz:
        format = gigahertz;
        break;
    case CitationUnit::Count:
        break;
    }
    return units::withRange(s, format);
}

QString costSection(const ReportFacts& f)
{
    const cost::TcoAssumptions& tco = f.scenario.tco;
    QList<QStringList> rows;
    for (const cost::TcoField& field : cost::tcoFields()) {
        if (!field.scenarioWide())
            continue;
        if (const Sourced* v = field.get(tco))
            rows.append({field.name(), valueText(*v, CitationUnit::Count), provenance(*v)});
    }
    return heading(QCoreApplication::translate("ReportHtml", "Cost assumptions")) +
           QStringLiteral("<p>%1</p>")
               .arg(
                   escaped(QCoreApplication::translate(
                               "ReportHtml",
                               "Pricing: %1. Every value with its source; the studio's Cost view edits them.")
                               .arg(tco.pricing == cost::Pricing::Capex
                                        ? QCoreApplication::translate("ReportHtml", "owned hardware (capex)")
                                        : QCoreApplication::translate("ReportHtml", "rented hardware")))) +
           table({QCoreApplication::translate("ReportHtml", "Assumption"),
                  QCoreApplication::translate("ReportHtml", "Value"),
                  QCoreApplication::translate("ReportHtml", "Source")},
                 rows);
}

QString percent(double fraction)
{
    return is::fixedDecimals(fraction * 100, 1) + QStringLiteral(" %");
}

QString familyName(const ReportFacts& f, const QString& family)
{
    return family.isEmpty() ? QCoreApplication::translate("ReportHtml", "unknown") : f.familyName(family);
}

QString within2x(const ValidationSummary& s)
{
    return QStringLiteral("%1/%2").arg(s.within2x).arg(s.evaluated);
}

// In-sample next to cross-validated, per family: the second is what a figure for a deployment the
// rows do not cover is worth. A dash where ReportFacts has no cross-validated figure.
QList<QStringList> fittedRows(const ReportFacts& f)
{
    const QString none = is::gui::units::none();
    QList<QStringList> rows;
    const auto add = [&](const QString& name, const ValidationSummary& in, const ValidationSummary* cv) {
        rows.append({name, QString::number(in.evaluated), percent(in.medianApe), within2x(in),
                     cv ? percent(cv->medianApe) : none, cv ? within2x(*cv) : none});
    };
    add(QCoreApplication::translate("ReportHtml", "all"), f.validation,
        f.crossValidated ? &*f.crossValidated : nullptr);
    for (const FamilySummary& fam : f.validationByFamily) {
        const auto it = f.accuracy.find(fam.family);
        const bool known =
            it != f.accuracy.end() && it->second.basis == FamilyAccuracy::Basis::CrossValidated;
        add(familyName(f, fam.family), fam.summary, known ? &it->second.crossValidated : nullptr);
    }
    return rows;
}

QString validationSection(const ReportFacts& f, const QString& engineVersion)
{
    QString html = heading(QCoreApplication::translate("ReportHtml", "The engine"));
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(escaped(QCoreApplication::translate(
                             "ReportHtml",
                             "Inference Studio %1 against the published measurements shipped with it "
                             "(MLPerf, vendor and third-party benchmarks), as `inference-studio validate "
                             "--cross-validate` reports them. The first error is on the rows the "
                             "calibration was fitted on. The second refits each device family without one "
                             "source's rows at a time and predicts those rows: the honest estimate for "
                             "results the engine has not seen.")
                             .arg(engineVersion)));
    html += table({QCoreApplication::translate("ReportHtml", "Device family"),
                   QCoreApplication::translate("ReportHtml", "Rows evaluated"),
                   QCoreApplication::translate("ReportHtml", "Median error, fitted rows"),
                   QCoreApplication::translate("ReportHtml", "Within 2x, fitted rows"),
                   QCoreApplication::translate("ReportHtml", "Median error, source left out"),
                   QCoreApplication::translate("ReportHtml", "Within 2x, source left out")},
                  fittedRows(f));
    QStringList own;
    for (const QString& family : f.ownCalibration())
        own << f.familyName(family);
    if (!own.isEmpty())
        html += QStringLiteral("<p class=\"note\">%1</p>")
                    .arg(escaped(QCoreApplication::translate(
                                     "ReportHtml",
                                     "Your own calibration is in use for %1: the fitted rows' errors are "
                                     "computed with it, and it has not been cross-validated (—).")
                                     .arg(own.join(QStringLiteral(", ")))));
    if (f.heldOut.rows == 0)
        return html;
    QList<QStringList> rows;
    const auto add = [&rows](const QString& name, const ValidationSummary& s) {
        rows.append({name, QString::number(s.evaluated), percent(s.medianApe), within2x(s)});
    };
    add(QCoreApplication::translate("ReportHtml", "all"), f.heldOut);
    for (const FamilySummary& fam : f.heldOutByFamily)
        add(familyName(f, fam.family), fam.summary);
    html += QStringLiteral("<p>%1</p>")
                .arg(escaped(QCoreApplication::translate(
                    "ReportHtml", "Newer published results that no fit reads (`inference-studio validate "
                                  "--held-out`), with the calibration in use:")));
    return html + table({QCoreApplication::translate("ReportHtml", "Device family"),
                         QCoreApplication::translate("ReportHtml", "Rows evaluated"),
                         QCoreApplication::translate("ReportHtml", "Median error"),
                         QCoreApplication::translate("ReportHtml", "Within 2x")},
                        rows);
}

QString appendix(const ReportFacts& f)
{
    QList<QStringList> rows;
    for (const CatalogCitation& c : f.citations)
        rows.append({c.subject, c.field, valueText(c.value, c.unit), names::sourceKind(c.value.kind),
                     sourceForDisplay(c.value.source)});
    return heading(QCoreApplication::translate("ReportHtml", "Appendix: catalog numbers used")) +
           QStringLiteral("<p class=\"note\">%1</p>")
               .arg(escaped(QCoreApplication::translate(
                   "ReportHtml", "Every catalog number the figures above rest on, with its source and kind "
                                 "(datasheet, vendor claim, third party, measured, calibrated, assumed, "
                                 "speculation)."))) +
           table({QCoreApplication::translate("ReportHtml", "Of"),
                  QCoreApplication::translate("ReportHtml", "Number"),
                  QCoreApplication::translate("ReportHtml", "Value"),
                  QCoreApplication::translate("ReportHtml", "Kind"),
                  QCoreApplication::translate("ReportHtml", "Source")},
                 rows);
}

} // namespace

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

QString styleSheet()
{
    return QStringLiteral(
        "<style>"
        "h1 { font-size: 26pt; margin-bottom: 6pt; }"
        "h2 { font-size: 16pt; margin-top: 14pt; margin-bottom: 6pt; }"
        "p { font-size: 10pt; }"
        "p.note { font-size: 9pt; color: #555555; }"
        "table { border-collapse: collapse; border: 1px solid #999999; margin-bottom: 8pt; }"
        "th { font-size: 9pt; background-color: #e8e8e8; text-align: left; }"
        "td { font-size: 9pt; }"
        "</style>");
}

QString front(const ReportFacts& f, const QString& engineVersion)
{
    const QString name = f.scenario.name.isEmpty()
                             ? QCoreApplication::translate("ReportHtml", "Untitled scenario")
                             : f.scenario.name;
    QString html = styleSheet();
    html += QStringLiteral("<h1>%1</h1>")
                .arg(escaped(QCoreApplication::translate("ReportHtml", "Inference Studio report")));
    html += QStringLiteral("<h2>%1</h2>").arg(escaped(name));
    if (!f.scenario.description.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(escaped(f.scenario.description));
    html += QStringLiteral("<p class=\"note\">%1</p>")
                .arg(escaped(
                    QCoreApplication::translate("ReportHtml", "Written %1 by Inference Studio %2.")
                        .arg(QLocale().toString(QDate::currentDate(), QLocale::LongFormat), engineVersion)));
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(escaped(QCoreApplication::translate(
                "ReportHtml", "Predictions of the engine from first principles (the model's architecture, "
                              "each device's datasheet numbers, and per-family constants fitted to "
                              "published measurements); the last pages list every catalog number used "
                              "with its source, and how the engine does on published measurements.")));
    html += heading(QCoreApplication::translate("ReportHtml", "Scenario"));
    html += workloadSection(f);
    html += deploymentsSection(f);
    return html;
}

QString comparison(const QAbstractItemModel& model)
{
    QString out = styleSheet() + heading(QCoreApplication::translate("ReportHtml", "Comparison"), false) +
                  QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\"><tr>") +
                  cell(QCoreApplication::translate("ReportHtml", "Metric"), true);
    for (int c = 0; c < model.columnCount(); ++c)
        out += cell(model.headerData(c, Qt::Horizontal).toString(), true);
    out += QStringLiteral("</tr>");
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells{model.headerData(r, Qt::Vertical).toString()};
        for (int c = 0; c < model.columnCount(); ++c)
            cells << model.data(model.index(r, c)).toString();
        out += row(cells);
    }
    return out + QStringLiteral("</table>");
}

namespace {
// The claim audit: every claim with its verdict on the verdict's colour (VerdictPalette) and the
// reason. Claim ids and verdicts do not wrap, so that each reads on its row's first line.
QString claimsSection(const ReportFacts& f)
{
    if (f.claims.empty())
        return {};
    QString out =
        heading(QCoreApplication::translate("ReportHtml", "Claim audit")) +
        QStringLiteral("<p>%1</p>")
            .arg(escaped(QCoreApplication::translate(
                "ReportHtml", "Every claim of the seed articles checked by the engine, as `inference-studio "
                              "audit` reports them.")));
    out += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\">") +
           row({QCoreApplication::translate("ReportHtml", "Claim"),
                QCoreApplication::translate("ReportHtml", "Kind"),
                QCoreApplication::translate("ReportHtml", "Claimed"),
                QCoreApplication::translate("ReportHtml", "Predicted"),
                QCoreApplication::translate("ReportHtml", "Verdict"),
                QCoreApplication::translate("ReportHtml", "Reason")},
               true);
    for (const audit::ClaimVerdict& v : f.claims) {
        out +=
            QStringLiteral("<tr><td style=\"white-space: nowrap\">%1</td>").arg(escaped(v.claim.id)) +
            cell(ClaimsModel::kindText(v.claim.kind)) + cell(ClaimsModel::claimedText(v.claim.claimed)) +
            cell(ClaimsModel::predictedText(v)) +
            QStringLiteral("<td style=\"white-space: nowrap; background-color: %1; color: %2\">%3</td>")
                .arg(verdicts::background(v.verdict).name(), verdicts::foreground(v.verdict).name(),
                     escaped(verdicts::name(v.verdict)).replace(QLatin1Char(' '), QLatin1String("&nbsp;"))) +
            cell(v.reason) + QStringLiteral("</tr>");
    }
    return out + QStringLiteral("</table>");
}
} // namespace

QString back(const ReportFacts& f, const QString& engineVersion)
{
    return styleSheet() + claimsSection(f) + costSection(f) + validationSection(f, engineVersion) +
           appendix(f);
}

} // namespace is::gui::reporthtml
