"""Continue: the autosave as a session to play on (of either game: its ``format`` says which
session reads it back, ``carioca-session`` or ``buraco-session``), or None with notices
saying why not.

A finished match of either game is recorded in the statistics before its save is cleared
(``MatchSession._finish``, ``BuracoSession._finish``), so a kill between the two leaves a
save whose match id is already recorded: it is dropped here. A save of a finished match not
yet recorded (killed before recording) is recorded now.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping
from typing import Any

from carioca_desktop import games
from carioca_desktop.storage import Notice, Paths, clear_autosave, load_autosave, load_stats
from carioca_desktop.storage.notices import NewerMatch

log = logging.getLogger(__name__)


def session_from_dict(data: Any, paths: Paths | None = None) -> object:
    """The saved session of whichever game its ``format`` names; NewerMatch (a ValueError)
    when a newer program wrote it, ValueError when it is no game's."""
    reason = newer_reason(data)
    if reason is not None:
        raise NewerMatch(reason)
    return games.session_from_dict(data, paths)


def newer_reason(data: Any) -> str | None:
    """Why a save that keeps the file's schema looks written by a newer program, or None: a
    session or match version above this program's, a rule key or preset it does not know, a
    game it does not have. Such a save is not damaged and must not be set aside."""
    if not isinstance(data, Mapping) or not isinstance(data.get("format"), str):
        return None
    kinds = _session_kinds()
    kind = kinds.get(data["format"])
    if kind is None:
        name = str(data["format"])
        newer = name.endswith("-session")  # the session of a game added after this version
        return f"a game this version does not have ({name[:40]!r})" if newer else None
    session_version, match_version, rules = kind
    if _above(data.get("version"), session_version):
        return f"session version {data['version']}"
    game = data.get("game")
    if not isinstance(game, Mapping):
        return None
    if _above(game.get("version"), match_version):
        return f"match version {game['version']}"
    saved = game.get("rules")
    if not isinstance(saved, Mapping):
        return None
    preset = saved.get("preset")
    if isinstance(preset, str) and preset not in rules.presets:
        return f"a preset this version does not know ({preset[:40]!r})"
    unknown = [k for k in saved if isinstance(k, str) and k not in rules.checkers]
    unknown = [k for k in unknown if k not in ("game", "preset")]
    return f"a rule this version does not know ({unknown[0][:40]!r})" if unknown else None


def _above(value: Any, ours: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > ours


def _session_kinds() -> dict[str, tuple[int, int, Any]]:
    """Per save format: the session's version, the match's, and the game's RuleSet class."""
    out: dict[str, tuple[int, int, Any]] = {}
    for entry in games.REGISTRY.values():
        session = entry.module("session")
        state = importlib.import_module(f"carioca_desktop.rules.{entry.name}.state")
        rules = getattr(entry.module("rules"), entry.rules_class)
        out[entry.save_format] = (session.VERSION, state.VERSION, rules)
    return out


def recorded_ids(paths: Paths | None) -> set[str]:
    """The ids of the matches in the statistics, of both games."""
    stats, _ = load_stats(paths)
    return stats.match_ids()


def load_resumable(paths: Paths | None) -> tuple[object | None, list[Notice]]:
    """The saved session to continue, or (None, notices) when there is none to continue."""
    loaded, _, notices = load_autosave(paths, match_validator=lambda d: session_from_dict(d, paths))
    if games.of_session(loaded) is None:
        return None, notices
    session: Any = loaded  # a session of one of the games: they share this interface
    if session.match_id in recorded_ids(paths):
        clear_autosave(paths)
        log.info("dropped the save of match %s: already in the statistics", session.match_id)
        return None, [*notices, _finished("its match is already in the statistics")]
    if session.game.is_over:
        session._finish()  # records it (when a person played) and clears the save
        return None, [*notices, _finished("its match had finished; recorded now")]
    return session, notices


def _finished(detail: str) -> Notice:
    return Notice("save", "finished", f"the saved game was not continued: {detail}")
