// SPDX-License-Identifier: MIT
#pragma once

#include "audit/Audit.h"

#include <QAbstractTableModel>

#include <vector>

namespace is::gui {

// Every seed-article claim with the engine's verdict: one row per claim, the verdict column in
// its colour (VerdictPalette), the original sentence, its English rendering and the reason in the
// tooltip.
class ClaimsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Seed, Kind, Claimed, Predicted, VerdictColumn, ColumnCount };
    // The claim's verdict (audit::Verdict as int) on every column.
    static constexpr int VerdictRole = Qt::UserRole + 1;

    explicit ClaimsModel(QObject* parent = nullptr);

    void setVerdicts(std::vector<audit::ClaimVerdict> verdicts);
    const std::vector<audit::ClaimVerdict>& verdicts() const { return m_verdicts; }
    const audit::ClaimVerdict* verdictAt(int row) const;

    // "750 tok/s", "≥ 800 tok/s", "0.75–3.75 $ per million tokens".
    static QString claimedText(const audit::ClaimedFigure& f);
    // "363 tok/s (290–440)"; "–" when the engine has no figure.
    static QString predictedText(const audit::ClaimVerdict& v);
    static QString kindText(audit::ClaimKind k);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    static QString displayText(const audit::ClaimVerdict& v, int column);

    std::vector<audit::ClaimVerdict> m_verdicts;
};

} // namespace is::gui
