// Where the tests find the source tree and the build tree at run time, so the test binaries run
// anywhere: copied to a GPU machine, or run from a build directory that was moved.
//   source tree  BILLOW_SOURCE_DIR if set, else the tree the binaries were built from
//   build tree   BILLOW_BUILD_DIR if set, else the build the running binary belongs to (the
//                folder above its own: test binaries live in <build>/tests)
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace billow::test {

inline std::string sourcePath(const char* relative) {
    const char* dir = std::getenv("BILLOW_SOURCE_DIR");
    return (std::filesystem::path(dir && *dir ? dir : BILLOW_SOURCE_ROOT) / relative).string();
}

inline std::string buildPath(const char* relative) {
    const char* dir = std::getenv("BILLOW_BUILD_DIR");
    if (dir && *dir) return (std::filesystem::path(dir) / relative).string();
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path root = error ? std::filesystem::path(BILLOW_BUILD_ROOT) : self.parent_path().parent_path();
    return (root / relative).string();
}

} // namespace billow::test
