// SPDX-License-Identifier: MIT
#include "controls/LimitSpinBox.h"

#include <algorithm>
#include <cmath>

namespace is::gui {

double LimitSpinBox::strictest() const
{
    return std::pow(10.0, -decimals());
}

std::optional<double> LimitSpinBox::typedNumber(const QString& text) const
{
    QString t = text.trimmed();
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    const QString suffixText = suffix().trimmed();
    if (!suffixText.isEmpty() && t.endsWith(suffixText))
        t.chop(suffixText.size());
    t = t.trimmed();
    t.remove(locale().groupSeparator());
    bool ok = false;
    const double v = locale().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QValidator::State LimitSpinBox::validate(QString& input, int& pos) const
{
    // More decimals than the box shows are accepted while typing: valueFromText keeps a positive
    // value positive. Anything else is the spin box's own rule.
    const QValidator::State own = QDoubleSpinBox::validate(input, pos);
    if (own != QValidator::Invalid)
        return own;
    const std::optional<double> v = typedNumber(input);
    return v && *v > 0 && *v <= maximum() ? QValidator::Acceptable : own;
}

double LimitSpinBox::valueFromText(const QString& text) const
{
    // The spin box's own parser refuses more decimals than it shows; the box rounds the value.
    const std::optional<double> v = typedNumber(text);
    if (v && *v > 0)
        return std::max(*v, strictest());
    return QDoubleSpinBox::valueFromText(text);
}

} // namespace is::gui
