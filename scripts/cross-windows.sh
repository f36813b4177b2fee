#!/usr/bin/env bash
# Cross-builds the library (target billow) for 64-bit Windows with Debian's mingw-w64 and checks the
# result: every object of the static library is a PE/COFF x86-64 object, and a Windows program
# (tests/install_consumer/main.cpp) links against it, so no symbol is missing, without importing
# vulkan-1.dll. Nothing runs on
# Windows here: it proves the build, not the behaviour (docs/platforms.md).
#
#   scripts/cross-windows.sh [build-dir]      (default: build-windows; reused, so a rerun is incremental)
#
# Environment: BILLOW_VULKAN_HEADERS_DIR (default /usr/include), BILLOW_CROSS_JOBS (default 2).
# scripts/test.sh runs it after ctest; ctest -L cross-windows runs it as a test.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD
build_dir=${1:-build-windows}
headers=${BILLOW_VULKAN_HEADERS_DIR:-/usr/include}
jobs=${BILLOW_CROSS_JOBS:-2}
prefix=x86_64-w64-mingw32

command -v "$prefix-g++" >/dev/null || {
    echo "cross-windows: $prefix-g++ not found (Debian: apt-get install g++-mingw-w64-x86-64)" >&2
    exit 1
}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

start=$(date +%s)
cmake -S "$source_dir" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="$source_dir/cmake/toolchains/mingw-w64-x86_64.cmake" \
      -DBILLOW_VULKAN_HEADERS_DIR="$headers"
cmake --build "$build_dir" --target billow --parallel "$jobs"

objdump=$(command -v "$prefix-objdump" || command -v objdump)
library=$build_dir/src/libbillow.a
[ -f "$library" ] || { echo "cross-windows: the build made no $library" >&2; exit 1; }
# One "file format" line per archive member; all of them must be PE x86-64 objects. objdump's
# output is kept whole before it is searched: with pipefail, a grep -q that stops reading early
# kills objdump with SIGPIPE, and the pipeline's status would read as no match.
headers_out=$("$objdump" -f "$library")
formats=$(sed -n 's/.*file format //p' <<<"$headers_out" | sort | uniq -c)
objects=$(grep -c 'file format pe-x86-64' <<<"$headers_out" || true)
if [ "$objects" -eq 0 ] || [ "$(printf '%s\n' "$formats" | wc -l)" -ne 1 ]; then
    echo "cross-windows: $library is not made of PE x86-64 objects:" >&2
    printf '%s\n' "$formats" >&2
    exit 1
fi

# Link a Windows program with the build's own compiler (the posix thread model the toolchain chose),
# statically so the executable needs no MinGW DLLs next to it.
cxx=$(sed -n "s/^BILLOW_MINGW_CXX:FILEPATH=//p" "$build_dir/CMakeCache.txt")  # found by the toolchain file
consumer=$build_dir/billow_consumer.exe
# Without the consumer's own Vulkan call (BILLOW_CONSUMER_WITHOUT_LOADER): what is checked is that
# Billow alone needs no loader to link.
"$cxx" -std=c++20 -O1 -DBILLOW_CONSUMER_WITHOUT_LOADER -I include -I "$build_dir/vulkan-headers/include" tests/install_consumer/main.cpp \
       "$library" -static -o "$consumer"
exe_headers=$("$objdump" -f "$consumer")
if ! grep -q 'file format pei-x86-64' <<<"$exe_headers"; then
    echo "cross-windows: $consumer is not a PE x86-64 executable:" >&2
    echo "$exe_headers" >&2
    exit 1
fi
# Billow loads vulkan-1.dll at run time (volk): a program that imports it would not start on a
# machine without a Vulkan driver, where it should get Billow's UnsupportedDevice instead.
imports=$("$objdump" -p "$consumer" | grep 'DLL Name:' || true)
if grep -qi 'DLL Name: vulkan-1.dll' <<<"$imports"; then
    echo "cross-windows: $consumer imports vulkan-1.dll; Billow must load it at run time" >&2
    exit 1
fi
echo "cross-windows: $library ($objects PE x86-64 objects) and $consumer built in $(($(date +%s) - start)) s"
