#!/usr/bin/env bash
# Builds the documentation of the library products as static HTML in .build/docs/<Module>/, with the
# toolchain's own `docc` (no plugin, no package). A docc warning is an error.
#   bash Scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

modules=(ViewModelKit ViewModelKitTesting)
graphs=.build/docs-symbol-graphs
# The build writes a module's graphs only when it recompiles the module: keep the previous ones.
rm -rf .build/docs "${modules[@]/#/$graphs/}"
mkdir -p "$graphs/all" .build/docs

# Symbol graphs of the public API, from a build in its own scratch path so the normal build stays warm.
swift build --scratch-path .build/docs-build --target ViewModelKitTesting \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public

for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
    find "$graphs/all" -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
    docc convert "Sources/$module/Documentation.docc" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.viewmodelkit.$module" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --warnings-as-errors --transform-for-static-hosting --hosting-base-path "$module" \
        --output-path ".build/docs/$module"
    echo "docs: .build/docs/$module"
done
