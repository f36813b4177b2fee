// Mouse and keyboard of the demo, turned into Billow calls:
//  * left drag: Gaussian splats of dye (a random colour per stroke, changing as it goes) and of
//    velocity following the drag, placed along the whole path the pointer took since the last
//    frame (so fast drags on slow frames still leave a continuous stroke), like the WebGL demo;
//  * O toggles the obstacle brush: left drag paints solid cells, right drag erases them;
//  * keys (as typed characters, so layouts don't matter): 1-5 views, Space pause, R reset,
//    + / - vorticity confinement, [ / ] pressure iterations, V viscosity on/off, P screenshot,
//    Esc quit.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "billow/smoke_solver.hpp"
#include "views.hpp"

struct GLFWwindow;

namespace billow::interactive {

class FluidControls {
public:
    // Installs the window's input callbacks (the window's user pointer is this object).
    FluidControls(GLFWwindow* window, uint32_t seed);

    // Applies the input since the last call to `solver`: queues splats for the next recorded step
    // and performs edits that use Billow's blocking helpers (obstacles, settings, reset). `settle`
    // is called before the first such edit of the frame: it must wait until no submitted frame
    // still uses the solver's buffers. `dt`: the step's time, s (drag speed = distance / dt).
    void apply(SmokeSolver& solver, float dt, const std::function<void()>& settle);

    View view = View::Dye;
    bool paused = false;
    bool obstacleBrush = false;
    bool quit = false;
    uint32_t screenshotRequests = 0;  // P presses not yet served

    // A short description of the main settings for the window title.
    std::string describe(const SmokeSettings& settings) const;

private:
    struct Point { double x, y; };  // window coordinates, pixels, y down
    static void onChar(GLFWwindow* window, unsigned int codepoint);
    static void onKey(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void onButton(GLFWwindow* window, int button, int action, int mods);
    static void onCursor(GLFWwindow* window, double x, double y);

    void injectAlong(SmokeSolver& solver, const std::vector<Point>& path, float dt);
    bool paintAlong(std::vector<float>& mask, const SmokeSettings& s, const std::vector<Point>& path, float value) const;
    std::array<float, 2> toDomain(Point p, const SmokeSettings& s) const;
    void newColour();

    GLFWwindow* window_;
    std::mt19937 random_;
    std::array<float, 4> colour_{1, 0, 0, 1};
    uint32_t strokeFrames_ = 0;
    int button_ = -1;               // button held, or -1
    int strokeButton_ = -1;         // button of the latest stroke (held or just released)
    Point last_{0, 0};              // the last position already turned into splats / paint
    std::vector<Point> path_;       // pointer positions while a button was held, since last apply
    bool pressedThisFrame_ = false;
    std::vector<unsigned int> typed_;
};

} // namespace billow::interactive
