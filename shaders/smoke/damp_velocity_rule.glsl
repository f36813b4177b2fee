// The velocity damping rule of the 2D grid (damp_velocity.comp, velocity_forces.comp): the face's
// component decays by the dt-independent factor exp(-rate dt), then a face whose speed (its own
// component with the other averaged from the four nearest faces) exceeds maxSpeed is scaled
// down to it. maxSpeed <= 0: no limit (`other` is then unused).
float dampedComponent(float own, float other, float factor, float maxSpeed) {
    float value = own * factor;
    float speed = factor * length(vec2(own, other));
    if (maxSpeed > 0.0 && speed > maxSpeed) value *= maxSpeed / speed;
    return value;
}

// The other component at x-face (i, j): the mean of the four y-faces around it; READ_V(i, j) reads
// a y-face through the boundary taps. Likewise u at y-face (i, j).
#define BILLOW_V_AT_X_FACE(READ_V, i, j) \
    (0.25 * (READ_V((i) - 1, (j)) + READ_V((i), (j)) + READ_V((i) - 1, (j) + 1) + READ_V((i), (j) + 1)))
#define BILLOW_U_AT_Y_FACE(READ_U, i, j) \
    (0.25 * (READ_U((i), (j) - 1) + READ_U((i) + 1, (j) - 1) + READ_U((i), (j)) + READ_U((i) + 1, (j))))
