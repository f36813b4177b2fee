// Pictures of a 3D run: the ray-marched render (billow_volume_render, from the solver's buffers)
// and slices of the fields through a plane (output.slices), resampled bilinearly to about
// longSide pixels, solid cells grey, with a labelled colour bar (common/colour_bar.hpp). Each slice
// is scaled to its own range on the plane in the frame: magnitudes on a sequential ramp (density
// with a square root, so thin smoke shows), signed fields on a diverging one.
#pragma once

#include <billow/smoke3d_solver.hpp>

#include "common/picture.hpp"
#include "smoke3d/smoke3d_field_cache.hpp"
#include "smoke3d/smoke3d_scene.hpp"
#include "volume_renderer.hpp"

namespace billow::scene {

Picture renderPicture(render::VolumeRenderer& renderer, SmokeSolver3D& solver, const RenderPlan& plan);
Picture slicePicture(View3D view, FieldCache3D& fields, const SlicePlan& plan);

} // namespace billow::scene
