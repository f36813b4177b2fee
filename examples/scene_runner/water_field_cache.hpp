// The water solver's fields, each downloaded at most once per output frame (pictures, .npy files
// and metrics often need the same ones).
#pragma once

#include <map>
#include <vector>

#include <eddy/water_solver.hpp>

namespace eddy::scene {

class WaterFieldCache {
public:
    explicit WaterFieldCache(WaterSolver& solver) : solver_(solver) {}
    const std::vector<float>& get(WaterField field);
    const WaterSettings& settings() const { return solver_.settings(); }

private:
    WaterSolver& solver_;
    std::map<WaterField, std::vector<float>> fields_;
};

// The .npy shape: (ny, nx) for cells, (ny, nx + 1) for flowX, (ny + 1, nx) for flowY,
// (ny, nx, 2) for the velocity.
std::vector<uint64_t> waterFieldShape(WaterField field, const WaterSettings& settings);

} // namespace eddy::scene
