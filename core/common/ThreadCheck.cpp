// SPDX-License-Identifier: MIT
#include "common/ThreadCheck.h"

#include <QCoreApplication>
#include <QThread>

namespace is::threadcheck {

bool enabled()
{
#ifndef NDEBUG
    return true;
#else
    static const bool fromEnvironment = qEnvironmentVariableIntValue("IS_THREAD_CHECK") == 1;
    return fromEnvironment;
#endif
}

bool onGuiThread()
{
    const QCoreApplication* app = QCoreApplication::instance();
    // Workers take the first exit (a thread-local read and a compare): this runs on every evaluation.
    if (!app || QThread::currentThread() != app->thread())
        return false;
    // By class name: core links Qt Core only, and QApplication derives from QGuiApplication.
    return app->inherits("QGuiApplication");
}

void expectOffGuiThread(const char* where)
{
    if (enabled() && onGuiThread())
        qFatal("%s ran on the GUI thread: evaluations belong on a JobTracker worker", where);
}

} // namespace is::threadcheck
