#include "common/animation.hpp"

#include "common/output_folder.hpp"

#include <cstdlib>
#include <string>

namespace billow::scene {

namespace {

std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace

AnimationResult makeAnimation(const std::string& dir, const std::string& view, const std::string& name,
                              AnimationFormat format, double fps) {
    AnimationResult result;
    if (format == AnimationFormat::None) return result;
    if (std::system("command -v ffmpeg >/dev/null 2>&1") != 0) {
        result.problem = "ffmpeg not found (scripts/install-deps.sh installs it)";
        return result;
    }
    const std::string input = framePattern(dir, view);
    std::string filter, output;
    if (format == AnimationFormat::Gif) {
        output = dir + "/" + name + ".gif";
        filter = "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3";
    } else {
        // yuv420p (what every player reads) needs even sizes.
        output = dir + "/" + name + ".mp4";
        filter = "pad=ceil(iw/2)*2:ceil(ih/2)*2";
    }
    std::string command = "ffmpeg -nostdin -loglevel error -y -framerate " + std::to_string(fps) + " -i " +
                          shellQuote(input) + " -vf " + shellQuote(filter);
    if (format == AnimationFormat::Mp4) command += " -c:v libx264 -pix_fmt yuv420p -crf 20";
    command += " " + shellQuote(output);
    if (std::system(command.c_str()) != 0) {
        result.problem = "ffmpeg failed: " + command;
        return result;
    }
    result.ok = true;
    result.path = output;
    return result;
}

} // namespace billow::scene
