// Non-finite detection: after every recorded step a small GPU scan checks the solver's state
// fields for NaN or infinity and writes what it found into host-visible memory, read a step or
// more later without waiting (docs/integration.md, "Non-finite reporting").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace billow {

// What a solver does about non-finite values (a setting of every solver, `nonFiniteCheck`).
enum class NonFiniteCheck : uint32_t {
    Off = 0,     // no scan (nothing recorded, nothing reported)
    Report = 1,  // scan every recorded step; health() reports it
    Throw = 2,   // scan, and the next step()/record() after a report throws NonFiniteError
};

// The physical limits beyond which the scan reports a field that is still finite
// (SolverHealth::beyondLimit): no smoke or water a game simulates comes near them, and a run past
// them has lost its stability (a dt far beyond the advection's reach, an emitter of 1e9 K) without
// producing a NaN yet.
inline constexpr float kHealthSpeedLimit = 1.0e4f;        // m/s, any velocity component (30x the speed of sound)
inline constexpr float kHealthTemperatureLimit = 1.0e5f;  // K, |temperature| (hotter than any flame)
inline constexpr float kHealthDepthLimit = 1.0e4f;        // m, water depth (deeper than any sea)

// A field whose finite values went beyond its physical limit in one scanned step.
struct BeyondLimit {
    std::string field;  // e.g. "VelocityX", "Temperature"
    float largest;      // the largest magnitude found
    float limit;        // the limit it passed (kHealth...Limit)
};

// The scan of one recorded step.
struct SolverHealth {
    // False until that step's submission has completed (or when none was recorded that far back,
    // or the check is Off).
    bool available = false;
    // 1 for the solver's first recorded step, and so on (the count of whole steps recorded).
    uint64_t step = 0;
    // Every scanned field finite.
    bool finite = true;
    // The non-finite fields in the solver's field order (e.g. "VelocityX", "Dye"); the first is
    // named by NonFiniteError. Empty when finite.
    std::vector<std::string> nonFiniteFields;
    // The lowest element index found non-finite in nonFiniteFields[0] (layout of download()).
    uint32_t firstIndex = 0;
    // The fields still finite but beyond their physical limit, in the solver's field order.
    // Reported only: NonFiniteCheck::Throw throws for non-finite values, not for these.
    std::vector<BeyondLimit> beyondLimit;
    bool withinLimits() const { return beyondLimit.empty(); }
    // Sparse solvers (SparseSmokeSolver3D): the bricks that step wanted but could not allocate
    // because the pool was full (exact; SparseSmokeSolver3D::poolReport() names the first ones,
    // growPool() makes room). Content reaching them meets open air; not a non-finite error. 0 for
    // dense solvers, and when that step's pool report is no longer held.
    uint32_t refusedBricks = 0;
};

} // namespace billow
