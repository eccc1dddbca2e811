// SPDX-License-Identifier: MIT
#include "FileDialogs.h"

#include "settings/Settings.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>

namespace is::gui::filedialogs {

namespace {
Answer& testAnswer()
{
    static Answer answer;
    return answer;
}

QPointer<Settings>& exportSettings()
{
    static QPointer<Settings> settings;
    return settings;
}
} // namespace

QString openFileName(QWidget* parent, const QString& caption, const QString& directory, const QString& filter)
{
    if (const Answer& answer = testAnswer())
        return answer(Purpose::Open, caption, directory);
    return QFileDialog::getOpenFileName(parent, caption, directory, filter);
}

QString saveFileName(QWidget* parent, const QString& caption, const QString& suggested, const QString& filter)
{
    if (const Answer& answer = testAnswer())
        return answer(Purpose::Save, caption, suggested);
    return QFileDialog::getSaveFileName(parent, caption, suggested, filter);
}

void setExportSettings(Settings* settings)
{
    exportSettings() = settings;
}

QString exportFileName(QWidget* parent, const QString& caption, const QString& fileName,
                       const QString& filter)
{
    Settings* settings = exportSettings();
    const QString dir = settings ? settings->exportDirectory()
                                 : QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = saveFileName(parent, caption, dir + QLatin1Char('/') + fileName, filter);
    if (settings && !path.isEmpty())
        settings->setExportDirectory(QFileInfo(path).absolutePath());
    return path;
}

void setAnswerForTests(Answer answer)
{
    testAnswer() = std::move(answer);
}

} // namespace is::gui::filedialogs
