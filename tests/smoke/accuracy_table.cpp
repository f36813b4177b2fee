// Prints docs/accuracy.md's table (not a test): the Taylor-Green vortex's energy retained after
// 0.25 s, with and without advection-reflection, for several dt and velocity schemes.
#include <cstdio>

#include "smoke/taylor_green.hpp"
#include "smoke3d/abc_flow.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

TEST(AccuracyTable, TaylorGreen2D) {
    const TaylorGreen tg;
    const double time = 0.25;
    for (AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack, AdvectionScheme::BFECC})
        for (double cfl : {1.0, 0.5, 0.25}) {
            const float dt = float(cfl * tg.h() / tg.speed);
            const uint32_t steps = uint32_t(std::lround(time / dt));
            SmokeSettings s = tg.settings();
            s.velocityAdvection = scheme;
            const double plain = tg.retained(sharedContext(), s, dt, steps);
            s.advectionReflection = true;
            const double reflected = tg.retained(sharedContext(), s, dt, steps);
            std::printf("2D scheme %d dt %.5f (%.2f h/U) steps %u: loss plain %.3f%% reflected %.3f%% predicted splitting %.3f%%\n",
                        int(scheme), dt, cfl, steps, 100.0 * (1.0 - plain), 100.0 * (1.0 - reflected),
                        100.0 * tg.splittingLossRate(dt) * steps * dt);
        }
}

TEST(AccuracyTable, AbcFlow3D) {
    AbcFlow abc;
    abc.n = 24;
    const double time = 0.25;
    const double speed = 2.0 * abc.amplitude;  // the largest face speed
    for (AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack})
        for (double cfl : {1.0, 0.5, 0.25}) {
            const float dt = float(cfl * abc.h() / speed);
            const uint32_t steps = uint32_t(std::lround(time / dt));
            SmokeSettings3D s = abc.settings();
            s.velocityAdvection = scheme;
            const double plain = abc.retained(sharedContext(), s, dt, steps);
            s.advectionReflection = true;
            const double reflected = abc.retained(sharedContext(), s, dt, steps);
            std::printf("3D scheme %d dt %.5f (%.2f h/U) steps %u: loss plain %.3f%% reflected %.3f%% predicted splitting %.3f%%\n",
                        int(scheme), dt, cfl, steps, 100.0 * (1.0 - plain), 100.0 * (1.0 - reflected),
                        100.0 * abc.splittingLossRate(dt) * steps * dt);
        }
}

} // namespace
} // namespace billow::test
