#!/usr/bin/env bash
# Shows why .ci/tsan-suppressions.txt exists and that it hides only what it should:
#  1. a correct program (four threads appending to a Mutex<[Int]> under withLock) is reported by
#     ThreadSanitizer on this toolchain: a false positive, because libswiftSynchronization.so, which
#     takes the lock, is not instrumented;
#  2. with the suppression file, the same program is clean;
#  3. with the suppression file, a real race (two threads writing a plain global, no lock) is still
#     reported.
# Exit status 0 when all three hold.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/locked.swift" <<'SWIFT'
import Foundation
import Synchronization
final class Box: Sendable {
    let values = Mutex<[Int]>([])
    let tally = Mutex<(count: Int, last: Int)>((0, 0))  // a tuple state mangles differently
}
let box = Box()
let group = DispatchGroup()
for offset in 0..<4 {
    group.enter()
    Thread {
        for index in 0..<2000 {
            box.values.withLock { $0.append(index + offset) }
            box.tally.withLock { $0 = ($0.count + 1, index) }
        }
        group.leave()
    }.start()
}
group.wait()
print(box.values.withLock { $0.count }, box.tally.withLock { $0.count })
SWIFT

cat >"$work/racy.swift" <<'SWIFT'
import Foundation
nonisolated(unsafe) var counter = 0
let group = DispatchGroup()
for _ in 0..<2 {
    group.enter()
    Thread { for _ in 0..<10_000 { counter += 1 }; group.leave() }.start()
}
group.wait()
print(counter)
SWIFT

swiftc -sanitize=thread -g "$work/locked.swift" -o "$work/locked"
swiftc -sanitize=thread -g "$work/racy.swift" -o "$work/racy"

reports() { grep -c 'WARNING: ThreadSanitizer' "$1" || true; }
suppressions="suppressions=$PWD/.ci/tsan-suppressions.txt"
TSAN_OPTIONS="exitcode=0" "$work/locked" >"$work/1.log" 2>&1
TSAN_OPTIONS="exitcode=0:$suppressions" "$work/locked" >"$work/2.log" 2>&1
TSAN_OPTIONS="exitcode=0:$suppressions" "$work/racy" >"$work/3.log" 2>&1
unsuppressed=$(reports "$work/1.log")
suppressed=$(reports "$work/2.log")
real=$(reports "$work/3.log")
echo "Mutex program without suppressions: $unsuppressed report(s) (a toolchain false positive when > 0)"
echo "Mutex program with suppressions:    $suppressed report(s) (must be 0)"
echo "racy program with suppressions:     $real report(s) (must be > 0)"
[ "$suppressed" -eq 0 ] && [ "$real" -gt 0 ]
