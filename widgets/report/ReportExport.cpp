// SPDX-License-Identifier: MIT
#include "report/ReportExport.h"

#include "FileDialogs.h"
#include "document/ScenarioDocument.h"
#include "report/ReportFacts.h"
#include "report/ReportWriter.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileInfo>
#include <QWidget>

namespace is::gui {

ReportExport::ReportExport(ScenarioDocument* doc, std::shared_ptr<const Engine> engine, QWidget* dialogParent)
    : QObject(dialogParent), m_doc(doc), m_engine(std::move(engine)), m_dialogParent(dialogParent),
      m_action(new QAction(tr("Export re&port (PDF)…"), this))
{
    m_action->setObjectName(QStringLiteral("ExportReportAction"));
    m_action->setStatusTip(tr("Write the whole comparison as a multi-page PDF: scenario, table, every chart, "
                              "cost assumptions and the sources of every catalog number"));
    connect(m_action, &QAction::triggered, this, &ReportExport::choose);
}

void ReportExport::choose()
{
    // The scenario file's name; an untitled document's name may hold dots ("GPT-5.6 Sol ..."),
    // which are no file suffix.
    const QString stem = m_doc->filePath().isEmpty() ? QStringLiteral("inference-studio")
                                                     : QFileInfo(m_doc->filePath()).completeBaseName();
    const QString path =
        filedialogs::exportFileName(m_dialogParent, tr("Export report"), stem + QStringLiteral("-report.pdf"),
                                    tr("PDF documents (*.pdf)"));
    if (!path.isEmpty())
        exportTo(path);
}

void ReportExport::exportTo(const QString& path)
{
    if (m_busy)
        return;
    m_busy = true;
    m_action->setEnabled(false);
    const Scenario scenario = m_doc->scenario();
    const auto colours = m_doc->colours();
    struct Facts
    {
        std::optional<ReportFacts> facts;
        QString error;
    };
    m_jobs.submit(
        [scenario, engine = m_engine](JobContext&) {
            Facts f;
            f.facts = gatherReportFacts(scenario, *engine, &f.error);
            return f;
        },
        // Back on the GUI thread, which paints the charts into the PDF.
        [this, colours, path](Facts f) {
            QString why = f.error;
            const bool ok =
                f.facts.has_value() &&
                writeReportFile(*f.facts, colours, QCoreApplication::applicationVersion(), path, &why);
            m_busy = false;
            m_action->setEnabled(true);
            Q_EMIT exported(ok ? tr("Saved %1").arg(QFileInfo(path).fileName()) : why, ok);
        });
}

} // namespace is::gui
