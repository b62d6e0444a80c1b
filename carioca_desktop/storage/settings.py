"""The player's settings (settings.json): a frozen value, loaded leniently, saved atomically."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop import games, i18n
from carioca_desktop.rules.names import clean_name
from carioca_desktop.storage import fields as f
from carioca_desktop.storage.documents import load_document, repair, write_document
from carioca_desktop.storage.migrations import CURRENT
from carioca_desktop.storage.notices import FileProblem, Notice
from carioca_desktop.storage.paths import Paths, default_paths

log = logging.getLogger(__name__)

LANGUAGES = i18n.LANGUAGES  # their one definition
CARD_SIZES = ("small", "medium", "large", "xlarge")
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
WINDOW_MIN = (320, 240)
WINDOW_MAX = 16384
DEFAULT_HOUSE_RULES: dict[str, object] = {"preset": games.CARIOCA.default_preset}
DEFAULT_BURACO_RULES: dict[str, object] = {
    "game": games.BURACO.name,
    "preset": games.BURACO.default_preset,
}

# Raises ValueError with a readable message when a rule-set dict is not valid.
RulesValidator = Callable[[Mapping[str, object]], None]


def default_rules_validator(rules: Mapping[str, object]) -> None:
    """Check house rules with the engine's own RuleSet, when the engine is there to ask.

    The defaults need no asking (a test checks the engine accepts them): that spares loading
    the engine before the first frame for a player who never changed the rules."""
    if dict(rules) == DEFAULT_HOUSE_RULES:
        return
    from carioca_desktop.rules.ruleset import RuleSet

    RuleSet.from_dict(dict(rules))


def _short_name(value: object) -> str:
    """The names rule (carioca_desktop.rules.names); surrounding spaces are simply trimmed."""
    if not isinstance(value, str):
        raise f.wrong_type("a string", value)
    name = clean_name(value)
    if name != value.strip():
        raise FileProblem("bad_value", "not a valid name (control characters or too long)")
    return name


def _window_size(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise f.wrong_type("[width, height] or null", value)
    width = f.integer(value[0], WINDOW_MIN[0], WINDOW_MAX)
    height = f.integer(value[1], WINDOW_MIN[1], WINDOW_MAX)
    return (width, height)


_UI_SCALE = f.number(0.75, 2.0)


def _ui_scale(value: object) -> object:
    """The player's UI scale, or null: chosen by the game from the screen (``ui/dpi.py``)."""
    return None if value is None else _UI_SCALE(value)


CARD_BACKS = 4  # ui/cardart BACK_COLOURS
TABLE_COLOURS = ("green", "blue", "wine")  # ui/cardart/table_felt FELTS


def _card_back(value: object) -> int:
    return f.integer(value, 0, CARD_BACKS - 1)


def _rules_of(game: games.GameEntry) -> f.Check:
    """The check of a rule-set dict of ``game`` (the engine checks the rest when loaded)."""

    def check(value: object) -> dict[str, object]:
        rules = f.str_keyed(value)
        if rules.get("game") != game.name:
            says = f'"game": "{game.name}"'
            raise FileProblem("bad_value", f"{game.name.capitalize()} rules must say {says}")
        return rules

    return check


GAMES = games.GAMES
BUY_SECONDS = (10, 20, 30, 0)  # how long a buy offer waits (play/carioca/offer.py); 0: none


def _buy_seconds(value: object) -> int:
    if isinstance(value, bool) or value not in BUY_SECONDS:
        raise FileProblem("bad_value", "buy time must be one of 10, 20, 30 or 0 (no limit)")
    assert isinstance(value, int)
    return value


# Every known key and its check; the order is the order keys are written in.
_CHECKS: dict[str, f.Check] = {
    "language": f.choice(LANGUAGES, nullable=True),
    "card_size": f.choice(CARD_SIZES),
    "four_colour": f.boolean,
    "animation_speed": f.choice(ANIMATION_SPEEDS),
    "volume": f.number(0.0, 1.0),
    "muted": f.boolean,
    "confirm_discard": f.boolean,
    "fullscreen": f.boolean,
    "player_name": _short_name,
    "ui_scale": _ui_scale,
    "high_contrast": f.boolean,
    "reduce_motion": f.boolean,
    "hints": f.boolean,
    "buy_seconds": _buy_seconds,
    "bot_level": f.choice(games.LEVELS, nullable=True),
    "card_back": _card_back,
    "table_colour": f.choice(TABLE_COLOURS),
    "window_size": _window_size,
    "last_game": f.choice(GAMES),
    "house_rules": f.str_keyed,
    "buraco_rules": _rules_of(games.BURACO),
}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Built only from valid values (else ValueError)."""

    language: str | None = None  # None: follow the system locale
    card_size: str = "medium"
    four_colour: bool = False
    animation_speed: str = "normal"
    volume: float = 0.7
    muted: bool = False
    confirm_discard: bool = False
    fullscreen: bool = False
    player_name: str = ""
    # None: automatic, from the window and the screen's scale (a 4K screen gets bigger words).
    # Files written before there was an automatic scale say 1.0, and keep it as chosen.
    ui_scale: float | None = None
    high_contrast: bool = False
    reduce_motion: bool = False
    hints: bool = True
    buy_seconds: int = 10
    bot_level: str | None = None  # the bots' level chosen at the first New game (None: not yet)
    card_back: int = 0
    table_colour: str = "green"  # the felt's colour
    window_size: tuple[int, int] | None = None
    last_game: str = games.DEFAULT  # the game New game opens on: the one chosen last
    # A rule-set dict as RULES.md defines it; treat as read-only, use replace() to change.
    house_rules: dict[str, object] = field(default_factory=lambda: dict(DEFAULT_HOUSE_RULES))
    # The Buraco house rules (BURACO.md keys, "game": "buraco"), used by Buraco's New game.
    buraco_rules: dict[str, object] = field(default_factory=lambda: dict(DEFAULT_BURACO_RULES))
    # Keys this version does not know (written by a newer or older program), kept verbatim.
    extra: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            try:
                value = check(getattr(self, name))
            except FileProblem as problem:
                raise ValueError(f"{name}: {problem.detail}") from None
            # Normalised forms (stripped name, tuple size, float volume) keep equality honest.
            object.__setattr__(self, name, value)
        clashes = sorted(set(self.extra) & (set(_CHECKS) | {"schema"}))
        if clashes:
            raise ValueError(f"extra keys shadow known ones: {', '.join(clashes)}")
        object.__setattr__(self, "extra", dict(self.extra))

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed, validated like any other Settings."""
        return dataclasses.replace(self, **changes)


def settings_to_document(settings: Settings) -> dict[str, object]:
    doc: dict[str, object] = {"schema": CURRENT["settings"]}
    for name in _CHECKS:
        value = getattr(settings, name)
        doc[name] = list(value) if isinstance(value, tuple) else value
    doc.update(settings.extra)
    return doc


def load_settings(
    paths: Paths | None = None, rules_validator: RulesValidator | None = default_rules_validator
) -> tuple[Settings, list[Notice]]:
    """The saved settings, or defaults when the file is missing or unusable.

    A known key holding a wrong or out-of-range value is reset alone to its default and
    reported, so one bad value does not cost the player every other setting; the original
    file is kept aside as ``settings.json.corrupt-<stamp>`` so nothing is lost, and the
    repaired file is written at once (else every start would report and copy it again).
    Unknown keys are kept in ``Settings.extra`` and written back unchanged.
    """
    path = (paths or default_paths()).settings_file
    loaded, notices = load_document("settings", path)
    if loaded is None:
        return Settings(), notices
    values, extra, problems = _read_fields(loaded.data, rules_validator)
    settings = Settings(**values, extra=extra)
    if problems:
        fixed = settings_to_document(settings)
        notices += repair("settings", path, loaded, fixed, problems, pretty=True)
    return settings, notices


def save_settings(settings: Settings, paths: Paths | None = None) -> None:
    """Write settings atomically; does nothing if the file on disk is from a newer version."""
    path = (paths or default_paths()).settings_file
    write_document("settings", path, settings_to_document(settings), pretty=True)


def _read_fields(
    data: dict[str, object], rules_validator: RulesValidator | None
) -> tuple[dict[str, Any], dict[str, object], list[FileProblem]]:
    values: dict[str, Any] = {}
    extra: dict[str, object] = {}
    problems: list[FileProblem] = []
    for key, raw in data.items():
        if key == "schema":
            continue
        check = _CHECKS.get(key)
        if check is None:
            extra[key] = raw
            continue
        try:
            values[key] = check(raw)
        except FileProblem as problem:
            problems.append(FileProblem(problem.problem, f"{key}: {problem.detail}"))
    for name, default in (("house_rules", None), ("buraco_rules", DEFAULT_BURACO_RULES)):
        rules = values.get(name)
        # The Buraco defaults need no asking either (a test checks the engine accepts them).
        if rules is None or rules_validator is None or rules == default:
            continue
        rules_problem = _rules_problem(name, rules, rules_validator)
        if rules_problem is not None:
            del values[name]
            problems.append(rules_problem)
    return values, extra, problems


def _rules_problem(
    name: str, rules: dict[str, object], validator: RulesValidator
) -> FileProblem | None:
    try:
        validator(rules)
    except ValueError as exc:
        return FileProblem("bad_value", f"{name}: {exc}")
    except Exception as exc:  # a validator bug must not stop the game from starting
        log.exception("house rules validator failed")
        return FileProblem("bad_value", f"{name}: validator failed: {exc!r}")
    return None
