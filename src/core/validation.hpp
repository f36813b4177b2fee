// Checks of settings and arguments shared by every solver: each throws InvalidArgument naming the
// field (e.g. "SmokeSettings::viscosity") and saying what is wrong, with the value where it helps.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

#include "billow/diffusion.hpp"
#include "billow/error.hpp"
#include "billow/limits.hpp"

namespace billow::detail {

// "must be finite (got v)": for positions, which the kernels clamp before any arithmetic.
void requireFinite(float value, const std::string& field);
// Finite and within +-limits::kMaxMagnitude (billow/limits.hpp): every amount, speed, rate.
void requireBounded(float value, const std::string& field);
// Bounded, then "must be >= 0 (got v)".
void requireNonNegative(float value, const std::string& field);
// Bounded, then "must be > 0 (got v)", or "must be > 0 <unit> (got v)" with a unit.
void requirePositive(float value, const std::string& field, const std::string& unit = "");
// "must be finite and > 0 <unit>" (bounded as requireBounded): for the sizes of shapes and brushes.
void requireFiniteAndPositive(float value, const std::string& field, const std::string& unit);
// A positive scale (a cell size, a period): in [limits::kMinScale, limits::kMaxScale] <unit>.
void requireScale(float value, const std::string& field, const std::string& unit);
// "must be in [low, high] <unit>" (NaN refused): for settings whose physically meaningful range
// is known, so that a unit mistake or a tiny positive value is named instead of computed with.
void requireBetween(float value, float low, float high, const std::string& field, const std::string& unit);
// A step's duration: "dt" "must be in [1e-06, 1e+06] s (got v)".
void requireTimeStep(float dt);
// The step count of a batched step (step(dt, count)): >= 1.
void requireStepCount(uint32_t count);
// Every value of an upload finite and within +-limits::kMaxMagnitude: InvalidArgument naming
// "<call>: values[<first bad index>]".
void requireUploadable(std::span<const float> values, const std::string& call);
// `message` (by default "must be finite") unless every value is finite: for coordinates and
// amounts checked together.
void requireAllFinite(std::initializer_list<float> values, const std::string& field,
                      const std::string& message = "must be finite");

// requireBounded for each value, all named `field`: for vectors and colours checked together.
void requireAllBounded(std::initializer_list<float> values, const std::string& field);

// "must be in [low, high] (got v)", or "must be in [low, high] <unit> (got v)" with a unit.
void requireInRange(uint32_t value, uint32_t low, uint32_t high, const std::string& field, const std::string& unit = "");
// "must be at most high (got v)".
void requireAtMost(uint32_t value, uint32_t high, const std::string& field);

// The diffusion solve's settings shared by SmokeSettings and SmokeSettings3D: a known solver,
// diffusionMaxCycles in [1, 1000], diffusionTolerance in (0, 1); `prefix` names the struct
// ("SmokeSettings::").
void requireDiffusionSolve(DiffusionSolverType solver, uint32_t maxCycles, float tolerance, const std::string& prefix);

// For updateSettings: "cannot change on an existing solver; create a new one" unless `unchanged`.
void requireUnchanged(bool unchanged, const std::string& field);

// An enumerator past the last one the library knows (an enum cast from a number): `message`.
template <class Enum>
void requireKnown(Enum value, Enum last, const std::string& field, const std::string& message) {
    if (static_cast<uint32_t>(value) > static_cast<uint32_t>(last)) throw InvalidArgument(field, message);
}

} // namespace billow::detail
