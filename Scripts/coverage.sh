#!/usr/bin/env bash
# Line coverage of Sources by the tests, per module and in all: runs `swift test
# --enable-code-coverage` (its own build, beside the usual one) and reads the report SwiftPM
# exports. Left out: the Benchmarks executable and the generated data tables
# (CLDRPluralRules.swift, LocaleNumberData.swift). Programs the tests start (flavorkit, the
# flavors, the agent) add their own counts when they share the tests' LLVM_PROFILE_FILE.
# Usage: Scripts/coverage.sh [--skip-test]   (--skip-test: read the last run's report)
# Needs jq.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v jq >/dev/null || { echo "error: coverage.sh needs jq (apt-get install -y jq)" >&2; exit 1; }
if [ "${1:-}" != "--skip-test" ]; then swift test --enable-code-coverage >/dev/null; fi
report=$(swift test --show-codecov-path)
[ -f "$report" ] || { echo "error: no coverage report at $report; run without --skip-test" >&2; exit 1; }
root=$(pwd)/Sources/
jq -r --arg root "$root" '
    [.data[0].files[]
        | select(.filename | startswith($root))
        | select(.filename | test("/Sources/Benchmarks/|/CLDRPluralRules\\.swift$|/LocaleNumberData\\.swift$") | not)
        | {module: (.filename | ltrimstr($root) | split("/")[0]), count: .summary.lines.count, covered: .summary.lines.covered}]
    | (group_by(.module) | map({module: .[0].module, count: (map(.count) | add), covered: (map(.covered) | add)})
        | sort_by(.covered / .count) | .[]
        | "\(.module)\t\(.covered)/\(.count)\t\(.covered * 1000 / .count | floor / 10)%"),
      "in all\t\(map(.covered) | add)/\(map(.count) | add)\t\((map(.covered) | add) * 1000 / (map(.count) | add) | floor / 10)%"
' "$report" | column -t -s $'\t'
