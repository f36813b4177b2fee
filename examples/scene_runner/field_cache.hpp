// The fields of the solver's current state, each downloaded at most once per output frame
// (pictures, .npy files and metrics often need the same ones).
#pragma once

#include <map>
#include <vector>

#include <eddy/smoke_solver.hpp>

namespace eddy::scene {

class FieldCache {
public:
    explicit FieldCache(SmokeSolver& solver) : solver_(solver) {}
    const std::vector<float>& get(Field field);
    const SmokeSettings& settings() const { return solver_.settings(); }
    // Cell-centred velocity (average of the two faces), interleaved (u, v) per cell.
    const std::vector<float>& cellVelocity();

private:
    SmokeSolver& solver_;
    std::map<Field, std::vector<float>> fields_;
    std::vector<float> cellVelocity_;
};

} // namespace eddy::scene
