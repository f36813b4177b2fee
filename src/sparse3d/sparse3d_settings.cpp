// SparseSettings3D's checks, and which of SmokeSettings3D's settings a sparse grid supports.
#include <string>

#include "billow/error.hpp"
#include "core/validation.hpp"
#include "sparse3d/sparse3d_settings.hpp"

namespace billow {

void SparseSettings3D::validate() const {
    detail::requireInRange(poolBricks, 1, kMaxPoolBricks, "SparseSettings3D::poolBricks", "bricks");
    detail::requireBounded(densityThreshold, "SparseSettings3D::densityThreshold");
    detail::requireNonNegative(densityThreshold, "SparseSettings3D::densityThreshold");
    detail::requireBounded(fuelThreshold, "SparseSettings3D::fuelThreshold");
    detail::requireNonNegative(fuelThreshold, "SparseSettings3D::fuelThreshold");
    detail::requireBounded(temperatureThreshold, "SparseSettings3D::temperatureThreshold");
    detail::requireNonNegative(temperatureThreshold, "SparseSettings3D::temperatureThreshold");
    detail::requireBounded(speedThreshold, "SparseSettings3D::speedThreshold");
    detail::requireNonNegative(speedThreshold, "SparseSettings3D::speedThreshold");
    detail::requireInRange(marginBricks, 0, 4, "SparseSettings3D::marginBricks", "bricks");
    detail::requireInRange(retireAfterSteps, 1, 1000000, "SparseSettings3D::retireAfterSteps", "steps");
}

namespace detail {

void requireSparseSupports(const SmokeSettings3D& s) {
    auto refuse = [](const char* field, const std::string& why) {
        throw InvalidArgument(std::string("SmokeSettings3D::") + field, why + " (not supported by SparseSmokeSolver3D)");
    };
    if (s.advectionReflection) refuse("advectionReflection", "must be false");
    if (s.viscosity != 0.0f) refuse("viscosity", "must be 0");
    if (s.scalarDiffusion != 0.0f) refuse("scalarDiffusion", "must be 0");
    if (s.velocityMode != VelocityMode::Simulated) refuse("velocityMode", "must be Simulated");
    // The corrected schemes need a third copy of every pool (sparse3d_transport.cpp).
    if (s.scalarAdvection != AdvectionScheme::SemiLagrangian) refuse("scalarAdvection", "must be SemiLagrangian");
    if (s.velocityAdvection != AdvectionScheme::SemiLagrangian) refuse("velocityAdvection", "must be SemiLagrangian");
    if (s.colourAdvection != AdvectionScheme::SemiLagrangian) refuse("colourAdvection", "must be SemiLagrangian");
    // The brick pools are float32 (their kernels are compiled once).
    if (s.flowStorage != FlowStorage::Float32) refuse("flowStorage", "must be Float32");
    for (int side = 0; side < 6; ++side)
        if (s.boundaries[side].type == BoundaryType::Periodic)
            refuse(("boundaries[" + std::to_string(side) + "].type").c_str(), "must not be Periodic");
}

} // namespace detail
} // namespace billow
