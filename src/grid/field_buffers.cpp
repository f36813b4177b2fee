#include "grid/field_buffers.hpp"

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

} // namespace billow::detail
