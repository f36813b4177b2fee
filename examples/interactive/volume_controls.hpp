// Mouse and keyboard of the 3D mode:
//  * left drag orbits the camera about the domain, the wheel zooms;
//  * held keys move things at a fixed speed per simulated step: arrows the sphere collider
//    (left/right and away/toward relative to the camera, PageUp/PageDown up/down), W A S D the
//    emitter over the floor; the collider's velocity is its motion over the step, so it pushes
//    the smoke;
//  * typed keys: 1-3 views, F fire on/off, C collider on/off, +/- vorticity, Space pause, R reset,
//    H help, P screenshot, Esc or Q quit.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "billow/volume_renderer.hpp"

struct GLFWwindow;

namespace billow::interactive {

enum class VolumeView : uint32_t { Render = 0, Temperature, Smoke, Count };
const char* volumeViewName(VolumeView view);

class VolumeControls {
public:
    // Installs the window's input callbacks (the window's user pointer is this object).
    explicit VolumeControls(GLFWwindow* window);

    // Polls held keys and takes the typed ones since the last call: moves the camera, the
    // collider and the emitter by what `dt` seconds of motion allow, and toggles. The emitter and
    // the collider stay inside `domain` (m, per axis).
    void update(float dt, const std::array<float, 3>& domain);

    OrbitCamera camera;  // turned into matrices by billow::orbitCamera (VolumeDrawer)
    VolumeView view = VolumeView::Render;
    std::array<float, 3> emitterCentre{0.5f, 0.1f, 0.5f};  // m
    std::array<float, 3> colliderCentre{0.2f, 0.55f, 0.5f};  // m
    std::array<float, 3> colliderVelocity{0.0f, 0.0f, 0.0f};  // m/s, the last update's motion / dt
    bool colliderOn = true;
    bool fire = false;
    bool paused = false;
    bool quit = false;
    bool resetRequested = false;
    bool fireChanged = false;      // F pressed since the last update
    float vorticityChange = 0.0f;  // +/- presses since the last update, in vorticity units
    uint32_t screenshotRequests = 0;

private:
    static void onChar(GLFWwindow* window, unsigned int codepoint);
    static void onKey(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void onButton(GLFWwindow* window, int button, int action, int mods);
    static void onCursor(GLFWwindow* window, double x, double y);
    static void onScroll(GLFWwindow* window, double dx, double dy);
    // -1, 0 or +1 from two held keys.
    float axis(int negativeKey, int positiveKey) const;

    GLFWwindow* window_;
    bool dragging_ = false;
    double lastX_ = 0, lastY_ = 0;
    std::vector<unsigned int> typed_;
};

} // namespace billow::interactive
