#include "image/image_sources.hpp"

#include <string>

#include "billow/error.hpp"
#include "billow/smoke3d_solver.hpp"
#include "billow/smoke_solver.hpp"
#include "billow/water_solver.hpp"

namespace billow {

const char* imageName(SmokeImage quantity) noexcept {
    switch (quantity) {
    case SmokeImage::Dye: return "Dye";
    case SmokeImage::Density: return "Density";
    case SmokeImage::Temperature: return "Temperature";
    case SmokeImage::Velocity: return "Velocity";
    case SmokeImage::Speed: return "Speed";
    case SmokeImage::Vorticity: return "Vorticity";
    case SmokeImage::Pressure: return "Pressure";
    case SmokeImage::Divergence: return "Divergence";
    }
    return "unknown";
}

const char* imageName(Smoke3DImage quantity) noexcept {
    switch (quantity) {
    case Smoke3DImage::Density: return "Density";
    case Smoke3DImage::Temperature: return "Temperature";
    case Smoke3DImage::Flame: return "Flame";
    case Smoke3DImage::Fuel: return "Fuel";
    case Smoke3DImage::Colour: return "Colour";
    case Smoke3DImage::Velocity: return "Velocity";
    case Smoke3DImage::Speed: return "Speed";
    case Smoke3DImage::Vorticity: return "Vorticity";
    case Smoke3DImage::Pressure: return "Pressure";
    }
    return "unknown";
}

const char* imageName(WaterImage quantity) noexcept {
    switch (quantity) {
    case WaterImage::Depth: return "Depth";
    case WaterImage::Terrain: return "Terrain";
    case WaterImage::SurfaceHeight: return "SurfaceHeight";
    case WaterImage::Velocity: return "Velocity";
    case WaterImage::Speed: return "Speed";
    case WaterImage::Dye: return "Dye";
    case WaterImage::Sediment: return "Sediment";
    }
    return "unknown";
}

} // namespace billow

namespace billow::detail {

namespace {

[[noreturn]] void unknownQuantity(uint32_t value) {
    throw InvalidArgument("FieldImage: quantity", "unknown quantity " + std::to_string(value));
}

// Fills the unread sources with source 0, so every binding of the pass holds a valid buffer.
ImageSource finish(ImageSource source) {
    for (VkBuffer& buffer : source.buffers)
        if (!buffer) buffer = source.buffers[0];
    return source;
}

} // namespace

ImageSource imageSource(const SmokeSolver& solver, SmokeImage quantity) {
    const SmokeSettings& s = solver.settings();  // Error on a moved-from solver
    ImageSource source;
    source.dimensions = 2;
    source.size = {s.nx, s.ny, 1};
    source.inverseCellSize = 1.0f / s.cellSize;
    auto cells = [&](SmokeField field) {
        source.mode = PublishMode::CellScalar;
        source.buffers[0] = solver.buffer(field);
    };
    auto faces = [&](PublishMode mode) {
        source.mode = mode;
        source.buffers = {solver.buffer(SmokeField::VelocityX), solver.buffer(SmokeField::VelocityY), VK_NULL_HANDLE};
    };
    switch (quantity) {
    case SmokeImage::Dye:
        source.size = {s.effectiveDyeNx(), s.effectiveDyeNy(), 1};
        source.mode = s.dyeStorage == DyeStorage::Float16 ? PublishMode::CellQuadHalf : PublishMode::CellQuad;
        source.buffers[0] = solver.buffer(SmokeField::Dye);
        source.premultiply = true;
        break;
    case SmokeImage::Density: cells(SmokeField::Density); break;
    case SmokeImage::Temperature: cells(SmokeField::Temperature); break;
    case SmokeImage::Velocity: faces(PublishMode::FaceVelocity); break;
    case SmokeImage::Speed: faces(PublishMode::FaceSpeed); break;
    case SmokeImage::Vorticity: faces(PublishMode::FaceVorticity); break;
    case SmokeImage::Pressure: cells(SmokeField::Pressure); break;
    case SmokeImage::Divergence: cells(SmokeField::Divergence); break;
    default: unknownQuantity(uint32_t(quantity));
    }
    return finish(source);
}

ImageSource imageSource(const SmokeSolver3D& solver, Smoke3DImage quantity) {
    const SmokeSettings3D& s = solver.settings();
    ImageSource source;
    source.dimensions = 3;
    source.size = {s.nx, s.ny, s.nz};
    source.inverseCellSize = 1.0f / s.cellSize;
    const bool halves = s.flowStorage == FlowStorage::Float16;  // the flow's fields, not the others
    auto cells = [&](SmokeField3D field) {
        source.mode = PublishMode::CellScalar;
        source.buffers[0] = solver.buffer(field);
        const bool flow = field == SmokeField3D::Density || field == SmokeField3D::Temperature || field == SmokeField3D::Fuel;
        source.halves = halves && flow;
        source.bias = field == SmokeField3D::Temperature ? solver.storedTemperatureOrigin() : 0.0f;
    };
    auto faces = [&](PublishMode mode) {
        source.mode = mode;
        source.buffers = {solver.buffer(SmokeField3D::VelocityX), solver.buffer(SmokeField3D::VelocityY),
                          solver.buffer(SmokeField3D::VelocityZ)};
        source.halves = halves;
    };
    switch (quantity) {
    case Smoke3DImage::Density: cells(SmokeField3D::Density); break;
    case Smoke3DImage::Temperature: cells(SmokeField3D::Temperature); break;
    case Smoke3DImage::Flame:
        cells(SmokeField3D::Temperature);
        source.mode = PublishMode::CellExcess;
        source.base = s.ambientTemperature;
        break;
    case Smoke3DImage::Fuel: cells(SmokeField3D::Fuel); break;
    case Smoke3DImage::Colour:
        if (!s.colour)
            throw InvalidArgument("FieldImage: quantity", "Colour needs SmokeSettings3D::colour, which this solver has off");
        cells(SmokeField3D::Colour);
        source.mode = PublishMode::CellQuad;
        break;
    case Smoke3DImage::Velocity: faces(PublishMode::FaceVelocity); break;
    case Smoke3DImage::Speed: faces(PublishMode::FaceSpeed); break;
    case Smoke3DImage::Vorticity: cells(SmokeField3D::Vorticity); break;
    case Smoke3DImage::Pressure: cells(SmokeField3D::Pressure); break;
    default: unknownQuantity(uint32_t(quantity));
    }
    return finish(source);
}

ImageSource imageSource(const WaterSolver& solver, WaterImage quantity) {
    const WaterSettings& s = solver.settings();
    ImageSource source;
    source.dimensions = 2;
    source.size = {s.nx, s.ny, 1};
    source.inverseCellSize = 1.0f / s.cellSize;
    auto cells = [&](WaterField field) {
        source.mode = PublishMode::CellScalar;
        source.buffers[0] = solver.buffer(field);
    };
    switch (quantity) {
    case WaterImage::Depth: cells(WaterField::Depth); break;
    case WaterImage::Terrain: cells(WaterField::Terrain); break;
    case WaterImage::SurfaceHeight:
        source.mode = PublishMode::CellSum;
        source.buffers = {solver.buffer(WaterField::Terrain), solver.buffer(WaterField::Depth), VK_NULL_HANDLE};
        break;
    case WaterImage::Velocity:
        cells(WaterField::Velocity);
        source.mode = PublishMode::CellPair;
        break;
    case WaterImage::Speed:
        cells(WaterField::Velocity);
        source.mode = PublishMode::CellPairSpeed;
        break;
    case WaterImage::Dye: cells(WaterField::Dye); break;
    case WaterImage::Sediment: cells(WaterField::Sediment); break;
    default: unknownQuantity(uint32_t(quantity));
    }
    return finish(source);
}

} // namespace billow::detail
