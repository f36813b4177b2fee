#include "volume_controls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <GLFW/glfw3.h>

#include "options.hpp"

namespace billow::interactive {
namespace {

constexpr float kDegreesPerPixel = 0.4f;  // orbit speed of a drag
constexpr float kZoomPerNotch = 0.9f;     // distance factor per wheel notch (toward the target)
constexpr float kMinDistance = 0.3f, kMaxDistance = 6.0f;  // domain diagonals
constexpr float kColliderSpeed = 0.5f;    // m/s while an arrow key is held
constexpr float kEmitterSpeed = 0.3f;     // m/s while W A S D are held
constexpr float kColliderMargin = 0.06f;  // m kept between the collider's centre and the sides
constexpr float kEmitterMargin = 0.08f;   // m kept between the emitter's centre and the sides
constexpr float kVorticityStep = 0.05f;

VolumeControls& self(GLFWwindow* window) { return *static_cast<VolumeControls*>(glfwGetWindowUserPointer(window)); }

} // namespace

const char* volumeViewName(VolumeView view) {
    switch (view) {
    case VolumeView::Render: return "render";
    case VolumeView::Temperature: return "temperature";
    case VolumeView::Smoke: return "smoke";
    default: return "?";
    }
}

VolumeControls::VolumeControls(GLFWwindow* window) : window_(window) {
    camera.yawDegrees = 25.0f;
    camera.pitchDegrees = 12.0f;
    camera.distance = 0.95f;
    camera.target = {0.5f, 0.45f, 0.5f};
    glfwSetWindowUserPointer(window, this);
    glfwSetCharCallback(window, onChar);
    glfwSetKeyCallback(window, onKey);
    glfwSetMouseButtonCallback(window, onButton);
    glfwSetCursorPosCallback(window, onCursor);
    glfwSetScrollCallback(window, onScroll);
}

void VolumeControls::onChar(GLFWwindow* window, unsigned int codepoint) { self(window).typed_.push_back(codepoint); }

void VolumeControls::onKey(GLFWwindow* window, int key, int, int action, int) {
    if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) self(window).quit = true;
}

void VolumeControls::onButton(GLFWwindow* window, int button, int action, int) {
    VolumeControls& c = self(window);
    if (button != GLFW_MOUSE_BUTTON_LEFT) return;
    c.dragging_ = action == GLFW_PRESS;
    glfwGetCursorPos(window, &c.lastX_, &c.lastY_);
}

void VolumeControls::onCursor(GLFWwindow* window, double x, double y) {
    VolumeControls& c = self(window);
    if (!c.dragging_) return;
    // Dragging right turns the scene right (the camera moves left about it); dragging down
    // raises the camera.
    c.camera.yawDegrees = std::fmod(c.camera.yawDegrees - float(x - c.lastX_) * kDegreesPerPixel, 360.0f);
    c.camera.pitchDegrees = std::clamp(c.camera.pitchDegrees + float(y - c.lastY_) * kDegreesPerPixel, -80.0f, 80.0f);
    c.lastX_ = x;
    c.lastY_ = y;
}

void VolumeControls::onScroll(GLFWwindow* window, double, double dy) {
    VolumeControls& c = self(window);
    c.camera.distance = std::clamp(c.camera.distance * std::pow(kZoomPerNotch, float(dy)), kMinDistance, kMaxDistance);
}

float VolumeControls::axis(int negativeKey, int positiveKey) const {
    return float(glfwGetKey(window_, positiveKey) == GLFW_PRESS) - float(glfwGetKey(window_, negativeKey) == GLFW_PRESS);
}

void VolumeControls::update(float dt, const std::array<float, 3>& domain) {
    fireChanged = false;
    vorticityChange = 0.0f;
    for (unsigned int ch : typed_) {
        switch (ch) {
        case '1': case '2': case '3': view = static_cast<VolumeView>(ch - '1'); break;
        case 'f': case 'F': fire = !fire; fireChanged = true; break;
        case 'c': case 'C': colliderOn = !colliderOn; break;
        case ' ': paused = !paused; break;
        case 'r': case 'R': resetRequested = true; break;
        case 'p': case 'P': ++screenshotRequests; break;
        case 'q': case 'Q': quit = true; break;
        case 'h': case 'H': std::fputs(usage(), stdout); std::fflush(stdout); break;
        case '+': case '=': vorticityChange += kVorticityStep; break;
        case '-': case '_': vorticityChange -= kVorticityStep; break;
        default: break;
        }
    }
    typed_.clear();

    // Horizontal directions relative to the camera: "right" on screen and "away" from the viewer.
    const float yaw = camera.yawDegrees * 3.14159265f / 180.0f;
    const std::array<float, 2> right{std::cos(yaw), -std::sin(yaw)};  // (x, z)
    const std::array<float, 2> away{-std::sin(yaw), -std::cos(yaw)};
    auto move = [&](std::array<float, 3>& p, float sideways, float forward, float up, float speed, float margin) {
        const std::array<float, 3> before = p;
        p[0] += speed * dt * (sideways * right[0] + forward * away[0]);
        p[1] += speed * dt * up;
        p[2] += speed * dt * (sideways * right[1] + forward * away[1]);
        for (int k = 0; k < 3; ++k) p[k] = std::clamp(p[k], margin, domain[k] - margin);
        return std::array<float, 3>{(p[0] - before[0]) / dt, (p[1] - before[1]) / dt, (p[2] - before[2]) / dt};
    };
    if (paused) {
        colliderVelocity = {0.0f, 0.0f, 0.0f};
        return;  // nothing moves while the simulation stands still
    }
    colliderVelocity = move(colliderCentre, axis(GLFW_KEY_LEFT, GLFW_KEY_RIGHT), axis(GLFW_KEY_DOWN, GLFW_KEY_UP),
                            axis(GLFW_KEY_PAGE_DOWN, GLFW_KEY_PAGE_UP), kColliderSpeed, kColliderMargin);
    const float emitterHeight = emitterCentre[1];
    move(emitterCentre, axis(GLFW_KEY_A, GLFW_KEY_D), axis(GLFW_KEY_S, GLFW_KEY_W), 0.0f, kEmitterSpeed, kEmitterMargin);
    emitterCentre[1] = emitterHeight;
}

} // namespace billow::interactive
