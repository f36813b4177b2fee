// The non-finite scan's report words and push constants, shared by GLSL and C++ (as in
// common/grid_types.h: only 4-byte scalars). One report slot per scanned step on the host-visible
// readback ring (src/core/health_ring.hpp).
#ifndef BILLOW_HEALTH_TYPES_H
#define BILLOW_HEALTH_TYPES_H

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Most fields one solver scans (a bit each in the mask word).
#define BILLOW_HEALTH_MAX_FIELDS 16
// A slot's words: the step it belongs to (1, 2, ... written when the scan starts), the mask of
// the fields found non-finite, then per field the lowest index found non-finite (0xffffffff:
// none), then per field the largest finite magnitude found beyond the field's physical limit (the
// bits of a non-negative float, so atomicMax orders them; 0: none).
#define BILLOW_HEALTH_STAMP 0
#define BILLOW_HEALTH_MASK 1
#define BILLOW_HEALTH_FIRST_INDEX 2
#define BILLOW_HEALTH_BEYOND_LIMIT (BILLOW_HEALTH_FIRST_INDEX + BILLOW_HEALTH_MAX_FIELDS)
#define BILLOW_HEALTH_WORDS (BILLOW_HEALTH_BEYOND_LIMIT + BILLOW_HEALTH_MAX_FIELDS)
// Threads per workgroup (128, which every Vulkan device runs, in both workgroup profiles), and the
// most workgroups one scan dispatches (the threads then loop over the buffer).
#define BILLOW_HEALTH_GROUP 128
#define BILLOW_HEALTH_MAX_GROUPS 2048

// words: 32-bit words of the buffer; field: the bit of the mask; slotWord: the slot's first word;
// halves: 1 when every word packs two float16 values (packHalf2x16), 0 for float32; limit: the
// field's physical limit on |value| (float32 fields; 0: none).
struct NonFiniteScanPush { int words; int field; int slotWord; int halves; float limit; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
