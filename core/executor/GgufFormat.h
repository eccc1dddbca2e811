// SPDX-License-Identifier: MIT
#pragma once

// Constants of the GGUF container: the one definition lives with the header parser in core
// (model/GgufHeader.h), which the model import and this executor share.
#include "model/GgufHeader.h"

namespace is::exec::gguf {
using namespace is::gguf;
} // namespace is::exec::gguf
