#!/usr/bin/env bash
# Builds the libFuzzer binaries: .build/fuzz/<target> for each name in Fuzz/Targets/FuzzTarget.swift
# (or only those given). SwiftPM cannot link -sanitize=fuzzer executables on Linux, so this
# compiles the modules the targets reach with coverage and AddressSanitizer, then each binary
# from Fuzz/Targets (the entry points the replay test also runs) and Fuzz/Shim.
# Needs jq, to read the module graph from Package.swift.
# Usage: Fuzz/build.sh [TARGET...]    (SWIFTC overrides the compiler)
#        FUZZ_CHECK=1 Fuzz/build.sh   unoptimized, into .build/fuzz-check: that the targets still
#                                     build and pass their seeds (CI), in half the time
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
if [ -n "${FUZZ_CHECK:-}" ]; then out=.build/fuzz-check optimization=-Onone; else out=.build/fuzz optimization=-O; fi
mkdir -p "$out/modules" "$out/src"
flags=(-sanitize=fuzzer,address -parse-as-library "$optimization" -swift-version 6 -package-name FlavorKit -I "$out/modules")
all=$(sed -n 's/^    case \([a-z]*\)$/\1/p' Fuzz/Targets/FuzzTarget.swift | tr '\n' ' ')
targets=("$@")
[ ${#targets[@]} -gt 0 ] || read -r -a targets <<<"$all"

# The linker's "cannot export local symbol" warnings about ASan helpers are noise.
quiet() { "$@" 2>&1 | { grep -v "Cannot export local symbol" || true; }; return "${PIPESTATUS[0]}"; }

rebuilt=false
module() { # name, then its sources; rebuilt when a source is newer than its object, or a module before it was
    local name=$1
    shift
    if ! $rebuilt && [ -f "$out/modules/$name.o" ] && [ -z "$(find "$@" -newer "$out/modules/$name.o" | head -1)" ]; then
        return
    fi
    rebuilt=true
    echo "compiling $name"
    quiet "$swiftc" "${flags[@]}" -module-name "$name" -wmo -c "$@" \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" -o "$out/modules/$name.o"
}
# The modules the targets reach, each after those it imports: read from Package.swift, so that
# a module split or a new dependency needs no edit here.
dependencies=$(swift package dump-package | jq -r '.targets[] | "\(.name) \([.dependencies[] | (.byName // .target)[0]?] | join(" "))"')
modules=()
visit() { # appends $1 after every module it depends on
    local name=$1 dependency
    [[ " ${modules[*]} " == *" $name "* ]] && return
    for dependency in $(awk -v name="$name" '$1 == name { $1 = ""; print }' <<<"$dependencies"); do visit "$dependency"; done
    modules+=("$name")
}
for name in $(sed -n 's/^import \([A-Za-z]*\)$/\1/p' Fuzz/Targets/*.swift | sort -u); do
    [ -d "Sources/$name" ] && visit "$name"
done
for name in "${modules[@]}"; do module "$name" $(find "Sources/$name" -name '*.swift' | sort); done
module FuzzTargets $(find Fuzz/Targets -name '*.swift' | sort)
objects=()
for name in "${modules[@]}" FuzzTargets; do objects+=("$out/modules/$name.o"); done

for target in "${targets[@]}"; do
    echo " $all " | grep -q " $target " || { echo "unknown target '$target' (known:$all)" >&2; exit 64; }
    printf "import FuzzTargets\n\nlet fuzzedTarget: FuzzTarget = .%s\n" "$target" >"$out/src/$target.swift"
    echo "linking $out/$target"
    quiet "$swiftc" "${flags[@]}" -module-name "Fuzz_$target" -wmo \
        Fuzz/Shim/LibFuzzerEntry.swift "$out/src/$target.swift" "${objects[@]}" -o "$out/$target"
done
