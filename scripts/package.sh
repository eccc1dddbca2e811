#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian package build/ci/inference-studio_VERSION_amd64.deb from the ci preset
# (Release, warnings as errors), checks it with lintian (no errors allowed) and runs it from a
# scratch root (tests/package).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
(cd build/ci && cpack -G DEB)
deb="$(ls build/ci/inference-studio_*_amd64.deb)"
echo "lintian $deb"
lintian --fail-on error "$deb" || \
    { echo "lintian reports errors in $deb"; exit 1; }
ctest --preset package
