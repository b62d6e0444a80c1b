"""Translations: every language has exactly Spanish's keys, with the same placeholders, in
well-formed files; the language is chosen in the documented order; and every scene, built
headless in every language, shows no raw key or unfilled placeholder.

``python -m tests.test_i18n`` prints the length report (translations much longer than the
Spanish, which may not fit where the Spanish does).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import locale
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop import i18n
from carioca_desktop.resources import asset
from carioca_desktop.rules.carioca.ruleset import CariocaRules

I18N_DIR = Path(asset("i18n"))
LANGUAGES = i18n.LANGUAGES
OTHERS = tuple(lang for lang in LANGUAGES if lang != i18n.FALLBACK)
NAMESPACES = tuple(sorted(p.name[: -len(".es.json")] for p in I18N_DIR.glob("*.es.json")))
PLACEHOLDER = re.compile(r"%\{([^}]*)\}")
RAW_KEY = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")
LONG = 1.4  # a translation this many times the Spanish length is reported...
MIN_EXTRA = 4  # ...when it is at least this many characters longer ("Sí" → "Oui" is not)


def load(namespace: str, lang: str) -> dict[str, Any]:
    path = I18N_DIR / f"{namespace}.{lang}.json"
    assert path.exists(), f"{path.name} is missing"
    return json.loads(path.read_text(encoding="utf-8"))


def flat(node: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(dotted key, text) for every leaf of a catalogue."""
    for name, value in node.items():
        if isinstance(value, dict):
            yield from flat(value, f"{prefix}{name}.")
        else:
            yield prefix + name, value


def texts(namespace: str, lang: str) -> dict[str, str]:
    return dict(flat(load(namespace, lang)[lang]))


# ----------------------------------------------------------------------------- catalogues
def test_there_are_catalogues() -> None:
    assert {"common", "menu", "rules", "settings"} <= set(NAMESPACES)


@pytest.mark.parametrize("namespace", NAMESPACES)
@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_exactly_the_spanish_keys(namespace: str, lang: str) -> None:
    spanish, other = set(texts(namespace, "es")), set(texts(namespace, lang))
    missing, extra = sorted(spanish - other), sorted(other - spanish)
    assert not missing, f"{namespace}.{lang}.json lacks {missing}"
    assert not extra, f"{namespace}.{lang}.json has keys Spanish does not: {extra}"


@pytest.mark.parametrize("namespace", NAMESPACES)
@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_are_the_same_in_every_language(namespace: str, lang: str) -> None:
    spanish, other = texts(namespace, "es"), texts(namespace, lang)
    wrong = {
        key: (sorted(set(PLACEHOLDER.findall(text))), sorted(set(PLACEHOLDER.findall(other[key]))))
        for key, text in spanish.items()
        if key in other and set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(other[key]))
    }
    assert not wrong, f"{namespace}.{lang}.json: placeholders (es, {lang}) differ: {wrong}"


def test_every_file_is_json_with_its_language_as_the_only_top_level_key() -> None:
    files = sorted(I18N_DIR.glob("*.json"))
    assert files
    for path in files:
        namespace, lang, ext = path.name.rsplit(".", 2)
        assert ext == "json" and namespace, path.name
        assert lang in LANGUAGES, f"{path.name}: {lang!r} is not one of {LANGUAGES}"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and list(data) == [lang], (
            f"{path.name}: top level {data!r:.60}"
        )
        assert isinstance(data[lang], dict) and data[lang], f"{path.name} is empty"
        for key, text in flat(data[lang]):
            assert isinstance(text, str) and text, f"{path.name}: {key} is not a text"
            assert "%{" not in PLACEHOLDER.sub("", text), f"{path.name}: {key} has a broken %{{"


def test_every_namespace_is_in_every_language() -> None:
    for lang in LANGUAGES:
        have = {p.name[: -len(f".{lang}.json")] for p in I18N_DIR.glob(f"*.{lang}.json")}
        assert have == set(NAMESPACES), f"{lang}: {sorted(set(NAMESPACES) ^ have)}"


def test_the_catalogue_of_every_language_has_every_spanish_key() -> None:
    spanish = set(i18n.catalogue("es"))
    for lang in OTHERS:
        assert set(i18n.catalogue(lang)) == spanish, lang


def test_the_settings_screen_names_every_language_in_itself() -> None:
    from carioca_desktop.ui.scenes.settings import LANGUAGE_NAMES

    assert set(LANGUAGE_NAMES) == set(LANGUAGES)
    assert LANGUAGE_NAMES["it"] == "Italiano"


# ----------------------------------------------------------------------------- language choice
@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No language in the environment and a system locale that is none of ours."""
    for var in ("CARIOCA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    return monkeypatch


@pytest.mark.parametrize(
    ("env", "saved", "expected"),
    [
        ({}, None, "es"),  # nothing known: Spanish
        ({}, "sv", "sv"),
        ({"LANG": "pt_BR.UTF-8"}, None, "pt"),
        ({"LANG": "fr_FR.UTF-8"}, "sv", "sv"),  # the saved setting beats the locale
        ({"CARIOCA_LANG": "en"}, "sv", "en"),  # CARIOCA_LANG beats the saved setting
        ({"CARIOCA_LANG": "fr", "LANG": "pt_BR.UTF-8"}, None, "fr"),
        ({"CARIOCA_LANG": " PT "}, "sv", "pt"),
        ({"CARIOCA_LANG": "de", "LANG": "sv_SE.UTF-8"}, None, "sv"),  # unknown: ignored
        ({"CARIOCA_LANG": "de"}, "fr", "fr"),
        ({"LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "pt_PT", "LANG": "sv_SE"}, None, "fr"),
        ({"LC_MESSAGES": "pt_PT", "LANG": "sv_SE"}, None, "pt"),
        ({"LANG": "de_DE.UTF-8"}, None, "es"),  # a language we do not speak: Spanish
        ({"LANG": "C.UTF-8"}, None, "es"),
        ({"LANG": "de_DE"}, "xx", "es"),  # an unknown saved value is ignored
        ({"LANG": "en_GB"}, "xx", "en"),
        ({"LANG": "it_IT.UTF-8"}, None, "it"),
        ({"LC_ALL": "it_CH.UTF-8", "LANG": "pt_BR"}, "xx", "it"),
        ({"CARIOCA_LANG": "it"}, "pt", "it"),
    ],
)
def test_choose_language_order(
    environment: pytest.MonkeyPatch, env: dict[str, str], saved: str | None, expected: str
) -> None:
    for var, value in env.items():
        environment.setenv(var, value)
    assert i18n.choose_language(saved) == expected


def test_the_system_locale_is_used_when_the_environment_says_nothing(
    environment: pytest.MonkeyPatch,
) -> None:
    environment.setattr(locale, "getlocale", lambda *a: ("sv_SE", "UTF-8"))
    assert i18n.choose_language(None) == "sv"
    environment.setattr(locale, "getlocale", lambda *a: ("de_DE", "UTF-8"))
    assert i18n.choose_language(None) == "es"


def test_a_c_locale_means_spanish_even_where_python_reads_it_as_english(
    environment: pytest.MonkeyPatch,
) -> None:
    """Python's locale module maps C.UTF-8 to en_US: the home language must win."""
    environment.setattr(locale, "getlocale", lambda *a: ("en_US", "UTF-8"))
    environment.setenv("LANG", "C.UTF-8")
    assert i18n.choose_language(None) == "es"
    environment.setenv("LC_ALL", "POSIX")
    assert i18n.choose_language(None) == "es"
    environment.setenv("LC_ALL", "C.UTF-8")
    environment.setenv("LANG", "sv_SE.UTF-8")  # C names no language: the next one decides
    assert i18n.choose_language(None) == "sv"


# ----------------------------------------------------------------------------- screens
@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App

    monkeypatch.delenv("CARIOCA_LANG", raising=False)
    old = i18n.language()
    # A folder of our own rather than tmp_path: another pytest run by the same user prunes
    # old tmp_path folders, which can pull one away from under a running test.
    with tempfile.TemporaryDirectory(prefix="carioca-i18n-", ignore_cleanup_errors=True) as home:
        application = App(fast=True, paths=Paths.under(Path(home)), size=(1280, 720))
        yield application
        i18n.set_language(old)
        application.manager.set_locale(old)


def shown_text(app: Any, drawn: list[str]) -> list[tuple[str, str]]:
    """(as stored, as shown) for every text on screen: widget texts translated the way
    pygame_gui does it, and text drawn by hand."""
    from pygame_gui.core.utility import translate

    found = []
    for element in app.manager.get_sprite_group().sprites():
        for attr in ("text", "html_text", "placeholder_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value:
                kwargs = getattr(element, "text_kwargs", None) or {}
                found.append((value, translate(value, **kwargs)))
    return found + [(t, t) for t in drawn]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_scene_shows_a_raw_key_in_any_language(
    app: Any, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.selftest import _scene_factories
    from tests.fixtures.drawn import record_drawn_text, record_rendered_text

    drawn: list[str] = []
    record_rendered_text(monkeypatch, drawn)
    record_drawn_text(monkeypatch, drawn)
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(f"Bot {i}", "bot", "easy") for i in (1, 2)]
    session = MatchSession.new(
        CariocaRules.from_dict({"players": 3}), seats, 1, paths=app.paths, autosave=False
    )
    catalogue = i18n.catalogue(lang)
    spanish = i18n.catalogue("es")
    seen = 0
    for name, make in _scene_factories(app, session):
        i18n.set_language(lang)
        app.manager.set_locale(lang)
        drawn.clear()
        app.reset(make())
        app.frame(0.016)
        app.frame(0.016)
        shown = shown_text(app, drawn)
        assert shown, f"{name} shows no text at all"
        seen += len(shown)
        raw = [text for _, text in shown if RAW_KEY.match(text.strip())]
        assert not raw, f"{name} in {lang} shows raw keys: {raw}"
        unfilled = [text for _, text in shown if "%{" in text]
        assert not unfilled, f"{name} in {lang} shows unfilled placeholders: {unfilled}"
        # pygame_gui falls back to English for a key the language lacks: catch that too.
        lacking = [key for key, _ in shown if key in spanish and key not in catalogue]
        assert not lacking, f"{name} in {lang} uses keys {lang} lacks: {lacking}"
    assert seen


# ----------------------------------------------------------------------------- length report
def _measure(text: str) -> int:
    """Length as read: a placeholder counts as one character (it is the same everywhere)."""
    return len(PLACEHOLDER.sub("#", text).strip())


def length_report(threshold: float = LONG) -> dict[str, list[tuple[str, str, str, float]]]:
    """Per language, (key, Spanish, translation, ratio) for translations longer than
    ``threshold`` times the Spanish, longest ratio first."""
    spanish = i18n.catalogue("es")
    report: dict[str, list[tuple[str, str, str, float]]] = {}
    for lang in LANGUAGES:
        if lang == "es":
            continue
        rows = []
        for key, text in i18n.catalogue(lang).items():
            base = spanish.get(key)
            if base is None or _measure(base) == 0:
                continue
            ratio = _measure(text) / _measure(base)
            if ratio > threshold and _measure(text) - _measure(base) >= MIN_EXTRA:
                rows.append((key, base, text, ratio))
        report[lang] = sorted(rows, key=lambda r: (-r[3], r[0]))
    return report


def format_report(threshold: float = LONG) -> str:
    lines = [
        f"Translations over {threshold}x and {MIN_EXTRA}+ characters longer than the Spanish"
        " (a placeholder counts as 1 character):"
    ]
    for lang, rows in length_report(threshold).items():
        total = sum(_measure(t) for t in i18n.catalogue(lang).values())
        base = sum(_measure(t) for t in i18n.catalogue("es").values())
        lines.append(f"  {lang}: {len(rows)} keys; whole catalogue {total / base:.2f}x Spanish")
        for key, es, text, ratio in rows:
            lines.append(f"    {ratio:4.2f}x  {key}: {es!r} -> {text!r}")
    return "\n".join(lines)


def test_length_report() -> None:
    """Not a check: prints which translations may not fit where the Spanish does
    (``pytest -s`` shows it)."""
    report = length_report()
    assert set(report) == set(OTHERS)
    print()
    print(format_report())


if __name__ == "__main__":
    print(format_report())
