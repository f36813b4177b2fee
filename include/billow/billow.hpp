// Billow: grid fluids on the GPU with Vulkan compute. Umbrella header.
#pragma once

#include "billow/collider.hpp"
#include "billow/collider_forces.hpp"
#include "billow/context.hpp"
#include "billow/error.hpp"
#include "billow/field_image.hpp"
#include "billow/volume_renderer.hpp"
#include "billow/grid.hpp"
#include "billow/health.hpp"
#include "billow/limits.hpp"
#include "billow/pressure.hpp"
#include "billow/smoke_settings.hpp"
#include "billow/smoke_solver.hpp"
#include "billow/smoke3d_settings.hpp"
#include "billow/smoke3d_solver.hpp"
#include "billow/water_settings.hpp"
#include "billow/water_solver.hpp"
