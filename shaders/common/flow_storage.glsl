// How the 3D flow's fields are stored (SmokeSettings3D::flowStorage): the velocity's faces and the
// density, temperature and fuel cells as float32, or as 16-bit floats (half the bytes to move). The
// maths is float32 either way: a kernel reads a stored value with FLOW_LOAD and writes one with
// FLOW_STORE, and the temperature with TEMPERATURE_LOAD / TEMPERATURE_STORE. Convert each stored
// element on its own: an expression on halves (a select between two of them) would need 16-bit
// arithmetic, a device feature of its own (the kernel-table test checks no module asks for it).
//
// The 16-bit temperature is stored as its difference from grid.temperatureOrigin (the ambient
// temperature when the solver was made): halves keep 11 significant bits, so 293.15 K would round
// by 0.1 K (and lift a fluid at rest), where the difference from ambient is exact at rest and as
// fine as the plume's own excess.
//
// A kernel that declares `#define BILLOW_FLOW_STORAGE` in its own file is compiled twice
// (cmake/compile_kernel.py), the second time with BILLOW_FLOW_HALF defined: it declares its flow
// buffers with `flow_t` elements. Files shared with kernels that never store halves (the sparse
// solver's) use the macros too; without BILLOW_FLOW_HALF they are plain float accesses.
#ifndef BILLOW_FLOW_STORAGE_GLSL
#define BILLOW_FLOW_STORAGE_GLSL

#ifdef BILLOW_FLOW_HALF
#extension GL_EXT_shader_16bit_storage : require
#define flow_t float16_t
// The grid uniform's origin of the stored temperature (common/grid3d_types.h).
#define BILLOW_TEMPERATURE_ORIGIN grid.temperatureOrigin
#else
#define flow_t float
#define BILLOW_TEMPERATURE_ORIGIN 0.0
#endif

#define FLOW_LOAD(value) float(value)
#define FLOW_STORE(value) flow_t(value)
#define TEMPERATURE_LOAD(value) (float(value) + BILLOW_TEMPERATURE_ORIGIN)
#define TEMPERATURE_STORE(value) flow_t((value) - BILLOW_TEMPERATURE_ORIGIN)

#endif
