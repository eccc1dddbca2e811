// SPDX-License-Identifier: MIT
#include "engine/Queueing.h"

#include <algorithm>
#include <cmath>

namespace is {

double queueWaitS(double concurrency, double held, double requestsPerS)
{
    if (requestsPerS <= 0 || concurrency <= held)
        return 0.0;
    return (concurrency - held) / requestsPerS;
}

double requestsPerS(const Estimate& e, const Workload& w)
{
    return e.tokSTotal / std::max(1.0, w.outputTokens);
}

double usersServed(const Estimate& e, const Workload& w)
{
    // One output token: the request ends with its first token (its "TPOT" is the request cycle).
    const double requestS = e.ttftS + std::max(0.0, w.outputTokens - 1.0) * e.tpotS;
    return std::max(static_cast<double>(std::max(0, e.batch)), std::floor(requestsPerS(e, w) * requestS));
}

} // namespace is
