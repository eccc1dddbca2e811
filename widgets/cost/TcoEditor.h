// SPDX-License-Identifier: MIT
#pragma once

#include "cost/TcoEditing.h"
#include "cost/TcoFields.h"
#include "serving/ServingData.h"

#include <QPointer>
#include <QString>
#include <QWidget>

#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace is {
struct Scenario;
}
namespace is::gui {

class ScenarioDocument;

// The Cost view's assumptions editor: every TCO assumption of the scenario, scenario-wide and
// per deployment (capex per chip, system share, rental price), with its value, unit, kind and
// source. Defaults come from core (TcoAssumptions, the catalog's prices, the rental presets); a
// value the user types shows as user-set and can be reset to its default. Owning or renting, and
// the rental preset, are chosen above the table.
//
// Every edit is a changeCostCommand on the document (undoable, saved in the scenario's "cost" and
// "tco" sections); the views follow through the document's change signal. Input is checked
// first: a rejected value leaves the scenario as it was and says why. Without a document the
// editor only shows the assumptions.
class TcoEditor : public QWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, UnitColumn, KindColumn, SourceColumn, ResetColumn, ColumnCount };

    explicit TcoEditor(QWidget* parent = nullptr);
    ~TcoEditor() override;

    void setDocument(is::gui::ScenarioDocument* doc);
    is::gui::ScenarioDocument* document() const;
    // The assumptions in effect (inputs.tco) and the scenario's sections (what it sets itself).
    void setScenario(const is::Scenario& s, const is::gui::servingdata::CostInputs& inputs);

    QTableWidget* table() const { return m_table; }
    QComboBox* pricingSelector() const { return m_pricing; }
    QComboBox* presetSelector() const { return m_preset; }
    // The last validation message or error (empty when the last edit was accepted).
    QString message() const;
    // The height that shows the pricing choice, its note, the table's header and `rows` rows of
    // assumptions at width `width`: below it the table is a sliver a user must drag open.
    int heightForRows(int rows, int width) const;
    // Stacked: the pricing and the rental preset on rows of their own, so the editor fits a
    // column beside the charts; otherwise side by side above the table.
    void setStacked(bool stacked);
    bool isStacked() const { return m_stacked; }
    // The narrowest the editor can be when stacked.
    int stackedMinimumWidth() const;

    // The table row of an assumption; deploymentId empty: scenario-wide. -1 when not shown.
    int rowOf(const QString& deploymentId, const QString& key) const;
    // Edits as typing in the table would, in the units shown (percent for shares). Returns false
    // and shows why when the value is rejected or there is no document.
    bool edit(const QString& deploymentId, const QString& key, const QString& text);
    // Back to the default (catalog, preset or stated assumption).
    void reset(const QString& deploymentId, const QString& key);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrangeChoices();
    void fitNameColumn();
    struct Row
    {
        QString deploymentId; // empty: scenario-wide
        QString key;          // empty: a group heading
        bool percent = false; // a share, shown and typed in percent
        is::cost::TcoPricingUse applies = is::cost::TcoPricingUse::Both; // the others grey the row
        double shown = 0; // the value shown, in its display unit
        bool hasValue = false;
    };

    void retranslate();
    void rebuild();
    void addHeading(const QString& text);
    void addRow(Row row, const is::Sourced* value, const is::Sourced* fallback, bool overridden);
    void onItemChanged(QTableWidgetItem* item);
    void onPricingChosen();
    void showDetail();
    bool apply(const is::cost::TcoAssumptions& t, const QString& text);
    void showMessage(const QString& text, bool error);
    QString label(const Row& r) const;
    QString unit(const Row& r) const;
    QString rangeMessage(const Row& r) const;
    QString deploymentName(const QString& id) const;

    QPointer<is::gui::ScenarioDocument> m_doc;
    QComboBox* m_pricing = nullptr;
    QComboBox* m_preset = nullptr;
    QLabel* m_pricingLabel = nullptr;
    QLabel* m_presetLabel = nullptr;
    QLabel* m_presetNote = nullptr;
    QGridLayout* m_choose = nullptr;
    bool m_stacked = false;
    QTableWidget* m_table = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_detail = nullptr; // the selected row in full (its source may be long)
    QString m_messageText;
    bool m_messageIsError = false;

    is::cost::TcoAssumptions m_tco;
    is::gui::servingdata::CostInputs m_inputs;
    std::vector<Row> m_rows; // one per table row
    bool m_filling = false;
    bool m_inEdit = false;
    bool m_rebuildQueued = false;
};

} // namespace is::gui
