// The consumer: an engine that makes a Vulkan call of its own (so it links its own loader, as
// docs/engine-guide.md says), a standalone context (lavapipe on CI), one smoke solver, one step
// with a splat. Exit code 0 only if the engine's call and the step ran, put density where the
// splat was, and (with BILLOW_VALIDATION=1) the validation layer reported nothing.
#include <billow/billow.hpp>
#include <vulkan/vulkan.h>

#include <cmath>
#include <cstdio>
#include <exception>

int main() {
    try {
#ifndef BILLOW_CONSUMER_WITHOUT_LOADER
        // The engine's own call into its loader, beside Billow's private one. (The Windows cross
        // build leaves it out: it checks that Billow alone imports no loader.)
        uint32_t loaderVersion = 0;
        if (vkEnumerateInstanceVersion(&loaderVersion) != VK_SUCCESS || loaderVersion < VK_API_VERSION_1_1) {
            std::fprintf(stderr, "consumer: the engine's loader reports no Vulkan 1.1\n");
            return 1;
        }
#endif
        auto context = billow::Context::createStandalone();
        billow::SmokeSettings settings;
        settings.nx = 37;
        settings.ny = 23;
        settings.cellSize = 0.05f;
        billow::SmokeSolver solver(context, settings);
        billow::Splat splat;
        splat.x = 0.9f;
        splat.y = 0.6f;
        splat.radius = 0.1f;
        splat.density = 1.0f;
        solver.addSplat(splat);
        solver.step(1.0f / 60.0f);
        double mass = 0.0;
        for (float d : solver.download(billow::SmokeField::Density)) {
            if (!std::isfinite(d)) {
                std::fprintf(stderr, "consumer: non-finite density\n");
                return 1;
            }
            mass += d;
        }
        std::printf("consumer: device '%s', density sum %.4f, validation messages %u\n",
                    context->deviceInfo().name.c_str(), mass, context->validationMessageCount());
        if (mass <= 0.0 || context->validationMessageCount() != 0) return 1;
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "consumer: %s\n", e.what());
        return 1;
    }
}
