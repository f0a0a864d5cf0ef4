#!/usr/bin/env bash
# Fuzzes one target for SECONDS (default 60) from its checked-in seed corpus Fuzz/corpus/TARGET/.
# New interesting inputs go to .build/fuzz/corpus/TARGET/ (not checked in); a crash, a hang
# over 10 s or more than 2 GB is written to .build/fuzz/artifacts/TARGET/ and stops the run.
# Builds the binary first when it is missing. Extra arguments go to libFuzzer.
# Usage: Fuzz/run.sh TARGET [SECONDS] [-libfuzzer_flag=value...]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]}
seconds=${2:-60}
shift $(($# < 2 ? $# : 2))
[ -x ".build/fuzz/$target" ] || Fuzz/build.sh "$target"
mkdir -p ".build/fuzz/corpus/$target" ".build/fuzz/artifacts/$target"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
# Swift's own crash handler would run first and trip AddressSanitizer: leave crashes to libFuzzer.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
exec ".build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix=".build/fuzz/artifacts/$target/" "$@" \
    ".build/fuzz/corpus/$target" "Fuzz/corpus/$target"
