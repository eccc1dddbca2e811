#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs dependencies, builds the release preset and starts the studio on the default scenario.
# Extra arguments are passed to inference-studio (for example: --lang zh_CN).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec build/release/app/inference-studio --scenario scenarios/gpt-5.6-sol-vs-kimi-k3.json "$@"
