#include "velocity_mask.hpp"

#include <openvdb/openvdb.h>
#include <openvdb/tools/Morphology.h>

#include "cell_layout.hpp"

namespace billow::vdb::detail {

// The cells of smoke, fuel or flame as an OpenVDB mask in Billow's cell coordinates, dilated
// `dilation` times by the 26-neighbourhood: the cube of side 2 dilation + 1 around each. A mask
// rather than passes over the frame's own cells: on bricks the cube reaches across missing
// bricks (a diagonal neighbour brick is near smoke although the bricks between are not there).
std::vector<bool> velocityNeighbourhood(const VolumeFrame& frame) {
    const CellLayout layout(frame);
    const size_t values = layout.values();
    if (frame.density.empty() && frame.fuel.empty() && frame.temperature.empty()) return std::vector<bool>(values, true);
    openvdb::initialize();
    const double threshold = frame.velocityMask.threshold;
    openvdb::MaskGrid mask(false);
    auto accessor = mask.getAccessor();
    layout.forEachCell([&](const std::array<uint32_t, 3>& cell, size_t c) {
        const bool smoke = !frame.density.empty() && double(frame.density[c]) >= threshold;
        const bool fuel = !frame.fuel.empty() && double(frame.fuel[c]) >= threshold;
        const bool flame = !frame.temperature.empty() && double(frame.temperature[c]) - double(frame.temperatureBackground) >= threshold;
        if (smoke || fuel || flame) accessor.setValueOn(openvdb::Coord(int(cell[0]), int(cell[1]), int(cell[2])));
    });
    if (frame.velocityMask.dilation > 0)
        openvdb::tools::dilateActiveValues(mask.tree(), int(frame.velocityMask.dilation), openvdb::tools::NN_FACE_EDGE_VERTEX,
                                           openvdb::tools::EXPAND_TILES);
    std::vector<bool> near(values, false);
    const auto read = mask.getConstAccessor();
    layout.forEachCell([&](const std::array<uint32_t, 3>& cell, size_t c) {
        near[c] = read.isValueOn(openvdb::Coord(int(cell[0]), int(cell[1]), int(cell[2])));
    });
    return near;
}

} // namespace billow::vdb::detail
