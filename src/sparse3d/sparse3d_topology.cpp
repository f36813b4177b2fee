// The Topology pass: which bricks exist, decided on the GPU every step. TODO(topology helper):
// the wanted-brick marking, allocation from the free list, retirement, the active list and the
// indirect dispatch, the pool report, growPool.
#include <numeric>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

void SparseSmokeSolver3D::Impl::createTopology() {
    constexpr VkBufferUsageFlags usage = detail::kFieldUsage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
    auto make = [&](VkDeviceSize bytes) {
        GpuBuffer b(cs, bytes, usage, GpuBuffer::Kind::DeviceLocal);
        detail::fillZero(cs, b.handle(), b.size());
        return b;
    };
    topology.brickMap = make(virtualBricks() * sizeof(uint32_t));
    topology.brickCoords = make(VkDeviceSize(capacity) * sizeof(gpu::ivec4));
    topology.neighbours = make(VkDeviceSize(capacity) * 6 * sizeof(uint32_t));
    topology.activeList = make(VkDeviceSize(capacity) * sizeof(gpu::ivec4));
    topology.freeList = make(VkDeviceSize(capacity) * sizeof(uint32_t));
    topology.header = make(sizeof(gpu::SparseTopologyHeader));
    fixedBytes += topology.brickMap.size() + topology.header.size();
    brickBytes += (topology.brickCoords.size() + topology.neighbours.size() + topology.activeList.size() +
                   topology.freeList.size()) / capacity;
    // Every brick missing, every slot free (popped from the top: slot 0 first).
    std::vector<uint32_t> missing(virtualBricks(), BILLOW_NO_BRICK);
    detail::uploadBytes(cs, topology.brickMap.handle(), std::as_bytes(std::span(missing)));
    std::vector<uint32_t> freeSlots(capacity);
    for (uint32_t k = 0; k < capacity; ++k) freeSlots[k] = capacity - 1 - k;
    detail::uploadBytes(cs, topology.freeList.handle(), std::as_bytes(std::span(freeSlots)));
    std::vector<gpu::ivec4> coords(capacity, gpu::ivec4{0, 0, 0, BILLOW_SLOT_FREE});
    detail::uploadBytes(cs, topology.brickCoords.handle(), std::as_bytes(std::span(coords)));
    gpu::SparseTopologyHeader header{};
    header.dispatchY = header.dispatchZ = 1;
    header.freeCount = header.capacity = capacity;
    detail::uploadBytes(cs, topology.header.handle(), std::as_bytes(std::span(&header, 1)));
}

void SparseSmokeSolver3D::Impl::recordTopology(VkCommandBuffer, float) {}

std::optional<SparsePoolReport> SparseSmokeSolver3D::Impl::readPoolReport() const { return std::nullopt; }

void SparseSmokeSolver3D::growPool(uint32_t) { throw Error("growPool: not yet"); }

} // namespace billow
