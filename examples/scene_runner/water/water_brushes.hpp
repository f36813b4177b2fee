// Turns a water scene's events (rain, springs, sinks, digging, raising) into the WaterBrushes of
// one step. Volumes are exact on the grid: a spring's brush is scaled by the sum of its weights
// over the cells it touches, so `flow` m^3/s really enters (sinks remove at most what is there).
#pragma once

#include <vector>

#include <billow/water_solver.hpp>

#include "water/water_scene.hpp"

namespace billow::scene {

// Dig/raise events place brushes along their path, radius / 4 apart from its first point (their
// sum along a straight centre line is then 4 brushes' worth everywhere, which the amounts divide
// out).
std::vector<Vec2> pathBrushCentres(const WaterEvent& event);
// How many brushes the event adds in a step where it is active (at most 1e9, however short the radius).
uint32_t brushesPerStep(const WaterEvent& event);
// Rain, spring and sink events: the sum of their brush's weights over the cells (0 when the brush
// reaches no cell centre, so it would add nothing).
double eventWeightSum(const WaterSettings& settings, const WaterEvent& event);

struct StepBrushes {
    std::vector<WaterBrush> brushes;
    double requestedVolume = 0.0;  // m^3 the brushes add (sinks: minus what they ask to remove)
};

// The brushes for the step from `t0` to `t1` (s). Continuous events (rain, spring, sink) give
// rate * overlap; dig/raise give their amount times the share of [start, end) inside the step, or
// all of it in the step that contains `start` when they last no time.
StepBrushes brushesForStep(const WaterScene& scene, double t0, double t1);

} // namespace billow::scene
