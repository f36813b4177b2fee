// The scene's particles as an engine would own them (docs/particles.md): host-visible storage
// buffers of float4 positions and velocities, made with the plain Vulkan loader on the solver's
// device, handed to the solver every step (setParticles). Particles are released from the plan's
// box at a steady rate, count / lifetime per second, each slot reused once its particle has lived
// `lifetime`; w holds the release time. The runner's steps are blocking, so the host writes new
// particles between them; before reading them (pictures, .npy files) it records the barrier that
// makes the solver's writes visible to the host.
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <billow/context.hpp>
#include <billow/particles.hpp>
#include <billow/volume_renderer.hpp>

#include "common/particle_plan.hpp"
#include "common/pictures.hpp"

namespace billow::scene {

class ParticleSystem {
public:
    // `dims` 2 (smoke, water) or 3.
    ParticleSystem(std::shared_ptr<Context> context, const ParticlePlan& plan, int dims);
    ~ParticleSystem();
    ParticleSystem(const ParticleSystem&) = delete;
    ParticleSystem& operator=(const ParticleSystem&) = delete;

    // Releases the particles due by `until` (s), then hands `solver` the buffers.
    template <class Solver>
    void beforeStep(Solver& solver, double until) {
        release(until);
        solver.setParticles(buffers(), settings());
    }

    struct Alive {
        std::array<float, 3> position;
        float age;  // s
    };
    // The particles alive at `time` (blocking: a barrier submission first).
    std::vector<Alive> alive(double time);
    // Writes them as an .npy array of shape (alive, 4): x, y, z, age.
    void writeNpy(const std::string& path, double time);
    // Dots on a picture of the domain (`width` m across its columns, first row at the top): one
    // pixel each.
    void drawOnGrid(Picture& picture, float width, double time);
    // Dots projected through `camera` onto a rendered picture (Vulkan clip space, y down).
    void drawProjected(Picture& picture, const VolumeCamera& camera, double time);

private:
    ParticleBuffers buffers() const;
    ParticleSettings settings() const { return {plan_.drag, plan_.gravityScale}; }
    void release(double until);
    void makeVisibleToHost();
    // Blends the plan's colour, faded by age, into pixel (x, y).
    void blend(Picture& picture, int x, int y, float age) const;

    std::shared_ptr<Context> context_;
    ParticlePlan plan_;
    int dims_;
    std::mt19937 rng_{20240601u};
    uint64_t released_ = 0;
    struct Buffer {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceMemory memory = VK_NULL_HANDLE;
        std::array<float, 4>* mapped = nullptr;
    };
    Buffer positions_, velocities_;
    VkCommandPool pool_ = VK_NULL_HANDLE;

    Buffer makeBuffer();
    void destroy(Buffer& b);
};

} // namespace billow::scene
