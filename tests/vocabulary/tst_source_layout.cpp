// SPDX-License-Identifier: MIT
// The source tree's shape: the README's Layout section is the map a new maintainer reads first, so
// it must name every source folder (app, core and widgets, one level down) and nothing that is not
// there; and core's folders form layers, each including only folders below it (no cycle), as
// core/CMakeLists.txt lists them.
#include "SourcePath.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <functional>

using is::testing::sourcePath;

class TestSourceLayout : public QObject
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
        static const QRegularExpression entry(QStringLiteral("^( {0,2})([a-z_]+)/"));
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

    // For each folder of core, the other core folders its files include ("cost/CostModel.h").
    static QHash<QString, QSet<QString>> coreIncludes()
    {
        const QDir core(sourcePath(QStringLiteral("core")));
        static const QRegularExpression include(QStringLiteral("^#include \"([a-z]+)/[A-Za-z0-9_]+\\.h\""),
                                                QRegularExpression::MultilineOption);
        QHash<QString, QSet<QString>> graph;
        for (const QString& folder : core.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QSet<QString>& uses = graph[folder];
            QDirIterator it(core.filePath(folder), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                            QDir::Files);
            while (it.hasNext()) {
                QFile file(it.next());
                if (!file.open(QIODevice::ReadOnly))
                    continue;
                auto matches = include.globalMatch(QString::fromUtf8(file.readAll()));
                while (matches.hasNext()) {
                    const QString used = matches.next().captured(1);
                    if (used != folder && core.exists(used))
                        uses.insert(used);
                }
            }
        }
        return graph;
    }

private slots:
    void coreFoldersFormLayers()
    {
        const QHash<QString, QSet<QString>> graph = coreIncludes();
        QVERIFY(graph.size() > 10);
        // A known edge: the scan reads the includes, so "no cycle" below is not an empty graph's.
        QVERIFY(graph.value(QStringLiteral("engine")).contains(QStringLiteral("hardware")));
        // Depth-first search; a folder met again while still on the path closes a cycle.
        QHash<QString, int> state; // 1: on the path, 2: done
        QStringList path;
        QString cycle;
        std::function<void(const QString&)> visit = [&](const QString& folder) {
            state[folder] = 1;
            path << folder;
            for (const QString& used : graph.value(folder)) {
                if (!cycle.isEmpty())
                    return;
                if (state.value(used) == 1)
                    cycle = path.mid(path.indexOf(used)).join(QStringLiteral(" -> ")) +
                            QStringLiteral(" -> ") + used;
                else if (state.value(used) == 0)
                    visit(used);
            }
            path.removeLast();
            state[folder] = 2;
        };
        for (auto it = graph.begin(); it != graph.end() && cycle.isEmpty(); ++it)
            if (state.value(it.key()) == 0)
                visit(it.key());
        QVERIFY2(cycle.isEmpty(), qPrintable(QStringLiteral("core folders include each other: ") + cycle));
        // The bottom layer needs nothing.
        QVERIFY(graph.value(QStringLiteral("common")).isEmpty());
    }

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

QTEST_GUILESS_MAIN(TestSourceLayout)
#include "tst_source_layout.moc"
