// Compile-time refusals of the typed kernels: each BILLOW_MISUSE case below must not compile
// (CTest kernel_bindings_misuse_*, expecting the compiler's diagnostic), and case 0, the same
// calls written correctly, must. Never linked or run.
#include "core/kernel_set.hpp"

namespace billow::detail {

void record(KernelSet& set, VkCommandBuffer cmd, VkBuffer b) {
    namespace k = kernels;  // billow::detail::kernels
#if BILLOW_MISUSE == 0
    set.dispatch(cmd, k::SmokeDivergence::Bindings{.u = b, .v = b, .openX = b, .openY = b, .solid = b, .divergence = b}, 8, 8);
    set.dispatch(cmd, k::SmokeSubtractGradient::Bindings{.u = b, .v = b, .p = b, .openX = b, .openY = b},
                 gpu::SubtractPush{0.1f}, 8, 8);
    set.dispatchGroups(cmd, k::PressureJacobi::Bindings{.variant = KernelVariant{0}, .pIn = b, .pOut = b, .divergence = b, .openX = b, .openY = b},
                       gpu::PressurePush{1.0f, 8}, 2, 2);
    set.dispatch(cmd, k::SmokeCurl::Bindings{.uniform = b, .uIn = b, .vIn = b, .curl = b}, 8, 8);
    set.dispatch(cmd, k::SmokeAdvectDye::Bindings{.variant = KernelVariant{1}, .uIn = b, .vIn = b, .dyeIn = b, .dyeOut = b},
                 gpu::AdvectPush{0.1f, 300.0f}, 8, 8);
#elif BILLOW_MISUSE == 1
    // A binding left out.
    set.dispatch(cmd, k::SmokeDivergence::Bindings{.u = b, .v = b, .openX = b, .openY = b, .solid = b}, 8, 8);
#elif BILLOW_MISUSE == 2
    // Bindings written in another order than the kernel declares them.
    set.dispatch(cmd, k::SmokeDivergence::Bindings{.v = b, .u = b, .openX = b, .openY = b, .solid = b, .divergence = b}, 8, 8);
#elif BILLOW_MISUSE == 3
    // Another kernel's push constants.
    set.dispatch(cmd, k::SmokeSubtractGradient::Bindings{.u = b, .v = b, .p = b, .openX = b, .openY = b},
                 gpu::VorticityPush{0.1f, 1.0f}, 8, 8);
#elif BILLOW_MISUSE == 4
    // Push constants left out.
    set.dispatch(cmd, k::SmokeSubtractGradient::Bindings{.u = b, .v = b, .p = b, .openX = b, .openY = b}, 8, 8);
#elif BILLOW_MISUSE == 5
    // A tile kernel dispatched in threads.
    set.dispatch(cmd, k::PressureJacobi::Bindings{.variant = KernelVariant{0}, .pIn = b, .pOut = b, .divergence = b, .openX = b, .openY = b},
                 gpu::PressurePush{1.0f, 8}, 64, 64);
#elif BILLOW_MISUSE == 6
    // A null handle written out.
    set.dispatch(cmd, k::SmokeCurl::Bindings{.uIn = b, .vIn = VK_NULL_HANDLE, .curl = b}, 8, 8);
#elif BILLOW_MISUSE == 7
    // A binding the kernel does not have.
    set.dispatch(cmd, k::SmokeCurl::Bindings{.uIn = b, .vIn = b, .curl = b, .openX = b}, 8, 8);
#elif BILLOW_MISUSE == 8
    // The variant of a kernel with variants left out.
    set.dispatch(cmd, k::SmokeAdvectDye::Bindings{.uIn = b, .vIn = b, .dyeIn = b, .dyeOut = b}, gpu::AdvectPush{0.1f, 300.0f},
                 8, 8);
#endif
}

} // namespace billow::detail
