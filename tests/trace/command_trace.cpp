// billow_command_trace: prints every Vulkan command the solvers record for a fixed set of
// configurations, with handles replaced by stable names, so that two builds can be compared for
// identical GPU work (a restructuring of the C++ must not change a byte of it).
//
//   billow_command_trace > before.txt   (on one commit)
//   billow_command_trace > after.txt    (on another)
//   cmp before.txt after.txt
//
// The trace wraps the context's device table after creation. Pipelines are named by a hash of
// their SPIR-V and specialisation data (independent of creation order and of the kernels' file
// names); buffers by the order in which the trace first meets them; descriptor sets by the buffers
// they hold. Push constants, dispatch sizes, barriers, copies, fills and inline updates are printed
// in full. It runs on whatever device the context picks (lavapipe on a machine without a GPU).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "billow/billow.hpp"
#include "core/context_state.hpp"

namespace {

using namespace billow;

struct TraceState {
    VolkDeviceTable real{};
    std::map<VkShaderModule, uint64_t> moduleHash;
    std::map<VkPipeline, uint64_t> pipelineHash;
    std::map<VkDescriptorSet, std::vector<std::pair<VkBuffer, std::pair<VkDeviceSize, VkDeviceSize>>>> sets;
    std::map<VkBuffer, uint32_t> bufferName;
    uint32_t buffersNamed = 0;
    std::string out;
    bool on = false;
} g;

uint64_t fnv(const void* data, size_t bytes, uint64_t h = 1469598103934665603ull) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t k = 0; k < bytes; ++k) h = (h ^ p[k]) * 1099511628211ull;
    return h;
}

std::string buf(VkBuffer b) {
    if (!b) return "null";
    auto [it, added] = g.bufferName.emplace(b, g.buffersNamed);
    if (added) ++g.buffersNamed;
    return "b" + std::to_string(it->second);
}

void line(const std::string& s) {
    if (g.on) g.out += s + "\n";
}

std::string hex(const void* data, size_t bytes) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t k = 0; k < bytes; ++k) {
        s += digits[p[k] >> 4];
        s += digits[p[k] & 15];
    }
    return s;
}

VKAPI_ATTR VkResult VKAPI_CALL createShaderModule(VkDevice d, const VkShaderModuleCreateInfo* info,
                                                  const VkAllocationCallbacks* a, VkShaderModule* m) {
    VkResult r = g.real.vkCreateShaderModule(d, info, a, m);
    if (r == VK_SUCCESS) g.moduleHash[*m] = fnv(info->pCode, info->codeSize);
    return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createComputePipelines(VkDevice d, VkPipelineCache c, uint32_t n,
                                                      const VkComputePipelineCreateInfo* infos,
                                                      const VkAllocationCallbacks* a, VkPipeline* p) {
    VkResult r = g.real.vkCreateComputePipelines(d, c, n, infos, a, p);
    if (r != VK_SUCCESS) return r;
    for (uint32_t k = 0; k < n; ++k) {
        uint64_t h = g.moduleHash[infos[k].stage.module];
        h = fnv(infos[k].stage.pName, std::strlen(infos[k].stage.pName), h);
        if (const VkSpecializationInfo* s = infos[k].stage.pSpecializationInfo) {
            h = fnv(s->pData, s->dataSize, h);
            h = fnv(s->pMapEntries, s->mapEntryCount * sizeof(VkSpecializationMapEntry), h);
        }
        g.pipelineHash[p[k]] = h;
    }
    return r;
}

VKAPI_ATTR void VKAPI_CALL updateDescriptorSets(VkDevice d, uint32_t n, const VkWriteDescriptorSet* w, uint32_t cn,
                                                const VkCopyDescriptorSet* c) {
    g.real.vkUpdateDescriptorSets(d, n, w, cn, c);
    for (uint32_t k = 0; k < n; ++k) {
        auto& slots = g.sets[w[k].dstSet];
        if (slots.size() <= w[k].dstBinding) slots.resize(w[k].dstBinding + 1);
        const VkDescriptorBufferInfo& b = w[k].pBufferInfo[0];
        slots[w[k].dstBinding] = {b.buffer, {b.offset, b.range}};
    }
}

VKAPI_ATTR void VKAPI_CALL bindPipeline(VkCommandBuffer cmd, VkPipelineBindPoint bp, VkPipeline p) {
    char s[64];
    std::snprintf(s, sizeof s, "pipeline %016llx", static_cast<unsigned long long>(g.pipelineHash[p]));
    line(s);
    g.real.vkCmdBindPipeline(cmd, bp, p);
}

VKAPI_ATTR void VKAPI_CALL bindDescriptorSets(VkCommandBuffer cmd, VkPipelineBindPoint bp, VkPipelineLayout l,
                                              uint32_t first, uint32_t n, const VkDescriptorSet* sets, uint32_t dn,
                                              const uint32_t* dyn) {
    std::string s = "sets";
    for (uint32_t k = 0; k < n; ++k)
        for (const auto& [b, range] : g.sets[sets[k]])
            s += " " + buf(b) + "@" + std::to_string(range.first) + "+" +
                 (range.second == VK_WHOLE_SIZE ? std::string("all") : std::to_string(range.second));
    line(s);
    g.real.vkCmdBindDescriptorSets(cmd, bp, l, first, n, sets, dn, dyn);
}

VKAPI_ATTR void VKAPI_CALL pushConstants(VkCommandBuffer cmd, VkPipelineLayout l, VkShaderStageFlags st, uint32_t off,
                                         uint32_t size, const void* data) {
    line("push " + std::to_string(off) + " " + hex(data, size));
    g.real.vkCmdPushConstants(cmd, l, st, off, size, data);
}

VKAPI_ATTR void VKAPI_CALL dispatch(VkCommandBuffer cmd, uint32_t x, uint32_t y, uint32_t z) {
    line("dispatch " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z));
    g.real.vkCmdDispatch(cmd, x, y, z);
}

VKAPI_ATTR void VKAPI_CALL dispatchIndirect(VkCommandBuffer cmd, VkBuffer b, VkDeviceSize off) {
    line("dispatch_indirect " + buf(b) + "@" + std::to_string(off));
    g.real.vkCmdDispatchIndirect(cmd, b, off);
}

VKAPI_ATTR void VKAPI_CALL pipelineBarrier(VkCommandBuffer cmd, VkPipelineStageFlags src, VkPipelineStageFlags dst,
                                           VkDependencyFlags dep, uint32_t mn, const VkMemoryBarrier* m, uint32_t bn,
                                           const VkBufferMemoryBarrier* b, uint32_t in,
                                           const VkImageMemoryBarrier* im) {
    std::string s = "barrier " + std::to_string(src) + ">" + std::to_string(dst) + " dep " + std::to_string(dep);
    for (uint32_t k = 0; k < mn; ++k) s += " mem " + std::to_string(m[k].srcAccessMask) + ">" + std::to_string(m[k].dstAccessMask);
    for (uint32_t k = 0; k < bn; ++k)
        s += " buf " + buf(b[k].buffer) + " " + std::to_string(b[k].srcAccessMask) + ">" +
             std::to_string(b[k].dstAccessMask) + " " + std::to_string(b[k].offset) + "+" + std::to_string(b[k].size);
    s += " images " + std::to_string(in);
    line(s);
    g.real.vkCmdPipelineBarrier(cmd, src, dst, dep, mn, m, bn, b, in, im);
}

VKAPI_ATTR void VKAPI_CALL copyBuffer(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst, uint32_t n, const VkBufferCopy* r) {
    std::string s = "copy " + buf(src) + " " + buf(dst);
    for (uint32_t k = 0; k < n; ++k)
        s += " " + std::to_string(r[k].srcOffset) + ">" + std::to_string(r[k].dstOffset) + "+" + std::to_string(r[k].size);
    line(s);
    g.real.vkCmdCopyBuffer(cmd, src, dst, n, r);
}

VKAPI_ATTR void VKAPI_CALL fillBuffer(VkCommandBuffer cmd, VkBuffer b, VkDeviceSize off, VkDeviceSize size, uint32_t v) {
    line("fill " + buf(b) + " " + std::to_string(off) + "+" + std::to_string(size) + " " + std::to_string(v));
    g.real.vkCmdFillBuffer(cmd, b, off, size, v);
}

VKAPI_ATTR void VKAPI_CALL updateBuffer(VkCommandBuffer cmd, VkBuffer b, VkDeviceSize off, VkDeviceSize size, const void* d) {
    line("update " + buf(b) + " " + std::to_string(off) + " " + hex(d, size));
    g.real.vkCmdUpdateBuffer(cmd, b, off, size, d);
}

VKAPI_ATTR void VKAPI_CALL writeTimestamp(VkCommandBuffer cmd, VkPipelineStageFlagBits st, VkQueryPool p, uint32_t q) {
    line("timestamp " + std::to_string(st) + " " + std::to_string(q));
    g.real.vkCmdWriteTimestamp(cmd, st, p, q);
}

VKAPI_ATTR void VKAPI_CALL resetQueryPool(VkCommandBuffer cmd, VkQueryPool p, uint32_t first, uint32_t n) {
    line("reset_queries " + std::to_string(first) + "+" + std::to_string(n));
    g.real.vkCmdResetQueryPool(cmd, p, first, n);
}

// A destroyed buffer's handle may come back for a new buffer: forget its name, so the new one is
// named where the trace first meets it, whatever handle the driver reuses.
VKAPI_ATTR void VKAPI_CALL destroyBuffer(VkDevice d, VkBuffer b, const VkAllocationCallbacks* a) {
    g.bufferName.erase(b);
    g.real.vkDestroyBuffer(d, b, a);
}

VKAPI_ATTR VkResult VKAPI_CALL queueSubmit(VkQueue q, uint32_t n, const VkSubmitInfo* s, VkFence f) {
    line("submit");
    return g.real.vkQueueSubmit(q, n, s, f);
}

std::shared_ptr<Context> tracedContext() {
    std::shared_ptr<Context> context = Context::createStandalone();
    VolkDeviceTable& vk = context->state().vk;
    g.real = vk;
    vk.vkCreateShaderModule = createShaderModule;
    vk.vkCreateComputePipelines = createComputePipelines;
    vk.vkUpdateDescriptorSets = updateDescriptorSets;
    vk.vkCmdBindPipeline = bindPipeline;
    vk.vkCmdBindDescriptorSets = bindDescriptorSets;
    vk.vkCmdPushConstants = pushConstants;
    vk.vkCmdDispatch = dispatch;
    vk.vkCmdDispatchIndirect = dispatchIndirect;
    vk.vkCmdPipelineBarrier = pipelineBarrier;
    vk.vkCmdCopyBuffer = copyBuffer;
    vk.vkCmdFillBuffer = fillBuffer;
    vk.vkCmdUpdateBuffer = updateBuffer;
    vk.vkCmdWriteTimestamp = writeTimestamp;
    vk.vkCmdResetQueryPool = resetQueryPool;
    vk.vkQueueSubmit = queueSubmit;
    vk.vkDestroyBuffer = destroyBuffer;
    return context;
}

// One configuration: a fresh buffer naming, the solver built and driven by `run`.
void trace(const std::string& name, const std::function<void()>& run) {
    g.bufferName.clear();
    g.buffersNamed = 0;
    g.out += "== " + name + "\n";
    g.on = true;
    run();
    g.on = false;
}

SmokeSettings smoke2D() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 1.0f / 37.0f;
    s.densityWeight = 0.5f;
    s.thermalExpansion = 0.01f;
    s.vorticity = 2.0f;
    s.velocityDamping = 0.1f;
    s.densityDamping = 0.1f;
    return s;
}

void drive2D(const std::shared_ptr<Context>& context, const SmokeSettings& s, bool colliders = false) {
    SmokeSolver solver(context, s);
    solver.addCircleObstacle(0.6f, 0.4f, 0.1f);
    solver.setProfiling(true);
    for (int k = 0; k < 3; ++k) {
        Splat splat;
        splat.x = 0.3f + 0.1f * k;
        splat.y = 0.2f;
        splat.radius = 0.1f;
        splat.velocity = {0.5f, 1.0f};
        splat.density = 1.0f;
        splat.temperature = 20.0f;
        splat.dye = {1.0f, 0.5f, 0.2f, 1.0f};
        solver.addSplat(splat);
        if (colliders) {
            Collider c;
            c.shape = ColliderShape::Box;
            c.centre = {0.3f + 0.05f * k, 0.5f, 0.0f};
            c.velocity = {0.5f, 0.0f, 0.0f};
            solver.setColliders(std::span(&c, 1));
        }
        solver.step(1.0f / 60.0f, k == 2 ? 2 : 1);
    }
    for (uint32_t p = 0; p < static_cast<uint32_t>(SmokePass::Count); ++p) solver.stepPass(static_cast<SmokePass>(p), 0.01f);
    solver.stepVelocityForces(0.01f);
}

SmokeSettings3D smoke3D() {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 1.0f / 19.0f;
    s.densityWeight = 0.5f;
    s.thermalExpansion = 0.01f;
    s.vorticity = 2.0f;
    s.combustion.enabled = true;
    return s;
}

void drive3D(const std::shared_ptr<Context>& context, const SmokeSettings3D& s, bool colliders = false) {
    SmokeSolver3D solver(context, s);
    solver.setProfiling(true);
    Emitter3D e;
    e.centre = {0.5f, 0.15f, 0.3f};
    e.radius = 0.1f;
    e.density = 3.0f;
    e.temperature = 400.0f;
    e.fuel = 2.0f;
    e.velocity = {0.0f, 1.0f, 0.0f};
    e.velocityCoupling = 5.0f;
    if (s.colour) e.colour = {1.0f, 0.5f, 0.2f, 1.0f};
    solver.setEmitters(std::span(&e, 1));
    for (int k = 0; k < 3; ++k) {
        if (colliders) {
            Collider c;
            c.centre = {0.3f + 0.05f * k, 0.4f, 0.3f};
            c.velocity = {0.5f, 0.0f, 0.0f};
            solver.setColliders(std::span(&c, 1));
        }
        solver.step(1.0f / 60.0f, k == 2 ? 2 : 1);
    }
    for (uint32_t p = 0; p < static_cast<uint32_t>(SmokePass3D::Count); ++p) solver.stepPass(static_cast<SmokePass3D>(p), 0.01f);
    solver.stepVelocityForces(0.01f);
}

void driveWater(const std::shared_ptr<Context>& context, WaterModel model) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.model = model;
    s.friction = 0.1f;
    WaterSolver solver(context, s);
    solver.setProfiling(true);
    std::vector<float> depth(37 * 23, 0.5f);
    solver.upload(WaterField::Depth, depth);
    for (int k = 0; k < 3; ++k) {
        WaterBrush b;
        b.x = 10.0f + k;
        b.y = 10.0f;
        b.radius = 3.0f;
        b.water = 0.5f;
        b.dye = 1.0f;
        solver.addBrush(b);
        solver.step(0.1f);
    }
}

} // namespace

int main() {
    std::shared_ptr<Context> context = tracedContext();
    trace("2d default", [&] { drive2D(context, smoke2D()); });
    trace("2d linear sl jacobi", [&] {
        SmokeSettings s = smoke2D();
        s.advectionInterpolation = AdvectionInterpolation::Linear;
        drive2D(context, s);
    });
    trace("2d maccormack multigrid incremental", [&] {
        SmokeSettings s = smoke2D();
        s.velocityAdvection = s.scalarAdvection = s.dyeAdvection = AdvectionScheme::MacCormack;
        s.pressureSolver = PressureSolverType::Multigrid;
        s.pressureIterations = 4;
        s.pressureTolerance = 1e-4f;
        s.trackPressureResidual = true;
        drive2D(context, s);
    });
    trace("2d bfecc pcg sor-free reflection float16 dye", [&] {
        SmokeSettings s = smoke2D();
        s.velocityAdvection = AdvectionScheme::BFECC;
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureIterations = 6;
        s.advectionReflection = true;
        s.dyeStorage = DyeStorage::Float16;
        s.dyeNx = 50;
        s.dyeNy = 31;
        drive2D(context, s, true);
    });
    trace("2d sor periodic diffusion unfused", [&] {
        SmokeSettings s = smoke2D();
        s.pressureSolver = PressureSolverType::RedBlackSOR;
        s.boundaries[0].type = s.boundaries[1].type = BoundaryType::Periodic;
        s.boundaries[3].type = BoundaryType::Outflow;
        s.boundaries[2].type = BoundaryType::Inflow;
        s.viscosity = 1e-3f;
        s.dyeDiffusion = 1e-3f;
        s.fuseVelocityForces = false;
        s.maxSpeed = 3.0f;
        drive2D(context, s);
    });
    trace("2d multigrid viscosity", [&] {
        SmokeSettings s = smoke2D();
        s.viscosity = 1e-2f;
        s.diffusionSolver = DiffusionSolverType::Multigrid;
        drive2D(context, s, true);
    });
    trace("3d default", [&] { drive3D(context, smoke3D()); });
    trace("3d linear jacobi colour", [&] {
        SmokeSettings3D s = smoke3D();
        s.advectionInterpolation = AdvectionInterpolation::Linear;
        s.colour = true;
        drive3D(context, s);
    });
    trace("3d maccormack multigrid reflection colliders", [&] {
        SmokeSettings3D s = smoke3D();
        s.velocityAdvection = s.scalarAdvection = AdvectionScheme::MacCormack;
        s.pressureSolver = PressureSolverType::Multigrid;
        s.pressureIterations = 4;
        s.pressureTolerance = 1e-4f;
        s.advectionReflection = true;
        drive3D(context, s, true);
    });
    trace("3d bfecc pcg periodic diffusion", [&] {
        SmokeSettings3D s = smoke3D();
        s.velocityAdvection = AdvectionScheme::BFECC;
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureIterations = 5;
        s.boundaries[4].type = s.boundaries[5].type = BoundaryType::Periodic;
        s.viscosity = 1e-3f;
        s.scalarDiffusion = 1e-3f;
        s.fuseVelocityForces = false;
        drive3D(context, s);
    });
    trace("3d sor multigrid diffusion", [&] {
        SmokeSettings3D s = smoke3D();
        s.pressureSolver = PressureSolverType::RedBlackSOR;
        s.viscosity = 1e-2f;
        s.scalarDiffusion = 1e-2f;
        s.diffusionSolver = DiffusionSolverType::Multigrid;
        drive3D(context, s, true);
    });
    trace("water pipes", [&] { driveWater(context, WaterModel::VirtualPipes); });
    trace("water depth pipes", [&] { driveWater(context, WaterModel::DepthPipes); });
    trace("water momentum", [&] { driveWater(context, WaterModel::Momentum); });
    std::fwrite(g.out.data(), 1, g.out.size(), stdout);
    return 0;
}
