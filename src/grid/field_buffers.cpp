#include "grid/field_buffers.hpp"

#include <vector>

namespace billow::detail {

GpuBuffer fieldBufferOfBytes(ContextState& context, VkDeviceSize bytes) {
    GpuBuffer buffer(context, bytes, kFieldUsage, GpuBuffer::Kind::DeviceLocal);
    fillZero(context, buffer.handle(), buffer.size());
    return buffer;
}

GpuBuffer fieldBuffer(ContextState& context, size_t floats) { return fieldBufferOfBytes(context, floats * sizeof(float)); }

void makePingPongOfBytes(ContextState& context, PingPong& pair, VkDeviceSize bytes, int copies) {
    if (copies != 2 && copies != 3) throw Error("internal: a ping-pong pair has 2 or 3 copies");
    for (int c = 0; c < copies; ++c) pair.copies[c] = fieldBufferOfBytes(context, bytes);
}

void makePingPong(ContextState& context, PingPong& pair, size_t floats, int copies) {
    makePingPongOfBytes(context, pair, floats * sizeof(float), copies);
}

VkDeviceSize addScratchCopies(ContextState& context, std::initializer_list<PingPong*> pairs) {
    std::vector<GpuBuffer> made;
    made.reserve(pairs.size());
    for (PingPong* p : pairs)
        made.push_back(p->hasScratch() ? GpuBuffer() : fieldBufferOfBytes(context, p->copies[0].size()));
    VkDeviceSize bytes = 0;
    size_t i = 0;
    for (PingPong* p : pairs) {
        GpuBuffer& b = made[i++];
        if (b.handle() == VK_NULL_HANDLE) continue;
        bytes += b.size();
        p->copies[2] = std::move(b);
    }
    return bytes;
}

} // namespace billow::detail
