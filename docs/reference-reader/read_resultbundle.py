#!/usr/bin/env python3
"""Reference reader for .resultbundle files, written from docs/FORMAT.md alone (Python standard library only).

usage: read_resultbundle.py BUNDLE [--tests]

Prints JSON: {"formatVersion", "runs", "totals": {"tests","passed","failed","skipped","expectedFailures",
"warnings","interrupted","testCases","parameterizedTests"}, "blobs", "damage": [...],
"index": {"present", "agrees"}, "coverage": {run index: {"files", "totals", "paths"}} (1.6)} computed by scanning every frame (the index is not needed to read; it is
parsed only to check that it agrees with the scan), and with --tests also the list of test ids. A torn tail or
damaged frame is reported in "damage" and skipped; the rest is read. Exit status: 0 read (even with damage),
2 not a bundle or newer major version.
"""
import hashlib
import json
import mmap
import os
import struct
import sys
import zlib

FILE_MAGIC = b"\x89RBUNDL\n"
FRAME_MAGIC = b"\xd7RBF"
HEADER = 20
MAX_UNCOMPRESSED = {0x52: 64 << 20, 0x42: 1 << 30, 0x49: 64 << 20, 0x58: 1 << 30, 0x54: 64, 0x43: 64 << 20,
                    0x50: 64 << 20, 0x53: 64 << 20}  # test positions (1.7), suite totals (1.9): skipped when not needed
INDEX_TYPES = (0x49, 0x58)  # index, and (1.2) large index
MAX_UNKNOWN = 1 << 30
MAX_RATIO, RATIO_EXEMPT = 1100, 64 << 10


def frame_problem(data, pos):
    """None when a complete, valid frame starts at pos, else a sentence saying what is wrong."""
    if len(data) - pos < HEADER:
        return "the file ends inside a frame header"
    if data[pos:pos + 4] != FRAME_MAGIC:
        return "no frame starts here (bad frame magic)"
    ftype, flags, _, stored, uncompressed, crc = struct.unpack_from("<BBHIII", data, pos + 4)
    limit = MAX_UNCOMPRESSED.get(ftype, MAX_UNKNOWN)
    if uncompressed > limit or stored > limit + limit // 64 + 1024 + 32:
        return "declared size over the limits"
    if flags & 1 and uncompressed > RATIO_EXEMPT and uncompressed // max(stored, 1) > MAX_RATIO:
        return "declared decompression ratio over the limit"
    if pos + HEADER + stored > len(data):
        return "the file ends inside a frame"
    body = data[pos + HEADER:pos + HEADER + stored]
    if zlib.crc32(body, zlib.crc32(data[pos:pos + 16])) != crc:
        return "frame checksum mismatch"
    return None


def inflate(payload, expected):
    inflater = zlib.decompressobj()
    out = inflater.decompress(payload, expected + 1)
    if len(out) != expected or not inflater.eof:
        raise ValueError("inflates to another size than declared")
    return out


def frames(data, damage):
    """Yields (offset, type, flags, uncompressed length, payload) of every valid frame; records damage."""
    pos = 16
    while pos < len(data):
        problem = frame_problem(data, pos)
        if problem is None:
            ftype, flags, _, stored, uncompressed, _ = struct.unpack_from("<BBHIII", data, pos + 4)
            yield pos, ftype, flags, uncompressed, data[pos + HEADER:pos + HEADER + stored]
            pos += HEADER + stored
            continue
        nxt = data.find(FRAME_MAGIC, pos + 1)
        while nxt != -1 and frame_problem(data, nxt) is not None:
            nxt = data.find(FRAME_MAGIC, nxt + 1)
        if nxt == -1:
            damage.append({"kind": "tornTail", "byteOffset": pos, "message": problem})
            return
        damage.append({"kind": "damagedFrame", "byteOffset": pos, "message": problem})
        pos = nxt


def read(path, with_tests=False):
    with open(path, "rb") as handle:
        if os.fstat(handle.fileno()).st_size < 16:
            raise SystemExit(f"{path}: not a result bundle")
        # Mapped, not read: only the frames being decoded are brought into memory.
        with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return read_mapped(path, data, with_tests)


def read_mapped(path, data, with_tests):
    if data[:8] != FILE_MAGIC:
        raise SystemExit(f"{path}: not a result bundle")
    major, minor = struct.unpack_from("<HH", data, 8)
    if major != 1:
        raise SystemExit(f"{path} is format {major}.{minor}; this reader reads format 1.x")
    damage, runs, ids, blobs = [], {}, [], 0
    scanned = {"batches": [], "tests": [], "blobs": set()}
    coverage = {}
    totals = dict(tests=0, passed=0, failed=0, skipped=0, expectedFailures=0, warnings=0, interrupted=0,
                  testCases=0, parameterizedTests=0)
    for offset, ftype, flags, uncompressed, payload in frames(data, damage):
        if ftype == 0x42:
            digest, content = payload[:32], payload[32:]
            try:
                content = inflate(content, uncompressed) if flags & 1 else content
                ok = hashlib.sha256(content).digest() == digest and len(content) == uncompressed
            except (zlib.error, ValueError):
                ok = False
            if ok:
                blobs += 1
                scanned["blobs"].add(bytes(digest))
            else:
                damage.append({"kind": "damagedBlob", "byteOffset": offset, "message": "content does not match"})
            continue
        if ftype == 0x43:
            try:
                read_coverage_frame(inflate(payload, uncompressed) if flags & 1 else payload, coverage)
            except (zlib.error, ValueError, IndexError, struct.error) as error:
                damage.append({"kind": "damagedFrame", "byteOffset": offset, "message": f"coverage: {error}"})
            continue
        if ftype != 0x52:
            continue  # index, trailer and unknown frame types are not needed
        try:
            text = inflate(payload, uncompressed) if flags & 1 else payload
        except (zlib.error, ValueError) as error:
            damage.append({"kind": "damagedFrame", "byteOffset": offset, "message": str(error)})
            continue
        batch_number = len(scanned["batches"])
        scanned["batches"].append(offset)
        line_offset = 0
        for line in text.split(b"\n"):
            start, line_offset = line_offset, line_offset + len(line) + 1
            if not line:
                continue
            try:
                record = json.loads(line)
                kind = record["kind"]
            except (ValueError, KeyError, TypeError):
                damage.append({"kind": "unreadableRecord", "byteOffset": offset, "message": "invalid line"})
                continue
            if kind == "run":
                runs[record["runIndex"]] = {"index": record["runIndex"], "record": record["run"]}
            elif kind == "runEnd" and record.get("runIndex") in runs:
                runs[record["runIndex"]]["end"] = record["runEnd"]
            elif kind == "test":
                count(record["test"], totals)
                ident = record["test"]["identity"]
                test_id = "/".join(([ident["module"]] if ident.get("module") is not None else [])
                                   + (ident.get("suites") or []) + [ident["name"]])
                scanned["tests"].append((id_hash(test_id), batch_number, start))
                if with_tests:
                    ids.append(test_id)
    run_list = [runs[k] for k in sorted(runs)]
    result = {"formatVersion": f"{major}.{minor}", "runs": run_list, "totals": totals,
              "blobs": blobs, "damage": damage, "index": check_index(data, scanned, run_list, totals, coverage),
              "coverage": {str(run): facts for run, facts in sorted(coverage.items())}}
    if with_tests:
        result["tests"] = ids
    return result


SEVERITY = {"skipped": 0, "passed": 1, "unknown": 2, "warning": 3, "expectedFailure": 4, "interrupted": 5,
            "timedOut": 6, "failed": 7, "crashed": 8}


def known(status):
    return status if status in SEVERITY else "unknown"


def final_status(attempts):
    return known(attempts[-1].get("status")) if attempts else None


def combined_status(test):
    """The status a test line implies when it has no "status" field (FORMAT.md, section 3)."""
    own = final_status(test.get("attempts") or [])
    cases = [final_status(case.get("attempts") or []) or "interrupted" for case in test.get("cases") or []]
    if not cases:
        return own or "interrupted"
    worst = max(cases, key=SEVERITY.get)
    if own is None or (own == "skipped" and worst != "skipped"):
        return worst
    return own if SEVERITY[own] >= SEVERITY[worst] else worst


def id_hash(test_id):
    """Low 32 bits of the 64-bit FNV-1a hash of the id's UTF-8 bytes (FORMAT.md, section 5)."""
    value = 0xCBF29CE484222325
    for byte in test_id.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value & 0xFFFFFFFF


COVERAGE_TOTALS = ("linesFound", "linesHit", "functionsFound", "functionsHit", "branchesFound", "branchesHit")


class Varints:
    """Unsigned LEB128 integers from a bytes object (FORMAT.md, section 5a)."""

    def __init__(self, data, start, end):
        self.data, self.position, self.end = data, start, end

    def next(self):
        value, shift = 0, 0
        while True:
            if self.position >= self.end or shift > 63:
                raise ValueError(f"bad varint at byte {self.position}")
            byte = self.data[self.position]
            self.position += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                if value >= 1 << 64:
                    raise ValueError("varint over 64 bits")
                return value
            shift += 7

    def text(self):
        length = self.next()
        if length > self.end - self.position:
            raise ValueError("text past the end")
        text = bytes(self.data[self.position:self.position + length]).decode("utf-8", "replace")
        self.position += length
        return text


def read_coverage_frame(payload, coverage):
    """Adds one coverage frame's files to `coverage` (by run index), decoding every body (FORMAT.md, section 5a)."""
    magic, version, run, count, table_length = struct.unpack_from("<4sIIII", payload, 0)
    if magic != b"RBCV" or version != 1:
        raise ValueError("not a coverage frame payload")
    table = Varints(payload, 20, 20 + table_length)
    body_start = 20 + table_length
    facts = coverage.setdefault(run, {"files": 0, "totals": dict.fromkeys(COVERAGE_TOTALS, 0), "paths": []})
    for _ in range(count):
        path = table.text()
        listed = dict(zip(COVERAGE_TOTALS, (table.next() for _ in COVERAGE_TOTALS)))
        body_length = table.next()
        found = coverage_body_totals(Varints(payload, body_start, body_start + body_length))
        if found != listed:
            raise ValueError(f"the totals listed for {path} differ from its body")
        body_start += body_length
        facts["files"] += 1
        facts["paths"].append(path)
        for key in COVERAGE_TOTALS:
            facts["totals"][key] += found[key]
    if table.position != table.end or body_start != len(payload):
        raise ValueError("coverage frame sizes do not add up")


def coverage_body_totals(body):
    """Decodes one file's body and returns its totals."""
    lines = sum(body.next() * 0 + body.next() for _ in range(body.next()))  # (gap, length) pairs
    hit, left = 0, lines
    while left > 0:
        count, repeat = body.next(), body.next()
        if repeat < 1 or repeat > left:
            raise ValueError("count runs do not cover the lines")
        hit += repeat if count > 0 else 0
        left -= repeat
    branches_found = branches_hit = 0
    for _ in range(body.next()):
        body.next()
        branches_found += body.next()
        branches_hit += body.next()
    functions = functions_hit = 0
    for _ in range(body.next()):
        body.next()
        functions += 1
        functions_hit += 1 if body.next() > 0 else 0
        body.text()
    for _ in range(body.next()):
        for _ in range(5):
            body.next()
    if body.position != body.end:
        raise ValueError("bytes left after a file's body")
    return {"linesFound": lines, "linesHit": hit, "functionsFound": functions, "functionsHit": functions_hit,
            "branchesFound": branches_found, "branchesHit": branches_hit}


def check_index(data, scanned, run_list, totals, coverage):
    """Reads the trailer and the index (FORMAT.md, section 5) and compares them with what the scan found."""
    size = len(data)
    trailer = size - 36
    if trailer < 16 or frame_problem(data, trailer) is not None or data[trailer + 4] != 0x54 \
            or data[trailer + 28:trailer + 36] != b"RBUNDEND":
        return {"present": False}
    (index_offset,) = struct.unpack_from("<Q", data, trailer + 20)
    if not 16 <= index_offset < trailer or frame_problem(data, index_offset) is not None \
            or data[index_offset + 4] not in INDEX_TYPES:
        return {"present": True, "agrees": False}
    _, flags, _, stored, uncompressed, _ = struct.unpack_from("<BBHIII", data, index_offset + 4)
    payload = data[index_offset + 20:index_offset + 20 + stored]
    index = inflate(payload, uncompressed) if flags & 1 else payload
    magic, version, frames, tests, blobs, runs_length, data_end = struct.unpack_from("<4sIIIIIQ", index, 0)
    position = 32
    batches = [struct.unpack_from("<QIIII", index, position + 24 * i)[0] for i in range(frames)]
    position += 24 * frames
    entries = [struct.unpack_from("<III", index, position + 12 * i) for i in range(tests)]
    position += 12 * tests
    digests = {bytes(index[position + 48 * i:position + 48 * i + 32]) for i in range(blobs)}
    position += 48 * blobs
    listed_runs = json.loads(bytes(index[position:position + runs_length]))
    agrees = (magic == b"RBIX" and version == 1 and position + runs_length == len(index)
              and data_end == index_offset and batches == scanned["batches"]
              and entries == sorted(scanned["tests"]) and digests == scanned["blobs"]
              and [run["index"] for run in listed_runs] == [run["index"] for run in run_list]
              and totals_agree(listed_runs, totals) and causes_agree(listed_runs, totals)
              and {run["index"]: run["coverage"]["totals"] for run in listed_runs if "coverage" in run}
              == {run: facts["totals"] for run, facts in coverage.items()})
    return {"present": True, "agrees": agrees}


def totals_agree(listed_runs, totals):
    """Whether the runs' stored totals (1.2; absent before) add up to the counts the scan made."""
    if not listed_runs or not all("totals" in run for run in listed_runs):
        return True
    for key, value in totals.items():
        if not all(key in run["totals"] for run in listed_runs):
            continue  # a count an older writer did not store (parameterizedTests, before 1.4)
        stored = sum(run["totals"][key] for run in listed_runs)
        if key == "duration" and abs(stored - value) > 1e-6 * max(1.0, abs(value)):
            return False
        if key != "duration" and stored != value:
            return False
    return True


def causes_agree(listed_runs, totals):
    """Whether the runs' failures by cause (1.8; absent before) count every failed test the scan found, once."""
    if not listed_runs or not all("causes" in run for run in listed_runs):
        return True
    stored = sum(cause["count"] for run in listed_runs for cause in run["causes"]["causes"])
    return stored + sum(run["causes"].get("otherFailures", 0) for run in listed_runs) == totals["failed"]


def count(test, totals):
    status = known(test["status"]) if test.get("status") is not None else combined_status(test)
    totals["tests"] += 1
    totals["testCases"] += len(test.get("cases") or [])
    totals["parameterizedTests"] += 1 if test.get("cases") else 0
    if status in ("passed", "warning"):
        totals["passed"] += 1
        if status == "warning":
            totals["warnings"] += 1
    elif status in ("failed", "crashed", "timedOut", "interrupted"):
        totals["failed"] += 1
        if status == "interrupted":
            totals["interrupted"] += 1
    elif status == "skipped":
        totals["skipped"] += 1
    elif status == "expectedFailure":
        totals["expectedFailures"] += 1


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    try:
        print(json.dumps(read(sys.argv[1], "--tests" in sys.argv[2:]), indent=1, sort_keys=True))
    except SystemExit as exit_error:
        print(exit_error, file=sys.stderr)
        sys.exit(2)
    except OSError as error:
        print(f"{sys.argv[1]}: {error.strerror}", file=sys.stderr)
        sys.exit(2)
