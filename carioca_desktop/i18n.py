"""Translations: one catalogue per language, shared by pygame_gui widgets and hand-drawn text.

Catalogues are ``assets/i18n/<namespace>.<lang>.json`` in python-i18n's format (the library
pygame_gui localises with): the first part of a key names its file, so ``menu.new_game`` lives
in ``menu.es.json`` as ``{"es": {"new_game": "..."}}``. A pygame_gui widget given the key
``menu.new_game`` and ``tr("menu.new_game")`` read the same text. Placeholders: ``%{name}``.
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from typing import Any

from carioca_desktop.resources import asset

LANGUAGES: tuple[str, ...] = ("es", "en", "fr", "sv", "pt", "it")
"""Spanish first: it is the game's home language and the fallback."""
FALLBACK = "es"

_current = FALLBACK


@cache
def catalogue(lang: str) -> dict[str, str]:
    """A language's catalogues (every namespace) flattened to dotted keys (``menu.new_game``)."""
    flat: dict[str, str] = {}
    for path in sorted(asset("i18n").glob(f"*.{lang}.json")):
        namespace = path.name[: -len(f".{lang}.json")]
        data = json.loads(path.read_text(encoding="utf-8"))
        _flatten(data.get(lang, {}), f"{namespace}.", flat)
    return flat


@cache
def namespace(lang: str, name: str) -> dict[str, str]:
    """One namespace's catalogue (``assets/i18n/<name>.<lang>.json``) flattened like
    ``catalogue``; empty if there is no such file. ``tr`` reads only the namespaces it is
    asked for: the menu's first frame needs two of the 23 (parsing all ~2 ms at start-up)."""
    if not name.isidentifier():
        return {}
    try:
        text = asset("i18n", f"{name}.{lang}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    flat: dict[str, str] = {}
    _flatten(json.loads(text).get(lang, {}), f"{name}.", flat)
    return flat


def _text(key: str, lang: str) -> str | None:
    return namespace(lang, key.split(".", 1)[0]).get(key)


def _flatten(node: Any, prefix: str, out: dict[str, str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(value, f"{prefix}{key}." if isinstance(value, dict) else f"{prefix}{key}", out)
    else:
        out[prefix.rstrip(".")] = str(node)


def system_language() -> str:
    """``CARIOCA_LANG``, else the system locale if we speak it, else Spanish."""
    forced = os.environ.get("CARIOCA_LANG", "").strip().lower()[:2]
    if forced in LANGUAGES:
        return forced
    # The first variable that names a language decides; "C" and "POSIX" (C.UTF-8 in
    # containers and minimal systems) name none, and Python's locale module would read C.UTF-8
    # as en_US, so only a system with none of these variables set is asked.
    values = [os.environ.get(var, "") for var in ("LC_ALL", "LC_MESSAGES", "LANG")]
    named = [v for v in values if v and v.split(".")[0].upper() not in ("C", "POSIX")]
    if named:
        code = named[0][:2].lower()
        return code if code in LANGUAGES else FALLBACK
    if any(values):
        return FALLBACK
    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else FALLBACK


def choose_language(saved: str | None) -> str:
    """The language to use: ``CARIOCA_LANG`` over the saved setting over the system locale."""
    forced = os.environ.get("CARIOCA_LANG", "").strip().lower()[:2]
    if forced in LANGUAGES:
        return forced
    if saved is not None and saved in LANGUAGES:
        return saved
    return system_language()


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else FALLBACK


def language() -> str:
    return _current


def tr(key: str, lang: str | None = None, **params: object) -> str:
    """The text of ``key`` in the current language (Spanish, then the key, as fallbacks)."""
    text = _text(key, lang or _current)
    if text is None:
        text = _text(key, FALLBACK)
    if text is None:
        text = key
    for name, value in params.items():
        text = text.replace("%{" + name + "}", str(value))
    return text


def has(key: str, lang: str | None = None) -> bool:
    return _text(key, lang or _current) is not None
