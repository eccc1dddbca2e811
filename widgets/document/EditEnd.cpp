// SPDX-License-Identifier: MIT
#include "document/EditEnd.h"

#include "document/ScenarioDocument.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QLineEdit>
#include <QWidget>

namespace is::gui {

void endEditsWhenDone(ScenarioDocument* doc, QWidget* form)
{
    const auto end = [doc] { doc->endEdit(); };
    for (QAbstractSpinBox* box : form->findChildren<QAbstractSpinBox*>())
        QObject::connect(box, &QAbstractSpinBox::editingFinished, doc, end);
    for (QLineEdit* line : form->findChildren<QLineEdit*>())
        // A spin box's own line edit: the spin box above says when it is done.
        if (!qobject_cast<QAbstractSpinBox*>(line->parentWidget()))
            QObject::connect(line, &QLineEdit::editingFinished, doc, end);
    for (QAbstractSlider* slider : form->findChildren<QAbstractSlider*>())
        QObject::connect(slider, &QAbstractSlider::sliderReleased, doc, end);
}

} // namespace is::gui
