// Framing the render on its content: the smallest box that has held smoke, heat, fuel, an emitter
// or an obstacle so far, and an orbit camera that keeps that box in view. The box only grows, so
// the camera settles instead of following every puff; a scene that sets the camera's target or
// distance is framed as it says.
#pragma once

#include <array>
#include <vector>

#include <billow/smoke3d_settings.hpp>
#include <billow/smoke3d_solver.hpp>
#include <billow/volume_renderer.hpp>

namespace billow::scene {

class ContentFrame {
public:
    // Grows the box by the cells where density > 1e-3, fuel > 1e-3 or the temperature is more
    // than 5 K from ambient, and by the emitters' and obstacles' extents (m).
    void include(const SmokeSettings3D& settings, const std::vector<float>& density, const std::vector<float>& temperature,
                 const std::vector<float>& fuel);
    void includeBox(const std::array<float, 3>& lo, const std::array<float, 3>& hi);

    // `base` with its target on the box's centre and its distance such that the box's bounding
    // sphere (at least 8 cells across) fills the picture with a 10 % margin (aspect width / height);
    // `base` itself while the box is empty.
    OrbitCamera framed(const SmokeSettings3D& settings, const OrbitCamera& base, float aspect) const;

private:
    bool empty_ = true;
    std::array<float, 3> lo_{}, hi_{};
};

} // namespace billow::scene
