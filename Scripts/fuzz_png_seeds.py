#!/usr/bin/env python3
"""Small PNG files of every colour type and several bit depths, as seeds for fuzz-png.

usage: fuzz_png_seeds.py FOLDER
"""
import os, struct, sys, zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, extra=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    raw = b"".join(b"\0" + r for r in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def main(folder):
    os.makedirs(folder, exist_ok=True)
    w, h = 24, 16
    images = {
        "rgb8": png(w, h, 8, 2, [bytes(v for x in range(w) for v in (x * 10 % 256, y * 15 % 256, 128)) for y in range(h)]),
        "rgba8": png(w, h, 8, 6, [bytes(v for x in range(w) for v in (x * 10 % 256, y * 15 % 256, 128, (x + y) * 8 % 256)) for y in range(h)]),
        "grey16": png(w, h, 16, 0, [b"".join(struct.pack(">H", (x * 2731 + y * 97) % 65536) for x in range(w)) for y in range(h)]),
        "greyalpha8": png(w, h, 8, 4, [bytes(v for x in range(w) for v in (x * 10 % 256, 255 - y * 8)) for y in range(h)]),
        "rgb16": png(w, h, 16, 2, [b"".join(struct.pack(">HHH", x * 2000, y * 3000, 40000) for x in range(w)) for y in range(h)]),
        "palette4": png(w, h, 4, 3, [bytes(((x % 16) << 4 | (y % 16)) for x in range(w // 2)) for y in range(h)],
                        chunk(b"PLTE", bytes(v for i in range(16) for v in (i * 16, 255 - i * 16, i * 8))) + chunk(b"tRNS", bytes(range(0, 256, 16)))),
        "grey1": png(w, h, 1, 0, [bytes((0xAA if y % 2 else 0x55) for _ in range((w + 7) // 8)) for y in range(h)]),
        "rgb8-shifted": png(w, h, 8, 2, [bytes(v for x in range(w) for v in ((x + 1) * 10 % 256, y * 15 % 256, 128)) for y in range(h)]),
        "rgb8-wide": png(2 * w, h // 2, 8, 2, [bytes(v for x in range(2 * w) for v in (x * 5 % 256, y * 30 % 256, 128)) for y in range(h // 2)]),
    }
    for name, data in images.items():
        with open(os.path.join(folder, name + ".png"), "wb") as f:
            f.write(data)


main(sys.argv[1])
