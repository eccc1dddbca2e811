// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <functional>

class QWidget;

// Every file chooser of the studio goes through here, so that tests can answer a chooser the way
// a user would without driving a modal QFileDialog (whose directory model fills asynchronously:
// a scripted accept() races it and can leave the dialog open forever).
namespace is::gui {
class Settings;
}

namespace is::gui::filedialogs {

enum class Purpose { Open, Save };

// Returns the chosen path, or an empty string when the user cancels.
QString openFileName(QWidget* parent, const QString& caption, const QString& directory,
                     const QString& filter);
QString saveFileName(QWidget* parent, const QString& caption, const QString& suggested,
                     const QString& filter);

// Export choosers (charts, the comparison table) open in the folder of the last export, which the
// studio keeps in its settings. Without settings (a view on its own) they open in Documents.
void setExportSettings(Settings* settings);
// A save chooser for an export: proposes `fileName` in that folder and remembers the folder of
// the path the user picks. Returns the path, or an empty string when the user cancels.
QString exportFileName(QWidget* parent, const QString& caption, const QString& fileName,
                       const QString& filter);

// Tests only: while set, no dialog is shown and the answer function chooses instead. It gets what
// the dialog would have shown (purpose, caption, the directory or suggested path) and returns the
// path the user picks, or an empty string to cancel. Pass nullptr to show real dialogs again.
using Answer = std::function<QString(Purpose purpose, const QString& caption, const QString& proposed)>;
void setAnswerForTests(Answer answer);

} // namespace is::gui::filedialogs
