#include "fluid_controls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <GLFW/glfw3.h>

namespace billow::interactive {
namespace {

// Brush sizes and strengths for the demo's 1 m wide domain.
constexpr float kSplatRadius = 0.03f;         // m, Gaussian falloff exp(-d^2/r^2)
constexpr float kMaxDragSpeed = 2.0f;         // m/s: a flick cannot add more than this
constexpr float kStrokeDye = 0.8f;            // dye along the middle of a stroke
constexpr float kObstacleRadius = 0.03f;      // m
constexpr uint32_t kColourFrames = 20;        // frames before a long stroke changes colour
constexpr uint32_t kMaxSplatsPerFrame = 64;   // well under SmokeSolver::kMaxSplatsPerStep
constexpr float kViscosityOn = 5e-4f;         // m^2/s when V switches viscosity on
constexpr float kVorticityStep = 0.05f;
constexpr uint32_t kPressureIterationStep = 5;

FluidControls& self(GLFWwindow* window) { return *static_cast<FluidControls*>(glfwGetWindowUserPointer(window)); }

} // namespace

FluidControls::FluidControls(GLFWwindow* window, uint32_t seed) : window_(window), random_(seed) {
    glfwSetWindowUserPointer(window, this);
    glfwSetCharCallback(window, onChar);
    glfwSetKeyCallback(window, onKey);
    glfwSetMouseButtonCallback(window, onButton);
    glfwSetCursorPosCallback(window, onCursor);
    newColour();
}

void FluidControls::onChar(GLFWwindow* window, unsigned int codepoint) { self(window).typed_.push_back(codepoint); }

void FluidControls::onKey(GLFWwindow* window, int key, int, int action, int) {
    if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) self(window).quit = true;
}

void FluidControls::onButton(GLFWwindow* window, int button, int action, int) {
    FluidControls& c = self(window);
    if (button != GLFW_MOUSE_BUTTON_LEFT && button != GLFW_MOUSE_BUTTON_RIGHT) return;
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    if (action == GLFW_PRESS && c.button_ < 0) {
        c.button_ = button;
        c.strokeButton_ = button;
        c.last_ = {x, y};
        c.path_.clear();
        c.path_.push_back({x, y});
        c.pressedThisFrame_ = true;
    } else if (action == GLFW_RELEASE && button == c.button_) {
        c.path_.push_back({x, y});
        c.button_ = -1;
    }
}

void FluidControls::onCursor(GLFWwindow* window, double x, double y) {
    FluidControls& c = self(window);
    if (c.button_ >= 0) c.path_.push_back({x, y});
}

void FluidControls::newColour() {
    // A bright, saturated colour of random hue (the WebGL demo's generateColor, without its 0.15
    // factor: the stroke's dye amount is set per length below).
    float h = std::uniform_real_distribution<float>(0.0f, 6.0f)(random_);
    auto channel = [h](float offset) { return std::clamp(std::fabs(std::fmod(h + offset, 6.0f) - 3.0f) - 1.0f, 0.0f, 1.0f); };
    colour_ = {channel(0.0f), channel(4.0f), channel(2.0f), 1.0f};
    strokeFrames_ = 0;
}

std::array<float, 2> FluidControls::toDomain(Point p, const SmokeSettings& s) const {
    int w = 1, h = 1;
    glfwGetWindowSize(window_, &w, &h);
    const float width = s.cellSize * float(s.nx), height = s.cellSize * float(s.ny);
    return {float(p.x / std::max(w, 1)) * width, (1.0f - float(p.y / std::max(h, 1))) * height};
}

void FluidControls::injectAlong(SmokeSolver& solver, const std::vector<Point>& path, float dt) {
    const SmokeSettings& s = solver.settings();
    std::array<float, 2> from = toDomain(last_, s);
    // Splats every half radius along the path; each carries the dye and the velocity of its
    // share of the stroke, so what a stroke leaves does not depend on the frame rate. Gaussians
    // exp(-d^2/r^2) spaced s apart along a line add up to sqrt(pi) r / s times one of them, so
    // each splat is scaled by s / (sqrt(pi) r): the stroke's middle then moves at the drag
    // velocity and holds kStrokeDye.
    const float spacing = 0.5f * kSplatRadius;
    const float kSqrtPi = 1.7724539f;
    std::vector<Splat> splats;
    for (const Point& p : path) {
        std::array<float, 2> to = toDomain(p, s);
        const float dx = to[0] - from[0], dy = to[1] - from[1];
        const float length = std::hypot(dx, dy);
        float vx = dx / dt, vy = dy / dt;
        const float speed = std::hypot(vx, vy);
        if (speed > kMaxDragSpeed) vx *= kMaxDragSpeed / speed, vy *= kMaxDragSpeed / speed;
        const uint32_t count = std::max(1u, static_cast<uint32_t>(std::ceil(length / spacing)));
        const float share = std::min(length, spacing) / (kSqrtPi * kSplatRadius);
        for (uint32_t k = 1; k <= count && length > 0.0f; ++k) {
            Splat splat;
            const float t = float(k) / float(count);
            splat.x = from[0] + t * dx;
            splat.y = from[1] + t * dy;
            splat.radius = kSplatRadius;
            splat.falloff = Falloff::Gaussian;
            splat.velocity = {vx * share, vy * share};
            for (int c = 0; c < 4; ++c) splat.dye[c] = colour_[c] * kStrokeDye * share;
            splats.push_back(splat);
        }
        from = to;
    }
    if (pressedThisFrame_) {  // a click leaves a dab of dye even before the pointer moves
        Splat dab;
        std::array<float, 2> at = toDomain(path.front(), s);
        dab.x = at[0];
        dab.y = at[1];
        dab.radius = kSplatRadius;
        for (int c = 0; c < 4; ++c) dab.dye[c] = colour_[c] * kStrokeDye;
        splats.push_back(dab);
    }
    // Keep the newest splats if a very long path would exceed the per-step limit.
    const size_t first = splats.size() > kMaxSplatsPerFrame ? splats.size() - kMaxSplatsPerFrame : 0;
    for (size_t k = first; k < splats.size(); ++k) solver.addSplat(splats[k]);
}

bool FluidControls::paintAlong(std::vector<float>& mask, const SmokeSettings& s, const std::vector<Point>& path,
                               float value) const {
    bool changed = false;
    std::array<float, 2> from = toDomain(last_, s);
    for (const Point& p : path) {
        std::array<float, 2> to = toDomain(p, s);
        const float length = std::hypot(to[0] - from[0], to[1] - from[1]);
        const uint32_t count = 1 + static_cast<uint32_t>(length / (0.5f * kObstacleRadius));
        for (uint32_t k = 0; k <= count; ++k) {
            const float t = float(k) / float(count);
            const float cx = from[0] + t * (to[0] - from[0]), cy = from[1] + t * (to[1] - from[1]);
            // Cells whose centre lies inside the brush.
            const int i0 = std::max(0, int((cx - kObstacleRadius) / s.cellSize));
            const int i1 = std::min(int(s.nx) - 1, int((cx + kObstacleRadius) / s.cellSize));
            const int j0 = std::max(0, int((cy - kObstacleRadius) / s.cellSize));
            const int j1 = std::min(int(s.ny) - 1, int((cy + kObstacleRadius) / s.cellSize));
            for (int j = j0; j <= j1; ++j)
                for (int i = i0; i <= i1; ++i) {
                    const float x = (float(i) + 0.5f) * s.cellSize, y = (float(j) + 0.5f) * s.cellSize;
                    float& m = mask[size_t(i) + size_t(j) * s.nx];
                    if (std::hypot(x - cx, y - cy) <= kObstacleRadius && m != value) {
                        m = value;
                        changed = true;
                    }
                }
        }
        from = to;
    }
    return changed;
}

void FluidControls::apply(SmokeSolver& solver, float dt, const std::function<void()>& settle) {
    bool settled = false;
    auto settleOnce = [&] {
        if (!settled) settle();
        settled = true;
    };

    SmokeSettings settings = solver.settings();
    bool settingsChanged = false;
    for (unsigned int ch : typed_) {
        switch (ch) {
        case '1': case '2': case '3': case '4': case '5': view = static_cast<View>(ch - '1'); break;
        case ' ': paused = !paused; break;
        case 'o': case 'O': obstacleBrush = !obstacleBrush; break;
        case 'p': case 'P': ++screenshotRequests; break;
        case 'q': case 'Q': quit = true; break;
        case '+': case '=': settings.vorticity += kVorticityStep; settingsChanged = true; break;
        case '-': case '_': settings.vorticity = std::max(0.0f, settings.vorticity - kVorticityStep); settingsChanged = true; break;
        case ']': settings.pressureIterations += kPressureIterationStep; settingsChanged = true; break;
        case '[':
            settings.pressureIterations = std::max(kPressureIterationStep, settings.pressureIterations - kPressureIterationStep);
            settingsChanged = true;
            break;
        case 'v': case 'V': settings.viscosity = settings.viscosity > 0.0f ? 0.0f : kViscosityOn; settingsChanged = true; break;
        case 'r': case 'R': {
            settleOnce();
            solver.clearObstacles();
            for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Density, SmokeField::Dye, SmokeField::Pressure})
                solver.upload(f, std::vector<float>(solver.fieldSize(f), 0.0f));
            solver.upload(SmokeField::Temperature,
                          std::vector<float>(solver.fieldSize(SmokeField::Temperature), settings.ambientTemperature));
            break;
        }
        default: break;
        }
    }
    typed_.clear();
    if (settingsChanged) {
        settleOnce();
        solver.updateSettings(settings);
    }

    if (!path_.empty()) {
        if (obstacleBrush) {
            std::vector<float> mask = solver.solidMask();
            const float value = strokeButton_ == GLFW_MOUSE_BUTTON_RIGHT ? 0.0f : 1.0f;  // right erases
            if (paintAlong(mask, solver.settings(), path_, value)) {
                settleOnce();
                solver.setSolidMask(mask);
            }
        } else if (!paused && strokeButton_ == GLFW_MOUSE_BUTTON_LEFT) {
            injectAlong(solver, path_, dt);
            if (++strokeFrames_ >= kColourFrames) newColour();
        }
        last_ = path_.back();
        path_.clear();
        if (button_ < 0) newColour();  // the stroke ended: the next one gets a new colour
    }
    pressedThisFrame_ = false;
}

std::string FluidControls::describe(const SmokeSettings& s) const {
    char text[160];
    std::snprintf(text, sizeof(text), "vorticity %.2f | %u pressure iterations | viscosity %s%s%s", s.vorticity,
                  s.pressureIterations, s.viscosity > 0.0f ? "on" : "off", obstacleBrush ? " | obstacle brush" : "",
                  paused ? " | paused" : "");
    return text;
}

} // namespace billow::interactive
