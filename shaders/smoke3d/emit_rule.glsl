// The emitters' maths (billow::Emitter3D), shared by the dense kernel (smoke3d/emit.comp) and the
// sparse brick kernels (sparse3d/emit_cells.comp, sparse3d/emit_velocity.comp). With w an
// emitter's falloff weight at a point (linear max(0, 1 - d / size), Gaussian exp(-d^2 / size^2)
// cut off beyond BILLOW_EMITTER_GAUSSIAN_REACH sizes; d the distance from a sphere's centre, or
// from a box's surface, 0 inside it):
//   open faces:  u += w (1 - exp(-velocityCoupling dt)) (target velocity - u), the emitters
//                applied one after the other in their order;
//   cells:       density, temperature, fuel, colour += w rate dt, summed over emitters.
// The including kernel declares `emitters` (GpuEmitter3D) and the push block `pc` with `count`
// (emitters in use) and `dt`.

float emitterWeight(GpuEmitter3D e, vec3 p) {
    vec3 offset = p - vec3(e.centreX, e.centreY, e.centreZ);
    float d = e.shape == BILLOW_EMITTER_BOX ? length(max(abs(offset) - vec3(e.halfX, e.halfY, e.halfZ), vec3(0.0)))
                                            : length(offset);
    if (e.falloff == BILLOW_EMITTER_FALLOFF_LINEAR) return max(0.0, 1.0 - d / e.size);
    return d > BILLOW_EMITTER_GAUSSIAN_REACH * e.size ? 0.0 : exp(-(d * d) / (e.size * e.size));
}

// The face normal to `axis` at f, relaxed toward every emitter's target velocity in turn.
float coupledVelocity(int axis, ivec3 f, float value) {
    vec3 p = facePosition3(axis, canonicalFace3(axis, f));
    for (int k = 0; k < pc.count; ++k) {
        GpuEmitter3D e = emitters[k];
        if (e.velocityCoupling <= 0.0) continue;
        float target = axis == 0 ? e.velocityX : axis == 1 ? e.velocityY : e.velocityZ;
        float pull = emitterWeight(e, p) * (1.0 - exp(-e.velocityCoupling * pc.dt));
        value += pull * (target - value);
    }
    return value;
}

// What the emitters add to cell id over pc.dt: density, temperature, fuel (xyz) and the colour.
struct Emitted3 { vec3 scalars; vec4 colour; };
Emitted3 emittedInCell(ivec3 id) {
    vec3 p = cellCentre3(id);
    float addDensity = 0.0, addTemperature = 0.0, addFuel = 0.0;
    vec4 addColour = vec4(0.0);
    for (int k = 0; k < pc.count; ++k) {
        GpuEmitter3D e = emitters[k];
        float weight = emitterWeight(e, p) * pc.dt;
        addDensity += weight * e.density;
        addTemperature += weight * e.temperature;
        addFuel += weight * e.fuel;
        addColour += weight * e.colour;
    }
    return Emitted3(vec3(addDensity, addTemperature, addFuel), addColour);
}
