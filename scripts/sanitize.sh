#!/usr/bin/env bash
# Builds Billow with AddressSanitizer and UndefinedBehaviorSanitizer (plus float-cast-overflow,
# which -fsanitize=undefined leaves out: the double -> float and float -> int casts of the scene
# runner's inputs) in its own build folder, and runs the test suite there: the unit tests, the
# scene runner's tests and its fuzz tests. Any sanitizer report fails the test that made it.
#
#   ./scripts/sanitize.sh                  # everything
#   ./scripts/sanitize.sh -R SceneFuzz     # extra arguments go to ctest
#
# Not part of the default test run: see docs/scene-format.md ("Sanitizers") for how long it takes.
# Leaks inside lavapipe, its LLVM and the validation layer (code that is not Billow's and keeps
# memory for the process's life) are suppressed in scripts/sanitize/lsan.supp, which says why.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

build=${BILLOW_SANITIZE_BUILD:-build-sanitize}
jobs=${BILLOW_SANITIZE_JOBS:-$(nproc)}
sanitizers="-fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all"
flags="$sanitizers -fno-omit-frame-pointer"

# Every test runs through scripts/sanitize/run.sh (see there and no_dlclose.c).
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitizers" -DCMAKE_SHARED_LINKER_FLAGS="$sanitizers" \
    -DCMAKE_CROSSCOMPILING_EMULATOR="$PWD/scripts/sanitize/run.sh"
# The launcher's library and the sanitizers' options come first: the build already runs every
# test program through the launcher (gtest_discover_tests lists the tests of each one it links).
cc -shared -fPIC -O2 -o "$build/libno_dlclose.so" scripts/sanitize/no_dlclose.c
export BILLOW_NO_DLCLOSE="$PWD/$build/libno_dlclose.so"

supp="$PWD/scripts/sanitize/lsan.supp"
# halt_on_error: the first report ends the process (the test fails); detect_leaks: LeakSanitizer
# at exit, with the suppressions above; allocator_may_return_null: an allocation the runner's
# bounds should have prevented aborts with a report instead of being caught as bad_alloc.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0:allocator_may_return_null=0:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
nice cmake --build "$build" -j"$jobs"
start=$(date +%s)
# The Windows cross build (label cross-windows) compiles with mingw-w64, without the sanitizers.
ctest --test-dir "$build" -j"$jobs" --output-on-failure -LE cross-windows "$@"
echo "sanitize: tests passed under ASan + UBSan in $(( $(date +%s) - start )) s"
