#!/usr/bin/env python3
"""Prints the bytes a bundle's coverage section takes: its coverage frames (type C, headers included), and the
run list's coverage directories in the index are left out (a few hundred bytes a run).

usage: section_size.py BUNDLE
"""
import struct
import sys


def main():
    data = open(sys.argv[1], "rb").read()
    position, total, frames, inflated = 16, 0, 0, 0
    while position + 20 <= len(data):
        magic, ftype, _, _, stored, uncompressed, _ = struct.unpack_from("<4sBBHIII", data, position)
        if magic != b"\xd7RBF":
            break
        if ftype == 0x43:
            total += 20 + stored
            frames += 1
            inflated += uncompressed
        position += 20 + stored
    print(f"coverage frames: {frames}, {total} bytes stored, {inflated} bytes inflated")


if __name__ == "__main__":
    main()
