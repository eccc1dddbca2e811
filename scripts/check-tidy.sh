#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails when clang-tidy (the checks in .clang-tidy) finds anything in a C++ file changed since the
# tidy baseline. A few files older than the check still have findings, so, as with
# check-format.sh, files are held to it as they are touched: the clean set only grows.
# Needs the ci preset's compile database (build/ci/compile_commands.json) and its generated moc
# files, so it runs after that build (scripts/test.sh does).
#
# A changed .cpp is checked as its own translation unit. A header has no compile command, so a
# changed header is checked through a translation unit that includes it: its own .cpp where it has
# one, else the first .cpp that includes it (directly, or through up to two other headers).
# Only findings in the changed files count (clang-tidy --line-filter): a changed .cpp is not held
# to the findings of an older header it includes.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=e154a244c8236fc7eed61654f9519b5c3475af02
db=build/ci
if ! git rev-parse -q --verify "$baseline^{commit}" >/dev/null 2>&1; then
    echo "check-tidy: no history back to $baseline (shallow clone or no git); nothing checked" >&2
    exit 0
fi
if [ ! -f "$db/compile_commands.json" ]; then
    echo "check-tidy: no $db/compile_commands.json; configure and build the ci preset first" >&2
    exit 1
fi
mapfile -t files < <({ git diff --name-only --diff-filter=ACMR "$baseline" -- '*.cpp' '*.h'
                       git ls-files --others --exclude-standard -- '*.cpp' '*.h'; } | sort -u)
[ ${#files[@]} -eq 0 ] && { echo "check-tidy: no C++ file changed since ${baseline:0:7}"; exit 0; }

# Our translation units, relative to the root (not the build's moc and resource sources).
root=$(pwd)
mapfile -t sources < <(sed -n 's/^ *"file": "\(.*\)",\{0,1\}$/\1/p' "$db/compile_commands.json" |
                           sed "s#^$root/##" | grep -E '^(app|core|tests|widgets)/.*\.cpp$' | sort -u)
declare -A in_db=()
for s in "${sources[@]}"; do in_db[$s]=1; done

# Prints the translation unit that compiles header $1, or nothing.
unit_for_header() {
    local own=${1%.h}.cpp
    if [ -n "${in_db[$own]:-}" ]; then
        echo "$own"
        return
    fi
    local names=("$(basename "$1")") depth pattern unit
    for depth in 1 2 3; do
        pattern="^#include [\"<]([^\">]*/)?($(IFS='|'; echo "${names[*]//./\\.}"))[\">]"
        unit=$(grep -lE "$pattern" "${sources[@]}" | head -n 1 || true)
        if [ -n "$unit" ]; then
            echo "$unit"
            return
        fi
        [ "$depth" -eq 3 ] && return
        mapfile -t names < <(git ls-files -- 'app/*.h' 'core/*.h' 'tests/*.h' 'widgets/*.h' |
                                 xargs grep -lE "$pattern" | xargs -r -n 1 basename)
        [ ${#names[@]} -eq 0 ] && return
    done
}

declare -A units=()
filter=()
skipped=()
for f in "${files[@]}"; do
    unit=
    if [[ $f == *.h ]]; then
        unit=$(unit_for_header "$f")
    elif [ -n "${in_db[$f]:-}" ]; then
        unit=$f
    fi
    if [ -z "$unit" ]; then
        skipped+=("$f")
        continue
    fi
    units[$unit]=1
    # clang-tidy matches a name against the end of the path it opened, which for a header can read
    # core/executor/../model/X.h; the last folder and the name are unique in the tree.
    filter+=("{\"name\":\"/$(basename "$(dirname "$f")")/$(basename "$f")\"}")
done
for f in "${skipped[@]}"; do
    echo "check-tidy: no translation unit of $db compiles $f (not built by the ci preset); not checked" >&2
done
[ ${#units[@]} -eq 0 ] && { echo "check-tidy: nothing of ${#files[@]} changed C++ file(s) to check"; exit 0; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
line_filter="[$(IFS=,; echo "${filter[*]}")]"
export db tmp line_filter
start=$(date +%s)
# shellcheck disable=SC2016 # the inner shell expands $1, $tmp, $db and $line_filter
printf '%s\n' "${!units[@]}" | sort | xargs -P "$(nproc)" -I{} sh -c '
    log="$tmp/$(echo "$1" | tr / _).log"
    clang-tidy -p "$db" --quiet --extra-arg=-Wno-unknown-warning-option --line-filter="$line_filter" \
        "$1" >"$log" 2>&1 || echo "$1" >>"$tmp/failed"
' sh {}
seconds=$(($(date +%s) - start))

# A finding: "path:line:col: warning|error: message [check]"; the same header finding reported
# through two translation units (as core/model/X.h and core/executor/../model/X.h) counts once.
findings=$(cat "$tmp"/*.log | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): .*\]$' |
               sed -E ':a; s#/[^/.][^/]*/\.\./#/#; ta; s/,-warnings-as-errors\]$/]/' | sort -u || true)
if [ -z "$findings" ] && [ ! -s "$tmp/failed" ]; then
    echo "check-tidy: ${#files[@]} C++ file(s) changed since ${baseline:0:7}, ${#units[@]} translation unit(s) checked in ${seconds} s: no findings"
    exit 0
fi
for log in "$tmp"/*.log; do
    grep -v ' warnings\? generated\.$' "$log" || true
done
if [ -s "$tmp/failed" ] && [ -z "$findings" ]; then
    echo "check-tidy: clang-tidy failed on: $(tr '\n' ' ' <"$tmp/failed")" >&2
    exit 1
fi
echo "check-tidy: $(echo "$findings" | wc -l) finding(s) in the C++ files changed since ${baseline:0:7}, by check:" >&2
echo "$findings" | sed -E 's/.*\[([^]]+)\]$/\1/' | sort | uniq -c | sort -rn >&2
echo "check-tidy: fix them (or, for a false positive, add // NOLINT(check) with the reason)" >&2
exit 1
