// SPDX-License-Identifier: MIT
#pragma once

#include "document/ScenarioDocument.h"
#include "document/UndoCommandIds.h"

#include <QString>
#include <QUndoCommand>

#include <utility>

namespace is::gui {

// Sets one typed part of the scenario (its cost assumptions, its workload) through the document's
// raw setter, and back on undo: every such edit is the same few lines, so it is written once.
// Consecutive changes with the same non-empty `mergeKey` (a slider being dragged, a number typed
// digit by digit) made in the same edit (ScenarioDocument::editSerial) merge into one undo step
// whose text is the newest's; a step that ends where it began is dropped.
template <typename T> class ChangeValueCommand : public QUndoCommand
{
public:
    using Setter = void (ScenarioDocument::*)(const T&);

    ChangeValueCommand(ScenarioDocument* doc, Setter set, T before, T after, const QString& text,
                       QString mergeKey = {}, QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent), m_doc(doc), m_set(set), m_before(std::move(before)),
          m_after(std::move(after)), m_mergeKey(std::move(mergeKey)), m_edit(doc->editSerial())
    {
    }
    void redo() override { (m_doc->*m_set)(m_after); }
    void undo() override { (m_doc->*m_set)(m_before); }
    int id() const override { return m_mergeKey.isEmpty() ? -1 : ChangeValueId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        // Commands of other value types share the id: the cast tells them apart.
        const auto* o = dynamic_cast<const ChangeValueCommand*>(other);
        if (!o || o->m_set != m_set || o->m_mergeKey != m_mergeKey || o->m_edit != m_edit)
            return false;
        m_after = o->m_after;
        // The step now ends where the newest edit does, and says so: typing 9999999 into a spin box
        // reads "Set concurrency to 9,999,999", not the first digit's "9".
        setText(o->text());
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioDocument* m_doc;
    Setter m_set;
    T m_before;
    T m_after;
    QString m_mergeKey;
    quint64 m_edit;
};

} // namespace is::gui
