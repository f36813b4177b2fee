#!/usr/bin/env python3
"""Writes meander_valley.npy (96 x 192 float32 heights, m, row 0 at the bottom): a meandering
channel 0.6 m deep and about 6 m wide cut into a flat 192 m x 96 m plain, its centre line
y = 48 + 14 sin(2 pi x / 76.8) m (two and a half bends, entering and leaving at y = 48 m).
meandering_river.json stretches it over its domain and adds the slope and the bumps. Plain
Python, no numpy needed."""
import math
import struct

NX, NY = 192, 96          # samples, 1 m apart (sample centres at x + 0.5, y + 0.5)
DEPTH, HALF_WIDTH = 0.6, 3.0
AMPLITUDE, WAVELENGTH, CENTRE = 14.0, 76.8, 48.0


def height(x, y):
    # Distance to the centre line, measured across it (the line's tilt shortens the vertical gap).
    k = 2.0 * math.pi / WAVELENGTH
    slope = AMPLITUDE * k * math.cos(k * x)
    gap = (y - (CENTRE + AMPLITUDE * math.sin(k * x))) / math.sqrt(1.0 + slope * slope)
    return -DEPTH * math.exp(-(gap / HALF_WIDTH) ** 2)


values = [height(i + 0.5, j + 0.5) for j in range(NY) for i in range(NX)]
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (NY, NX)
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open("meander_valley.npy", "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
    f.write(struct.pack("<%df" % len(values), *values))
