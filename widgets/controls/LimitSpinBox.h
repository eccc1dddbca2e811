// SPDX-License-Identifier: MIT
#pragma once

#include <QDoubleSpinBox>

#include <optional>

namespace is::gui {

// A spin box for a limit where 0 means "no limit" (its special value text): a positive value
// typed finer than the box's decimals ("0.5" ms in a box of whole milliseconds) becomes the
// strictest limit the box holds, one step of its last decimal, instead of rounding to 0 and so
// to no limit at all.
class LimitSpinBox : public QDoubleSpinBox
{
    Q_OBJECT
public:
    using QDoubleSpinBox::QDoubleSpinBox;

    // The smallest limit the box holds: one unit of its last decimal.
    double strictest() const;

protected:
    QValidator::State validate(QString& input, int& pos) const override;
    double valueFromText(const QString& text) const override;

private:
    // The number typed, without prefix, suffix and group separators; nullopt where it is none.
    std::optional<double> typedNumber(const QString& text) const;
};

} // namespace is::gui
