// Where a water scene's columns stand on the host: the cell centres of the Square lattice or the
// vertices of the Triangle lattice (billow::WaterLattice documents the geometry), the area of a
// column, the domain's extent, the flows through the sides, and the Triangle lattice's fields
// resampled onto a raster of square pixels (each triangle filled from its three vertices by
// barycentric interpolation) so that every picture of a water run is drawn the same way.
//
// The runner needs these on the host: terrain and fills are built per column, brushes are
// weighed from column centres as brush.comp weighs them, and the metrics sum the boundary edges.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <billow/water_settings.hpp>

#include "common/maths.hpp"

namespace billow::scene {

inline bool onTriangles(const WaterSettings& s) { return s.lattice == WaterLattice::Triangle; }

// Column (i, j)'s centre, m: the square cell's centre, or the triangle lattice's vertex at
// x = (i + 0.5 + 0.5 (j odd)) h, y = (j + 0.5) h sqrt(3)/2.
Vec2 columnCentre(const WaterSettings& s, uint32_t i, uint32_t j);
// The column whose centre is nearest to `p` (clamped to the grid), (i, j).
std::array<uint32_t, 2> nearestColumn(const WaterSettings& s, Vec2 p);
// Area one column holds, m^2: h^2, or the vertex's hexagon sqrt(3)/2 h^2.
double columnArea(const WaterSettings& s);
// The domain's width and height, m: nx h by ny h, or (nx + 0.5) h by ny h sqrt(3)/2.
Vec2 domainSize(const WaterSettings& s);

// Volume flow through the sides in the step's last substep, m^3/s (outwards, inwards).
struct SideFlows {
    double outflow = 0.0, inflow = 0.0;
};
// From the stored flows (billow/water_solver.hpp has both lattices' layouts); flowZ is empty on
// the Square lattice.
SideFlows sideFlows(const WaterSettings& s, const std::vector<float>& flowX, const std::vector<float>& flowY,
                    const std::vector<float>& flowZ);

// The Triangle lattice drawn on square pixels of `pixel` m: `width` x `height` pixels covering
// the domain, each pixel's three vertices (indices i + j nx) and barycentric weights. Pixels
// beyond the outermost vertices take the nearest triangle's edge values.
class TriangleRaster {
public:
    explicit TriangleRaster(const WaterSettings& s);
    // The raster's width and height without building it.
    static std::array<uint32_t, 2> sizeFor(const WaterSettings& s);
    uint32_t width() const { return width_; }
    uint32_t height() const { return height_; }
    float pixelSize() const { return pixel_; }
    // One vertex field (nx * ny, or `components` values per vertex) on the raster, row 0 at the
    // bottom like the fields.
    std::vector<float> resample(const std::vector<float>& values, uint32_t components = 1) const;
    // Which pixels lie on a lattice edge (within a quarter of a pixel's worth of barycentric
    // weight of one), so pictures can outline the triangles; all false when a cell spans fewer
    // than 6 pixels (the lines would cover the water).
    std::vector<uint8_t> edgePixels() const;

private:
    struct Corners {
        uint32_t vertex[3];
        float weight[3];
    };
    uint32_t width_ = 0, height_ = 0;
    float pixel_ = 1.0f;
    uint32_t perCell_ = 1;
    std::vector<Corners> pixels_;
};

// Pixels per cellSize of the Triangle pictures: enough to show the triangles on small grids,
// while the raster's long side stays near 1024 pixels on large ones (1 to 8 per cell).
uint32_t trianglePixelsPerCell(const WaterSettings& s);

} // namespace billow::scene
