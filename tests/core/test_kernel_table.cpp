// The kernel table generated from the reflected SPIR-V (billow_kernels.hpp): every shader has one
// id, the typed kernels agree with the table, the workgroup and push-constant sizes are the ones
// the dispatch code divides by and pushes, and a kernel set refuses what the table rules out.
// (The generator's refusals of bad modules are the CTest test kernel_table_rejects_bad_modules.)
#include "support/gpu_test.hpp"
#include "support/tree_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/embedded_shaders.hpp"
#include "core/kernel_set.hpp"
#include "health/health_types.h"
#include "mass/mass_types.h"
#include "pressure/pressure_jacobi_tiles.h"
#include "pressure3d/pressure3d_types.h"
#include "sparse3d/sparse3d_types.h"
#include "sparse3d/topology_types.h"

namespace billow::test {
namespace {

using detail::KernelGroup;
using detail::KernelId;
using detail::KernelInfo;
using detail::kKernelTable;
using detail::WorkgroupProfile;
using detail::WorkgroupSize;
namespace kernels = detail::kernels;

bool operator==(const detail::WorkgroupSize& a, const detail::WorkgroupSize& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

template <class K>
constexpr uint32_t pushBytesOf() {
    if constexpr (std::is_same_v<typename K::Push, detail::NoPush>) return 0;
    else return sizeof(typename K::Push);
}

// Calls check.template operator()<K>() for every kernel K of the table.
template <class Check, class... K>
void forEachKernel(detail::KernelList<K...>, Check check) {
    (check.template operator()<K>(), ...);
}

TEST(KernelTable, EveryShaderHasExactlyOneId) {
    std::set<std::string> shaders;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(BILLOW_SHADER_DIR)) {
        const std::string relative = entry.path().lexically_relative(BILLOW_SHADER_DIR).generic_string();
        // shaders/image/: the passes that write the engine's images keep their own descriptor
        // layouts and are compiled apart (cmake/BillowImageShaders.cmake), outside the table.
        if (entry.path().extension() == ".comp" && relative.rfind("image/", 0) != 0) shaders.insert("shaders/" + relative);
    }
    ASSERT_FALSE(shaders.empty());

    std::set<std::string> sources, names;
    for (uint32_t i = 0; i < kKernelTable.size(); ++i) {
        const KernelInfo& info = kKernelTable[i];
        EXPECT_EQ(static_cast<uint32_t>(info.id), i) << info.name << ": the table is indexed by KernelId";
        EXPECT_TRUE(sources.insert(std::string(info.source)).second) << info.source << " has two ids";
        EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name << " names two kernels";
        EXPECT_EQ("shaders/", info.source.substr(0, 8));
        // name: "<folder>/<file>", the source less "shaders/" and ".comp".
        EXPECT_EQ("shaders/" + std::string(info.name) + ".comp", info.source);
    }
    EXPECT_EQ(shaders, sources);
    EXPECT_EQ(detail::kKernelCount, shaders.size());
}

TEST(KernelTable, GroupsAreTheShaderFolders) {
    const std::pair<KernelGroup, const char*> folders[] = {{KernelGroup::Common, "common"},
                                                           {KernelGroup::Pressure, "pressure"},
                                                           {KernelGroup::Pressure3d, "pressure3d"},
                                                           {KernelGroup::Smoke, "smoke"},
                                                           {KernelGroup::Smoke3d, "smoke3d"},
                                                           {KernelGroup::Sparse3d, "sparse3d"},
                                                           {KernelGroup::Water, "water"},
                                                           {KernelGroup::Health, "health"},
                                                           {KernelGroup::Mass, "mass"}};
    for (const KernelInfo& info : kKernelTable) {
        const auto folder = std::find_if(std::begin(folders), std::end(folders),
                                         [&](const auto& f) { return f.first == info.group; });
        ASSERT_NE(folder, std::end(folders)) << info.name;
        EXPECT_EQ(std::string(folder->second) + "/", info.name.substr(0, std::string_view(folder->second).size() + 1));
    }
}

TEST(KernelTable, TypedKernelsAgreeWithTheTable) {
    forEachKernel(detail::AllKernels{}, []<class K>() {
        const KernelInfo& info = detail::kernelInfo(K::id);
        SCOPED_TRACE(std::string(info.name));
        for (uint32_t profile = 0; profile < detail::kWorkgroupProfileCount; ++profile)
            EXPECT_TRUE(info.localSizes[profile] == K::localSizes[profile]) << "profile " << profile;
        EXPECT_EQ(info.shapesOwnWorkgroup, K::shapesOwnWorkgroup);
        // A kernel with 16-bit flow storage modules has as many again after its float32 ones.
        if constexpr (requires { K::float16Variant; }) {
            EXPECT_EQ(info.float16Variant, K::variants);
            EXPECT_EQ(info.variants, 2 * K::variants);
        } else {
            EXPECT_EQ(info.float16Variant, 0u);
            EXPECT_EQ(info.variants, K::variants);
        }
        EXPECT_EQ(info.pushBytes, pushBytesOf<K>());
        EXPECT_LE(info.pushBytes, detail::kPushConstantBytes);
        EXPECT_TRUE((std::is_same_v<typename K::Bindings::Kernel, K>));
        // Binding 0 is never a storage binding, and every storage binding has its member's name.
        EXPECT_EQ(info.storageMask & 1u, 0u);
        EXPECT_LE(info.storageSlots, uint32_t(BILLOW_STORAGE_SLOTS));
        for (uint32_t b = 1; b <= BILLOW_STORAGE_SLOTS; ++b)
            EXPECT_EQ((info.storageMask >> b & 1u) != 0, !info.bindingNames[b].empty()) << "binding " << b;
    });
}

// Kernels with variants (BILLOW_KERNEL_VARIANTS): the advection kernels, one pipeline per
// interpolation (common/interpolation_variant.glsl), so the linear path is compiled without the
// cubic one. Every kernel's pipelines follow the previous kernel's.
// The advection kernels have one variant per interpolation (in 2D times two: the advecting
// velocity read by index or through the taps); the Jacobi sweeps (2D and 3D) and the 3D
// multigrid's red-black smoother, residual and restriction one with the obstacle weights and one
// without (kInteriorOpen); the sparse colliders' rasterisation one per
// face axis (three). No other kernel has variants.
TEST(KernelTable, KernelsWithVariantsAreTheExpectedOnes) {
    std::set<std::string> withVariants;
    uint32_t pipelines = 0;
    for (const KernelInfo& info : kKernelTable) {
        EXPECT_EQ(info.firstPipeline, pipelines) << info.name;
        pipelines += info.variants;
        const uint32_t selectable = info.float16Variant != 0 ? info.float16Variant : info.variants;
        if (selectable == 1) continue;
        withVariants.insert(std::string(info.name));
        // 2D advection: interpolation x how the advecting velocity is read (common/interpolation_variant.glsl).
        const bool advection2D = std::string_view(info.name).starts_with("smoke/advect");
        const bool perAxis = std::string_view(info.name) == "sparse3d/colliders_rasterise";
        EXPECT_EQ(selectable, advection2D ? 4u : perAxis ? 3u : 2u)
            << info.name << ": linear and cubic (times the velocity's two reads in 2D), or with and without obstacle weights";
    }
    EXPECT_EQ(pipelines, detail::kPipelineCount);
    EXPECT_EQ(withVariants,
              (std::set<std::string>{"smoke/advect_cells", "smoke/advect_correct_dye", "smoke/advect_correct_scalar",
                                     "smoke/advect_correct_velocity", "smoke/advect_dye", "smoke/advect_scalars",
                                     "smoke/advect_velocity", "pressure/jacobi", "pressure3d/jacobi", "pressure3d/rbsor",
                                     "pressure3d/residual", "pressure3d/mg_restrict_residual", "pressure3d/mg_prolong",
                                     "smoke3d/advect_cells",
                                     "smoke3d/advect_correct_colour", "smoke3d/advect_correct_scalar",
                                     "smoke3d/advect_correct_velocity", "smoke3d/advect_velocity", "sparse3d/advect_cells",
                                     "sparse3d/advect_colour", "sparse3d/advect_velocity", "sparse3d/colliders_rasterise"}));
}

// The kernels compiled a second time with the flow stored in 16-bit floats (BILLOW_FLOW_STORAGE,
// common/flow_storage.glsl): every dense 3D kernel that reads or writes the velocity, density,
// temperature or fuel, and the mass correction's scale, which the 3D solver shares with the 2D
// one. Nothing else (the sparse grid, 2D, the pressure solvers) stores halves.
TEST(KernelTable, TheFlowStorageKernelsAreTheDense3DFlowsOnes) {
    std::set<std::string> withHalves;
    for (const KernelInfo& info : kKernelTable)
        if (info.float16Variant != 0) {
            withHalves.insert(std::string(info.name));
            EXPECT_EQ(info.variants, 2 * info.float16Variant) << info.name;
        }
    EXPECT_EQ(withHalves,
              (std::set<std::string>{"mass/scale", "smoke3d/advect_cells", "smoke3d/advect_correct_colour",
                                     "smoke3d/advect_correct_scalar", "smoke3d/advect_correct_velocity",
                                     "smoke3d/advect_velocity", "smoke3d/buoyancy", "smoke3d/collider_forces",
                                     "smoke3d/colliders_rasterise", "smoke3d/combustion", "smoke3d/curl",
                                     "smoke3d/damp_cells", "smoke3d/damp_velocity", "smoke3d/diffuse_cells",
                                     "smoke3d/diffuse_velocity", "smoke3d/diffusion_apply", "smoke3d/diffusion_setup",
                                     "smoke3d/divergence", "smoke3d/emit", "smoke3d/mass_sums", "smoke3d/particles",
                                     "smoke3d/probes", "smoke3d/reflect_velocity", "smoke3d/subtract_gradient",
                                     "smoke3d/velocity_forces", "smoke3d/vorticity_force"}));
}

// Whether a SPIR-V module still has a specialization constant (OpSpecConstant* or a SpecId).
bool declaresSpecializationConstant(std::span<const uint32_t> module) {
    constexpr uint32_t kHeaderWords = 5, kOpSpecConstantTrue = 48, kOpSpecConstantOp = 52, kOpDecorate = 71,
                       kDecorationSpecId = 1;
    for (size_t at = kHeaderWords; at < module.size();) {
        const uint32_t words = module[at] >> 16, opcode = module[at] & 0xffffu;
        if (words == 0 || at + words > module.size()) {
            ADD_FAILURE() << "malformed module at word " << at;
            return true;
        }
        if (opcode >= kOpSpecConstantTrue && opcode <= kOpSpecConstantOp) return true;
        if (opcode == kOpDecorate && words >= 3 && module[at + 2] == kDecorationSpecId) return true;
        at += words;
    }
    return false;
}

// Each variant is a module of its own with the selector frozen and the other variants' code
// removed at build time (cmake/compile_kernel.py): the driver never specializes, and the linear
// module is smaller than the monotone cubic one, which adds the cubic stencil's code. A kernel
// without variants has one module; no module keeps a specialization constant.
TEST(KernelTable, EveryVariantIsItsOwnFrozenModule) {
    for (const KernelInfo& info : kKernelTable)
    for (const WorkgroupProfile profile : {WorkgroupProfile::Wide, WorkgroupProfile::Minimum}) {
        SCOPED_TRACE(std::string(info.name) + " (" + detail::workgroupProfileName(profile) + " workgroups)");
        for (uint32_t variant = 0; variant < info.variants; ++variant) {
            const std::span<const uint32_t> module = detail::embeddedShader(info.id, variant, profile);
            ASSERT_GT(module.size(), 5u) << "variant " << variant;
            EXPECT_EQ(module[0], 0x07230203u) << "variant " << variant << ": SPIR-V magic";
            EXPECT_FALSE(declaresSpecializationConstant(module)) << "variant " << variant;
        }
        EXPECT_TRUE(detail::embeddedShader(info.id, info.variants, profile).empty()) << "a variant beyond the count";
        // The sparse colliders' variants are face axes, not interpolations.
        const uint32_t selectable = info.float16Variant != 0 ? info.float16Variant : info.variants;
        if (selectable == 1 || std::string_view(info.name) == "sparse3d/colliders_rasterise") continue;
        const auto linear = detail::embeddedShader(info.id, BILLOW_INTERPOLATION_LINEAR, profile);
        const auto cubic = detail::embeddedShader(info.id, BILLOW_INTERPOLATION_CUBIC, profile);
        EXPECT_LT(linear.size(), cubic.size()) << "the linear module must not carry the cubic path";
    }
}

// The workgroup shapes of each profile (core/workgroup_profile.hpp), as the GLSL headers define
// them: the C++ side sees the wide profile's macros; the minimum profile's are written out here
// from the headers' BILLOW_MINIMUM_WORKGROUPS branches.
struct ProfileShapes {
    WorkgroupSize grid2d, grid3d, gather3d, brick, jacobi, sorTiles;
};
constexpr ProfileShapes kShapes[detail::kWorkgroupProfileCount] = {
    {{BILLOW_GROUP_X, BILLOW_GROUP_Y, 1},
     {BILLOW_GROUP3_X, BILLOW_GROUP3_Y, BILLOW_GROUP3_Z},
     {BILLOW_GATHER3_X, BILLOW_GATHER3_Y, BILLOW_GATHER3_Z},
     {BILLOW_BRICK, BILLOW_BRICK, BILLOW_BRICK},
     {BILLOW_JACOBI_REGION, BILLOW_JACOBI_REGION / BILLOW_JACOBI_STRIP, 1},
     {64, 16, 1}},
    {{16, 8, 1}, {32, 4, 1}, {8, 4, 4}, {BILLOW_BRICK, BILLOW_BRICK, 2}, {32, 4, 1}, {32, 4, 1}},
};

// Every kernel that does not shape its own workgroup covers the grid in BILLOW_GROUP_X x
// BILLOW_GROUP_Y workgroups (a 3D grid's, those reading Grid3DParams, in BILLOW_GROUP3_X x
// BILLOW_GROUP3_Y x BILLOW_GROUP3_Z, or, for the advection kernels that gather from back-traced
// points, BILLOW_GATHER3_X x BILLOW_GATHER3_Y x BILLOW_GATHER3_Z), on each profile its own:
// typed dispatches divide by the reflected size of the context's profile, which is that shape.
TEST(KernelTable, DefaultShapedKernelsHaveTheGridWorkgroup) {
    for (uint32_t profile = 0; profile < detail::kWorkgroupProfileCount; ++profile)
    for (const KernelInfo& info : kKernelTable) {
        if (info.shapesOwnWorkgroup) continue;
        SCOPED_TRACE(std::string(info.name) + " (profile " + std::to_string(profile) + ")");
        const ProfileShapes& shapes = kShapes[profile];
        const WorkgroupSize size = info.localSizes[profile];
        // The sparse grid's kernels run one workgroup per allocated brick (sparse3d/bricks.glsl),
        // dispatched indirectly; a few of its topology's kernels cover a line of slots, a box of
        // bricks or one thread.
        if (info.group == KernelGroup::Sparse3d) {
            const std::string_view name = info.name;
            const detail::WorkgroupSize expected = name == "sparse3d/topology_age"        ? detail::WorkgroupSize{BILLOW_TOPOLOGY_THREADS, 1, 1}
                                                   : name == "sparse3d/topology_mark_box" ? detail::WorkgroupSize{4, 4, 4}
                                                   : name == "sparse3d/topology_finish"   ? detail::WorkgroupSize{1, 1, 1}
                                                                                          : shapes.brick;
            EXPECT_TRUE(size == expected);
            continue;
        }
        const bool grid3d = info.uniformBytes == sizeof(gpu::Grid3DParams);
        const bool gathers = grid3d && std::string_view(info.name).starts_with("smoke3d/advect_");
        EXPECT_TRUE(size == (gathers ? shapes.gather3d : grid3d ? shapes.grid3d : shapes.grid2d))
            << size.x << " x " << size.y << " x " << size.z;
    }
    using detail::KernelSet;
    EXPECT_EQ(KernelSet::groupsCovering(64, 32), 2u);
    EXPECT_EQ(KernelSet::groupsCovering(65, 32), 3u);
}

// The minimum profile fits the limits the Vulkan specification guarantees every device, and the
// wide one is what the table says it needs; the context takes the wide modules only where they fit.
TEST(KernelTable, TheMinimumProfileFitsTheSpecificationsGuarantees) {
    const detail::WorkgroupNeeds& minimum = detail::kWorkgroupNeeds[uint32_t(WorkgroupProfile::Minimum)];
    EXPECT_LE(minimum.invocations, detail::kSpecificationMinimum.invocations);
    EXPECT_LE(minimum.size.x, detail::kSpecificationMinimum.size.x);
    EXPECT_LE(minimum.size.y, detail::kSpecificationMinimum.size.y);
    EXPECT_LE(minimum.size.z, detail::kSpecificationMinimum.size.z);
    EXPECT_LE(minimum.sharedBytes, detail::kSpecificationMinimum.sharedBytes);
    for (const KernelInfo& info : kKernelTable)
        for (uint32_t profile = 0; profile < detail::kWorkgroupProfileCount; ++profile) {
            const WorkgroupSize s = info.localSizes[profile];
            const detail::WorkgroupNeeds& needs = detail::kWorkgroupNeeds[profile];
            EXPECT_LE(s.x * s.y * s.z, needs.invocations) << info.name;
            EXPECT_LE(info.sharedBytes[profile], needs.sharedBytes) << info.name;
        }
    // The blocked Jacobi kernel's two copies of its region in shared memory, as counted from the
    // module: 2 x 64^2 floats wide, 2 x 32^2 minimum.
    EXPECT_EQ(detail::kernelInfo(KernelId::PressureJacobi).sharedBytes[0], 2u * 64 * 64 * 4);
    EXPECT_EQ(detail::kernelInfo(KernelId::PressureJacobi).sharedBytes[1], 2u * 32 * 32 * 4);

    VkPhysicalDeviceLimits limits{};
    limits.maxComputeWorkGroupInvocations = 1024;
    limits.maxComputeWorkGroupSize[0] = limits.maxComputeWorkGroupSize[1] = 1024;
    limits.maxComputeWorkGroupSize[2] = 64;
    limits.maxComputeSharedMemorySize = 32768;
    EXPECT_EQ(detail::chooseWorkgroupProfile(limits), WorkgroupProfile::Wide);
    limits.maxComputeSharedMemorySize = 16384;
    EXPECT_EQ(detail::chooseWorkgroupProfile(limits), WorkgroupProfile::Minimum);
    limits.maxComputeSharedMemorySize = 32768;
    limits.maxComputeWorkGroupInvocations = 256;  // SwiftShader's
    EXPECT_EQ(detail::chooseWorkgroupProfile(limits), WorkgroupProfile::Minimum);
    limits.maxComputeWorkGroupInvocations = 1024;
    detail::capToSpecificationMinimum(limits);
    EXPECT_EQ(limits.maxComputeWorkGroupInvocations, 128u);
    EXPECT_EQ(limits.maxComputeSharedMemorySize, 16384u);
    EXPECT_EQ(detail::chooseWorkgroupProfile(limits), WorkgroupProfile::Minimum);
}

// The SPIR-V capabilities a module declares (OpCapability operands).
std::set<uint32_t> capabilitiesOf(std::span<const uint32_t> module) {
    constexpr uint32_t kHeaderWords = 5, kOpCapability = 17;
    std::set<uint32_t> out;
    for (size_t at = kHeaderWords; at < module.size();) {
        const uint32_t words = module[at] >> 16, opcode = module[at] & 0xffffu;
        if (words == 0 || at + words > module.size()) break;
        if (opcode == kOpCapability && words == 2) out.insert(module[at + 1]);
        at += words;
    }
    return out;
}

// Every module needs only the Shader capability: no subgroup operations (which would tie a
// kernel to the device's subgroup size, 4 to 128), no 8-bit storage or 16-bit arithmetic, no
// 64-bit types, no float atomics. Kernels sum through shared memory and barriers, and the 2D dye
// kept in half precision is packed two to a 32-bit word (packHalf2x16), which every device reads.
// The one exception is the 16-bit flow storage modules (KernelInfo::float16Variant on), which add
// StorageBuffer16BitAccess and nothing else: a solver builds them only on a device that enabled it
// and falls back to the float32 ones (SmokeSettings3D::flowStorage).
TEST(KernelTable, ModulesNeedNoCapabilityBeyondShader) {
    constexpr uint32_t kCapabilityShader = 1, kCapabilityStorageBuffer16BitAccess = 4433;
    for (const KernelInfo& info : kKernelTable)
        for (const WorkgroupProfile profile : {WorkgroupProfile::Wide, WorkgroupProfile::Minimum})
            for (uint32_t variant = 0; variant < info.variants; ++variant) {
                const std::set<uint32_t> capabilities = capabilitiesOf(detail::embeddedShader(info.id, variant, profile));
                const bool halves = info.float16Variant != 0 && variant >= info.float16Variant;
                const std::set<uint32_t> expected =
                    halves ? std::set<uint32_t>{kCapabilityShader, kCapabilityStorageBuffer16BitAccess}
                           : std::set<uint32_t>{kCapabilityShader};
                EXPECT_EQ(capabilities, expected)
                    << info.name << " (" << detail::workgroupProfileName(profile) << ", variant " << variant << ")";
            }
}

// Kernels that shape their own workgroup are dispatched in groups; their sizes are the ones the
// host's tiling assumes.
TEST(KernelTable, OwnWorkgroupKernelsHaveTheSizesTheHostTilesWith) {
    std::set<std::string> own;
    for (const KernelInfo& info : kKernelTable)
        if (info.shapesOwnWorkgroup) own.insert(std::string(info.name));
    EXPECT_EQ(own, (std::set<std::string>{"pressure/cg_scalars", "mass/factor", "mass/scale", "smoke/mass_sums",
                                          "pressure/mg_coarse_solve", "pressure3d/mg_coarse_solve", "health/nonfinite_scan",
                                          "pressure/add_increment", "pressure/gate", "pressure/jacobi",
                                          "pressure/rbsor_tiles", "smoke3d/mass_sums", "smoke/probes", "smoke3d/probes",
                                          "water/probes", "smoke/collider_forces", "smoke3d/collider_forces",
                                          // The spectral solve's transforms: 16 lines a workgroup.
                                          "pressure3d/spectral_transform",
                                          // The sparse grid's: the mass sums over the bricks, the multigrid's gate and
                                          // its dense coarse grids, the topology's scans over the brick map and slots.
                                          "sparse3d/mass_sums", "sparse3d/mg_gate_bricks", "sparse3d/mg_grid_coarsen",
                                          "sparse3d/mg_grid_restrict", "sparse3d/topology_active_list", "sparse3d/topology_allocate",
                                          "sparse3d/topology_free_list", "sparse3d/topology_scan_blocks",
                                          "sparse3d/topology_sum_requests", "sparse3d/topology_sum_slots"}));
    for (uint32_t profile = 0; profile < detail::kWorkgroupProfileCount; ++profile) {
        SCOPED_TRACE("profile " + std::to_string(profile));
        const ProfileShapes& shapes = kShapes[profile];
        const uint32_t reduction = shapes.grid2d.x * shapes.grid2d.y;
        // The probes: one thread a probe, in a line (src/feedback/probe_set.hpp).
        for (const auto& sizes : {kernels::SmokeProbes::localSizes, kernels::Smoke3dProbes::localSizes,
                                  kernels::WaterProbes::localSizes})
            EXPECT_TRUE((sizes[profile] == detail::WorkgroupSize{BILLOW_PROBE_GROUP, 1, 1}));
        // The mass correction: 1D workgroups whose threads stride over the cells (MassCorrection).
        for (const auto& sizes : {kernels::SmokeMassSums::localSizes, kernels::Smoke3dMassSums::localSizes,
                                  kernels::MassFactor::localSizes, kernels::MassScale::localSizes})
            EXPECT_TRUE((sizes[profile] == detail::WorkgroupSize{BILLOW_MASS_GROUP, 1, 1}));
        // The non-finite scan: 1D workgroups whose threads stride over a field (HealthRing::recordScan).
        EXPECT_TRUE((kernels::HealthNonfiniteScan::localSizes[profile] == detail::WorkgroupSize{BILLOW_HEALTH_GROUP, 1, 1}));
        // One workgroup per tile, its threads covering the tile and its halo of BILLOW_JACOBI_SWEEPS
        // (the host's tile is the width less two halos).
        EXPECT_TRUE(kernels::PressureJacobi::localSizes[profile] == shapes.jacobi);
        // Tiles of the width less 4 * BILLOW_SOR_BLOCK_ITERATIONS cells plus the halo (sorTileGroups).
        EXPECT_TRUE(kernels::PressureRbsorTiles::localSizes[profile] == shapes.sorTiles);
        // The coarsest multigrid level, two cells a thread.
        EXPECT_TRUE((kernels::PressureMgCoarseSolve::localSizes[profile] ==
                     detail::WorkgroupSize{BILLOW_MG_COARSEST, BILLOW_MG_COARSEST / 2, 1}));
        // The 3D coarsest level: each thread holds BILLOW_MG_COARSE_CELLS_PER_THREAD_3D cells of it.
        EXPECT_TRUE((kernels::Pressure3dMgCoarseSolve::localSizes[profile] ==
                     detail::WorkgroupSize{BILLOW_MG_COARSE_THREADS_3D, 1, 1}));
        EXPECT_TRUE((kernels::PressureCgScalars::localSizes[profile] == detail::WorkgroupSize{reduction, 1, 1}));
        // BILLOW_SPECTRAL_LINES lines a workgroup, its threads over their cells (SpectralSolve::dispatchGroups).
        EXPECT_TRUE((kernels::Pressure3dSpectralTransform::localSizes[profile] ==
                     detail::WorkgroupSize{BILLOW_SPECTRAL_THREADS, 1, 1}));
        EXPECT_TRUE((kernels::PressureGate::localSizes[profile] == detail::WorkgroupSize{1, 1, 1}));
        // Rows of BILLOW_INCREMENT_GROUP-thread workgroups over the cells (PoissonSolver::recordAddIncrement).
        EXPECT_TRUE((kernels::PressureAddIncrement::localSizes[profile] ==
                     detail::WorkgroupSize{BILLOW_INCREMENT_GROUP, 1, 1}));
        // One workgroup per collider, as many threads as the workgroup reduction's tree (collider_force.glsl).
        for (const auto& sizes : {kernels::SmokeColliderForces::localSizes, kernels::Smoke3dColliderForces::localSizes})
            EXPECT_TRUE((sizes[profile] == detail::WorkgroupSize{reduction, 1, 1}));
    }
    EXPECT_EQ(BILLOW_MG_COARSE_THREADS_3D * BILLOW_MG_COARSE_CELLS_PER_THREAD_3D,
              BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D);
}

// The push constants that the by-name call sites pass are the kernels' own types (the typed call
// sites cannot pass any other).
static_assert(std::is_same_v<kernels::PressureJacobi::Push, gpu::PressurePush>);
static_assert(std::is_same_v<kernels::PressureRbsor::Push, gpu::SorPush>);
static_assert(std::is_same_v<kernels::PressureRbsorTiles::Push, gpu::SorBlockPush>);
static_assert(std::is_same_v<kernels::PressureResidual::Push, gpu::ResidualPush>);
static_assert(std::is_same_v<kernels::PressureGate::Push, gpu::GatePush>);
static_assert(std::is_same_v<kernels::PressureAddIncrement::Push, gpu::IncrementPush>);
static_assert(std::is_same_v<kernels::PressureMgRestrictResidual::Push, gpu::RestrictPush>);
static_assert(std::is_same_v<kernels::PressureMgCoarseSolve::Push, gpu::CoarseSolvePush>);
static_assert(std::is_same_v<kernels::PressureMgCoarsen::Push, gpu::LevelPush>);
static_assert(std::is_same_v<kernels::PressureMgProlong::Push, gpu::LevelPush>);
static_assert(std::is_same_v<kernels::PressureCgResidual::Push, gpu::CgPush>);
static_assert(std::is_same_v<kernels::PressureCgScalars::Push, gpu::CgPush>);
static_assert(std::is_same_v<kernels::PressureCgRemoveMean::Push, detail::NoPush>);
static_assert(std::is_same_v<kernels::Pressure3dJacobi::Push, gpu::Jacobi3Push>);
static_assert(std::is_same_v<kernels::Pressure3dRbsor::Push, gpu::SorPush>);
static_assert(std::is_same_v<kernels::Pressure3dResidual::Push, gpu::ResidualPush>);
static_assert(std::is_same_v<kernels::Pressure3dMgRestrictResidual::Push, gpu::Transfer3Push>);
static_assert(std::is_same_v<kernels::Pressure3dMgProlong::Push, gpu::Transfer3Push>);
static_assert(std::is_same_v<kernels::Pressure3dMgCoarsen::Push, gpu::Transfer3Push>);
static_assert(std::is_same_v<kernels::Pressure3dMgCoarseSolve::Push, gpu::CoarseSolvePush>);
static_assert(std::is_same_v<kernels::Pressure3dCgRemoveMean::Push, detail::NoPush>);
static_assert(std::is_same_v<kernels::CommonFaceFractions::Push, detail::NoPush>);
static_assert(std::is_same_v<kernels::SmokeCurl::Push, detail::NoPush>);
static_assert(std::is_same_v<kernels::SmokeDivergence::Push, detail::NoPush>);

TEST(KernelTable, UniformBlocksAreTheSolversParameters) {
    // The kernels that 2D and 3D kernel sets share read no grid, so they declare no uniform block
    // (the non-finite scan is in every solver's set, the water's too, and the mass correction's
    // factor and scaling in both smoke solvers'); the 3D grid's kernels live in folders named *3d
    // (shaders/pressure3d, ...).
    // The sparse topology's scans and bookkeeping over the brick map and the slots, and the sparse
    // multigrid's gate, read no grid either.
    const std::set<KernelId> shared{KernelId::PressureGate, KernelId::PressureCgScalars, KernelId::PressureAddIncrement,
                                    KernelId::HealthNonfiniteScan, KernelId::MassFactor, KernelId::MassScale,
                                    KernelId::Sparse3dMgGateBricks, KernelId::Sparse3dTopologyFinish,
                                    KernelId::Sparse3dTopologyFreeList, KernelId::Sparse3dTopologyScanBlocks,
                                    KernelId::Sparse3dTopologySumRequests, KernelId::Sparse3dTopologySumSlots};
    forEachKernel(detail::AllKernels{}, [&]<class K>() {
        const KernelInfo& info = detail::kernelInfo(K::id);
        SCOPED_TRACE(std::string(info.name));
        const std::string folder = std::filesystem::path(info.source).parent_path().filename().string();
        const bool grid3d = folder.size() > 2 && folder.ends_with("3d");
        if constexpr (!requires { typename K::Uniform; }) {
            EXPECT_TRUE(shared.count(K::id));
            EXPECT_EQ(info.uniformBytes, 0u);
        } else if (info.group == KernelGroup::Water) {
            EXPECT_TRUE((std::is_same_v<typename K::Uniform, gpu::WaterParams>));
            EXPECT_EQ(info.uniformBytes, sizeof(gpu::WaterParams));
        } else if (grid3d) {
            EXPECT_TRUE((std::is_same_v<typename K::Uniform, gpu::Grid3DParams>));
            EXPECT_EQ(info.uniformBytes, sizeof(gpu::Grid3DParams));
        } else {
            EXPECT_TRUE((std::is_same_v<typename K::Uniform, gpu::GridParams>));
            EXPECT_EQ(info.uniformBytes, sizeof(gpu::GridParams));
        }
    });
}

// What the table rules out, refused when a kernel set is created or a dispatch recorded.
class KernelSetChecks : public GpuTest {
protected:
    detail::ContextState& cs() { return context()->state(); }
    detail::GpuBuffer uniform(VkDeviceSize size) {
        return detail::GpuBuffer(cs(), size, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, detail::GpuBuffer::Kind::DeviceLocal);
    }
    detail::GpuBuffer storage() {
        return detail::GpuBuffer(cs(), 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, detail::GpuBuffer::Kind::DeviceLocal);
    }
};

template <class F>
std::string errorOf(F f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST_F(KernelSetChecks, RefusesAUniformBufferOfAnotherSize) {
    detail::GpuBuffer grid = uniform(sizeof(gpu::GridParams));
    const std::string message = errorOf([&] {
        detail::KernelSet set(cs(), {KernelGroup::Water}, grid.handle(), sizeof(gpu::GridParams));
    });
    EXPECT_NE(message.find("uniform block"), std::string::npos) << message;
    EXPECT_NE(message.find("shaders/water/"), std::string::npos) << message;
}

// A kernel that does not exist, a binding left out and push constants left out do not compile
// (kernel_bindings_misuse.cpp); what only shows at run time is refused when recorded.
TEST_F(KernelSetChecks, RefusesUncreatedKernelsAndNullBuffers) {
    detail::GpuBuffer params = uniform(sizeof(gpu::WaterParams));
    detail::KernelSet water(cs(), {KernelGroup::Water}, params.handle(), sizeof(gpu::WaterParams));
    detail::GpuBuffer a = storage(), b = storage(), c = storage(), d = storage();
    cs().submitAndWait([&](VkCommandBuffer cmd) {
        // A smoke kernel in the water set.
        const std::string notCreated = errorOf([&] {
            water.dispatch(cmd, kernels::SmokeCurl::Bindings{.uIn = a.handle(), .vIn = b.handle(), .curl = c.handle()}, 8, 8);
        });
        EXPECT_NE(notCreated.find("was not created"), std::string::npos) << notCreated;
        // A named binding whose buffer is null at run time.
        const VkBuffer missing = VK_NULL_HANDLE;
        const std::string null = errorOf([&] {
            water.dispatch(cmd,
                           kernels::WaterDye::Bindings{.velocity = a.handle(), .depth = b.handle(), .dyeIn = missing,
                                                       .dyeOut = d.handle()},
                           gpu::WaterDyePush{}, 8, 8);
        });
        EXPECT_NE(null.find("binding 3 (dyeIn) has no buffer"), std::string::npos) << null;
    });
}

// A variant beyond a kernel's count (KernelVariant is only checked against it at run time).
TEST_F(KernelSetChecks, RefusesAVariantBeyondTheKernels) {
    detail::GpuBuffer grid = uniform(sizeof(gpu::GridParams));
    detail::KernelSet smoke(cs(), {KernelGroup::Smoke}, grid.handle(), sizeof(gpu::GridParams));
    detail::GpuBuffer a = storage(), b = storage(), c = storage(), d = storage();
    cs().submitAndWait([&](VkCommandBuffer cmd) {
        const std::string message = errorOf([&] {
            smoke.dispatch(cmd,
                           kernels::SmokeAdvectDye::Bindings{.variant = detail::KernelVariant{4}, .uIn = a.handle(),
                                                        .vIn = b.handle(), .dyeIn = c.handle(), .dyeOut = d.handle()},
                           gpu::AdvectPush{}, 8, 8);
        });
        EXPECT_NE(message.find("has 4 variant(s), got variant 4"), std::string::npos) << message;
    });
}

} // namespace
} // namespace billow::test
