#!/usr/bin/env bash
# Builds the API reference of every library product with the toolchain's own `docc` (no plugin
# package) into .build/docs/<Module>.doccarchive, and fails on any docc warning and on any
# public symbol without a doc comment (printed as `path:line:column: error: ...`).
#
# Needs jq (.ci/run installs it from Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v jq >/dev/null || { echo "error: build-docs.sh needs jq (apt-get install -y jq)" >&2; exit 1; }
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc=${DOCC:-$swift_bin/docc}
[[ -x $docc ]] || docc=$(command -v docc) || { echo "error: the toolchain has no docc" >&2; exit 1; }

# The library products' modules, from the manifest.
mapfile -t modules < <(
    swift package dump-package | jq -r '.products[] | select(.type | has("library")) | .targets[]' | sort -u)
((${#modules[@]})) || { echo "error: no library products found in Package.swift" >&2; exit 1; }

# One debug build (the one `swift build` and `swift test` use), then each module's symbol
# graph read from its compiled module by the toolchain's swift-symbolgraph-extract. (`swift
# package dump-symbol-graph` does the same but also tries the test runner's modules and
# fails on them.)
output=.build/docs
mkdir -p "$output"
swift build >"$output/build.log" 2>&1 || { cat "$output/build.log" >&2; exit 1; }
# The real folder: read through the .build/debug link, clang's module cache is found twice.
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | jq -r .target.triple)
graphs=$output/symbol-graphs/all
rm -rf "$graphs" && mkdir -p "$graphs"
for module in "${modules[@]}"; do
    "$swift_bin/swift-symbolgraph-extract" -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -module-cache-path "$bin/ModuleCache" -minimum-access-level public -output-dir "$graphs"
done

root=$(pwd)
failed=0
converted=()
for module in "${modules[@]}"; do
    catalog=Sources/$module/$module.docc
    if [[ ! -f $catalog/$module.md ]]; then
        echo "$catalog/$module.md: error: $module has no DocC landing page" >&2
        failed=1
        continue
    fi

    # The module's own symbol graph and its extensions of other modules' types, nothing else.
    module_graphs=$output/symbol-graphs/$module
    rm -rf "$module_graphs" && mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    shopt -s nullglob
    for extension in "$graphs/$module@"*.symbols.json; do cp "$extension" "$module_graphs/"; done
    shopt -u nullglob

    # Every public declaration written in the source needs its own `///` comment: compiler-made
    # members (no location), default implementations (`::SYNTHESIZED::`) and doc comments
    # inherited from a protocol requirement (written in another module or file) do not count.
    missing=$(
        jq -r --arg name "$module" --arg root "$root/" '
            .symbols[]
            | select(.accessLevel == "public" or .accessLevel == "open")
            | select(.location != null and (.identifier.precise | contains("::SYNTHESIZED::") | not))
            | select(.docComment == null or .docComment.module != $name
                or .docComment.uri != .location.uri)
            | "\(.location.uri | ltrimstr("file://") | ltrimstr($root)):\(.location.position.line + 1):"
                + "\(.location.position.character + 1): error: \(.pathComponents | join(".")) "
                + "(\(.kind.displayName | ascii_downcase)) has no doc comment"
        ' "$module_graphs"/*.symbols.json | sort -t: -k1,1 -k2,2n -k3,3n)
    if [[ -n $missing ]]; then
        echo "$missing" >&2
        failed=1
    fi

    # docc runs in the background, one process per module; its findings are read below.
    rm -rf "${output:?}/$module.doccarchive"
    (
        status=0
        "$docc" convert "$catalog" --additional-symbol-graph-dir "$module_graphs" --warnings-as-errors \
            --fallback-display-name "$module" --fallback-bundle-identifier "flavorkit.$module" \
            --ide-console-output --output-path "$output/$module.doccarchive" >"$output/$module.log" 2>&1 \
            || status=$?
        echo "$status" >"$output/$module.status"
    ) &
    converted+=("$module")
done
wait

# docc's findings, one line each (`path:line:column: warning: message`), paths relative to the
# package; its whole output stays in .build/docs/<Module>.log.
for module in "${converted[@]}"; do
    log=$output/$module.log
    findings=$(grep -E '^([^ ]+: )?(error|warning): ' "$log" | sed "s|^$root/||" || true)
    [[ -n $findings ]] && echo "$findings" >&2
    if [[ $(cat "$output/$module.status") != 0 ]]; then
        echo "error: docc failed on $module's documentation (full output: $log)" >&2
        failed=1
    elif [[ -n $findings ]]; then
        echo "error: docc reported problems in $module's documentation (full output: $log)" >&2
        failed=1
    fi
done

if ((failed)); then
    echo "error: the API reference has errors (above)" >&2
    exit 1
fi
echo "API reference: $output/<Module>.doccarchive for ${modules[*]}"
