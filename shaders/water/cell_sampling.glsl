// Bilinear sampling of the water's cell-centred fields (the dye's advection, the particles):
// position in cell-index coordinates (cell (i, j) centred at (i, j)), clamped to the domain's cell
// centres, so beyond the outermost centres a sample is the edge cells' value.
#ifndef BILLOW_WATER_CELL_SAMPLING_GLSL
#define BILLOW_WATER_CELL_SAMPLING_GLSL

// READ is a function of (int i, int j); result gets the sample at `coord`.
#define BILERP(READ, coord, result)                                                        \
    {                                                                                      \
        vec2 p_ = clamp(coord, vec2(0.0), vec2(water.nx - 1, water.ny - 1));               \
        vec2 base_ = floor(p_);                                                            \
        ivec2 b_ = ivec2(base_);                                                           \
        vec2 t_ = p_ - base_;                                                              \
        result = mix(mix(READ(b_.x, b_.y), READ(b_.x + 1, b_.y), t_.x),                    \
                     mix(READ(b_.x, b_.y + 1), READ(b_.x + 1, b_.y + 1), t_.x), t_.y);     \
    }

#endif
