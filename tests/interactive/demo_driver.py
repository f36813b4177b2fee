"""Drives billow_interactive under a virtual X server for the interactive tests (drag_test.py,
orbit_test.py): starts it, sends input with xdotool like a user, has it write screenshots of its
swapchain image (the P key) and decodes them."""
import argparse
import os
import re
import struct
import subprocess
import time
import zlib


def read_png(path):
    """Decodes the 8-bit RGB, non-interlaced PNGs the demo writes; returns rows of (r, g, b)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour != 2 or interlace != 0:
        raise ValueError(f"{path}: expected 8-bit RGB, not interlaced")
    raw = zlib.decompress(idat)
    stride, bpp = width * 3, 3
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[3 * x:3 * x + 3]) for x in range(width)])
        previous = line
    return rows


def centroid(rows, weight):
    total = sx = sy = 0.0
    for y, row in enumerate(rows):
        for x, p in enumerate(row):
            w = weight(p)
            total += w
            sx += w * x
            sy += w * y
    return total, (sx / total if total else -1.0), (sy / total if total else -1.0)


class Demo:
    def __init__(self, app, workdir, args):
        """Starts `app` with `args` plus --validation, --screenshot and a large --frames."""
        self.shots = 0
        self.base = os.path.join(workdir, "shot")
        for name in os.listdir(workdir):
            if name.startswith("shot"):
                os.remove(os.path.join(workdir, name))
        self.log = open(os.path.join(workdir, "demo.log"), "w")
        self.process = subprocess.Popen(
            [app, *args, "--validation", "--screenshot", self.base + ".png", "--frames", "20000"],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.window = self.xdotool("search", "--sync", "--onlyvisible", "--name", "^Billow", timeout=60).split()[0]
        self.xdotool("windowfocus", self.window)

    def xdotool(self, *args, timeout=20):
        if self.process.poll() is not None:
            raise RuntimeError(f"the demo exited early with status {self.process.returncode}")
        return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True, timeout=timeout).stdout

    def key(self, name):
        self.xdotool("key", name)  # to the focused window (XTEST, like a real keyboard)

    def screenshot(self):
        """Presses P and waits for the demo to write the next numbered screenshot; returns its
        pixels and the number of the frame it shows."""
        self.shots += 1
        path = f"{self.base}-{self.shots}.png"
        self.key("p")
        deadline = time.time() + 60
        while True:  # the demo prints "wrote <path> (frame N)" after the PNG is complete
            with open(self.log.name) as f:
                match = re.search(re.escape(f"wrote {path} (frame ") + r"(\d+)\)", f.read())
            if match:
                return read_png(path), int(match.group(1))
            if time.time() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"no screenshot {path}")
            time.sleep(0.05)

    def hold(self, name, seconds):
        """Holds a key down for `seconds` (the demo polls held keys every frame)."""
        self.xdotool("keydown", name)
        time.sleep(seconds)
        self.xdotool("keyup", name)

    def wait_frames(self, frames, after_frame):
        """Takes screenshots until one shows a frame at least `frames` after `after_frame`."""
        while True:
            time.sleep(0.3)
            shot, frame = self.screenshot()
            if frame - after_frame >= frames:
                return shot, frame

    def finish(self, expect):
        """Esc, and the exit status must be 0 (the demo returns non-zero on any validation message)."""
        self.key("Escape")
        status = self.process.wait(timeout=60)
        expect(status == 0, f"Esc quits with status 0, no validation messages (status {status})")

    def close(self, failures):
        """Kills the demo if still running; prints its output on failures or validation messages."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()
        with open(self.log.name) as f:
            log = f.read()
        if failures or "validation" in log.lower().replace("--validation", ""):
            print("---- demo output ----\n" + log)

    def drag(self, x0, x1, y, button=1):
        self.xdotool("mousemove", "--window", self.window, str(x0), str(y))
        self.xdotool("mousedown", str(button))
        for x in range(x0, x1 + 1, 4):
            self.xdotool("mousemove", "--window", self.window, str(x), str(y))
            time.sleep(0.01)
        self.xdotool("mouseup", str(button))

    def title(self):
        return self.xdotool("getwindowname", self.window).strip()


class Checks:
    """Collects named pass/fail checks, printing each."""
    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if not ok:
            self.failures.append(what)


def run_test(demo_args, checks):
    """The main of a test script: parses --app and --workdir, starts the demo with `demo_args`,
    runs `checks(demo, expect)`, then Esc must quit cleanly. Returns the exit status (1 on any
    failed check)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    expect = Checks()
    start = time.time()
    demo = Demo(args.app, args.workdir, demo_args)
    try:
        checks(demo, expect)
        demo.finish(expect)
    finally:
        demo.close(expect.failures)
    print(f"{len(expect.failures)} failure(s) in {time.time() - start:.1f} s")
    return 1 if expect.failures else 0
