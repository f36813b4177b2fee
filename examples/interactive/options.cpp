#include "options.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string_view>

namespace billow::interactive {
namespace {

uint32_t parseCount(std::string_view option, const std::string& text, uint32_t min, uint32_t max) {
    char* end = nullptr;
    unsigned long value = std::strtoul(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || text[0] == '-' || value < min || value > max)
        throw std::invalid_argument(std::string(option) + ": expected a whole number in [" + std::to_string(min) +
                                    ", " + std::to_string(max) + "], got '" + text + "'");
    return static_cast<uint32_t>(value);
}

} // namespace

const char* usage() {
    return "usage: billow_interactive [--3d] [--size WxH] [--grid N] [--dye-scale K] [--frames N]\n"
           "                        [--screenshot path.png] [--validation] [--seed N]\n"
           "  --grid N  2D: N cells across (default 128); 3D: N x 3N/2 x N cells (default 64 on a GPU, 20 on a CPU)\n"
           "2D mouse: drag to inject dye and velocity (with O: paint obstacles, right button erases)\n"
           "2D keys:  1 dye  2 velocity  3 vorticity  4 pressure  5 divergence\n"
           "          Space pause  R reset  O obstacle brush  +/- vorticity  [ ] pressure iterations\n"
           "          V viscosity on/off  P screenshot  Esc quit\n"
           "3D mouse: left drag orbits the camera, wheel zooms\n"
           "3D keys:  1 render (smoke and fire)  2 temperature  3 smoke only (no glow)\n"
           "          arrows move the sphere collider (left/right, away/toward the camera), PageUp/PageDown raise/lower it\n"
           "          W A S D move the emitter on the floor (away, left, toward, right)  C collider on/off\n"
           "          F fire (combustion) on/off  +/- vorticity  Space pause  R reset  H print this help\n"
           "          P screenshot  Esc quit\n";
}

Options parseOptions(int argc, char** argv, bool& help) {
    Options o;
    help = false;
    if (const char* env = std::getenv("BILLOW_VALIDATION"); env && std::string_view(env) == "1") o.validation = true;
    for (int k = 1; k < argc; ++k) {
        std::string_view arg = argv[k];
        auto value = [&]() -> std::string {
            if (k + 1 >= argc) throw std::invalid_argument(std::string(arg) + ": missing value");
            return argv[++k];
        };
        if (arg == "--help" || arg == "-h") {
            help = true;
        } else if (arg == "--size") {
            std::string text = value();
            size_t x = text.find('x');
            if (x == std::string::npos) throw std::invalid_argument("--size: expected WxH, got '" + text + "'");
            o.width = parseCount("--size (width)", text.substr(0, x), 16, 8192);
            o.height = parseCount("--size (height)", text.substr(x + 1), 16, 8192);
        } else if (arg == "--3d") {
            o.threeD = true;
        } else if (arg == "--grid") {
            o.gridNx = parseCount(arg, value(), 8, 4096);  // 3D: SmokeSettings3D checks its own limits
        } else if (arg == "--dye-scale") {
            o.dyeScale = parseCount(arg, value(), 1, 8);
        } else if (arg == "--frames") {
            o.frames = parseCount(arg, value(), 0, 100000000);
        } else if (arg == "--screenshot") {
            o.screenshot = value();
            if (o.screenshot.size() < 5 || o.screenshot.substr(o.screenshot.size() - 4) != ".png")
                throw std::invalid_argument("--screenshot: expected a path ending in .png, got '" + o.screenshot + "'");
        } else if (arg == "--validation") {
            o.validation = true;
        } else if (arg == "--seed") {
            o.seed = parseCount(arg, value(), 0, 0xffffffffu);
        } else {
            throw std::invalid_argument("unknown option '" + std::string(arg) + "'");
        }
    }
    return o;
}

} // namespace billow::interactive
