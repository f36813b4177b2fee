#!/usr/bin/env bash
# The test launcher of scripts/sanitize.sh (CMAKE_CROSSCOMPILING_EMULATOR): runs a test with the
# ASan runtime first and no_dlclose preloaded, so libraries the Vulkan loader unloads stay mapped
# and their leaks can be named and suppressed (see lsan.supp). Processes the test starts (the
# scene_runner program) inherit it.
export LD_PRELOAD="$(cc -print-file-name=libasan.so) ${BILLOW_NO_DLCLOSE:?}${LD_PRELOAD:+ $LD_PRELOAD}"
exec "$@"
