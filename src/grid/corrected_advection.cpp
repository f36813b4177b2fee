#include "grid/corrected_advection.hpp"

namespace billow::detail {

void recordCorrectedAdvection(const std::array<AdvectionScheme, 3>& schemes, const AdvectedFamilies& carried,
                              const AdvectionStages& stages) {
    constexpr AdvectionScheme kSL = AdvectionScheme::SemiLagrangian, kBFECC = AdvectionScheme::BFECC;
    AdvectedFamilies corrected{}, bfecc{};
    bool anyCorrected = false, anyBfecc = false;
    for (int f = 0; f < 3; ++f) {
        corrected[f] = schemes[f] != kSL;
        bfecc[f] = schemes[f] == kBFECC;
        anyCorrected = anyCorrected || corrected[f];
        anyBfecc = anyBfecc || bfecc[f];
    }
    stages.advect(Copy::Now, Copy::Other, carried, false);
    stages.barrier();
    if (!anyCorrected) return;
    // Backward: SL(SL(phi, dt), -dt) into scratch.
    stages.advect(Copy::Other, Copy::Scratch, corrected, true);
    stages.barrier();
    // MacCormack corrects and limits into `other`; BFECC compensates into `other`.
    for (int f = 0; f < 3; ++f)
        if (corrected[f]) stages.correct(f, bfecc[f] ? 1 : 0);
    stages.barrier();
    if (!anyBfecc) return;
    // BFECC: advect the compensated field forward into scratch, then limit it into `other`.
    stages.advect(Copy::Other, Copy::Scratch, bfecc, false);
    stages.barrier();
    for (int f = 0; f < 3; ++f)
        if (bfecc[f]) stages.correct(f, 2);
    stages.barrier();
}

} // namespace billow::detail
