// SPDX-License-Identifier: MIT
#include "engine/EvalContext.h"

#include "hardware/Link.h"

#include <algorithm>

namespace is {

double EvalContext::kvBytesAt(double ctx) const
{
    return is::kvBytes(*model, ctx, kvPrecision);
}

double EvalContext::decodeKvBytesAt(double ctx) const
{
    return is::decodeKvBytes(*model, ctx, kvPrecision);
}

namespace {
const Link* handoverLink(const Deployment& d)
{
    return d.scaleOut ? d.scaleOut : d.scaleUp;
}
} // namespace

double EvalContext::kvHandoverBandwidth(int chipsPerReplica) const
{
    const Link* link = handoverLink(*deployment);
    return link ? link->bandwidthBytesPerS.value * cal.linkEfficiency.value * std::max(1, chipsPerReplica)
                : 0.0;
}

double EvalContext::kvHandoverLatencyS() const
{
    const Link* link = handoverLink(*deployment);
    return link ? link->latencyS.value : 0.0;
}

} // namespace is
