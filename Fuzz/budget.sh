#!/usr/bin/env bash
# Gives every fuzz target a short run from its seed corpus, one after another, so that CI finds a
# crash like the 47-byte plist before an attacker does: SECONDS (default 69) shared evenly, at
# least 3 s a target. New inputs go to a scratch folder; a crash, a hang over 10 s or more than
# 2 GB stops the run with the target's name and its reproducer under .build/fuzz-check/artifacts/.
# Usage: Fuzz/budget.sh [SECONDS]     (after FUZZ_CHECK=1 Fuzz/build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
total=${1:-69}
out=.build/fuzz-check
targets=$(sed -n 's/^    case \([a-z]*\)$/\1/p' Fuzz/Targets/FuzzTarget.swift)
count=$(echo "$targets" | wc -w)
each=$((total / count > 3 ? total / count : 3))
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
runs=0
for target in $targets; do
    mkdir -p "$scratch/$target" "$out/artifacts/$target"
    if ! "$out/$target" -max_total_time="$each" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$target/" "$scratch/$target" "Fuzz/corpus/$target" \
        >"$scratch/$target.log" 2>&1; then
        tail -40 "$scratch/$target.log"
        echo "fuzz target $target failed; reproducer: $(ls "$out/artifacts/$target/" | head -1)" >&2
        exit 1
    fi
    runs=$((runs + $(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$target.log")))
done
echo "fuzzed $count targets for $each s each: $runs runs, no failure"
