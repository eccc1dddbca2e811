// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CrossValidation.h"

#include <QTextStream>

namespace is::app {

// validate --cross-validate as text: per family and overall, in-sample next to cross-validated.
void printCrossValidation(const CrossValidation& cv, QTextStream& out);

} // namespace is::app
