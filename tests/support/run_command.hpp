// Runs a shell command as a user would and returns what it printed (stdout and stderr together,
// the command's own redirection) and its exit status: for the tests that drive the example
// programs (the scene runner, vdb_demo) from outside.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace billow::test {

struct CommandResult {
    int status = -1;  // the exit status, -1 when the command could not start or did not exit
    std::string output;
};

inline CommandResult runCommand(const std::string& command) {
    CommandResult r;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer;
    size_t n;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.output.append(buffer.data(), n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

} // namespace billow::test
