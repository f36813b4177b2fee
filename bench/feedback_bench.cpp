// GPU benchmark of what the fluid reports back to the game: the GPU time a feature adds to a whole
// step, and the host time of reading its results while a step is in flight (which must never
// wait). Each measurement records whole steps into the benchmark's own command buffer between two
// Vulkan timestamps, as an engine would, with the feature on and off on the same solver; the
// medians after warm-up and their difference are printed as one JSON line per case.
//
//   feedback_bench [--quick] [--repeat 30] [--warmup 5] [--size2d 1024] [--size3d 128] [--features probes,particles]
//
// --quick: small grids and few steps (CTest runs it so on lavapipe). Features: probes (1024 and
// 65536 points on the 2D and 3D smoke solvers); particles (1024, 65536 and 1048576 heavy particles, 4096
// with --quick, in device-local engine buffers, on the 2D and 3D smoke solvers). A new feature is
// one function taking the Bench and printing its lines, added to kFeatures.
//
// Runs on any Vulkan device (BILLOW_DEVICE picks one).
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <billow/billow.hpp>

namespace {

struct Options {
    uint32_t repeat = 30, warmup = 5, size2d = 1024, size3d = 128;
    std::vector<std::string> features{"probes", "particles"};
    bool quick = false;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--quick") {
            o.quick = true;
            o.repeat = 3;
            o.warmup = 1;
            o.size2d = 64;
            o.size3d = 24;
            continue;
        }
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--repeat") o.repeat = std::max(1u, static_cast<uint32_t>(std::stoul(v)));
        else if (a == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--size2d") o.size2d = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--size3d") o.size3d = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--features") {
            o.features.clear();
            std::stringstream ss(v);
            for (std::string item; std::getline(ss, item, ',');) o.features.push_back(item);
        } else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

void check(VkResult result, const char* call) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(call) + " failed (" + std::to_string(result) + ")");
}

// The engine's side: one command buffer, two timestamps around what a frame records, a fence.
class Bench {
public:
    Bench(std::shared_ptr<billow::Context> context, Options options) : context(std::move(context)), options(std::move(options)) {
        if (!this->context->supportsTimestamps()) throw std::runtime_error("the device's queue has no timestamps");
        VkDevice device = this->context->device();
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        poolInfo.queueFamilyIndex = this->context->queueFamilyIndex();
        check(vkCreateCommandPool(device, &poolInfo, nullptr, &pool_), "vkCreateCommandPool");
        VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        allocate.commandPool = pool_;
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocate.commandBufferCount = 1;
        check(vkAllocateCommandBuffers(device, &allocate, &cmd_), "vkAllocateCommandBuffers");
        VkQueryPoolCreateInfo queryInfo{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
        queryInfo.queryCount = 2;
        check(vkCreateQueryPool(device, &queryInfo, nullptr, &queries_), "vkCreateQueryPool");
        VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        check(vkCreateFence(device, &fenceInfo, nullptr, &fence_), "vkCreateFence");
    }
    ~Bench() {
        VkDevice device = context->device();
        vkDeviceWaitIdle(device);
        vkDestroyFence(device, fence_, nullptr);
        vkDestroyQueryPool(device, queries_, nullptr);
        vkDestroyCommandPool(device, pool_, nullptr);
    }
    Bench(const Bench&) = delete;
    Bench& operator=(const Bench&) = delete;

    // Records `frame` between the timestamps and submits it (not waited for).
    void submit(const std::function<void(VkCommandBuffer)>& frame) {
        check(vkResetCommandBuffer(cmd_, 0), "vkResetCommandBuffer");
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(cmd_, &begin), "vkBeginCommandBuffer");
        vkCmdResetQueryPool(cmd_, queries_, 0, 2);
        vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries_, 0);
        frame(cmd_);
        vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries_, 1);
        check(vkEndCommandBuffer(cmd_), "vkEndCommandBuffer");
        check(vkResetFences(context->device(), 1, &fence_), "vkResetFences");
        VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        info.commandBufferCount = 1;
        info.pCommandBuffers = &cmd_;
        check(vkQueueSubmit(context->queue(), 1, &info, fence_), "vkQueueSubmit");
    }
    // Waits for the submitted frame; its GPU time, ms.
    double wait() {
        check(vkWaitForFences(context->device(), 1, &fence_, VK_TRUE, 600'000'000'000ull), "vkWaitForFences");
        uint64_t ticks[2] = {};
        check(vkGetQueryPoolResults(context->device(), queries_, 0, 2, sizeof(ticks), ticks, sizeof(uint64_t),
                                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
              "vkGetQueryPoolResults");
        return double(ticks[1] - ticks[0]) * context->timestampPeriodNs() * 1e-6;
    }

    std::shared_ptr<billow::Context> context;
    Options options;

private:
    VkCommandPool pool_ = VK_NULL_HANDLE;
    VkCommandBuffer cmd_ = VK_NULL_HANDLE;
    VkQueryPool queries_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// What a whole step of `solver` costs on the GPU (median ms over the repeats after warm-up), and
// the longest host call `read()` made while each step was in flight (microseconds).
struct StepTimes {
    double medianMs = 0.0;
    double longestReadUs = 0.0;
};
template <class Solver, class Read>
StepTimes timeSteps(Bench& bench, Solver& solver, float dt, Read read) {
    std::vector<double> ms;
    double longest = 0.0;
    for (uint32_t k = 0; k < bench.options.warmup + bench.options.repeat; ++k) {
        bench.submit([&](VkCommandBuffer cmd) { solver.record(cmd, dt); });
        const auto start = std::chrono::steady_clock::now();
        read();
        const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        const double gpu = bench.wait();
        if (k >= bench.options.warmup) {
            ms.push_back(gpu);
            longest = std::max(longest, us);
        }
    }
    return {median(ms), longest};
}

std::vector<billow::ProbePoint> randomProbes(uint32_t count, std::array<float, 3> extent) {
    std::mt19937 rng(count);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<billow::ProbePoint> points(count);
    for (auto& p : points) p = {unit(rng) * extent[0], unit(rng) * extent[1], unit(rng) * extent[2]};
    return points;
}

// One JSON line: the step without and with the feature, and what reading its results cost the host.
void printCase(const Bench& bench, const char* feature, const char* solver, uint32_t size, uint32_t items,
               const StepTimes& off, const StepTimes& on) {
    std::printf("{\"case\": \"%s\", \"solver\": \"%s\", \"device\": \"%s\", \"size\": %u, \"items\": %u, \"repeat\": %u, "
                "\"step_ms_without\": %.4f, \"step_ms_with\": %.4f, \"added_ms\": %.4f, \"longest_read_us\": %.1f}\n",
                feature, solver, bench.context->deviceInfo().name.c_str(), size, items, bench.options.repeat,
                off.medianMs, on.medianMs, on.medianMs - off.medianMs, on.longestReadUs);
    std::fflush(stdout);
}

// Probes: 1024 and 65536 random points on the 2D and 3D smoke solvers. The baseline reads
// probeResults() too (nullopt: no probes), so both sides time the same host call.
template <class Solver, class Settings>
void probesOn(Bench& bench, const char* name, const Settings& settings, uint32_t size, std::array<float, 3> extent) {
    Solver solver(bench.context, settings);
    const auto read = [&] { (void)solver.probeResults(); };
    const float dt = 1.0f / 60.0f;
    for (uint32_t count : {1024u, 65536u}) {
        solver.setProbes({});
        const StepTimes off = timeSteps(bench, solver, dt, read);
        solver.setProbes(randomProbes(count, extent));
        const StepTimes on = timeSteps(bench, solver, dt, read);
        printCase(bench, "probes", name, size, count, off, on);
    }
}

void probes(Bench& bench) {
    billow::SmokeSettings s2;
    s2.nx = s2.ny = bench.options.size2d;
    s2.cellSize = 1.0f / float(s2.nx);
    s2.boundaries[3].type = billow::BoundaryType::Outflow;
    probesOn<billow::SmokeSolver>(bench, "smoke2d", s2, s2.nx, {1.0f, 1.0f, 0.0f});
    billow::SmokeSettings3D s3;
    s3.nx = s3.ny = s3.nz = bench.options.size3d;
    s3.cellSize = 1.0f / float(s3.nx);
    s3.boundaries[3].type = billow::BoundaryType::Outflow;
    probesOn<billow::SmokeSolver3D>(bench, "smoke3d", s3, s3.nx, {1.0f, 1.0f, 1.0f});
}

// The engine's particle buffers: device-local float4 positions (random in the domain) and
// velocities (0), filled once through a staging buffer.
class EngineParticleBuffers {
public:
    EngineParticleBuffers(Bench& bench, uint32_t count, std::array<float, 3> extent) : device_(bench.context->device()) {
        const VkDeviceSize bytes = VkDeviceSize(count) * 16;
        std::vector<float> positions(size_t(count) * 4);
        std::mt19937 rng(count);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        for (size_t k = 0; k < count; ++k)
            for (int a = 0; a < 3; ++a) positions[4 * k + a] = unit(rng) * extent[a];
        const VkPhysicalDevice physical = bench.context->physicalDevice();
        positions_ = make(physical, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                          VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        velocities_ = make(physical, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        Buffer staging = make(physical, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
        void* mapped = nullptr;
        check(vkMapMemory(device_, staging.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
        std::memcpy(mapped, positions.data(), size_t(bytes));
        vkUnmapMemory(device_, staging.memory);
        bench.submit([&](VkCommandBuffer cmd) {
            const VkBufferCopy copy{0, 0, bytes};
            vkCmdCopyBuffer(cmd, staging.buffer, positions_.buffer, 1, &copy);
            vkCmdFillBuffer(cmd, velocities_.buffer, 0, bytes, 0u);
            // The copies before the solvers' compute reads and writes.
            VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
            vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier,
                                 0, nullptr, 0, nullptr);
        });
        bench.wait();
        destroy(staging);
    }
    ~EngineParticleBuffers() {
        vkDeviceWaitIdle(device_);
        destroy(positions_);
        destroy(velocities_);
    }
    EngineParticleBuffers(const EngineParticleBuffers&) = delete;
    EngineParticleBuffers& operator=(const EngineParticleBuffers&) = delete;

    billow::ParticleBuffers buffers(uint32_t count) const { return {positions_.buffer, 0, velocities_.buffer, 0, count}; }

private:
    struct Buffer {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceMemory memory = VK_NULL_HANDLE;
    };
    Buffer make(VkPhysicalDevice physical, VkDeviceSize bytes, VkBufferUsageFlags usage, VkMemoryPropertyFlags flags) {
        Buffer b;
        VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        info.size = bytes;
        info.usage = usage;
        check(vkCreateBuffer(device_, &info, nullptr, &b.buffer), "vkCreateBuffer");
        VkMemoryRequirements requirements{};
        vkGetBufferMemoryRequirements(device_, b.buffer, &requirements);
        VkPhysicalDeviceMemoryProperties properties{};
        vkGetPhysicalDeviceMemoryProperties(physical, &properties);
        uint32_t type = UINT32_MAX;
        for (uint32_t i = 0; i < properties.memoryTypeCount && type == UINT32_MAX; ++i)
            if ((requirements.memoryTypeBits & (1u << i)) && (properties.memoryTypes[i].propertyFlags & flags) == flags) type = i;
        if (type == UINT32_MAX) throw std::runtime_error("no memory type for the particle buffers");
        VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        allocate.allocationSize = requirements.size;
        allocate.memoryTypeIndex = type;
        check(vkAllocateMemory(device_, &allocate, nullptr, &b.memory), "vkAllocateMemory");
        check(vkBindBufferMemory(device_, b.buffer, b.memory, 0), "vkBindBufferMemory");
        return b;
    }
    void destroy(Buffer& b) {
        if (b.buffer) vkDestroyBuffer(device_, b.buffer, nullptr);
        if (b.memory) vkFreeMemory(device_, b.memory, nullptr);
        b = {};
    }

    VkDevice device_;
    Buffer positions_, velocities_;
};

// Particles: heavy ones (drag 4 1/s, a tenth of gravity, velocity buffer), the costlier kind, on
// the 2D and 3D smoke solvers. The baseline reads particleReport() too (nullopt: no particles).
template <class Solver, class Settings>
void particlesOn(Bench& bench, const char* name, const Settings& settings, uint32_t size, std::array<float, 3> extent) {
    const std::vector<uint32_t> counts = bench.options.quick ? std::vector<uint32_t>{4096u}
                                                             : std::vector<uint32_t>{1024u, 65536u, 1u << 20};
    EngineParticleBuffers engine(bench, counts.back(), extent);
    Solver solver(bench.context, settings);
    const auto read = [&] { (void)solver.particleReport(); };
    const float dt = 1.0f / 60.0f;
    for (uint32_t count : counts) {
        solver.clearParticles();
        const StepTimes off = timeSteps(bench, solver, dt, read);
        solver.setParticles(engine.buffers(count), {4.0f, 0.1f});
        const StepTimes on = timeSteps(bench, solver, dt, read);
        printCase(bench, "particles", name, size, count, off, on);
    }
}

void particles(Bench& bench) {
    billow::SmokeSettings s2;
    s2.nx = s2.ny = bench.options.size2d;
    s2.cellSize = 1.0f / float(s2.nx);
    s2.boundaries[3].type = billow::BoundaryType::Outflow;
    particlesOn<billow::SmokeSolver>(bench, "smoke2d", s2, s2.nx, {1.0f, 1.0f, 0.0f});
    billow::SmokeSettings3D s3;
    s3.nx = s3.ny = s3.nz = bench.options.size3d;
    s3.cellSize = 1.0f / float(s3.nx);
    s3.boundaries[3].type = billow::BoundaryType::Outflow;
    particlesOn<billow::SmokeSolver3D>(bench, "smoke3d", s3, s3.nx, {1.0f, 1.0f, 1.0f});
}

struct Feature {
    const char* name;
    std::function<void(Bench&)> run;
};
const Feature kFeatures[] = {
    {"probes", probes},
    {"particles", particles},
};

} // namespace

int main(int argc, char** argv) {
    try {
        const Options o = parse(argc, argv);
        Bench bench(billow::Context::createStandalone(), o);
        for (const std::string& name : o.features) {
            const auto it = std::find_if(std::begin(kFeatures), std::end(kFeatures), [&](const Feature& f) { return name == f.name; });
            if (it == std::end(kFeatures)) throw std::runtime_error("unknown feature " + name);
            it->run(bench);
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "feedback_bench: %s\n", e.what());
        return 1;
    }
}
