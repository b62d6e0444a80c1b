"""The keyboard help's rows: the Carioca table's keys and clicks, and their words in the
chosen language (the help screen and the rules page show them; a table may give its own)."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.i18n import tr

# (keys as shown, the key of their meaning in keys.<lang>.json); a "%" word is translated.
KEYS: tuple[tuple[str, str], ...] = (
    ("← →", "focus"),
    ("%shift + ← →", "shift"),
    ("%space", "pick"),
    ("Tab", "tab"),
    ("%enter", "enter"),
    ("%shift + %enter", "enter_low"),
    ("S", "stock"),
    ("P", "pozo"),
    ("D", "discard"),
    ("1 – 4", "slot"),
    ("A", "auto"),
    ("L", "lay_down"),
    ("O", "sort"),
    ("H", "hint"),
    ("Ctrl + Z", "undo"),
    ("B", "buy"),
    ("N", "pass"),
    ("%backspace", "drop"),
    ("F1  ?", "help"),
    ("Esc", "pause"),
)
CLICKS = ("click_draw", "click_pick", "click_target", "click_double", "click_slot")


def key_label(text: str) -> str:
    """``%shift + ← →`` → "Mayús + ← →"."""
    return " ".join(tr(f"keys.label.{w[1:]}") if w.startswith("%") else w for w in text.split())


def _meaning(what: str, prefix: str) -> str:
    """A row's words: ``what`` is a whole i18n key, or a short name under ``prefix``."""
    return tr(what if "." in what else f"{prefix}{what}")


def key_rows(keys: Sequence[tuple[str, str]] = KEYS) -> list[tuple[str, str]]:
    return [(key_label(shown), _meaning(what, "keys.do.")) for shown, what in keys]


def click_rows(clicks: Sequence[str] = CLICKS) -> list[str]:
    return [_meaning(what, "keys.") for what in clicks]
