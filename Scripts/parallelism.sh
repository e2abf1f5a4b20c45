#!/usr/bin/env bash
# How much CPU-bound tests that use no clock and no tester slow down beside tester tests running in
# parallel (Swift Testing): CPUBoundNeighbourTests alone, beside ParallelTesterStressTests (no scope:
# the process's own scheduling) and beside ParallelTesterStressUnderMainActorSchedulingTests (each
# case in a main-actor scheduling scope). Prints each run's wall time of the CPU-bound suite and its
# ratio to the run alone, and how many cores each suite keeps busy alone. Builds the tests first if
# needed.
#   bash Scripts/parallelism.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
runs=${1:-3}
swift build --build-tests >/dev/null

# Seconds the CPU-bound suite took in one run with the given filter.
suite_time() {
    VMK_PARALLELISM_PROBE=1 swift test --skip-build --filter "$1" 2>&1 |
        sed -nE 's/.*Suite CPUBoundNeighbourTests passed after ([0-9.]+) seconds.*/\1/p'
}

best() { sort -n | head -n 1; }

alone=$(for _ in $(seq "$runs"); do suite_time 'CPUBoundNeighbourTests'; done | best)
beside=$(for _ in $(seq "$runs"); do suite_time 'CPUBoundNeighbourTests|ParallelTesterStressTests'; done | best)
scoped=$(for _ in $(seq "$runs"); do suite_time 'CPUBoundNeighbourTests|ParallelTesterStressUnderMainActorSchedulingTests'; done | best)
echo "CPU-bound tests alone:                                      ${alone} s"
echo "beside 300 tester cases (no scope):                         ${beside} s ($(python3 -c "print(f'{$beside/$alone:.2f}')")x)"
echo "beside 300 tester cases, each with main-actor scheduling:   ${scoped} s ($(python3 -c "print(f'{$scoped/$alone:.2f}')")x)"

# How many cores each suite keeps busy alone (CPU seconds over wall seconds): on a machine with few
# cores the CPU-bound tests beside the tester cases can only have the cores the tester cases leave,
# whatever the scheduling. Runs the test bundle directly (Linux), so swift test's start is not counted.
cores_used() {
    python3 - "$1" "$(swift build --show-bin-path)/ViewModelKitPackageTests.xctest" <<'PY'
import os, resource, subprocess, sys, time
env = dict(os.environ, VMK_PARALLELISM_PROBE="1")
start = time.monotonic()
subprocess.run([sys.argv[2], "--testing-library", "swift-testing", "--filter", sys.argv[1]], env=env,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{(usage.ru_utime + usage.ru_stime) / wall:.2f}")
PY
}
echo "cores kept busy alone: CPU-bound tests $(cores_used 'CPUBoundNeighbourTests'), tester cases $(cores_used 'ParallelTesterStressTests') (this machine has $(nproc))"
