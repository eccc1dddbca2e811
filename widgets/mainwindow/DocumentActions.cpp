// SPDX-License-Identifier: MIT
#include "mainwindow/DocumentActions.h"

#include "FileDialogs.h"
#include "document/ScenarioDocument.h"
#include "issues/IssueLog.h"
#include "settings/Settings.h"

#include "hardware/Catalog.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>

namespace is::gui {

DocumentActions::DocumentActions(ScenarioDocument* doc, Settings* settings, IssueLog* issues, QObject* parent)
    : QObject(parent), m_doc(doc), m_settings(settings), m_issues(issues)
{
    m_new = new QAction(this);
    m_new->setShortcut(QKeySequence::New);
    connect(m_new, &QAction::triggered, this, &DocumentActions::fileNew);
    m_open = new QAction(this);
    m_open->setShortcut(QKeySequence::Open);
    connect(m_open, &QAction::triggered, this, &DocumentActions::open);
    m_save = new QAction(this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &DocumentActions::save);
    m_saveAs = new QAction(this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, &DocumentActions::saveAs);
    connect(settings, &Settings::recentFilesChanged, this, &DocumentActions::rebuildRecentMenu);
    retranslate();
}

void DocumentActions::retranslate()
{
    m_new->setText(tr("&New"));
    m_open->setText(tr("&Open…"));
    m_save->setText(tr("&Save"));
    m_saveAs->setText(tr("Save &As…"));
}

void DocumentActions::addToMenu(QMenu* fileMenu)
{
    // The actions outlive the windows, which are rebuilt when the language changes: each new
    // window's menu shows them in the language of the moment.
    retranslate();
    fileMenu->addAction(m_new);
    fileMenu->addAction(m_open);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    fileMenu->addSeparator();
    fileMenu->addAction(m_save);
    fileMenu->addAction(m_saveAs);
}

void DocumentActions::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (const QString& f : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setStatusTip(f);
        connect(a, &QAction::triggered, this, [this, f] {
            if (maybeSave())
                openFile(f);
        });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
            for (const QString& f : m_settings->recentFiles())
                m_settings->removeRecentFile(f);
        });
    }
}

bool DocumentActions::openFile(const QString& path, QString* error)
{
    QString err;
    auto s = loadScenarioFile(path, &err);
    if (!s) {
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Document, err);
        if (error)
            *error = err;
        if (!QFileInfo::exists(path))
            m_settings->removeRecentFile(QFileInfo(path).absoluteFilePath());
        return false;
    }
    m_issues->clear(IssueLog::Origin::Document);
    const QStringList notes = m_doc->reset(std::move(*s), QFileInfo(path).absoluteFilePath());
    for (const QString& note : notes)
        m_issues->add(IssueLog::Severity::Warning, IssueLog::Origin::Document,
                      QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), note));
    m_settings->addRecentFile(path);
    m_settings->setScenarioDirectory(QFileInfo(path).absolutePath());
    return true;
}

bool DocumentActions::saveTo(const QString& path, QString* error)
{
    QString err;
    if (!m_doc->save(path, &err)) {
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Document, err);
        if (error)
            *error = err;
        return false;
    }
    m_settings->addRecentFile(path);
    m_settings->setScenarioDirectory(QFileInfo(path).absolutePath());
    m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Document,
                  tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

void DocumentActions::newDocument()
{
    Scenario s;
    s.name = tr("Untitled scenario");
    s.workload.inputTokens = 8192;
    s.workload.outputTokens = 1024;
    // A model to start from, so that the first dropped device already shows numbers.
    const auto models = m_doc->catalog().models();
    for (const ModelEntry* m : models)
        if (m->arch.id == QLatin1String("llama-3.1-70b"))
            s.model.catalogId = m->arch.id;
    if (!s.model.isSet() && !models.empty())
        s.model.catalogId = models.front()->arch.id;
    m_issues->clear(IssueLog::Origin::Document);
    m_doc->reset(std::move(s), QString());
}

bool DocumentActions::maybeSave()
{
    if (!m_doc->isModified())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    tr("“%1” has unsaved changes. Save them before continuing?").arg(m_doc->displayName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_dialogParent);
    // Our own button texts: Qt's translations (qt6-translations-l10n) are not always installed.
    box.button(QMessageBox::Save)->setText(tr("Save"));
    box.button(QMessageBox::Discard)->setText(tr("Don't save"));
    box.button(QMessageBox::Cancel)->setText(tr("Cancel"));
    box.setDefaultButton(QMessageBox::Save);
    const int answer = box.exec();
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool DocumentActions::save()
{
    // The built-in default scenario is a resource: save it somewhere the user chooses.
    if (m_doc->filePath().isEmpty() || m_doc->filePath().startsWith(QLatin1Char(':')))
        return saveAs();
    return saveTo(m_doc->filePath());
}

bool DocumentActions::saveAs()
{
    QString suggested = m_doc->filePath();
    if (suggested.isEmpty() || suggested.startsWith(QLatin1Char(':')))
        suggested = m_settings->scenarioDirectory() + QLatin1Char('/') +
                    (m_doc->scenario().name.isEmpty() ? tr("scenario") : m_doc->scenario().name) +
                    QStringLiteral(".json");
    QString path =
        filedialogs::saveFileName(m_dialogParent, tr("Save scenario"), suggested, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveTo(path);
}

void DocumentActions::open()
{
    if (!maybeSave())
        return;
    const QString path = filedialogs::openFileName(m_dialogParent, tr("Open scenario"),
                                                   m_settings->scenarioDirectory(), tr("Scenarios (*.json)"));
    if (!path.isEmpty())
        openFile(path);
}

void DocumentActions::fileNew()
{
    if (maybeSave())
        newDocument();
}

} // namespace is::gui
