// SPDX-License-Identifier: MIT
#include "engine/EvalContext.h"

namespace is {

double EvalContext::kvBytesAt(double ctx) const
{
    return is::kvBytes(*model, ctx, deployment->kv());
}

double EvalContext::decodeKvBytesAt(double ctx) const
{
    return is::decodeKvBytes(*model, ctx, deployment->kv());
}

} // namespace is
