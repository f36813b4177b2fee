// Publishes one quantity of a solver into the engine's storage image (include/billow/field_image.hpp
// states the maths; src/image/field_image.cpp chooses the mode and the source buffers).
//
// Built once per image dimension and format (src/CMakeLists.txt): BILLOW_IMAGE_DIMS 2 or 3 and
// BILLOW_IMAGE_FORMAT the GLSL format qualifier (r8, r16f, r32f, rgba8, rgba16f, rgba32f), because a
// storage image's format qualifier cannot be specialised and writing without one needs a device
// feature engines need not enable.
#version 450

#if BILLOW_IMAGE_DIMS == 3
layout(local_size_x = 8, local_size_y = 8, local_size_z = 2) in;
layout(binding = 4, BILLOW_IMAGE_FORMAT) uniform writeonly image3D target;
#else
layout(local_size_x = 16, local_size_y = 8, local_size_z = 1) in;
layout(binding = 4, BILLOW_IMAGE_FORMAT) uniform writeonly image2D target;
#endif

// Sources: cell fields (nx * ny * nz values, x fastest; 2 or 4 per cell interleaved for the vector
// modes) or the staggered velocity's faces (u: (nx+1) * ny * nz, v: nx * (ny+1) * nz, w: nx * ny * (nz+1)).
// With pc.stored.x 1 the sources hold 16-bit floats, two to a uint (SmokeSettings3D::flowStorage
// Float16; the views of the same buffers below), read with unpackHalf2x16, which needs no device
// feature; pc.stored.y is added to every value read (a 16-bit temperature's origin).
layout(std430, binding = 0) readonly buffer Source0 { float source0[]; };
layout(std430, binding = 1) readonly buffer Source1 { float source1[]; };
layout(std430, binding = 2) readonly buffer Source2 { float source2[]; };
layout(std430, binding = 0) readonly buffer Source0Halves { uint source0Halves[]; };
layout(std430, binding = 1) readonly buffer Source1Halves { uint source1Halves[]; };
layout(std430, binding = 2) readonly buffer Source2Halves { uint source2Halves[]; };
layout(std430, binding = 3) readonly buffer ColourMap { vec4 colourMap[]; };

// The quantity's modes (src/image/image_sources.hpp, PublishMode).
const uint kCellScalar = 0u;      // source0
const uint kCellSum = 1u;         // source0 + source1 (the water's surface height)
const uint kCellPair = 2u;        // source0 as 2 floats per cell (the water's velocity)
const uint kCellPairSpeed = 3u;   // |kCellPair|
const uint kCellQuad = 4u;        // source0 as 4 floats per cell (RGBA)
const uint kCellQuadHalf = 5u;    // source0 as 2 uints per cell of packed halves (Float16 dye)
const uint kFaceVelocity = 6u;    // sources 0, 1 (, 2): the faces' mean per axis at the centre
const uint kFaceSpeed = 7u;       // |kFaceVelocity|
const uint kFaceVorticity = 8u;   // 2D: dv/dx - du/dy, the mean of the cell's four corners
const uint kCellExcess = 9u;      // max(source0 - base, 0) (the flame: temperature above ambient)

layout(push_constant) uniform Push {
    vec4 scale;
    vec4 offset;
    uvec4 size;     // nx, ny, nz (1 in 2D), mode
    vec4 range;     // x rangeMin, y rangeMax, z 1 / cell size (1/m), w base (kCellExcess)
    uvec4 options;  // x colour map entries (0: none), y premultiply (1: the dye's alpha), z the format's largest value (float bits)
    vec4 stored;    // x 1: the sources hold 16-bit floats; y added to each value read
} pc;

float half16(uint pair, uint i) { return unpackHalf2x16(pair)[i & 1u]; }
float read0(uint i) { return (pc.stored.x != 0.0 ? half16(source0Halves[i >> 1], i) : source0[i]) + pc.stored.y; }
float read1(uint i) { return (pc.stored.x != 0.0 ? half16(source1Halves[i >> 1], i) : source1[i]) + pc.stored.y; }
float read2(uint i) { return (pc.stored.x != 0.0 ? half16(source2Halves[i >> 1], i) : source2[i]) + pc.stored.y; }

uint cellIndex(uvec3 c) { return c.x + pc.size.x * (c.y + pc.size.y * c.z); }
float uFace(uint i, uint j, uint k) { return read0(i + (pc.size.x + 1u) * (j + pc.size.y * k)); }
float vFace(uint i, uint j, uint k) { return read1(i + pc.size.x * (j + (pc.size.y + 1u) * k)); }
float wFace(uint i, uint j, uint k) { return read2(i + pc.size.x * (j + pc.size.y * k)); }

vec3 faceVelocity(uvec3 c) {
    vec3 velocity;
    velocity.x = 0.5 * (uFace(c.x, c.y, c.z) + uFace(c.x + 1u, c.y, c.z));
    velocity.y = 0.5 * (vFace(c.x, c.y, c.z) + vFace(c.x, c.y + 1u, c.z));
#if BILLOW_IMAGE_DIMS == 3
    velocity.z = 0.5 * (wFace(c.x, c.y, c.z) + wFace(c.x, c.y, c.z + 1u));
#else
    velocity.z = 0.0;
#endif
    return velocity;
}

// The circulation per area around the grid node (a, b) of a 2D grid: the y-faces left and right
// of it, the x-faces below and above, each index clamped into the grid (the nearest face inside).
float nodeCurl(int a, int b) {
    int nx = int(pc.size.x), ny = int(pc.size.y);
    int left = clamp(a - 1, 0, nx - 1), right = clamp(a, 0, nx - 1);
    int below = clamp(b - 1, 0, ny - 1), above = clamp(b, 0, ny - 1);
    float dvdx = vFace(uint(right), uint(b), 0u) - vFace(uint(left), uint(b), 0u);
    float dudy = uFace(uint(a), uint(above), 0u) - uFace(uint(a), uint(below), 0u);
    return (dvdx - dudy) * pc.range.z;
}

vec4 scalar(float s) { return vec4(s, s, s, 1.0); }

vec4 quantity(uvec3 c) {
    uint mode = pc.size.w;
    uint cell = cellIndex(c);
    if (mode == kCellScalar) return scalar(read0(cell));
    if (mode == kCellSum) return scalar(read0(cell) + read1(cell));
    if (mode == kCellPair) return vec4(read0(2u * cell), read0(2u * cell + 1u), 0.0, 1.0);
    if (mode == kCellPairSpeed) return scalar(length(vec2(read0(2u * cell), read0(2u * cell + 1u))));
    if (mode == kCellQuad)
        return vec4(read0(4u * cell), read0(4u * cell + 1u), read0(4u * cell + 2u), read0(4u * cell + 3u));
    if (mode == kCellQuadHalf)
        return vec4(unpackHalf2x16(floatBitsToUint(source0[2u * cell])), unpackHalf2x16(floatBitsToUint(source0[2u * cell + 1u])));
    if (mode == kFaceVelocity) return vec4(faceVelocity(c), 1.0);
    if (mode == kFaceSpeed) return scalar(length(faceVelocity(c)));
    if (mode == kFaceVorticity) {
        int a = int(c.x), b = int(c.y);
        return scalar(0.25 * (nodeCurl(a, b) + nodeCurl(a + 1, b) + nodeCurl(a, b + 1) + nodeCurl(a + 1, b + 1)));
    }
    return scalar(max(read0(cell) - pc.range.w, 0.0));  // kCellExcess
}

vec4 mapColour(float x) {
    uint entries = pc.options.x;
    float t = clamp((x - pc.range.x) / (pc.range.y - pc.range.x), 0.0, 1.0) * float(entries - 1u);
    uint below = min(uint(t), entries - 2u);
    return mix(colourMap[below], colourMap[below + 1u], t - float(below));
}

void main() {
    uvec3 c = gl_GlobalInvocationID;
    if (any(greaterThanEqual(c, pc.size.xyz))) return;
    vec4 value = quantity(c) * pc.scale + pc.offset;
    if (pc.options.x > 0u) value = mapColour(value.x);
    if (pc.options.y != 0u) {
        value.rgb = max(value.rgb, vec3(0.0));
        value.a = min(1.0, max(value.r, max(value.g, value.b)));
    }
    // Beyond the format's range (a half's 65504, a float's largest) the largest value, not Inf.
    float largest = uintBitsToFloat(pc.options.z);
    value = clamp(value, vec4(-largest), vec4(largest));
#if BILLOW_IMAGE_DIMS == 3
    imageStore(target, ivec3(c), value);
#else
    imageStore(target, ivec2(c.xy), value);
#endif
}
