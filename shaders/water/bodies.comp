#version 450
// The floating bodies' frame, one workgroup per body, run before the frame's substeps: the
// hydrodynamic load summed over the body's footprint columns (water/body_columns.glsl), then, for
// a Simulated body, a semi-implicit step of its motion; repeated for each body substep. The last
// evaluation and the new state go to the report (the result ring). docs/floating-bodies.md has
// the maths; tests/reference/feedback/floating_body_reference.cpp the double version.
//
// First the level of the water around the body (which sets the water it pushes aside). Per
// submerged column (plan area A = (h / BILLOW_BODY_COLUMNS)^2, submerged length s below the
// effective surface terrain + depth + the cell's displacement at the body's current pose, point r
// from the centre to the middle of its submerged part, du the cell's water velocity minus the
// body's horizontal point velocity, w the point's vertical velocity). The cell's water velocity is
// the uniform velocity whose flows match its edges' (lattice.glsl's velocityOfEdgeFlows: on
// squares the mean face flow over h) through the column depth + displacement: the flow of the
// whole column the body stands in, not the faster sheet squeezed under it.
//   buoyancy  rho g s A up, at r;
//   drag      1/2 rho C_d |du| du s A / sqrt(A_wet)  (the column's share of the frontal area: a
//             body's submerged volume over the square root of its wetted plan area A_wet);
//   heave     -1/2 rho C_d |w| w A;   lift  1/2 rho C_L |du|^2 A up.
// The vertical motion carries the water's heave added mass m_a = rho (4/3) (A_wet / pi)^(3/2) (a
// disc of the wetted plan area, wetted on one side; Lamb 1932), and the drag's torque is implicit
// in the angular velocity, as the drag force is in the velocity (docs/floating-bodies.md).
// Sums over columns come from fixed-order workgroup trees (no float atomics): deterministic.
#include "water/grid.glsl"
#include "water/lattice.glsl"

layout(set = 0, binding = 1) buffer Bodies { GpuFloatingBody bodies[]; };
layout(set = 0, binding = 2) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 3) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 4) readonly buffer Displacement { float displacement[]; };
layout(set = 0, binding = 5) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 6) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 7) readonly buffer FlowZIn { float flowZIn[]; };  // read on the Triangle lattice only
layout(set = 0, binding = 8) writeonly buffer Report { uint report[]; };
layout(push_constant) uniform Push { WaterBodyPush pc; };

#include "common/collider_shapes.glsl"
#include "common/workgroup_reduce.glsl"
#include "water/body_columns.glsl"
#include "water/edge_flows.glsl"

// The water's velocity in cell (i, j), m/s: its edges' flows through the column depth +
// displacement.
vec2 columnVelocity(ivec2 cell, int c) {
    vec2 flowSum = vec2(0.0);
    for (int k = 0; k < latticeEdgeCount(); ++k) {
        LatticeEdge e = latticeEdge(cell, k);
        flowSum += storedFlow(e) * edgeDirection(e.array);
    }
    return velocityOfEdgeFlows(flowSum, depth[c] + displacement[c]);
}

shared vec4 columnSums[BILLOW_WORKGROUP_INVOCATIONS];
vec4 sumOfQuads(vec4 a, vec4 b) { return a + b; }
// The workgroup's sum of one vec4 per invocation, in every invocation.
vec4 workgroupSum4(vec4 value) {
    BILLOW_REDUCE_WORKGROUP(columnSums, value, sumOfQuads)
    vec4 sum = columnSums[0];
    barrier();  // every invocation has read it before the next sum overwrites it
    return sum;
}

shared GpuFloatingBody body;
shared vec3 lastForce, lastTorque;
shared float lastVolume;

// q1 q2 (x, y, z, w).
vec4 quaternionProduct(vec4 a, vec4 b) {
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

void writeVec(int word, vec3 v) {
    for (int k = 0; k < 3; ++k) report[word + k] = floatBitsToUint(v[k]);
}

void main() {
    const int id = int(gl_WorkGroupID.x);
    const uint t = gl_LocalInvocationIndex;
    if (t == 0) body = bodies[id];
    barrier();
    const float rho = pc.density, g = water.gravity;
    const int substeps = body.motion == BILLOW_BODY_KINEMATIC ? 1 : pc.substeps;
    {
        // The level of the water around the body: the mean effective surface of the wet columns
        // of its footprint that miss it (the body's bounding square always has some). Kept from
        // the last frame when there are none (a body beached or in a narrow gap).
        GpuFloatingBody b = body;
        ivec4 footprint = bodyFootprint(b);
        ivec2 cells = max(footprint.zw - footprint.xy + 1, ivec2(0));
        int columns = cells.x * cells.y * BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS;
        vec4 around = vec4(0.0);
        for (int k = int(t); k < columns; k += BILLOW_WORKGROUP_INVOCATIONS) {
            int cellK = k / (BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS), columnK = k % (BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS);
            ivec2 cell = footprint.xy + ivec2(cellK % cells.x, cellK / cells.x);
            vec2 span = bodyColumn(b, columnPoint(cell, ivec2(columnK % BILLOW_BODY_COLUMNS, columnK / BILLOW_BODY_COLUMNS)));
            int c = cellIndex(cell.x, cell.y);
            if (span.x >= span.y && depth[c] > water.dryDepth) around += vec4(terrain[c] + depth[c] + displacement[c], 1.0, 0.0, 0.0);
        }
        around = workgroupSum4(around);
        if (t == 0 && around.y > 0.0) body.level = around.x / around.y;
        barrier();
    }
    for (int step = 0; step < substeps; ++step) {
        GpuFloatingBody b = body;
        ivec4 footprint = bodyFootprint(b);
        ivec2 cells = max(footprint.zw - footprint.xy + 1, ivec2(0));
        // volume + first moment; wetted area, drag x y, drag coefficient; drag torque, heave+lift;
        // heave+lift torque, heave coefficient. One invocation per cell: its columns first give
        // the cell's displacement (the head the flow sees), then each its submerged part.
        vec4 moment = vec4(0.0), drag = vec4(0.0), dragTorque = vec4(0.0), vertical = vec4(0.0);
        // The drag torque's linear coefficients in the angular velocity (torque = ... - M omega):
        // horizontal drag f [r x]^T P [r x] (P the horizontal projection): f rz^2, f (rx^2 + ry^2),
        // f rx rz, f ry rz; heave drag h [r x]^T Z [r x]: h ry^2, h rx^2, h rx ry.
        vec4 spinHorizontal = vec4(0.0), spinVertical = vec4(0.0);
        for (int k = int(t); k < cells.x * cells.y; k += BILLOW_WORKGROUP_INVOCATIONS) {
            ivec2 cell = footprint.xy + ivec2(k % cells.x, k / cells.x);
            int c = cellIndex(cell.x, cell.y);
            vec2 spans[BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS];
            float cellDisplacement = 0.0;
            for (int q = 0; q < BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS; ++q) {
                spans[q] = bodyColumn(b, columnPoint(cell, ivec2(q % BILLOW_BODY_COLUMNS, q / BILLOW_BODY_COLUMNS)));
                cellDisplacement += columnDisplacement(spans[q], c, b.level);
            }
            cellDisplacement /= float(BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS);
            for (int q = 0; q < BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS; ++q) {
                vec2 xy = columnPoint(cell, ivec2(q % BILLOW_BODY_COLUMNS, q / BILLOW_BODY_COLUMNS));
                vec2 part = submergedPart(spans[q], c, cellDisplacement);
                float s = part.y - part.x;
                if (!(s > 0.0)) continue;
                vec3 r = vec3(xy, 0.5 * (part.x + part.y)) - b.centre.xyz;
                vec3 pointVelocity = b.velocity.xyz + cross(b.angularVelocity.xyz, r);
                vec2 du = columnVelocity(cell, c) - pointVelocity.xy;
                float volume = s * columnArea();
                moment += vec4(volume, volume * r);
                float dragFactor = 0.5 * rho * b.dragCoefficient * length(du) * volume;  // / sqrt(A_wet) later
                vec2 f = dragFactor * du;
                drag += vec4(columnArea(), f, dragFactor);
                dragTorque.xyz += cross(r, vec3(f, 0.0));
                float w = pointVelocity.z;
                float heaveFactor = 0.5 * rho * b.dragCoefficient * abs(w) * columnArea();
                float up = -heaveFactor * w + 0.5 * rho * b.liftCoefficient * dot(du, du) * columnArea();
                dragTorque.w += up;
                vertical += vec4(cross(r, vec3(0.0, 0.0, up)), heaveFactor);
                spinHorizontal += dragFactor * vec4(r.z * r.z, r.x * r.x + r.y * r.y, r.x * r.z, r.y * r.z);
                spinVertical += heaveFactor * vec4(r.y * r.y, r.x * r.x, r.x * r.y, 0.0);
            }
        }
        moment = workgroupSum4(moment);
        drag = workgroupSum4(drag);
        dragTorque = workgroupSum4(dragTorque);
        vertical = workgroupSum4(vertical);
        spinHorizontal = workgroupSum4(spinHorizontal);
        spinVertical = workgroupSum4(spinVertical);
        if (t == 0) {
            float perLength = drag.x > 0.0 ? inversesqrt(drag.x) : 0.0;  // 1 / sqrt(A_wet)
            vec3 force = vec3(drag.yz * perLength, rho * g * moment.x + dragTorque.w);
            vec3 torque = rho * g * cross(moment.yzw, vec3(0.0, 0.0, 1.0)) + dragTorque.xyz * perLength + vertical.xyz;
            lastForce = force;
            lastTorque = torque;
            lastVolume = moment.x;
            if (b.motion == BILLOW_BODY_SIMULATED) {
                float mass = b.inertia.w, dt = pc.dt;
                // The water moved with the body's heave: a disc of the wetted plan area A_wet,
                // wetted on one side, rho (4/3) a^3 with a = sqrt(A_wet / pi).
                float discRadius = sqrt(drag.x / 3.14159265);
                float addedMass = rho * (4.0 / 3.0) * discRadius * discRadius * discRadius;
                vec3 inertial = vec3(mass, mass, mass + addedMass);
                // Drag is linear in the body's velocity with coefficients k (force = ... - k v):
                // implicit in v, so a light body in a fast flow takes the flow's speed without
                // overshooting, whatever dt.
                vec3 k = vec3(drag.ww * perLength, vertical.w);
                vec3 v = (inertial * b.velocity.xyz + dt * (force + k * b.velocity.xyz - vec3(0.0, 0.0, mass * g))) /
                         (inertial + dt * k);
                // Angular: the torque in the domain's frame with the inertia I_w = R I R^T
                // (gyroscopic term left out); the drag's torque -M omega and the rotational damping
                // implicit: (I_w (1 + dt angularDrag s) + dt M) omega' = I_w omega + dt (torque + M omega).
                vec4 conjugate = vec4(-b.rotation.xyz, b.rotation.w);
                mat3 inertiaWorld;
                for (int axis = 0; axis < 3; ++axis) {
                    vec3 e = vec3(0.0);
                    e[axis] = 1.0;
                    inertiaWorld[axis] = rotateByQuaternion(b.rotation, b.inertia.xyz * rotateByQuaternion(conjugate, e));
                }
                vec4 h = spinHorizontal * perLength;
                mat3 spin = mat3(h.x + spinVertical.x, -spinVertical.z, -h.z,
                                 -spinVertical.z, h.x + spinVertical.y, -h.w,
                                 -h.z, -h.w, h.y);
                float submerged = b.volume > 0.0 ? min(moment.x / b.volume, 1.0) : 0.0;
                vec3 omegaNow = b.angularVelocity.xyz;
                vec3 omega = inverse(inertiaWorld * (1.0 + dt * b.angularDrag * submerged) + dt * spin) *
                             (inertiaWorld * omegaNow + dt * (torque + spin * omegaNow));
                b.centre.xyz += dt * v;
                b.rotation = normalize(b.rotation + 0.5 * dt * quaternionProduct(vec4(omega, 0.0), b.rotation));
                b.velocity.xyz = v;
                b.angularVelocity.xyz = omega;
                body = b;
            }
        }
        barrier();
    }
    if (t == 0) {
        bodies[id] = body;
        int word = pc.reportWord + id * BILLOW_BODY_REPORT_WORDS;
        writeVec(word, body.centre.xyz);
        for (int k = 0; k < 4; ++k) report[word + 3 + k] = floatBitsToUint(body.rotation[k]);
        writeVec(word + 7, body.velocity.xyz);
        writeVec(word + 10, body.angularVelocity.xyz);
        writeVec(word + 13, lastForce);
        writeVec(word + 16, lastTorque);
        report[word + 19] = floatBitsToUint(lastVolume);
    }
}
