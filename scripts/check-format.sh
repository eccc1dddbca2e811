#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails when a C++ file changed since the format baseline is not as clang-format (.clang-format)
# would write it. The tree predates the check, so files are formatted as they are touched: the
# formatted set only grows. Fix with: clang-format -i FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=3bb243887a0fdad814d92d311c8863c23d1754f8
if ! git rev-parse -q --verify "$baseline^{commit}" >/dev/null 2>&1; then
    echo "check-format: no history back to $baseline (shallow clone or no git); nothing checked" >&2
    exit 0
fi
mapfile -t files < <({ git diff --name-only --diff-filter=ACMR "$baseline" -- '*.cpp' '*.h'
                       git ls-files --others --exclude-standard -- '*.cpp' '*.h'; } | sort -u)
[ ${#files[@]} -eq 0 ] && { echo "check-format: no C++ file changed since ${baseline:0:7}"; exit 0; }
if ! clang-format --dry-run -Werror "${files[@]}"; then
    echo "check-format: the files above are not clang-formatted; run clang-format -i on them" >&2
    exit 1
fi
echo "check-format: ${#files[@]} C++ file(s) changed since ${baseline:0:7}, all clang-formatted"
