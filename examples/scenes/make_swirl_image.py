#!/usr/bin/env python3
"""Writes swirl_image.png (256 x 256 RGB): bands of hue under a checkerboard with a white ring, a
picture whose distortion is easy to follow. Plain Python (zlib), no imaging library needed."""
import math
import struct
import zlib

W = H = 256


def hue(h):
    clamp = lambda x: min(max(x, 0.0), 1.0)
    return clamp(abs(h * 6 - 3) - 1), clamp(2 - abs(h * 6 - 2)), clamp(2 - abs(h * 6 - 4))


def pixel(x, y):
    r, g, b = hue(((y // 32) % 8) / 8.0)
    k = 0.85 if ((x // 32) + (y // 32)) % 2 else 0.35
    if 70 < math.hypot(x - 127.5, y - 127.5) < 84:
        r, g, b, k = 1.0, 1.0, 1.0, 0.9
    return bytes(int(255 * c * k) for c in (r, g, b))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


rows = b"".join(b"\0" + b"".join(pixel(x, y) for x in range(W)) for y in range(H))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) +
       chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
with open(__file__.replace("make_swirl_image.py", "swirl_image.png"), "wb") as f:
    f.write(png)
