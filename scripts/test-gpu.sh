#!/usr/bin/env bash
# The whole test suite on a real GPU, with the Khronos validation layer on (any message fails a
# test), and the counts at the end. Lavapipe is not the target: kernels that pass there can fail
# on a GPU (undefined integer remainders, races a serial CPU driver hides), so run this before
# merging any change to a kernel.
#
#   scripts/test-gpu.sh                 build (Release, build-gpu/) and run on this machine's GPU
#   scripts/test-gpu.sh --pack FILE     build, then pack the stripped test programs and the scene
#                                       runner into FILE (.tar.xz, about 6 MB) for another machine
#   scripts/test-gpu.sh --run DIR       run the programs of a build tree (or of an unpacked FILE)
#                                       in DIR, without building; from the source tree's root
#
# The device is the first discrete GPU (BILLOW_DEVICE=discrete; set BILLOW_DEVICE to pick another:
# an index, part of a name, "integrated" or "cpu"). Needs a Vulkan driver for it and the
# validation layer (Debian: vulkan-validationlayers; elsewhere point VK_LAYER_PATH and
# LD_LIBRARY_PATH at an unpacked copy). Prints one line per test program, the failed tests by
# name, and last "N passed, N failed". Exits non-zero when any test failed or a program crashed.
# Tests that read the source tree take it from BILLOW_SOURCE_DIR (set here to the working
# directory); those that run the scene runner find it in the build tree they belong to.
set -euo pipefail

# The build tree it builds (Release); BILLOW_GPU_BUILD_DIR names another, e.g. an existing build/.
build="${BILLOW_GPU_BUILD_DIR:-build-gpu}"
mode=build
arg=""
case "${1:-}" in
    --pack) mode=pack; arg="${2:?--pack needs a file name}" ;;
    --run) mode=run; arg="${2:?--run needs a build directory}" ;;
    "") ;;
    *) echo "usage: $0 [--pack FILE | --run DIR]" >&2; exit 2 ;;
esac

build_tests() {
    cd "$(dirname "$0")/.."
    scripts/install-deps.sh
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$build"
}

# The programs a run needs, relative to the build tree: every GoogleTest program, the scene runner
# and the OpenVDB demo.
test_programs() {
    (cd "$1" && find -L tests -maxdepth 1 -type f -name 'test_*' -perm -u+x | sort)
}

if [ "$mode" = pack ]; then
    out="$(realpath -m "$arg")"
    build_tests
    staging="$(mktemp -d)"
    trap 'rm -rf "$staging"' EXIT
    mkdir -p "$staging/tests" "$staging/examples/scene_runner"
    for p in $(test_programs "$build"); do strip -o "$staging/$p" "$build/$p"; done
    strip -o "$staging/examples/scene_runner/scene_runner" "$build/examples/scene_runner/scene_runner"
    # test_vdb_demo runs the OpenVDB demo as a user would (built where OpenVDB was found).
    if [ -x "$build/examples/vdb_export/vdb_demo" ]; then
        mkdir -p "$staging/examples/vdb_export"
        strip -o "$staging/examples/vdb_export/vdb_demo" "$build/examples/vdb_export/vdb_demo"
    fi
    tar -C "$staging" -c . | xz -9e -T0 >"$out"
    echo "packed $(test_programs "$staging" | wc -l) test programs into $out ($(du -h "$out" | cut -f1));"
    echo "on the GPU machine, from a checkout of the same commit:"
    echo "  mkdir -p build-gpu && tar -C build-gpu -xJf FILE && scripts/test-gpu.sh --run build-gpu"
    exit 0
fi

if [ "$mode" = build ]; then
    build_tests
    dir="$PWD/$build"
else
    dir="$(realpath "$arg")"
fi

export BILLOW_DEVICE="${BILLOW_DEVICE:-discrete}"
export BILLOW_SOURCE_DIR="${BILLOW_SOURCE_DIR:-$PWD}"
command -v nvidia-smi >/dev/null &&
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/nvidia-smi: /' || true

logs="${BILLOW_GPU_TEST_LOGS:-$(mktemp -d)}"
mkdir -p "$logs"
# The programs run side by side (BILLOW_GPU_TEST_JOBS at a time, default half the CPU cores: the
# validation layer keeps a core busy per program), each with a bound of its own.
jobs="${BILLOW_GPU_TEST_JOBS:-$(( $(nproc) > 1 ? $(nproc) / 2 : 1 ))}"
run_one() {
    local name start
    name="$(basename "$1")"
    start=$(date +%s)
    timeout -s KILL 1800 "$2/$1" --gtest_brief=1 >"$3/$name.log" 2>&1
    echo "$? $(( $(date +%s) - start ))" >"$3/$name.status"
}
export -f run_one
test_programs "$dir" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} "$dir" "$logs"

passed=0 failed=0 broken=0 skippedAll=0
failures=()
for program in $(test_programs "$dir"); do
    name="$(basename "$program")"
    log="$logs/$name.log"
    read -r rc seconds <"$logs/$name.status"
    # GoogleTest's brief summary: "N tests from M test suites ran", "[  PASSED  ] N tests",
    # "[  SKIPPED ] N tests"; the failed are the rest.
    ran=$(sed -n 's/^\[==========\] \([0-9]*\) tests\? from .* ran\..*/\1/p' "$log" | tail -1)
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    p=${p:-0} ran=${ran:-0} skipped=${skipped:-0}
    f=$((ran - p - skipped))
    device=$(sed -n 's/^billow tests: device //p' "$log" | head -1)
    status="ok"
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] || [ "$ran" -eq 0 ]; then
        status="exited with $rc before its summary"
        broken=$((broken + 1))
    elif [ "$f" -ne 0 ]; then
        status="FAILED"
    fi
    printf '%-32s %5s passed %4s failed %3s skipped %5ss  %s%s\n' "$name" "$p" "$f" "$skipped" "$seconds" "$status" \
        "${device:+  [$device]}"
    passed=$((passed + p)) failed=$((failed + f)) skippedAll=$((skippedAll + skipped))
    while read -r line; do failures+=("$name: $line"); done < <(sed -n 's/^\[  FAILED  \] \([^ ]*\.[^ ,]*\).*/\1/p' "$log" | sort -u)
    if [ "$status" != ok ]; then
        echo "--- the end of $name's log ($log):"
        tail -n 40 "$log"
    fi
done
if [ ${#failures[@]} -gt 0 ]; then
    echo "failed tests:"
    printf '  %s\n' "${failures[@]}"
fi
[ "$broken" -gt 0 ] && echo "$broken test program(s) ended without a summary (crash or time-out)"
echo "logs: $logs"
echo "$passed passed, $((failed + broken)) failed, $skippedAll skipped"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
