#!/usr/bin/env bash
# Installs the Debian 12 packages Billow needs to build, test and run its demos, skipping the ones
# already present. Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail

packages=(
    # build
    cmake ninja-build g++ pkg-config
    # Vulkan: headers, loader, volk sources, glslc + spirv-val, lavapipe, validation layer; spirv-cross
    # and python3 generate the kernel table from each module's reflection
    libvulkan-dev libvulkan1 libvulkan-volk-dev glslc spirv-tools mesa-vulkan-drivers vulkan-validationlayers
    spirv-cross python3
    # tests; chromium-common for its SwiftShader (libvk_swiftshader.so and vk_swiftshader_icd.json in
    # /usr/lib/chromium), Google's CPU Vulkan driver: the third implementation the tests run on
    # (label swiftshader; scripts/test-swiftshader.sh for the whole suite). Downloads 32 MB, 66 MB
    # installed; Chromium itself is not installed.
    libgtest-dev chromium-common
    # the Windows cross build of the library (scripts/cross-windows.sh, the ctest label
    # cross-windows): mingw-w64's C and C++ compilers and binutils for x86-64 Windows
    g++-mingw-w64-x86-64
    # examples: scene files (JSON), PNG pictures, GIF/MP4 animations, the interactive demo (GLFW)
    # and its scripted test under a virtual X server
    nlohmann-json3-dev libpng-dev ffmpeg libglfw3-dev xvfb xauth xdotool
    # the OpenVDB export (examples/vdb_export) and its round-trip test: OpenVDB 10 with NanoVDB's
    # headers; OpenVDB's headers and CMake module need Boost (iostreams), which libopenvdb-dev does
    # not pull in. Downloads 6 MB for OpenVDB (with TBB, Blosc, Imath; 66 MB installed) and 10 MB
    # for Boost's headers (145 MB installed), about 20 s to install; the library never needs them.
    libopenvdb-dev libnanovdb-dev libboost-iostreams-dev
    # the Qt Quick host (examples/qt_host) and its self-test under Xvfb: Qt 6.4 Gui/Quick headers
    # and CMake packages (the xcb platform plugin comes with libqt6gui6), and the QML modules it
    # loads at run time: QtQuick, Controls (+ Templates, the Fusion/Basic styles), Layouts and
    # QtQml.WorkerScript, which QtQml pulls in. QtQuick.Window is never loaded (a QQuickView).
    # The packages themselves download 4.3 MB (2.7 MB of it the two -dev ones); the Qt 6 libraries
    # they depend on come on top.
    qt6-base-dev qt6-declarative-dev qml6-module-qtquick qml6-module-qtquick-controls
    qml6-module-qtquick-layouts qml6-module-qtquick-templates qml6-module-qtqml-workerscript
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    as_root=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
