// SPDX-License-Identifier: MIT
#pragma once

namespace is::app {

// Milliseconds since the kernel started this process (10 ms resolution); negative if unknown.
double msSinceProcessStart();
// Resident set size now and at its peak, in MiB; negative if unknown.
double residentMiB();
double peakResidentMiB();

} // namespace is::app
