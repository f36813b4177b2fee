// The README's demo: a buoyant smoke plume rising past two obstacles, run headless. Writes PNG
// frames of the dye and of the diagnostic views (vorticity, speed, pressure, divergence: what
// people look at to debug a fluid), and assembles the dye frames into an animated GIF when ffmpeg
// is available.
//
//   plume_demo [--out DIR] [--size NX] [--frames N] [--every K]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <eddy/eddy.hpp>

#include "png_writer.hpp"
#include "views.hpp"

namespace {

struct Options {
    std::string out = "out/plume";
    uint32_t nx = 128;      // velocity cells across; the domain is 1 m x 1.5 m
    uint32_t frames = 360;  // at 60 steps per second
    uint32_t every = 6;     // write a picture every this many steps
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        std::string a = argv[k];
        auto next = [&]() -> std::string {
            if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
            return argv[++k];
        };
        if (a == "--out") o.out = next();
        else if (a == "--size") o.nx = static_cast<uint32_t>(std::stoul(next()));
        else if (a == "--frames") o.frames = static_cast<uint32_t>(std::stoul(next()));
        else if (a == "--every") o.every = std::max(1u, static_cast<uint32_t>(std::stoul(next())));
        else throw std::runtime_error("unknown option " + a + " (use --out, --size, --frames, --every)");
    }
    return o;
}

std::string frameName(const std::string& dir, const char* kind, uint32_t index) {
    char name[64];
    std::snprintf(name, sizeof(name), "/%s_%04u.png", kind, index);
    return dir + name;
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    std::filesystem::create_directories(o.out);

    auto context = eddy::Context::createStandalone();
    std::printf("device: %s\n", context->deviceInfo().name.c_str());

    eddy::SmokeSettings s;
    s.nx = o.nx;
    s.ny = o.nx * 3 / 2;
    s.cellSize = 1.0f / static_cast<float>(o.nx);
    s.dyeNx = 2 * s.nx;
    s.dyeNy = 2 * s.ny;
    s.thermalExpansion = 0.02f;      // 1/K
    s.vorticity = 0.25f;
    s.temperatureRelaxation = 0.3f;  // hot smoke cools towards ambient
    s.dyeDamping = 0.02f;
    s.pressureIterations = 60;
    s.boundaries[static_cast<int>(eddy::Side::Top)].type = eddy::BoundaryType::Outflow;
    eddy::SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.62f, 0.75f, 0.09f);
    smoke.addBoxObstacle(0.15f, 1.05f, 0.45f, 1.1f);

    const float dt = 1.0f / 60.0f;
    uint32_t picture = 0;
    auto start = std::chrono::steady_clock::now();
    for (uint32_t step = 0; step < o.frames; ++step) {
        // A hot, smoky source near the floor whose colour drifts from orange to violet.
        const float t = static_cast<float>(step) * dt;
        eddy::Splat source;
        source.x = 0.5f + 0.04f * std::sin(3.0f * t);
        source.y = 0.12f;
        source.radius = 0.045f;
        source.temperature = 4.0f;
        source.density = 1.0f;
        const float mix = 0.5f + 0.5f * std::sin(0.7f * t);
        source.dye = {0.16f, 0.08f * (1.0f - mix) + 0.02f, 0.03f + 0.12f * mix, 0.2f};
        smoke.addSplat(source);
        smoke.step(dt);

        if ((step + 1) % o.every == 0) {
            using eddy::demo::writePng;
            auto write = [&](const char* kind, const eddy::demo::Picture& p) {
                writePng(frameName(o.out, kind, picture), p.width, p.height, p.rgb);
            };
            write("dye", eddy::demo::dyePicture(smoke.download(eddy::Field::Dye), s.dyeNx, s.dyeNy, smoke.solidMask(),
                                                s.nx, s.ny));
            write("vorticity", eddy::demo::signedPicture(smoke.download(eddy::Field::Curl), s.nx + 1, s.ny + 1));
            write("speed", eddy::demo::speedPicture(smoke.download(eddy::Field::VelocityX),
                                                    smoke.download(eddy::Field::VelocityY), s.nx, s.ny));
            write("pressure", eddy::demo::signedPicture(smoke.download(eddy::Field::Pressure), s.nx, s.ny));
            write("divergence", eddy::demo::signedPicture(smoke.download(eddy::Field::Divergence), s.nx, s.ny));
            ++picture;
            double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            double eta = elapsed / (step + 1) * (o.frames - step - 1);
            std::printf("step %u/%u  %.1f s elapsed, about %.0f s left\n", step + 1, o.frames, elapsed, eta);
            std::fflush(stdout);
        }
    }
    std::string gif = o.out + "/plume.gif";
    std::string command = "ffmpeg -loglevel error -y -framerate 15 -i '" + o.out +
                          "/dye_%04d.png' -vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' '" + gif + "'";
    bool animated = std::system("command -v ffmpeg >/dev/null 2>&1") == 0 && std::system(command.c_str()) == 0;
    std::printf("\nwrote %u frames each of dye, vorticity, speed, pressure and divergence to %s/\n", picture,
                o.out.c_str());
    if (animated) std::printf("animation: %s\n", gif.c_str());
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "plume_demo: %s\n", e.what());
    return 1;
}
