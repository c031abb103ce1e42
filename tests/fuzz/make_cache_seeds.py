#!/usr/bin/env python3
"""Writes the seed corpus of the cache_reader harness (corpus/cache_reader/): valid cached
feature matrices and names files in tsfs's format (src/common/files.cpp, src/cache/artefacts.cpp),
each input being a little-endian u16 split point, the matrix file, then the names file; matrix
files in both formats (1: an FNV-1a checksum, 2: XXH3). Only needed to regenerate the committed
seeds (Debian's python3-xxhash for format 2)."""
import os
import struct

import xxhash

KEY = b"features-v1|Fuzz|0|raw|"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "cache_reader")


class Fnv:
    def __init__(self):
        self.state = 14695981039346656037

    def bytes(self, data):
        for byte in data:
            self.state = ((self.state ^ byte) * 1099511628211) % (1 << 64)
        return self

    def integer(self, value):
        return self.bytes(struct.pack("<q", value))

    def text(self, value):
        return self.integer(len(value)).bytes(value)


def matrix_file(rows, cols, values, version):
    data = struct.pack("<%dd" % len(values), *values)
    shape = struct.pack("<qq", rows, cols)
    if version == 1:
        checksum = Fnv().integer(rows).integer(cols).bytes(data).state
    else:
        checksum = xxhash.xxh3_64_intdigest(data, seed=xxhash.xxh3_64_intdigest(shape))
    return (b"TSFSMAT%d" % version + struct.pack("<Q", len(KEY)) + KEY + shape + data
            + struct.pack("<Q", checksum))


def names_file(names):
    fnv = Fnv().text(KEY).integer(len(names))
    body = b""
    for name in names:
        fnv.text(name)
        body += struct.pack("<Q", len(name)) + name
    return (b"TSFSNAM1" + struct.pack("<Q", len(KEY)) + KEY + struct.pack("<Q", len(names)) + body
            + struct.pack("<Q", fnv.state))


def seed(name, rows, cols, values, names):
    for version, suffix in ((1, ""), (2, "_format2")):
        matrix = matrix_file(rows, cols, values, version)
        with open(os.path.join(OUT, name + suffix), "wb") as out:
            out.write(struct.pack("<H", len(matrix)) + matrix + names_file(names))


os.makedirs(OUT, exist_ok=True)
seed("two_by_three", 2, 3, [1, 4.5, 2, -1e-300, 3, 6], [b"mean", b"max, abs", b'say "hi"'])
seed("one_column", 3, 1, [0.5, float("nan"), float("inf")], [b"x"])
seed("empty", 0, 0, [], [])
