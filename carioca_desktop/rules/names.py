"""One rule for player names everywhere: settings, the New game boxes, saved seats, statistics.

A name is printable text of at most ``NAME_MAX`` characters: whitespace of any kind (tabs,
newlines, no-break spaces) becomes one plain space, and control, format (zero-width spaces,
bidi overrides, BOMs, word joiners), surrogate, private-use and unassigned characters are
removed, and a name never starts with a mark (a combining or enclosing mark, such as
U+034F or the emoji selector U+FE0F, has nothing to sit on there and draws nothing; text
that draws nothing stops pygame_gui). ``clean_name`` applies the rule; ``name_problem`` says
why a stored name breaks it (stored names are refused, not silently changed, so a tampered
save is noticed).

Pure Python, no pygame: the engine, storage and the UI all import it.
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 24
# Unicode general categories that are never part of a shown name.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Categories that draw nothing where a name starts: marks with no base character before them.
_NO_BASE = frozenset({"Mn", "Me"})
_NOT_FIRST = _NO_BASE | _DROPPED
# Work is bounded before anything else, so a 10 MB "name" costs no more than a short one.
_SCAN_LIMIT = 16 * NAME_MAX


def clean_name(text: object, limit: int = NAME_MAX) -> str:
    """``text`` made a valid name ('' when nothing printable is left)."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFC", text[:_SCAN_LIMIT])
    out: list[str] = []
    for char in text:
        if char.isspace():
            if out and out[-1] != " ":
                out.append(" ")
        elif unicodedata.category(char) not in _DROPPED:
            out.append(char)
    name = "".join(out)
    start = 0
    while start < len(name) and (name[start] == " " or not starts_visibly(name[start])):
        start += 1
    return name[start:][:limit].rstrip()


def starts_visibly(char: str) -> bool:
    """Whether a name may start with ``char`` by its Unicode category: not a mark with no base,
    nor a control, format, separator or unassigned character. (The name boxes also measure
    each character with the shipped font: see ``ui.nameentry``.)"""
    return unicodedata.category(char) not in _NOT_FIRST


def name_problem(value: object, limit: int = NAME_MAX) -> str | None:
    """None for a valid, non-empty name; else a short English reason."""
    if not isinstance(value, str):
        return "a name must be text"
    if not value:
        return "a name must not be empty"
    if len(value) > limit:
        return f"a name is longer than {limit} characters"
    if clean_name(value, limit) != value:
        return "a name holds control, format or extra space characters"
    return None


def initial(name: str) -> str:
    """The first letter, digit or symbol of a name, upper-cased ('?' when there is none):
    what an avatar shows. Combining marks and spaces are skipped."""
    for char in name[:_SCAN_LIMIT]:
        if unicodedata.category(char)[0] in "LNSP":
            return char.upper()[:1]
    return "?"


_INVISIBLE: tuple[str, ...] = ()


def invisible_chars() -> tuple[str, ...]:
    """Every control, format and line/paragraph-separator character (zero-width spaces, bidi
    marks, BOM, word joiner, tag characters...): what name boxes refuse to take, typed or
    pasted. Computed once (about 250 characters, found in the BMP and planes 1 and 14)."""
    global _INVISIBLE
    if not _INVISIBLE:
        ranges = (range(0x20000), range(0xE0000, 0xE1000))
        _INVISIBLE = tuple(
            chr(code)
            for block in ranges
            for code in block
            if unicodedata.category(chr(code)) in ("Cc", "Cf", "Zl", "Zp")
        )
    return _INVISIBLE
