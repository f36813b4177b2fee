// How the dense 3D velocity advection lays its faces over threads (smoke3d/advect_velocity.comp):
// one face a thread up to 128^3 cells, the three faces at a point above (smoke3d_transport.cpp).
#pragma once

namespace billow::detail {

// 0 (the default) picks by the grid's size, 1 one face a thread, 3 the three faces at a point:
// tests run both layouts on their small grids.
void setAdvectionFacesAThreadForTesting(int faces) noexcept;

} // namespace billow::detail
