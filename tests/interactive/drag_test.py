#!/usr/bin/env python3
"""Scripted test of the interactive demo (run under xvfb-run; Vulkan on lavapipe).

Starts billow_interactive with the validation layer on, drives it with xdotool like a user (drag
the mouse, press keys), has it write screenshots of its swapchain image (the P key), and checks
the pictures numerically:
  1. before any input the window shows only the dark background;
  2. after a left-to-right drag, coloured dye lies along the drag path;
  3. a moment later the dye has moved, downstream (to the right): the drag pushed the fluid;
  4. the vorticity view (key 3, named in the window title) shows the drag's shear layer:
     counter-clockwise (red) above the stroke, clockwise (blue) below it;
  5. the obstacle brush (O + drag) paints grey solid cells;
  6. +, ] and V change the settings and Space pauses (the title says so; the picture stands still);
  7. R resets the fluid and the obstacles: only the background is left;
  8. Esc quits with exit status 0 (the demo returns non-zero on any validation message).
"""
import sys
import time

from demo_driver import centroid, run_test

WIDTH = HEIGHT = 256
BACKGROUND = round(0.03 * 255)  # the dye view's background (field_view.frag: 0.03 + dye)
# Steps between the two pictures that must show the dye moving: at the drag's speed (about
# 1 m/s across the 1 m, 256 pixel wide domain, 1/60 s per step) the dye travels some 4 pixels per
# step, so 30 steps move it by far more than the 3 pixels asked, yet not out of the box.
LATER_FRAMES = 30


def dye_amount(pixel):
    """How much dye a pixel of the dye view shows: its brightest channel above the background."""
    return max(0, max(pixel) - BACKGROUND)


def checks(demo, expect):
    before, _ = demo.screenshot()
    brightest = max(max(p) for row in before for p in row)
    expect(brightest <= BACKGROUND + 2, f"before any input only the background shows (brightest {brightest})")

    drag_y, drag_x0, drag_x1 = HEIGHT // 2, 40, 140
    demo.drag(drag_x0, drag_x1, drag_y)
    after, after_frame = demo.screenshot()
    total, cx, cy = centroid(after, dye_amount)
    dyed = sum(1 for row in after for p in row if dye_amount(p) > 40)
    print(f"     dye after the drag: {dyed} pixels, centroid ({cx:.1f}, {cy:.1f})")
    # One splat (radius 0.03 m = 7.7 pixels) alone covers about pi * 7.7^2 = 190 pixels
    # within its radius; the 100 pixel stroke leaves several times that.
    expect(dyed >= 500, "dye appeared (at least 500 clearly coloured pixels)")
    # The stroke's dye is carried along by the velocity it injects, so it gathers near and
    # a little beyond the drag's end (the WebGL demo's mushroom): on the drag's row, not
    # before its start, at most about a quarter of the window past its end.
    expect(abs(cy - drag_y) < 20 and drag_x0 < cx < drag_x1 + WIDTH // 4, "the dye lies on the drag's line, around its end")

    # At least LATER_FRAMES steps later, however fast the machine runs the demo.
    later, later_frame = demo.wait_frames(LATER_FRAMES, after_frame)
    print(f"     frames {after_frame} -> {later_frame}")
    total2, cx2, cy2 = centroid(later, dye_amount)
    changed = sum(1 for r0, r1 in zip(after, later) for p, q in zip(r0, r1)
                  if max(abs(a - b) for a, b in zip(p, q)) > 20)
    print(f"     a moment later: centroid ({cx2:.1f}, {cy2:.1f}), {changed} pixels changed by > 20")
    expect(changed >= 500, "the dye moved (at least 500 pixels changed clearly)")
    expect(cx2 > cx + 3, "the dye moved downstream (its centroid moved right, the drag's direction)")

    demo.key("3")
    time.sleep(0.5)
    title = demo.title()
    print(f"     title: {title}")
    expect(title.startswith("Billow | vorticity | ") and "ms/step" in title,
           "key 3 shows the vorticity view; the title names it and ms/step")
    vort, _ = demo.screenshot()
    red_total, _, red_y = centroid(vort, lambda p: max(0, p[0] - p[2] - 10))
    blue_total, _, blue_y = centroid(vort, lambda p: max(0, p[2] - p[0] - 10))
    print(f"     vorticity: red weight {red_total:.0f} at row {red_y:.1f}, blue weight {blue_total:.0f} at row {blue_y:.1f}")
    expect(red_total > 0 and blue_total > 0 and red_y < blue_y,
           "the shear layer: counter-clockwise (red) above the stroke, clockwise (blue) below")

    demo.key("1")
    demo.key("o")
    demo.drag(180, 220, 60)
    demo.key("o")
    painted, _ = demo.screenshot()
    grey = sum(1 for row in painted[40:80] for p in row[160:240]
               if max(p) - min(p) < 8 and 100 < p[0] < 130)
    print(f"     obstacle brush: {grey} grey pixels near the stroke")
    # The brush (radius 0.03 m = 7.7 pixels) along 40 pixels covers about 40 * 15 + 190 =
    # 790 pixels, whole cells of the 48-cell grid, so somewhat fewer or more.
    expect(grey >= 300, "O + drag paints obstacles (grey solid cells along the stroke)")

    demo.key("plus")
    demo.key("bracketright")
    demo.key("v")
    demo.key("space")
    wanted = "vorticity 0.35 | 25 pressure iterations | viscosity on | paused"
    deadline = time.time() + 20
    while wanted not in demo.title() and time.time() < deadline:
        time.sleep(0.1)
    title = demo.title()
    print(f"     title: {title}")
    expect(wanted in title, "+, ] and V change the settings, Space pauses (as the title says)")
    still, still_frame = demo.screenshot()
    time.sleep(0.5)
    still2, still2_frame = demo.screenshot()
    expect(still_frame < still2_frame and still == still2,
           f"paused: frames {still_frame} and {still2_frame} show the same picture")
    demo.key("space")

    demo.key("r")
    reset, _ = demo.screenshot()
    brightest = max(max(p) for row in reset for p in row)
    expect(brightest <= BACKGROUND + 2, f"R resets the fluid and the obstacles (brightest {brightest})")


if __name__ == "__main__":
    sys.exit(run_test(["--size", f"{WIDTH}x{HEIGHT}", "--grid", "48", "--seed", "7"], checks))
