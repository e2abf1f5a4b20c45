#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/ and runs each for a bounded time.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 30 seconds each, every target
#
# The library modules are built with `-sanitize=fuzzer,address` into their own scratch path
# (.build/fuzz), so the normal build is untouched; each target's entry file is then compiled and
# linked against them with `swiftc -sanitize=fuzzer,address`. Corpora live in .build/fuzz/corpus
# (seeded from Fuzz/<target>/seeds, Fixtures/ and the bad-input table), crashes in
# .build/fuzz/artifacts. A summary line per target goes to .build/fuzz/summary.txt. The exit status is
# non-zero if any target crashed (an invariant broke, or ASan or libFuzzer found a fault).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds=${1:-30}
shift || true
all=(DecodeRepositories LinkHeader UserName FixturePath KeyDecoder)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

scratch=.build/fuzz
flags=(-Xswiftc -sanitize=fuzzer,address)
for module in ViewModelKitExampleGitHub TestSupport TerminalUI; do
    swift build --scratch-path "$scratch" --target "$module" "${flags[@]}" 2>&1 | grep -E "error|warning: |Compiling|complete" | tail -n 2
done
debug="$scratch/debug"
package_name=$(tr -d " \n" < "$debug/description.json" | grep -o '"-package-name","[^"]*"' | head -n 1 | cut -d\" -f4)

modules_for() {
    case "$1" in
        DecodeRepositories) echo "ViewModelKitStateDump ViewModelKitClientSupport ViewModelKitRedaction ViewModelKitCollections ViewModelKit ViewModelKitExampleGitHub TestSupport" ;;
        LinkHeader | UserName) echo "ViewModelKitStateDump ViewModelKitClientSupport ViewModelKitRedaction ViewModelKitCollections ViewModelKit ViewModelKitExampleGitHub" ;;
        FixturePath) echo "ViewModelKitStateDump ViewModelKitClientSupport" ;;
        KeyDecoder) echo "TerminalUI" ;;
        *) echo "unknown fuzz target $1" >&2; return 1 ;;
    esac
}

mkdir -p "$scratch/fuzzers"
: > "$scratch/summary.txt"
failed=0
for target in "${targets[@]}"; do
    objects=()
    for module in $(modules_for "$target"); do objects+=("$debug/$module.build"/*.o); done
    binary="$scratch/fuzzers/$target"
    swiftc -sanitize=fuzzer,address -use-ld=lld -parse-as-library -g -Onone -swift-version 6 -package-name "$package_name" \
        -I "$debug/Modules" Fuzz/Shared/*.swift "Fuzz/$target"/*.swift "${objects[@]}" -o "$binary"

    corpus="$scratch/corpus/$target"
    artifacts="$scratch/artifacts/$target"
    rm -rf "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    cp Fuzz/"$target"/seeds/* "$corpus"/
    if [ "$target" = DecodeRepositories ]; then
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 FUZZ_WRITE_SEEDS="$corpus" FUZZ_FIXTURES=Fixtures "$binary" >/dev/null 2>&1
    fi

    log="$scratch/$target.log"
    set +e
    # Leak checks are off (the Swift runtime's caches look like leaks to libFuzzer's per-input check);
    # Swift's own backtracer is off so that libFuzzer's crash handling reports the fault.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$binary" -max_total_time="$seconds" -timeout=10 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
    status=$?
    set -e
    runs=$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{print $2}' | tail -n 1)
    crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    line="$target: ${runs:-0} inputs in ${seconds}s, corpus $(ls "$corpus" | wc -l), crashes $crashes, exit $status"
    echo "$line" | tee -a "$scratch/summary.txt"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=1
        grep -E 'invariant broken|ERROR: |SUMMARY|Test unit written' "$log" | head -n 5 >&2 || true
    fi
done
exit "$failed"
