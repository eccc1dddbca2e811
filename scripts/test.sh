#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs dependencies, checks that the C++ files changed since the format baseline are
# clang-formatted, builds with warnings as errors, checks that clang-tidy finds nothing in the C++
# files changed since the tidy baseline (it needs that build's compile database), runs every test;
# then builds the engine, executor and widgets with ASan+UBSan and runs the tests labelled
# "sanitize" (which replay the fuzz corpora) and the GUI suites (offscreen); last, builds the
# Debian package, checks it with lintian and runs it from a scratch root (scripts/package.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-format.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
scripts/check-tidy.sh
ctest --preset ci -j2
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan -j2
scripts/package.sh
