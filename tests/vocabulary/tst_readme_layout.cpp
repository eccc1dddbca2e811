// SPDX-License-Identifier: MIT
// The README's Layout section is the map a new maintainer reads first: it must name every source
// folder (app, core and widgets, one level down) and nothing that is not there.
#include "SourcePath.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using is::testing::sourcePath;

class TestReadmeLayout : public QObject
{
    Q_OBJECT

private:
    // "core/engine" for every line of the Layout block, the nested ones under their parent.
    static QSet<QString> foldersInReadme()
    {
        QFile file(sourcePath(QStringLiteral("README.md")));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const QString text = QString::fromUtf8(file.readAll());
        const qsizetype section = text.indexOf(QStringLiteral("\n## Layout\n"));
        const qsizetype open = text.indexOf(QStringLiteral("```"), section);
        const qsizetype close = text.indexOf(QStringLiteral("```"), open + 3);
        if (section < 0 || open < 0 || close < 0)
            return {};
        QSet<QString> folders;
        QString parent;
        static const QRegularExpression entry(QStringLiteral("^( *)([a-z_]+)/"));
        for (const QString& line : text.mid(open + 3, close - open - 3).split(QLatin1Char('\n'))) {
            const auto m = entry.match(line);
            if (!m.hasMatch())
                continue;
            if (m.captured(1).isEmpty()) {
                parent = m.captured(2);
                folders.insert(parent);
            } else {
                folders.insert(parent + QLatin1Char('/') + m.captured(2));
            }
        }
        return folders;
    }

    static QSet<QString> foldersOnDisk()
    {
        QSet<QString> folders;
        const QDir root(sourcePath(QString()));
        for (const QString& top : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (top.startsWith(QLatin1Char('.')) || top == QLatin1String("build"))
                continue;
            folders.insert(top);
        }
        for (const char* top : {"app", "core", "widgets"})
            for (const QString& sub :
                 QDir(root.filePath(QLatin1String(top))).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                folders.insert(QLatin1String(top) + QLatin1Char('/') + sub);
        return folders;
    }

private slots:
    void layoutNamesEveryFolder()
    {
        const QSet<QString> readme = foldersInReadme();
        QVERIFY2(!readme.isEmpty(), "README.md has no Layout section with a code block");
        const QSet<QString> disk = foldersOnDisk();
        for (const QString& folder : disk) {
            // Top-level folders that hold no source (scripts, packaging, CI) need no entry.
            if (!folder.contains(QLatin1Char('/')) &&
                !QStringList{QStringLiteral("app"), QStringLiteral("core"), QStringLiteral("widgets"),
                             QStringLiteral("resources"), QStringLiteral("scenarios"),
                             QStringLiteral("tests"), QStringLiteral("translations")}
                     .contains(folder))
                continue;
            QVERIFY2(readme.contains(folder),
                     qPrintable(folder + QStringLiteral(" is missing from the README's Layout")));
        }
        for (const QString& folder : readme)
            QVERIFY2(disk.contains(folder),
                     qPrintable(folder + QStringLiteral(" is in the README's Layout but not on disk")));
    }
};

QTEST_GUILESS_MAIN(TestReadmeLayout)
#include "tst_readme_layout.moc"
