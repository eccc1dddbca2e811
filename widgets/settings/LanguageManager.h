// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

class QTranslator;

namespace is::gui {

// Installs the translators for one language: the studio's own (embedded :/i18n/*.qm) and Qt's
// (qtbase_*.qm from Qt's translations folder, when installed), and picks a font that has the
// language's glyphs (Noto Sans CJK SC for Chinese, from fonts-noto-cjk).
class LanguageManager
{
public:
    // "en", "zh_CN". Empty: the system locale when a translation exists for it, else English.
    // Returns false (and stays in English) when the studio has no translation for `lang`.
    static bool apply(const QString& lang);
    static QString current();
    // Languages with a translation, "en" first.
    static QStringList available();
    // The language's own name ("English", "简体中文") for the Language menu.
    static QString nativeName(const QString& lang);
    // What an empty setting means on this machine.
    static QString resolve(const QString& lang);

private:
    static void applyFont(const QString& lang);
};

} // namespace is::gui
