// The semi-Lagrangian advection of one face of a staggered field, shared by the dense kernel
// (smoke3d/advect_velocity.comp) and the sparse brick kernel (sparse3d/advect_velocity.comp).
// The including kernel declares, before including this file (after smoke3d/velocity_sampling.glsl
// and smoke3d/field_interpolation.glsl), the push block `pc` (AdvectPush3D) and
//   float fieldAt(int axis, int k)  the carried field along `axis` at stored face k
//   float openAt(int axis, int k)   the face's open fraction
// The carried field's samples beyond a side follow the velocity's ghost rules (tapFace3); on a
// sparse grid a face of no allocated brick is still air (sparse3d/bricks.glsl). Interior samples
// are read by their dense index where BILLOW_DIRECT_LIMIT3 allows it (the dense grid only).

// The carried field along `axis` at face f, beyond a side by the velocity's ghost rules.
float readField(int axis, ivec3 f) {
    Tap3 t = tapFace3(axis, f);
    return t.scale * fieldAt(axis, t.index) + t.offset;
}
#define BILLOW_READ_FIELD_AXIS(f) readField(axis, f)
#define BILLOW_FIELD_AT_AXIS(f) fieldAt(axis, faceIndex3(axis, f))
#define BILLOW_FIELD_AT_AXIS_INDEX(k) fieldAt(axis, k)

// The face normal to `axis` at f (its canonical position), read at stored face k: an open face
// traces back over pc.dt and samples the field at the departure point; a closed face keeps the
// field's (prescribed) value.
float advectedFace(int axis, ivec3 f, int k) {
    float value = fieldAt(axis, k);
    if (openAt(axis, k) > 0.0) {
        vec3 departure = faceCoordinate3(axis, traceBack3(facePosition3(axis, f), pc.dt));
        BILLOW_INTERPOLATE3(float, BILLOW_READ_FIELD_AXIS, BILLOW_FIELD_AT_AXIS, BILLOW_FIELD_AT_AXIS_INDEX,
                            BILLOW_DIRECT_LIMIT3(faceCounts3(axis)), departure, value);
    }
    return value;
}
