// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace is::gui {

// The text the race streams: a paragraph in the interface language, cut into tokens the way an
// LLM tokenizer roughly would, so that the text grows on screen at the pace a reader would see.
class SampleText
{
    Q_DECLARE_TR_FUNCTIONS(is::gui::SampleText)
public:
    // The paragraph in the current language (through tr(): Chinese under zh_CN).
    static QString paragraph();

    // Tokens of `text`. Assumption (typical of BPE tokenizers on prose): Latin text runs about four
    // characters a token, a word with its leading space forming ceil(length / 4) tokens; Chinese
    // runs 1 to 1.5 characters a token, here alternately one and two Han characters; each
    // punctuation mark is a token of its own.
    static QStringList tokenize(const QString& text);

    explicit SampleText(const QString& text = paragraph());
    int size() const { return int(m_tokens.size()); }
    // Token i of an endless stream: the paragraph again and again, a space or line between repeats.
    QString token(int i) const;
    // Tokens [from, to) joined.
    QString span(int from, int to) const;

private:
    QStringList m_tokens;
};

} // namespace is::gui
