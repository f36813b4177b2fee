# Cross-compiles for 64-bit Windows with Debian's mingw-w64 (package g++-mingw-w64-x86-64):
#
#   cmake -S . -B build-windows -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake \
#         -DBILLOW_VULKAN_HEADERS_DIR=/usr/include
#   cmake --build build-windows --target billow
#
# The shader tools (glslc, spirv-opt, spirv-val, spirv-cross, python3) run on the build host: programs
# are looked for on the host, headers and libraries only in the target's tree. Vulkan-Headers and
# volk are platform-neutral sources, so BILLOW_VULKAN_HEADERS_DIR points at the host's copy
# (docs/platforms.md).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(BILLOW_MINGW_PREFIX x86_64-w64-mingw32)
# The posix thread model: GCC 12's win32 model has no std::mutex or std::thread, which Billow uses.
# Debian installs both models as <prefix>-gcc-posix / <prefix>-gcc-win32; other distributions ship
# the posix model under the plain name.
find_program(BILLOW_MINGW_CC NAMES ${BILLOW_MINGW_PREFIX}-gcc-posix ${BILLOW_MINGW_PREFIX}-gcc REQUIRED)
find_program(BILLOW_MINGW_CXX NAMES ${BILLOW_MINGW_PREFIX}-g++-posix ${BILLOW_MINGW_PREFIX}-g++ REQUIRED)
set(CMAKE_C_COMPILER ${BILLOW_MINGW_CC})
set(CMAKE_CXX_COMPILER ${BILLOW_MINGW_CXX})

set(CMAKE_FIND_ROOT_PATH /usr/${BILLOW_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
