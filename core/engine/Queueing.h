// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Estimate.h"

namespace is {

// Streams beyond the ones a deployment holds wait in a queue for a slot. When `concurrency`
// streams each keep a request in flight and `held` of them run, a request is answered after
// concurrency / requestsPerS on average (Little's law), of which held / requestsPerS in its slot:
// each request waits (concurrency - held) / requestsPerS before it starts.
double queueWaitS(double concurrency, double held, double requestsPerS);

// Requests per second the serving point `e` finishes: its tokens per second over each request's
// output tokens.
double requestsPerS(const Estimate& e, const Workload& w);

// How many users the serving point `e` keeps busy: the requests it finishes per second times how
// long each takes as its user sees it, first token and the rest (Little's law). That is at least
// the streams it runs; beyond them, the users whose requests are on their way through a request
// overhead that holds no slot (an API's network and queueing in front of wafers, which the first
// token includes). Whole users.
double usersServed(const Estimate& e, const Workload& w);

} // namespace is
