// SPDX-License-Identifier: MIT
// The one phrase for weights held in two formats: a release that quantises only its routed
// experts (gpt-oss: MXFP4 experts, bf16 everything else). The studio's labels pass display names
// ("FP4"), the audit's reasons format ids ("fp4").
#pragma once

#include <QString>

namespace is {

// "FP4 routed experts, BF16 other weights".
QString expertsAndRestText(const QString& experts, const QString& rest);

} // namespace is
