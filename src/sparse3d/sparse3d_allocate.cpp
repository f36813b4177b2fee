// allocateBricks: bricks allocated from the host between frames (blocking). The GPU's topology is
// read, changed on the host by the same rules the Topology pass follows (sparse3d_topology.cpp:
// slots in brick-map order from the free list's top, the active list in slot order, new bricks
// filled by its kernels), and written back.
#include <algorithm>
#include <set>
#include <string>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

void SparseSmokeSolver3D::Impl::writeNeighbours(const std::vector<uint32_t>& map, const std::vector<gpu::ivec4>& active) {
    std::vector<uint32_t> neighbours(size_t(capacity) * 6, BILLOW_NO_BRICK);
    for (const gpu::ivec4& a : active) {
        const int b[3] = {a.x, a.y, a.z};
        for (int k = 0; k < 6; ++k) {
            int n[3] = {b[0], b[1], b[2]};
            n[k / 2] += (k % 2 == 0) ? -1 : 1;
            bool inside = true;
            for (int axis = 0; axis < 3; ++axis) inside = inside && n[axis] >= 0 && n[axis] < int(bricks[axis]);
            if (inside) neighbours[size_t(a.w) * 6 + k] = map[n[0] + size_t(bricks[0]) * (n[1] + size_t(bricks[1]) * n[2])];
        }
    }
    detail::uploadBytes(cs, topology.neighbours.handle(), std::as_bytes(std::span(neighbours)));
}

void SparseSmokeSolver3D::allocateBricks(std::span<const std::array<uint32_t, 3>> wanted) {
    const auto held = use("allocateBricks");
    Impl& s = *held;
    for (size_t k = 0; k < wanted.size(); ++k)
        for (int a = 0; a < 3; ++a)
            if (wanted[k][a] >= s.bricks[a])
                throw InvalidArgument("allocateBricks: bricks[" + std::to_string(k) + "][" + std::to_string(a) + "]",
                                      "must be below the brick grid's " + std::to_string(s.bricks[a]) + " (got " +
                                          std::to_string(wanted[k][a]) + ")");
    s.cs.waitIdle();
    auto download = [&](const GpuBuffer& b, auto& out) { detail::downloadBytes(s.cs, b.handle(), std::as_writable_bytes(std::span(out))); };
    gpu::SparseTopologyHeader header{};
    detail::downloadBytes(s.cs, s.topology.header.handle(), std::as_writable_bytes(std::span(&header, 1)));
    std::vector<uint32_t> map(s.virtualBricks()), freeList(s.capacity);
    std::vector<gpu::ivec4> coords(s.capacity), active(s.capacity);
    download(s.topology.brickMap, map);
    download(s.topology.freeList, freeList);
    download(s.topology.brickCoords, coords);
    download(s.topology.activeList, active);
    active.resize(std::min(header.activeCount, s.capacity));

    auto mapIndex = [&](const std::array<uint32_t, 3>& b) { return b[0] + size_t(s.bricks[0]) * (b[1] + size_t(s.bricks[1]) * b[2]); };
    std::set<size_t> fresh;
    for (const auto& b : wanted)
        if (map[mapIndex(b)] == BILLOW_NO_BRICK) fresh.insert(mapIndex(b));
    if (fresh.size() > header.freeCount)
        throw InvalidArgument("allocateBricks: bricks", std::to_string(fresh.size()) + " new bricks but the pool has " +
                                                            std::to_string(header.freeCount) + " free slots (growPool)");
    // As the Topology pass allocates: new bricks in brick-map order take the free slots from the
    // top of the stack (the lowest first); the active list stays in slot order.
    std::vector<gpu::ivec4> added;
    for (const size_t m : fresh) {
        const int b[3] = {int(m % s.bricks[0]), int(m / s.bricks[0] % s.bricks[1]), int(m / (size_t(s.bricks[0]) * s.bricks[1]))};
        const uint32_t slot = freeList[--header.freeCount];
        map[m] = slot;
        coords[slot] = gpu::ivec4{b[0], b[1], b[2], 0};
        active.push_back(gpu::ivec4{b[0], b[1], b[2], int(slot)});
        added.push_back(active.back());
    }
    std::sort(active.begin(), active.end(), [](const gpu::ivec4& a, const gpu::ivec4& b) { return a.w < b.w; });
    header.activeCount = header.dispatchX = uint32_t(active.size());
    detail::uploadBytes(s.cs, s.topology.brickMap.handle(), std::as_bytes(std::span(map)));
    detail::uploadBytes(s.cs, s.topology.brickCoords.handle(), std::as_bytes(std::span(coords)));
    active.resize(s.capacity);
    detail::uploadBytes(s.cs, s.topology.activeList.handle(), std::as_bytes(std::span(active)));
    active.resize(header.activeCount);
    s.writeNeighbours(map, active);
    detail::uploadBytes(s.cs, s.topology.header.handle(), std::as_bytes(std::span(&header, 1)));
    // Open air in the new slots (every copy of every pool: the next pass may read either), the
    // faces they share with bricks allocated before copied from those: the Topology pass's fill.
    s.fillNewFromHost(added);
}

} // namespace billow
