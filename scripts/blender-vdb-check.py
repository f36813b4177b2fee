# Blender check of Billow's OpenVDB export (docs/vdb-export.md, "Blender").
#
# Imports a scene runner VDB sequence (written with "upAxis": "z") as one Volume object, reports
# whether Blender detects the sequence, the grids it lists and the object's bounding box, then
# renders one frame with Cycles (CPU) for each shader setting and measures, from the linear EXR
# (before the view transform), the Rec.709 luminance of the flame, of the smoke above it and of the image's
# corners, and the fraction of clipped pixels (any channel >= 1.0); a PNG with the Filmic view transform is written too.
#
# Run (Blender 3.4, Debian 12's `blender` package; tiny renders, so it is cheap on a CPU):
#
#   nice -n 15 blender -b --factory-startup --python scripts/blender-vdb-check.py -- \
#       --vdb-dir out/campfire/vdb --prefix campfire --out /tmp/blender-vdb/renders \
#       [--file 20] [--size 160x240] [--samples 16] [--threads 2] \
#       [--renders "flame:bb=50:dens=5,temperature:bb=50:dens=5,..."]
#
# A render spec is TEMPERATURE_ATTRIBUTE:bb=BLACKBODY_INTENSITY:dens=DENSITY, optionally
# :temp=TEMPERATURE (the node's Temperature input, which multiplies the attribute; default 1) and
# :view=Standard (default Filmic). Each render reports the displayed colour of the flame's
# glowing pixels and its hue ("flame_display"). The spec emit:strength=S:dens=D[:from=A:to=B]
# [:cfrom=C0:cto=C1] renders the documented fire look instead: Emission Strength from `flame`
# mapped from A..B K above ambient to 0..S (default 300..1500, 10), Emission Color the blackbody
# colour of `flame` mapped from A..B to C0..C1 K (default 1500..2500), Blackbody Intensity 0.
# Results: stdout lines starting "RESULT", and OUT/results.json. The camera copies examples/scenes/campfire.json's (yaw 20, pitch 10, 0.75
# domain diagonals from 36 % of the height, 40 degree vertical field of view); a dusk sky of
# (0.05, 0.07, 0.16) and a sun of strength 2 light it.

import argparse
import glob
import json
import math
import os
import sys
import time

import bpy
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Vector

argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
ap = argparse.ArgumentParser(prog="blender-vdb-check.py")
ap.add_argument("--vdb-dir", required=True)
ap.add_argument("--prefix", default="campfire")
ap.add_argument("--out", required=True)
ap.add_argument("--file", type=int, default=-1, help="sequence file to render (default: the last)")
ap.add_argument("--size", default="160x240")
ap.add_argument("--samples", type=int, default=16)
ap.add_argument("--threads", type=int, default=2)
ap.add_argument("--renders", default="flame:bb=0:dens=5,flame:bb=1:dens=5,flame:bb=10:dens=5,"
                "flame:bb=50:dens=5,flame:bb=100:dens=5,temperature:bb=10:dens=5,"
                "temperature:bb=50:dens=5,flame:bb=50:dens=1,flame:bb=50:dens=20,"
                "flame:bb=50:dens=35")
args = ap.parse_args(argv)
os.makedirs(args.out, exist_ok=True)
vdb_dir = os.path.abspath(args.vdb_dir)
files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(vdb_dir, args.prefix + "_*.vdb")))
assert files, "no %s_*.vdb in %s" % (args.prefix, vdb_dir)
results = {"blender": bpy.app.version_string, "files": len(files), "first": files[0], "last": files[-1]}
print("RESULT blender", bpy.app.version_string, "files", len(files), files[0], "..", files[-1])

scene = bpy.context.scene
for ob in list(bpy.data.objects):
    bpy.data.objects.remove(ob, do_unlink=True)


def volume_info(ob):
    v = ob.data
    return {"is_sequence": v.is_sequence, "frame_start": v.frame_start,
            "frame_duration": v.frame_duration, "frame_offset": v.frame_offset,
            "sequence_mode": v.sequence_mode, "filepath": v.filepath}


# 1. Sequence detection: the first file alone, then every file selected.
bpy.ops.object.volume_import(filepath=os.path.join(vdb_dir, files[0]), directory=vdb_dir + "/",
                             files=[{"name": files[0]}])
one = bpy.context.active_object
results["import_first_file_only"] = volume_info(one)
print("RESULT import first file only:", results["import_first_file_only"])
bpy.data.objects.remove(one, do_unlink=True)
bpy.ops.object.volume_import(filepath=os.path.join(vdb_dir, files[0]), directory=vdb_dir + "/",
                             files=[{"name": f} for f in files])
vol_ob = bpy.context.active_object
results["import_all_files"] = volume_info(vol_ob)
print("RESULT import all files:", results["import_all_files"])
vol = vol_ob.data

file_index = args.file if args.file >= 0 else len(files) - 1


def scene_frame_for_file(f):
    # Blender: file number = scene frame - frame_start + 1 + frame_offset
    return f + vol.frame_start - 1 - vol.frame_offset


def bbox_world(ob):
    dg = bpy.context.evaluated_depsgraph_get()
    ev = ob.evaluated_get(dg)
    pts = [ev.matrix_world @ Vector(c) for c in ev.bound_box]
    return [min(p[i] for p in pts) for i in range(3)], [max(p[i] for p in pts) for i in range(3)]


# 2. Grids and bounding boxes at the first file, the middle one and the rendered one.
for f in sorted({0, file_index // 2, file_index}):
    scene.frame_set(scene_frame_for_file(f))
    vol.grids.load()
    grids = [(g.name, g.data_type) for g in vol.grids]
    lo, hi = bbox_world(vol_ob)
    info = {"scene_frame": scene.frame_current, "loaded": os.path.basename(vol.grids.frame_filepath),
            "grids": grids, "bbox_min": [round(x, 4) for x in lo], "bbox_max": [round(x, 4) for x in hi],
            "dimensions": [round(x, 4) for x in vol_ob.dimensions]}
    results["file_%d" % f] = info
    print("RESULT file", f, info)
scene.frame_set(scene_frame_for_file(file_index))


# Extent of a grid above a threshold, through a Volume to Mesh modifier on an empty mesh.
def grid_extent(grid, threshold):
    me = bpy.data.meshes.new("probe_" + grid)
    ob = bpy.data.objects.new("probe_" + grid, me)
    scene.collection.objects.link(ob)
    mod = ob.modifiers.new("v2m", "VOLUME_TO_MESH")
    mod.object = vol_ob
    mod.grid_name = grid
    mod.threshold = threshold
    mod.resolution_mode = "GRID"
    dg = bpy.context.evaluated_depsgraph_get()
    ev = ob.evaluated_get(dg)
    pts = [ev.matrix_world @ v.co for v in ev.data.vertices]
    bpy.data.objects.remove(ob, do_unlink=True)
    if not pts:
        return None
    return pts


extents = {}
for grid, thr in (("flame", 300.0), ("density", 0.05), ("solid", 0.5)):
    pts = grid_extent(grid, thr)
    if pts:
        lo = [round(min(p[i] for p in pts), 3) for i in range(3)]
        hi = [round(max(p[i] for p in pts), 3) for i in range(3)]
        extents[grid] = (pts, lo, hi)
        results["extent_%s>=%g" % (grid, thr)] = {"min": lo, "max": hi}
        print("RESULT extent %s >= %g: min %s max %s" % (grid, thr, lo, hi))
    else:
        print("RESULT extent %s >= %g: empty" % (grid, thr))

# 3. Camera (the campfire scene's), sky, sun, render settings.
w, h = (int(x) for x in args.size.split("x"))
target = Vector((0.5, -0.5, 0.36 * 1.5))
dist = 0.75 * math.sqrt(1 + 1.5 ** 2 + 1)
yaw, pitch = math.radians(20), math.radians(10)
d_billow = (math.sin(yaw) * math.cos(pitch), math.sin(pitch), math.cos(yaw) * math.cos(pitch))
d_file = Vector((d_billow[0], -d_billow[2], d_billow[1]))
cam_data = bpy.data.cameras.new("cam")
cam_data.sensor_fit = "VERTICAL"
cam_data.angle = math.radians(40)
cam = bpy.data.objects.new("cam", cam_data)
scene.collection.objects.link(cam)
cam.location = target + dist * d_file
cam.rotation_euler = (-d_file).to_track_quat("-Z", "Y").to_euler()
scene.camera = cam
bpy.context.view_layer.update()  # camera matrix for world_to_camera_view

sun_data = bpy.data.lights.new("sun", "SUN")
sun_data.energy = 2.0
sun_data.color = (1.0, 0.94, 0.88)
sun = bpy.data.objects.new("sun", sun_data)
scene.collection.objects.link(sun)
sun.rotation_euler = (math.radians(55), 0, math.radians(-30))

world = scene.world or bpy.data.worlds.new("world")
scene.world = world
world.use_nodes = True
world.node_tree.nodes["Background"].inputs[0].default_value = (0.05, 0.07, 0.16, 1)
world.node_tree.nodes["Background"].inputs[1].default_value = 1.0

scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = args.samples
scene.cycles.use_denoising = False
scene.cycles.seed = 1
scene.render.resolution_x, scene.render.resolution_y = w, h
scene.render.resolution_percentage = 100
scene.render.threads_mode = "FIXED"
scene.render.threads = args.threads
scene.render.film_transparent = False

mat = bpy.data.materials.new("billow_volume")
mat.use_nodes = True
nt = mat.node_tree
for n in list(nt.nodes):
    nt.nodes.remove(n)
pv = nt.nodes.new("ShaderNodeVolumePrincipled")
outn = nt.nodes.new("ShaderNodeOutputMaterial")
nt.links.new(pv.outputs["Volume"], outn.inputs["Volume"])
vol.materials.clear()
vol.materials.append(mat)

# The "emit" look (docs/vdb-export.md, Blender, Fire): the glow only where it burns and in a
# flame's colour. Emission Strength = Map Range(flame, FROM..TO K above ambient -> 0..STRENGTH,
# clamped): nothing below FROM, so warm smoke that is not burning does not glow; Emission Color =
# Blackbody(Map Range(flame, FROM..TO -> CFROM..CTO K, clamped)): a colour temperature kept in a
# flame's orange-to-yellow range (Blender's blackbody is pure red below 965 K, which over a blue
# sky reads pink-magenta). Blackbody Intensity 0.
flame_attr = nt.nodes.new("ShaderNodeAttribute")
flame_attr.attribute_name = "flame"
colour_map = nt.nodes.new("ShaderNodeMapRange")
colour_map.clamp = True
blackbody = nt.nodes.new("ShaderNodeBlackbody")
strength_map = nt.nodes.new("ShaderNodeMapRange")
strength_map.clamp = True
nt.links.new(flame_attr.outputs["Fac"], colour_map.inputs["Value"])
nt.links.new(colour_map.outputs["Result"], blackbody.inputs["Temperature"])
nt.links.new(flame_attr.outputs["Fac"], strength_map.inputs["Value"])
emit_links = []


def set_emit(on, low=300.0, high=1500.0, strength=10.0, colour_low=1500.0, colour_high=2500.0):
    for link in emit_links:
        nt.links.remove(link)
    emit_links.clear()
    pv.inputs["Emission Strength"].default_value = 0.0
    if not on:
        return
    for m, lo, hi in ((strength_map, 0.0, strength), (colour_map, colour_low, colour_high)):
        m.inputs["From Min"].default_value = low
        m.inputs["From Max"].default_value = high
        m.inputs["To Min"].default_value = lo
        m.inputs["To Max"].default_value = hi
    emit_links.append(nt.links.new(blackbody.outputs["Color"], pv.inputs["Emission Color"]))
    emit_links.append(nt.links.new(strength_map.outputs["Result"], pv.inputs["Emission Strength"]))


# Pixel regions from projected points (rows counted from the bottom, as Blender stores pixels).
def region_of(pts):
    xs, ys = [], []
    for p in pts:
        c = world_to_camera_view(scene, cam, p)
        xs.append(c.x * w)
        ys.append(c.y * h)
    return (max(0, int(min(xs))), max(0, int(min(ys))), min(w, int(math.ceil(max(xs)))), min(h, int(math.ceil(max(ys)))))


regions = {}
if "flame" in extents:
    regions["flame"] = region_of(extents["flame"][0])
    ftop = extents["flame"][2][2]
    smoke_pts = [p for p in extents.get("density", ([], 0, 0))[0] if p.z > ftop + 0.05]
    if smoke_pts:
        regions["smoke"] = region_of(smoke_pts)
c = 16
regions["corner_bl"] = (0, 0, c, c)
regions["corner_br"] = (w - c, 0, w, c)
regions["corner_tl"] = (0, h - c, c, h)
regions["edge_left_mid"] = (0, h // 2 - c // 2, c, h // 2 + c // 2)
results["regions_px_x0_y0_x1_y1_from_bottom_left"] = regions
print("RESULT regions (x0, y0, x1, y1 from bottom left):", regions)


def lum(px, i):
    return 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2]


def stats(px, reg):
    x0, y0, x1, y1 = reg
    vals, clipped, rgb = [], 0, [0.0, 0.0, 0.0]
    for y in range(y0, y1):
        for x in range(x0, x1):
            i = 4 * (y * w + x)
            vals.append(lum(px, i))
            for k in range(3):
                rgb[k] += px[i + k]
            if max(px[i], px[i + 1], px[i + 2]) >= 1.0:
                clipped += 1
    n = max(1, len(vals))
    return {"mean": sum(vals) / n, "max": max(vals) if vals else 0.0, "clipped_pct": 100.0 * clipped / n,
            "rgb": [round(v / n, 4) for v in rgb]}


renders = []
for spec in args.renders.split(","):
    parts = spec.split(":")
    attr, opts = parts[0], dict(p.split("=") for p in parts[1:])
    bb, dens = float(opts.get("bb", 50)), float(opts.get("dens", 5))
    view = opts.get("view", "Filmic")
    pv.inputs["Density Attribute"].default_value = "density"
    pv.inputs["Density"].default_value = dens
    pv.inputs["Temperature Attribute"].default_value = attr
    temp = float(opts.get("temp", 1))
    emit = attr == "emit"
    set_emit(emit, float(opts.get("from", 300)), float(opts.get("to", 1500)), float(opts.get("strength", 10)),
             float(opts.get("cfrom", 1500)), float(opts.get("cto", 2500)))
    if emit:
        attr, bb = "flame", 0.0
    pv.inputs["Temperature"].default_value = temp
    pv.inputs["Blackbody Intensity"].default_value = bb
    scene.view_settings.view_transform = view
    scene.view_settings.look = "None"
    name = "%s_t%g_bb%g_dens%g_%s" % (attr, temp, bb, dens, view.lower())
    if emit:
        name = "emit_%s_%s_s%s_c%s_%s_dens%g_%s" % (opts.get("from", 300), opts.get("to", 1500), opts.get("strength", 10),
                                                     opts.get("cfrom", 1500), opts.get("cto", 2500), dens, view.lower())
    t0 = time.time()
    bpy.ops.render.render()
    secs = time.time() - t0
    rr = bpy.data.images["Render Result"]
    exr = os.path.join(args.out, name + ".exr")
    png = os.path.join(args.out, name + ".png")
    s = scene.render.image_settings
    s.file_format, s.color_mode, s.color_depth = "OPEN_EXR", "RGB", "32"
    rr.save_render(exr, scene=scene)
    s.file_format, s.color_mode, s.color_depth, s.compression = "PNG", "RGB", "8", 90
    rr.save_render(png, scene=scene)
    img = bpy.data.images.load(exr)
    px = list(img.pixels)
    bpy.data.images.remove(img)
    pimg = bpy.data.images.load(png)
    ppx = list(pimg.pixels)
    bpy.data.images.remove(pimg)
    n = w * h
    disp_clip = sum(1 for i in range(0, 4 * n, 4) if max(ppx[i], ppx[i + 1], ppx[i + 2]) >= 254.5 / 255) * 100.0 / n
    r = {"name": name, "temperature_attribute": attr, "temperature": temp, "blackbody_intensity": bb, "density": dens,
         "view": view, "render_s": round(secs, 1), "image": stats(px, (0, 0, w, h)),
         "display_clipped_pct": round(disp_clip, 2)}
    for k, reg in regions.items():
        r[k] = stats(px, reg)
    if "flame" in regions:
        # The displayed colour (the PNG, after the view transform) of the flame's glowing pixels
        # (displayed luminance above the sky's by 0.1), and its hue in degrees (0 red, 30 orange,
        # 60 yellow, 300 magenta).
        x0, y0, x1, y1 = regions["flame"]
        glow, rgb = 0, [0.0, 0.0, 0.0]
        for y in range(y0, y1):
            for x in range(x0, x1):
                i = 4 * (y * w + x)
                if lum(ppx, i) < 0.1 + lum(ppx, 0):
                    continue
                glow += 1
                for k in range(3):
                    rgb[k] += ppx[i + k]
        if glow:
            rgb = [v / glow for v in rgb]
            import colorsys
            hue = colorsys.rgb_to_hsv(*rgb)[0] * 360.0
            r["flame_display"] = {"glowing_px": glow, "rgb": [round(v, 3) for v in rgb], "hue_deg": round(hue, 1)}
    renders.append(r)
    print("RESULT render", json.dumps(r))
    sys.stdout.flush()
results["renders"] = renders
results["render_settings"] = {"size": [w, h], "samples": args.samples, "threads": args.threads,
                              "file": files[file_index], "scene_frame": scene.frame_current,
                              "denoising": False, "engine": "CYCLES CPU"}
with open(os.path.join(args.out, "results.json"), "w") as fh:
    json.dump(results, fh, indent=1)
print("RESULT wrote", os.path.join(args.out, "results.json"))
