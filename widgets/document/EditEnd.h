// SPDX-License-Identifier: MIT
#pragma once

class QWidget;

namespace is::gui {

class ScenarioDocument;

// Ends the document's current edit (ScenarioDocument::endEdit) wherever the user finishes one in
// `form`: Enter pressed or focus leaving one of its spin boxes or line edits, the mouse released on
// one of its sliders. Until then the field's changes merge into one undo step; after, the next
// change is a step of its own. Call it once the form's fields exist, after connecting the fields'
// own editingFinished handlers, so that an edit they push on finishing is still part of the edit.
void endEditsWhenDone(ScenarioDocument* doc, QWidget* form);

} // namespace is::gui
