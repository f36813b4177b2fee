#include "volume_frame.hpp"

#include <string>

#include "billow/error.hpp"

namespace billow::vdb {
namespace {

void checkFaceCount(const char* name, std::span<const float> faces, size_t expected) {
    if (faces.size() != expected)
        throw InvalidArgument(std::string("cellCentredVelocity: ") + name,
                              "has " + std::to_string(faces.size()) + " values; the faces number " + std::to_string(expected));
}

} // namespace

CellVelocity cellCentredVelocity(uint32_t nx, uint32_t ny, uint32_t nz, std::span<const float> u,
                                 std::span<const float> v, std::span<const float> w) {
    const size_t sx = nx, sy = ny, sz = nz;
    checkFaceCount("u", u, (sx + 1) * sy * sz);
    checkFaceCount("v", v, sx * (sy + 1) * sz);
    checkFaceCount("w", w, sx * sy * (sz + 1));
    CellVelocity cell{std::vector<float>(sx * sy * sz), std::vector<float>(sx * sy * sz), std::vector<float>(sx * sy * sz)};
    size_t c = 0;
    for (size_t k = 0; k < sz; ++k)
        for (size_t j = 0; j < sy; ++j)
            for (size_t i = 0; i < sx; ++i, ++c) {
                const size_t xFace = i + (sx + 1) * (j + sy * k);  // the face at i h; +1 is at (i+1) h
                const size_t yFace = i + sx * (j + (sy + 1) * k);  // +nx is the face above
                const size_t zFace = i + sx * (j + sy * k);        // +nx*ny is the face in front
                cell.x[c] = 0.5f * (u[xFace] + u[xFace + 1]);
                cell.y[c] = 0.5f * (v[yFace] + v[yFace + sx]);
                cell.z[c] = 0.5f * (w[zFace] + w[zFace + sx * sy]);
            }
    return cell;
}

VolumeFrame downloadVolumeFrame(SmokeSolver3D& solver, const std::array<double, 3>& origin, std::optional<double> time,
                                const FrameFields& fields) {
    const SmokeSettings3D& settings = solver.settings();
    VolumeFrame frame;
    frame.nx = settings.nx;
    frame.ny = settings.ny;
    frame.nz = settings.nz;
    frame.cellSize = settings.cellSize;
    frame.origin = origin;
    frame.temperatureBackground = settings.ambientTemperature;
    frame.time = time;
    if (fields.density) frame.density = solver.download(SmokeField3D::Density);
    if (fields.temperature) frame.temperature = solver.download(SmokeField3D::Temperature);
    if (fields.fuel) frame.fuel = solver.download(SmokeField3D::Fuel);
    if (fields.solid) frame.solid = solver.download(SmokeField3D::Solid);
    if (fields.velocity) {
        CellVelocity cell = cellCentredVelocity(settings.nx, settings.ny, settings.nz, solver.download(SmokeField3D::VelocityX),
                                                solver.download(SmokeField3D::VelocityY), solver.download(SmokeField3D::VelocityZ));
        frame.velocityX = std::move(cell.x);
        frame.velocityY = std::move(cell.y);
        frame.velocityZ = std::move(cell.z);
    }
    return frame;
}

} // namespace billow::vdb
