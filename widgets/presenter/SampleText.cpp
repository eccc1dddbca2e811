// SPDX-License-Identifier: MIT
#include "presenter/SampleText.h"

#include <algorithm>

namespace is::gui {

namespace {
bool isHan(QChar c)
{
    return c.script() == QChar::Script_Han;
}
} // namespace

QString SampleText::paragraph()
{
    return tr("Wafer-scale inference keeps every layer of the model next to its own memory, so a "
              "token does not wait for weights to cross a network. The first token still needs the "
              "whole prompt read once, which is why the time to first token grows with the context. "
              "After that each new token is one pass through the pipeline, and the speed a user sees "
              "is set by how quickly one pass completes rather than by how many chips there are. A "
              "GPU cluster spreads the same model over many devices that exchange activations at "
              "every layer; it serves thousands of users at once, but each of them waits longer for "
              "every word. Which one is cheaper depends on how many users share the machine, how "
              "long their prompts are, and what a second of waiting is worth to them.");
}

QStringList SampleText::tokenize(const QString& text)
{
    QStringList tokens;
    int i = 0;
    const int n = int(text.size());
    bool oneHan = true; // Han runs alternate one and two characters a token
    while (i < n) {
        const QChar c = text.at(i);
        if (isHan(c)) {
            const int len = (oneHan || i + 1 >= n || !isHan(text.at(i + 1))) ? 1 : 2;
            tokens << text.mid(i, len);
            i += len;
            oneHan = !oneHan;
        } else if (c.isLetterOrNumber() || c.isSpace()) {
            // A word with the spaces before it, cut every four characters.
            int end = i;
            while (end < n && text.at(end).isSpace())
                ++end;
            while (end < n && text.at(end).isLetterOrNumber() && !isHan(text.at(end)))
                ++end;
            if (end == i)
                end = i + 1;
            for (int k = i; k < end; k += 4)
                tokens << text.mid(k, std::min(4, end - k));
            i = end;
        } else {
            tokens << QString(c);
            ++i;
        }
    }
    return tokens;
}

SampleText::SampleText(const QString& text) : m_tokens(tokenize(text)) {}

QString SampleText::token(int i) const
{
    if (m_tokens.isEmpty() || i < 0)
        return {};
    const int k = i % int(m_tokens.size());
    // The paragraph starts again on a new line.
    return (k == 0 && i > 0) ? QStringLiteral("\n") + m_tokens.at(0) : m_tokens.at(k);
}

QString SampleText::span(int from, int to) const
{
    QString s;
    for (int i = std::max(0, from); i < to; ++i)
        s += token(i);
    return s;
}

} // namespace is::gui
