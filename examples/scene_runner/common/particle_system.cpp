#include "common/particle_system.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "common/file_io.hpp"

namespace billow::scene {

namespace {

void check(VkResult result, const char* what) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string("particles: ") + what + " failed (" + std::to_string(int(result)) + ")");
}

uint32_t memoryType(VkPhysicalDevice physical, uint32_t bits, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties properties{};
    vkGetPhysicalDeviceMemoryProperties(physical, &properties);
    for (uint32_t i = 0; i < properties.memoryTypeCount; ++i)
        if ((bits & (1u << i)) && (properties.memoryTypes[i].propertyFlags & flags) == flags) return i;
    throw std::runtime_error("particles: no host-visible memory");
}

} // namespace

ParticleSystem::ParticleSystem(std::shared_ptr<Context> context, const ParticlePlan& plan, int dims)
    : context_(std::move(context)), plan_(plan), dims_(dims) {
    try {
        positions_ = makeBuffer();
        if (plan_.drag > 0.0f) velocities_ = makeBuffer();
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.queueFamilyIndex = context_->queueFamilyIndex();
        check(vkCreateCommandPool(context_->device(), &poolInfo, nullptr, &pool_), "vkCreateCommandPool");
    } catch (...) {
        destroy(positions_);
        destroy(velocities_);
        throw;
    }
}

ParticleSystem::~ParticleSystem() {
    // The runner's steps were waited for; the buffers are idle.
    destroy(positions_);
    destroy(velocities_);
    if (pool_) vkDestroyCommandPool(context_->device(), pool_, nullptr);
}

ParticleSystem::Buffer ParticleSystem::makeBuffer() {
    VkDevice device = context_->device();
    Buffer b;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = VkDeviceSize(plan_.count) * 16;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    check(vkCreateBuffer(device, &info, nullptr, &b.buffer), "vkCreateBuffer");
    VkMemoryRequirements requirements{};
    vkGetBufferMemoryRequirements(device, b.buffer, &requirements);
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = memoryType(context_->physicalDevice(), requirements.memoryTypeBits,
                                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    const VkResult allocated = vkAllocateMemory(device, &allocate, nullptr, &b.memory);
    if (allocated != VK_SUCCESS) {
        vkDestroyBuffer(device, b.buffer, nullptr);
        check(allocated, "vkAllocateMemory");
    }
    void* mapped = nullptr;
    check(vkBindBufferMemory(device, b.buffer, b.memory, 0), "vkBindBufferMemory");
    check(vkMapMemory(device, b.memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
    b.mapped = static_cast<std::array<float, 4>*>(mapped);
    return b;
}

void ParticleSystem::destroy(Buffer& b) {
    VkDevice device = context_->device();
    if (b.buffer) vkDestroyBuffer(device, b.buffer, nullptr);
    if (b.memory) vkFreeMemory(device, b.memory, nullptr);
    b = {};
}

ParticleBuffers ParticleSystem::buffers() const {
    const uint32_t active = static_cast<uint32_t>(std::min<uint64_t>(released_, plan_.count));
    return {positions_.buffer, 0, velocities_.buffer, 0, active};
}

void ParticleSystem::release(double until) {
    // Capped so that a tiny lifetime cannot overflow the count (only the last `count` matter).
    const uint64_t due = static_cast<uint64_t>(std::min(std::floor(until * plan_.count / plan_.lifetime), 1e18));
    std::uniform_real_distribution<float> unit(0.0f, 1.0f), jitter(-1.0f, 1.0f);
    // At most one generation per step: a slot released twice in one step would lose the first.
    for (uint64_t k = std::max(released_, due > plan_.count ? due - plan_.count : 0); k < due; ++k) {
        const uint64_t slot = k % plan_.count;
        std::array<float, 4> p{0.0f, 0.0f, 0.0f, 0.0f};
        for (int a = 0; a < dims_; ++a) p[a] = plan_.min[a] + unit(rng_) * (plan_.max[a] - plan_.min[a]);
        // The release time, from the particle's place in the steady stream.
        p[3] = static_cast<float>(double(k) * plan_.lifetime / plan_.count);
        positions_.mapped[slot] = p;
        if (velocities_.mapped) {
            std::array<float, 4> v{0.0f, 0.0f, 0.0f, 0.0f};
            for (int a = 0; a < dims_; ++a) v[a] = plan_.velocity[a] + plan_.spread * jitter(rng_);
            velocities_.mapped[slot] = v;
        }
    }
    released_ = std::max(released_, due);
}

void ParticleSystem::makeVisibleToHost() {
    VkDevice device = context_->device();
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = pool_;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    check(vkAllocateCommandBuffers(device, &allocate, &cmd), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    // What Solver::recordReleaseBarrier records: the solver's compute writes -> the host's reads.
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                         nullptr, 0, nullptr);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    check(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    const VkResult submitted = vkQueueSubmit(context_->queue(), 1, &submit, fence);
    const VkResult waited = submitted == VK_SUCCESS
                                ? vkWaitForFences(device, 1, &fence, VK_TRUE, uint64_t(context_->waitTimeoutSeconds() * 1e9))
                                : submitted;
    vkDestroyFence(device, fence, nullptr);
    vkFreeCommandBuffers(device, pool_, 1, &cmd);
    check(submitted, "vkQueueSubmit");
    check(waited, "vkWaitForFences");
}

std::vector<ParticleSystem::Alive> ParticleSystem::alive(double time) {
    makeVisibleToHost();
    std::vector<Alive> out;
    const uint32_t active = buffers().count;
    for (uint32_t k = 0; k < active; ++k) {
        const std::array<float, 4>& p = positions_.mapped[k];
        out.push_back({{p[0], p[1], p[2]}, std::max(0.0f, float(time) - p[3])});
    }
    return out;
}

void ParticleSystem::writeNpy(const std::string& path, double time) {
    const std::vector<Alive> particles = alive(time);
    std::vector<float> values;
    for (const Alive& a : particles) values.insert(values.end(), {a.position[0], a.position[1], a.position[2], a.age});
    scene::writeNpy(path, {uint64_t(particles.size()), 4}, values);
}

void ParticleSystem::blend(Picture& picture, int x, int y, float age) const {
    if (x < 0 || y < 0 || x >= int(picture.width) || y >= int(picture.height)) return;
    // Newly released: the plan's colour; fading out over the lifetime.
    const float alpha = std::clamp(1.0f - age / plan_.lifetime, 0.0f, 1.0f);
    uint8_t* rgb = &picture.rgb[3 * (size_t(y) * picture.width + size_t(x))];
    for (int c = 0; c < 3; ++c) {
        const float target = std::clamp(plan_.colour[c], 0.0f, 1.0f) * 255.0f;
        rgb[c] = uint8_t(std::lround(rgb[c] + alpha * (target - rgb[c])));
    }
}

void ParticleSystem::drawOnGrid(Picture& picture, float width, double time) {
    const float h = width / float(picture.width);
    for (const Alive& a : alive(time)) {
        const int i = int(std::floor(a.position[0] / h)), j = int(std::floor(a.position[1] / h));
        blend(picture, i, int(picture.height) - 1 - j, a.age);
    }
}

void ParticleSystem::drawProjected(Picture& picture, const VolumeCamera& camera, double time) {
    const auto apply = [](const Matrix4& m, const std::array<double, 4>& v) {
        std::array<double, 4> out{};
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) out[r] += double(m[c * 4 + r]) * v[c];  // column-major
        return out;
    };
    const int radius = int(plan_.dotSize);
    for (const Alive& a : alive(time)) {
        const std::array<double, 4> clip =
            apply(camera.projection, apply(camera.view, {a.position[0], a.position[1], a.position[2], 1.0}));
        if (clip[3] <= 1e-9) continue;  // behind the camera
        const double x = (clip[0] / clip[3] * 0.5 + 0.5) * picture.width, y = (clip[1] / clip[3] * 0.5 + 0.5) * picture.height;
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx)
                if (dx * dx + dy * dy <= radius * radius) blend(picture, int(std::floor(x)) + dx, int(std::floor(y)) + dy, a.age);
    }
}

} // namespace billow::scene
