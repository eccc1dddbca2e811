#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (fuzz preset: clang, ASan + UBSan) and fuzzes each input format
# for SECONDS_PER_TARGET seconds (default 60), one target at a time, then prints per target the
# executions, their rate, the coverage (cov: edges, ft: features) and what went wrong, if anything.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (targets: the folders of tests/fuzz/corpus)
# FUZZ_NO_BUILD=1 skips installing and building: for long campaigns run in slices against one build.
# Limits: no input may take over 1 s, use over 2 GiB or allocate over 2 GiB in one go. New corpus
# entries go to build/fuzz/corpus/<target> (out of git; kept between runs), crashes, leaks,
# timeouts and out-of-memory inputs to build/fuzz/artifacts/<target>: fix the parser, then commit
# the input under tests/fuzz/regressions/<target> so that ctest replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    scripts/install-deps.sh fuzz
    cmake --preset fuzz >/dev/null
    cmake --build --preset fuzz
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for d in tests/fuzz/corpus/*/; do targets+=("$(basename "$d")"); done
fi

bin=build/fuzz/tests/fuzz
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
summary=()
failed=0
for t in "${targets[@]}"; do
    corpus="build/fuzz/corpus/$t"
    artifacts="build/fuzz/artifacts/$t"
    log="build/fuzz/logs/$t.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    seeds=("tests/fuzz/corpus/$t")
    [ -d "tests/fuzz/regressions/$t" ] && seeds+=("tests/fuzz/regressions/$t")
    opts=(-max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=1
          -print_final_stats=1 -artifact_prefix="$artifacts/")
    [ -f "tests/fuzz/dict/$t.dict" ] && opts+=(-dict="tests/fuzz/dict/$t.dict")
    # Longest input to try: room for the largest real seed of the format (catalogs hold whole
    # device lists, GGUF seeds whole tiny models), no more; bigger inputs only run slower.
    case "$t" in
        catalog) opts+=(-max_len=32768) ;;
        gguf | gguf_import) opts+=(-max_len=20000) ;;
        calibration) opts+=(-max_len=16384) ;;
        llama2c) opts+=(-max_len=10000) ;;
        scenario) opts+=(-max_len=8192) ;;
        *) opts+=(-max_len=4096) ;;
    esac
    echo "== fuzz_$t for ${seconds}s (log: $log)"
    touch "$artifacts/.start"
    start=$(date +%s)
    rc=0
    "$bin/fuzz_$t" "${opts[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1 || rc=$?
    elapsed=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    status=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status")
    result=ok
    # libFuzzer's -timeout counts wall-clock time, so on a loaded machine a process starved of
    # the CPU for a second "times out" on an input that runs in microseconds. Replay each timeout
    # alone under the same limit: one that passes was the machine, not the parser (reported, the
    # run stopped there all the same); one that times out again is a hang to fix.
    if [ "$rc" -ne 0 ] && ! grep -qE '^==[0-9]+==ERROR: (Address|UndefinedBehavior|Leak)Sanitizer|fuzz contract broken|runtime error' "$log"; then
        timeouts=$(find "$artifacts" -name 'timeout-*' -newer "$artifacts/.start" 2>/dev/null)
        if [ -n "$timeouts" ] && [ "$(find "$artifacts" -type f ! -name 'timeout-*' -newer "$artifacts/.start" | wc -l)" -eq 0 ]; then
            replayed=ok
            rm -f "$log.replay"
            for f in $timeouts; do
                "$bin/fuzz_$t" -timeout=1 -runs=3 "$f" >>"$log.replay" 2>&1 || replayed=hang
            done
            if [ "$replayed" = ok ]; then
                rc=0
                result="ok (stopped early: $(wc -w <<<"$timeouts") timeout(s) of a starved process; each replays under 1 s, kept in $artifacts)"
            fi
        fi
    fi
    if [ "$rc" -ne 0 ]; then
        failed=1
        result="FAILED (exit $rc):"
        for kind in crash leak timeout oom slow-unit; do
            n=$(find "$artifacts" -name "$kind-*" -newer "$artifacts/.start" 2>/dev/null | wc -l)
            [ "$n" -gt 0 ] && result+=" $n $kind"
        done
        result+=" $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|fuzz contract broken|runtime error' "$log" || true)"
    fi
    summary+=("$(printf '%-14s %12s execs %8s exec/s  cov %6s  ft %7s  %5ss  %s' \
        "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$elapsed" "$result")")
    echo "${summary[-1]}"
done
echo
echo "target            executions     rate        coverage          time  result"
printf '%s\n' "${summary[@]}"
exit "$failed"
