// What the QML controls ask of the simulation, handed from the GUI thread to the render thread
// while Qt synchronises the scene (the GUI thread is blocked then, so a plain copy is safe).
#pragma once

#include <cstdint>

struct SmokeControls {
    float vorticity = 0.3f;     // SmokeSettings::vorticity (confinement strength)
    float dyeIntensity = 1.0f;  // ImageMapping scale of the published dye's rgb
    uint32_t splatsRequested = 0;  // how many "add splat" presses so far (the renderer counts what it did)
    uint32_t resetsRequested = 0;  // likewise for "reset"
};
