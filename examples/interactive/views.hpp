// What the demo can draw (keys 1-5) and the value that maps to full colour in each view.
#pragma once

#include <cstdint>

namespace billow::interactive {

enum class View : uint32_t { Dye = 0, Velocity, Vorticity, Pressure, Divergence, Count };

inline const char* viewName(View v) {
    switch (v) {
    case View::Dye: return "dye";
    case View::Velocity: return "velocity";
    case View::Vorticity: return "vorticity";
    case View::Pressure: return "pressure";
    case View::Divergence: return "divergence";
    default: return "?";
    }
}

// Full-colour values for the demo's 1 m wide domain and its drag speeds (about 1 m/s): velocity
// in m/s, vorticity in 1/s, (kinematic) pressure in m^2/s^2, divergence in 1/s. The shader's
// square-root ramp shows values down to about 1/100 of these.
inline float viewScale(View v) {
    switch (v) {
    case View::Velocity: return 1.0f;
    case View::Vorticity: return 30.0f;
    case View::Pressure: return 0.05f;
    case View::Divergence: return 0.5f;
    default: return 1.0f;
    }
}

} // namespace billow::interactive
