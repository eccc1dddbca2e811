// SPDX-License-Identifier: MIT
#pragma once
// Waiting for widgets to settle without sleeping a fixed time: the event loop runs until a whole
// pass over it delivers no event to any object of the GUI thread, so every posted event, queued
// call, expose and resize, layout request and due timer that the last change started (and all
// that those started in turn) has run. A test waiting for something it can name (a signal, a
// value) waits for that instead; this is for "the layout has settled".
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QObject>

namespace is::testing {

namespace detail {

// Counts the events delivered on the GUI thread: an event filter on the application sees them all.
class EventCounter : public QObject
{
public:
    int delivered = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        ++delivered;
        return QObject::eventFilter(watched, event);
    }
};

} // namespace detail

// False when the loop is still delivering events after `timeoutMs` (a repeating timer that is
// always due, an animation): what the caller waits for never settles.
inline bool waitUntilIdle(int timeoutMs = 10000)
{
    detail::EventCounter counter;
    QCoreApplication::instance()->installEventFilter(&counter);
    const QDeadlineTimer deadline(timeoutMs);
    bool idle = false;
    do {
        counter.delivered = 0;
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        idle = counter.delivered == 0;
    } while (!idle && !deadline.hasExpired());
    QCoreApplication::instance()->removeEventFilter(&counter);
    return idle;
}

} // namespace is::testing
