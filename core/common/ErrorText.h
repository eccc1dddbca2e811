// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace is {

// A message prefixed by where it arose: "scenario.json: workload.concurrency: must be at least 1".
// One translatable join, so every "place: reason" in a language reads with that language's
// colon ("scenario.json：workload：缺失" in Chinese), however many places nest.
QString errorAt(const QString& where, const QString& message);

} // namespace is
