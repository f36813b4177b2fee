// Eddy: grid fluids on the GPU with Vulkan compute. Umbrella header.
#pragma once

#include "eddy/context.hpp"
#include "eddy/error.hpp"
#include "eddy/smoke_settings.hpp"
#include "eddy/smoke_solver.hpp"
#include "eddy/water_settings.hpp"
#include "eddy/water_solver.hpp"
