// SPDX-License-Identifier: MIT
#include "gui/ProcessStats.h"

#include <QFile>
#include <QList>

#include <ctime>
#include <unistd.h>

namespace is::app {

namespace {
double statusKiB(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray k(key);
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(k))
            return line.mid(k.size()).trimmed().split(' ').value(0).toDouble();
    return -1;
}
} // namespace

double msSinceProcessStart()
{
    QFile f(QStringLiteral("/proc/self/stat"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // Field 22 (starttime, clock ticks since boot) counts from after the ")" that ends the name.
    const qsizetype close = stat.lastIndexOf(')');
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startTicks = fields.at(19).toDouble();
    timespec now{};
    clock_gettime(CLOCK_BOOTTIME, &now);
    const double nowMs = now.tv_sec * 1e3 + now.tv_nsec / 1e6;
    return nowMs - startTicks * 1e3 / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double residentMiB()
{
    const double k = statusKiB("VmRSS:");
    return k < 0 ? -1 : k / 1024.0;
}

double peakResidentMiB()
{
    const double k = statusKiB("VmHWM:");
    return k < 0 ? -1 : k / 1024.0;
}

} // namespace is::app
