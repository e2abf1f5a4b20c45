#!/usr/bin/env bash
# How much CPU-bound tests that use no clock and no tester slow down beside tester tests running in
# parallel (Swift Testing): CPUBoundNeighbourTests alone, beside ParallelTesterStressTests (no scope:
# the process's own scheduling) and beside ParallelTesterStressUnderMainActorSchedulingTests (each
# case in a main-actor scheduling scope). Prints each run's wall time of the CPU-bound suite and its
# ratio to the run alone. Builds the tests first if needed.
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
