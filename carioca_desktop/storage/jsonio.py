"""Careful JSON: capped reads, strict decoding, bounded nesting, no NaN; compact writing."""

from __future__ import annotations

import json
import math
import mmap
import os
import stat
from pathlib import Path

from carioca_desktop.storage.notices import FileProblem

MAX_DEPTH = 64


def open_regular(path: Path) -> int:
    """A read-only descriptor of ``path`` if it is a regular file; else FileProblem("not_a_file")
    and nothing is read. Opened without blocking: a FIFO with no writer would hang the start.

    Raises FileNotFoundError when there is no file and OSError when it cannot be opened. Every
    file the game reads from its folders comes through here (settings, saves, statistics, the
    picture and shape caches)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        os.close(fd)
        raise
    if not regular:
        os.close(fd)
        raise FileProblem("not_a_file", f"{path.name} is not a regular file")
    return fd


def read_capped(path: Path, cap: int) -> bytes:
    """The file's bytes, or FileProblem("too_large") without reading more than ``cap`` + 1.

    Raises FileNotFoundError when there is no file and OSError when it cannot be read. Only a
    regular file is read: a FIFO, a device or a folder is FileProblem("not_a_file").
    """
    with os.fdopen(open_regular(path), "rb") as handle:
        # Reading one byte past the cap tells "too large" even for files that grow or lie
        # about their size (/proc), and never pulls a huge file into memory.
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise FileProblem("too_large", f"{path.name} is larger than {cap} bytes")
    return data


def map_capped(path: Path, cap: int) -> mmap.mmap:
    """The regular file mapped privately (copy on write: writing to the map never reaches the
    file), or FileProblem("too_large") for one over ``cap`` bytes, or ValueError for an empty
    one. Raises as ``open_regular``."""
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
        if size > cap:
            raise FileProblem("too_large", f"{path.name} is larger than {cap} bytes")
        return mmap.mmap(fd, 0, access=mmap.ACCESS_COPY)
    finally:
        os.close(fd)


def parse_object(data: bytes) -> dict[str, object]:
    """Decode strict UTF-8 JSON whose top level is an object, or raise FileProblem."""
    try:
        # "utf-8-sig" is strict UTF-8 that also accepts the BOM some Windows editors add.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem("not_utf8", f"not UTF-8 at byte {exc.start}") from None
    value = _loads(text)
    if not isinstance(value, dict):
        raise FileProblem("corrupt", f"top level is {json_type(value)}, not an object")
    check_depth(value)
    return value


def _loads(text: str) -> object:
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise FileProblem("too_deep", "nesting too deep to parse") from None
    except json.JSONDecodeError as exc:
        raise FileProblem("bad_json", f"not JSON: {exc.msg} at line {exc.lineno}") from None
    except ValueError as exc:  # NaN, 1e999, integers with thousands of digits
        raise FileProblem("bad_json", f"not JSON: {exc}") from None


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    # 1e999 parses to inf without passing through parse_constant.
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def check_depth(value: object, limit: int = MAX_DEPTH) -> None:
    """Raise FileProblem("too_deep") if containers nest deeper than ``limit``."""
    # Iterative, so checking cannot itself run out of stack.
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise FileProblem("too_deep", f"nested deeper than {limit} levels")
        stack.extend((child, depth + 1) for child in children)


def dump(document: dict[str, object], *, pretty: bool = False) -> bytes:
    """Encode a document; ASCII-only so that any string read back (even a lone surrogate)
    can be written, and the result is always valid UTF-8. Raises ValueError on NaN."""
    if pretty:
        text = json.dumps(document, ensure_ascii=True, allow_nan=False, indent=2)
    else:
        text = json.dumps(document, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return (text + "\n").encode("ascii")


def json_type(value: object) -> str:
    """The JSON name of a value's type, for details in notices."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
