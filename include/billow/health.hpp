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
};

} // namespace billow
