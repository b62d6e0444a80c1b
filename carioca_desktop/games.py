"""The registry of games, no pygame: name, presets, bot levels, save format and loaders.

Shared code that must treat the games differently asks this registry (and `ui/games.py` on the
pygame side) instead of testing a game's name or type: a third game is one more entry here and
one in `ui/games.py`, plus its folder in each layer. Every module is named by its dotted path and
imported on first use, so reading the registry loads no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LEVELS = ("random", "beginner", "easy", "normal", "hard")
"""The bot levels, weakest first: the same five for every game (simulator, sessions, UI)."""


_PKG = "carioca_desktop"


@dataclass(frozen=True)
class GameEntry:
    """One game as the pygame-free layers know it. Its modules stand where the game's folder
    in each layer puts them (``rules/<name>/ruleset.py``, ``play/<name>/session.py``, ...):
    the entry names only what is in them and how the game scores."""

    name: str  # the rule sets' "game" key, the command line's --game, the records' "game"
    rules_class: str  # the RuleSet subclass in `rules` (beside its `PRESETS`)
    default_preset: str
    session_class: str  # the session class in `session` (beside `FORMAT`, the save's)
    record_class: str  # the record class in `record`, and its two JSON functions
    record_to: str  # record -> dict
    record_from: str  # dict -> record, or FileProblem
    bot_maker: str  # in `bots`: a new bot (level, seat, seed)
    bot_stepper: str  # in `driver`: the next action (game, bots)
    lower_is_better: bool  # the scoring: penalty points (Carioca) or points won (Buraco)
    deals_from_seed: bool  # every round dealt from the match's seed alone (not from the play)
    match_player: str  # in `driver`: a whole bot match (rules, levels, seed, on_action=)
    # Shared modules' classes for this game, as "layer.module.Class" under the package:
    net_game_class: str  # the facade of a network session (`net_game`)
    replay_class: str  # the viewer's session of a kept match (`replay_session`)
    preset_words: str  # the i18n section naming its presets (`<section>.<preset>`)
    bots_module: str = "driver"  # the module of bots/<name>/ with `bot_maker`
    needs_menu: bool = False  # True: `carioca --game NAME` only with --autoplay

    def _path(self, layer: str, leaf: str = "") -> str:
        return f"{_PKG}.{layer}.{self.name}" + (f".{leaf}" if leaf else "")

    @property
    def rules(self) -> str:
        """The module with the game's rule set and presets."""
        return self._path("rules", "ruleset")

    @property
    def session(self) -> str:
        """The module with the session class and its save's FORMAT."""
        return self._path("play", "session")

    @property
    def record(self) -> str:
        """The storage module with the record class and its two JSON functions."""
        return self._path("storage", "records")

    @property
    def bots(self) -> str:
        """The module with the bots' maker."""
        return self._path("bots", self.bots_module)

    @property
    def driver(self) -> str:
        """The module with the driver's step."""
        return self._path("bots", "driver")

    @property
    def simulate(self) -> str:
        """The module whose `main(argv)` runs `carioca simulate --game NAME`."""
        return self._path("simulate")

    @property
    def conformance(self) -> str:
        """The module whose `run_case(case)` checks a vector case of this game."""
        return self._path("conformance")

    @property
    def coach(self) -> str:
        """The module with `judge(match, seat)` and `coach_lines(judgements)`."""
        return self._path("play", "coach")

    @property
    def match_file(self) -> str:
        """The module with this game in a match file: `encode_action`, `decode_action`,
        `new_game(match, names)` and `place(header, seat, scores)`."""
        return self._path("storage", "match_file")

    def module(self, attr: str) -> Any:
        """The module a field names, imported now."""
        return importlib.import_module(getattr(self, attr))

    def named(self, attr: str) -> Any:
        """What a "layer.module.Name" field names (under the package), imported now."""
        module, _, name = getattr(self, attr).rpartition(".")
        return getattr(importlib.import_module(f"{_PKG}.{module}"), name)

    def in_match_file(self, function: str) -> Any:
        """A function of the game's `match_file` module (see there), imported now."""
        return getattr(self.module("match_file"), function)

    @property
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """The game's preset rule sets, by name."""
        presets: Mapping[str, Mapping[str, Any]] = self.module("rules").PRESETS
        return presets

    @property
    def session_type(self) -> type:
        """The class of a match of this game being played (`play/<game>/session.py`)."""
        cls: type = getattr(self.module("session"), self.session_class)
        return cls

    @property
    def save_format(self) -> str:
        """The autosave's `format` field for this game."""
        return str(self.module("session").FORMAT)

    @property
    def record_type(self) -> type:
        """The class of this game's finished-match record in the statistics."""
        cls: type = getattr(self.module("record"), self.record_class)
        return cls

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        """A new bot of this game: ``level`` (one of LEVELS) at ``seat``."""
        return getattr(self.module("bots"), self.bot_maker)(level, seat, seed)

    def bot_step(self, game: Any, bots: Any) -> Any:
        """The next bot action in ``game`` (the driver's step: whoever is to act)."""
        return getattr(self.module("driver"), self.bot_stepper)(game, bots)

    def record_to_dict(self, record: object) -> dict[str, object]:
        """A finished match of this game in its statistics form."""
        data: dict[str, object] = getattr(self.module("record"), self.record_to)(record)
        return data

    def record_from_dict(self, data: object) -> object:
        """A finished match of this game read back (FileProblem when it is not valid)."""
        record: object = getattr(self.module("record"), self.record_from)(data)
        return record


CARIOCA = GameEntry(
    name="carioca",
    rules_class="CariocaRules",
    default_preset="clasico",
    session_class="MatchSession",
    record_class="MatchRecord",
    record_to="record_to_dict",
    record_from="record_from_dict",
    bot_maker="make_bot",
    bot_stepper="bot_step",
    match_player="play_match",
    net_game_class="play.netgame.NetCariocaGame",
    replay_class="play.replay_session.ReplaySession",
    preset_words="houserules.preset",
    lower_is_better=True,
    deals_from_seed=True,
    bots_module="base",
)
BURACO = GameEntry(
    name="buraco",
    rules_class="BuracoRules",
    default_preset="brasileiro",
    session_class="BuracoSession",
    record_class="BuracoRecord",
    record_to="buraco_to_dict",
    record_from="buraco_from_dict",
    bot_maker="make_buraco_bot",
    bot_stepper="buraco_step",
    match_player="play_buraco_match",
    net_game_class="play.netgame.NetBuracoGame",
    replay_class="play.replay_session.BuracoReplaySession",
    preset_words="buraco.preset",
    lower_is_better=False,
    deals_from_seed=False,
    needs_menu=True,
)

REGISTRY: dict[str, GameEntry] = {g.name: g for g in (CARIOCA, BURACO)}
GAMES: tuple[str, ...] = tuple(REGISTRY)
"""The games' names, in the order menus list them; the first is the default."""
DEFAULT = GAMES[0]


def entry(name: str) -> GameEntry:
    """The registry entry of `name`; KeyError for a game that does not exist."""
    return REGISTRY[name]


def of_rules(rules: Mapping[str, Any] | None) -> GameEntry | None:
    """The game a rule-set dict names (no "game" key is the default game); None if unknown."""
    name = (rules or {}).get("game", DEFAULT)
    return REGISTRY.get(name) if isinstance(name, str) else None


def of_session(session: object) -> GameEntry | None:
    """The game whose session `session` is; None when it is no game's session."""
    return next((g for g in REGISTRY.values() if isinstance(session, g.session_type)), None)


def of_record(record: object) -> GameEntry:
    """The game a finished match's record belongs to (TypeError for no game's record)."""
    for game in REGISTRY.values():
        if isinstance(record, game.record_type):
            return game
    raise TypeError(f"not a match record: {type(record).__name__}")


def of_document(data: object) -> GameEntry:
    """The game a saved session's document belongs to, by its `format` (else the default)."""
    fmt = data.get("format") if isinstance(data, Mapping) else None
    found = (g for g in REGISTRY.values() if g.save_format == fmt)
    return next(found, REGISTRY[DEFAULT])


def session_from_dict(data: Any, paths: Any = None) -> object:
    """The saved session of whichever game the document's `format` names."""
    session_type: Any = of_document(data).session_type
    loaded: object = session_type.from_dict(data, paths)
    return loaded


def modules() -> tuple[str, ...]:
    """Every module the registry names: a frozen executable must carry them (build.spec), as
    nothing imports them by name."""
    fields = ("rules", "session", "record", "bots", "driver", "simulate", "conformance")
    fields_too = ("coach", "match_file")
    return tuple(getattr(g, f) for g in REGISTRY.values() for f in (*fields, *fields_too))
