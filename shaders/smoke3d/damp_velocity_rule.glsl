// The velocity damping rule of the 3D grid (smoke3d/damp_velocity.comp,
// smoke3d/velocity_forces.comp): the component decays by the dt-independent factor exp(-rate dt),
// then is clamped to [-maxSpeed, maxSpeed] when maxSpeed > 0. Each face needs only itself.
float dampedComponent3(float value, float factor, float maxSpeed) {
    value *= factor;
    return maxSpeed > 0.0 ? clamp(value, -maxSpeed, maxSpeed) : value;
}
