// The faces a brick kernel's thread writes (sparse3d/bricks.glsl, facesOfThread): its cell's lower
// face normal to `axis` (layer 0) and, on the brick's last layer along the axis, the upper one
// (layer 1). Needs BILLOW_BRICK_KERNEL and sparse3d/bricks.glsl.

// The face of layer `layer` normal to `axis`, in the virtual domain's face grid.
ivec3 faceOfThread(int axis, int layer) {
    ivec3 f = thisCell();
    f[axis] += layer;
    return f;
}

// Its index in the face pools, or -1 when it lies beyond the domain (a last brick partly outside).
int storedFaceOfThread(int axis, int layer) {
    ivec3 local = thisLocal();
    local[axis] += layer;
    return ownsFace3(axis, faceOfThread(axis, layer)) ? faceInBrick(axis, thisSlot(), local) : -1;
}
