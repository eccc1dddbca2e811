// SPDX-License-Identifier: MIT
#include "settings/LanguageManager.h"

#include "common/Log.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFont>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace is::gui {

namespace {
QTranslator* g_app = nullptr;
QTranslator* g_qt = nullptr;
QString g_current = QStringLiteral("en");
QFont g_defaultFont;
bool g_haveDefaultFont = false;

QString qmPath(const QString& lang)
{
    return QStringLiteral(":/i18n/inference-studio_%1.qm").arg(lang);
}

void removeTranslators()
{
    for (QTranslator** t : {&g_app, &g_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
}
} // namespace

QStringList LanguageManager::available()
{
    QStringList langs{QStringLiteral("en")};
    const QStringList qms =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("inference-studio_*.qm")});
    for (const QString& f : qms)
        langs << f.mid(17, f.size() - 17 - 3);
    return langs;
}

QString LanguageManager::nativeName(const QString& lang)
{
    if (lang == QLatin1String("en"))
        return QStringLiteral("English");
    if (lang == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QLocale(lang).nativeLanguageName();
}

QString LanguageManager::resolve(const QString& lang)
{
    if (!lang.isEmpty())
        return lang;
    const QString sys = QLocale::system().name();
    return QFile::exists(qmPath(sys)) ? sys : QStringLiteral("en");
}

QString LanguageManager::current()
{
    return g_current;
}

bool LanguageManager::apply(const QString& requested)
{
    const QString lang = resolve(requested);
    removeTranslators();
    bool ok = true;
    if (lang != QLatin1String("en")) {
        g_app = new QTranslator;
        if (g_app->load(qmPath(lang))) {
            QCoreApplication::installTranslator(g_app);
        } else {
            is::log::get("gui")->warn("no translation for language '{}'; using English", lang.toStdString());
            delete g_app;
            g_app = nullptr;
            ok = false;
        }
        // Qt's own strings (standard buttons, dialogs). Optional: not every machine has them.
        if (ok) {
            g_qt = new QTranslator;
            const QStringList dirs{QLibraryInfo::path(QLibraryInfo::TranslationsPath),
                                   QStringLiteral("/usr/share/qt6/translations")};
            bool loaded = false;
            for (const QString& dir : dirs)
                loaded = loaded || g_qt->load(QStringLiteral("qtbase_") + lang, dir);
            if (loaded) {
                QCoreApplication::installTranslator(g_qt);
            } else {
                is::log::get("gui")->info("Qt's own {} translation is not installed", lang.toStdString());
                delete g_qt;
                g_qt = nullptr;
            }
        }
    }
    g_current = ok ? lang : QStringLiteral("en");
    QLocale::setDefault(QLocale(g_current == QLatin1String("en") ? QStringLiteral("en_US") : g_current));
    applyFont(g_current);
    return ok;
}

void LanguageManager::applyFont(const QString& lang)
{
    auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
    if (!app)
        return;
    if (!g_haveDefaultFont) {
        g_defaultFont = QApplication::font();
        g_haveDefaultFont = true;
    }
    QFont font = g_defaultFont;
    if (lang.startsWith(QLatin1String("zh"))) {
        // Latin text keeps the usual face (and its line height, which chart layouts are tuned
        // for); Han characters come from a Simplified Chinese face. Naming it explicitly keeps
        // fallback from picking a Japanese CJK face whose glyph shapes differ.
        const QStringList families = QFontDatabase::families();
        QStringList chinese;
        for (const QString& f : {QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Source Han Sans SC"),
                                 QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans SC")})
            if (families.contains(f))
                chinese << f;
        if (chinese.isEmpty()) {
            is::log::get("gui")->warn("no Simplified Chinese font found; install fonts-noto-cjk");
        } else {
            QStringList wanted{g_defaultFont.family()};
            wanted << chinese;
            font.setFamilies(wanted);
        }
    }
    QApplication::setFont(font);
}

} // namespace is::gui
