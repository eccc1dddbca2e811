// SPDX-License-Identifier: MIT
#include "FileDialogs.h"

#include <QFileDialog>

namespace is::gui::filedialogs {

namespace {
Answer& testAnswer()
{
    static Answer answer;
    return answer;
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

void setAnswerForTests(Answer answer)
{
    testAnswer() = std::move(answer);
}

} // namespace is::gui::filedialogs
