#!/usr/bin/env python3
"""Scripted test of the interactive demo's 3D mode (run under xvfb-run; Vulkan on lavapipe).

Starts `billow_interactive --3d` on a small grid with the validation layer on, drives it with
xdotool (demo_driver.py) and checks its screenshots numerically:
  1. the plume: after some steps the picture differs clearly from the first frame's, in a column
     around the middle of the window (the emitter sits at the domain's centre, the camera looks
     at it);
  2. the collider: holding the Right arrow moves the clay-coloured sphere to the right on screen
     (the title reports its centre), and the smoke around it changes;
  3. the camera: while paused, two pictures are equal; a mouse drag (orbit) and a wheel notch
     (zoom) each change the picture;
  4. the temperature view (key 2): the warm plume glows against a dark background;
  5. fire (F, then R to clear the smoke): the title says so and, some steps later, the render
     view is redder than the smoke-only view (key 3) of the same paused frame where flames glow;
  6. Esc quits with exit status 0 (no validation messages).
"""
import re
import sys
import time

from demo_driver import centroid, run_test

WIDTH = HEIGHT = 160
GRID = 14  # 14 x 21 x 14 cells: a few seconds on lavapipe
# Steps before the plume is checked: at the emitter's 0.6 m/s the smoke rises some 0.3 m of the
# 1.5 m tall domain in 30 steps of 1/60 s, well visible at this size.
PLUME_FRAMES = 30
# Steps of fire before flames are asked for: the embers heat the fuel past ignition within a few
# steps, the flames then glow above 700 K.
FIRE_FRAMES = 40


def differs(a, b, threshold=20):
    """Pixels whose brightest channel difference exceeds `threshold`, as a 0/1 weight per pixel."""
    return [[1 if max(abs(x - y) for x, y in zip(p, q)) > threshold else 0 for p, q in zip(ra, rb)]
            for ra, rb in zip(a, b)]


def clay(p):
    """The collider's surface (VolumeLook's clay albedo 0.45, 0.32, 0.25 under a warm light): red
    clearly above blue and green between them; sky, ground and grey smoke are not."""
    r, g, b = p
    return 1 if r - b > 35 and r >= g >= b else 0


def weight_rows(mask):
    return [[(m,) for m in row] for row in mask]


def collider_x(title):
    match = re.search(r"collider ([0-9.]+) ", title)
    return float(match.group(1)) if match else -1.0


def checks(demo, expect):
    first, first_frame = demo.screenshot()
    plume, plume_frame = demo.wait_frames(PLUME_FRAMES, first_frame)
    changed = differs(first, plume)
    count, cx, cy = centroid(weight_rows(changed), lambda p: p[0])
    print(f"     frames {first_frame} -> {plume_frame}: {count:.0f} pixels changed, centroid ({cx:.1f}, {cy:.1f})")
    expect(count >= 150, "the plume appears (at least 150 pixels changed clearly)")
    expect(abs(cx - WIDTH / 2) < WIDTH / 5, "the plume stands in the middle of the picture")

    title = demo.title()
    print(f"     title: {title}")
    expect(title.startswith("Billow | 3D render | ") and "fire off" in title, "the title names the 3D render view")
    before_x = collider_x(title)
    clay_before, clay_x0, _ = centroid(plume, clay)
    demo.xdotool("keydown", "Right")
    deadline = time.time() + 40
    while collider_x(demo.title()) < before_x + 0.12 and time.time() < deadline:
        time.sleep(0.1)
    demo.xdotool("keyup", "Right")
    after_x = collider_x(demo.title())
    pushed, _ = demo.screenshot()
    clay_after, clay_x1, _ = centroid(pushed, clay)
    print(f"     collider x {before_x:.2f} -> {after_x:.2f} m; clay pixels {clay_before:.0f} at column "
          f"{clay_x0:.1f} -> {clay_after:.0f} at column {clay_x1:.1f}")
    expect(after_x >= before_x + 0.12, "the Right arrow moves the collider (the title's centre)")
    expect(clay_before >= 30 and clay_after >= 30 and clay_x1 > clay_x0 + 5,
           "the collider is drawn, and moves right on screen")

    demo.key("space")
    still, still_frame = demo.screenshot()
    still2, still2_frame = demo.screenshot()
    expect(still_frame < still2_frame and still == still2, "paused: the picture stands still")
    demo.drag(40, 140, HEIGHT // 2)  # 100 pixels: 40 degrees about the vertical
    orbited, _ = demo.screenshot()
    turned = sum(map(sum, differs(still2, orbited)))
    demo.xdotool("click", "4")  # wheel up: zoom in
    zoomed, _ = demo.screenshot()
    closer = sum(map(sum, differs(orbited, zoomed)))
    print(f"     pixels changed: {turned} by the orbit drag, {closer} by the wheel")
    expect(turned >= 300, "a mouse drag orbits the camera (the paused picture changes)")
    expect(closer >= 500, "the wheel zooms (the paused picture changes)")
    demo.key("space")

    demo.key("2")
    heat, _ = demo.screenshot()
    glowing = sum(1 for row in heat for p in row if p[0] > 60 and p[0] > p[2] + 30)
    corner = max(heat[2][2])
    print(f"     temperature view: {glowing} glowing pixels, corner brightness {corner}")
    expect(glowing >= 100 and corner < 60, "key 2: the warm plume glows on a dark background")
    demo.key("1")

    demo.key("f")
    demo.key("r")  # clear the smoke so far: the flames are then in plain view
    _, fire_frame = demo.screenshot()
    deadline = time.time() + 20  # the title is refreshed every 250 ms
    while "fire on" not in demo.title() and time.time() < deadline:
        time.sleep(0.1)
    expect("fire on" in demo.title(), "F switches the fire on (the title says so)")
    demo.wait_frames(FIRE_FRAMES, fire_frame)
    demo.key("space")  # the same frame in the render view and in the smoke-only view (key 3)
    flames, _ = demo.screenshot()
    demo.key("3")
    smoke, _ = demo.screenshot()
    demo.key("space")
    # The glow alone: where the render is redder than the same frame without emission.
    flame = sum(1 for rf, rs in zip(flames, smoke) for p, q in zip(rf, rs) if p[0] - q[0] > 15 and p[0] - p[2] > q[0] - q[2])
    print(f"     fire: {flame} pixels glow (redder than the smoke-only view of the same frame)")
    expect(flame >= 20, "the fire burns: the render glows where the smoke-only view (key 3) does not")


if __name__ == "__main__":
    sys.exit(run_test(["--3d", "--size", f"{WIDTH}x{HEIGHT}", "--grid", str(GRID)], checks))
