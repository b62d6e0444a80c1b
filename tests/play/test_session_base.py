"""What both games' sessions get from play/session_base.py: a bot's decision asked twice is
the same, the worker thread decides as the frame would, and the save document carries the
common fields and loads back as the same match."""

from __future__ import annotations

from typing import Any

import pytest

from carioca_desktop import games
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.play.session_base import bot_seed
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules


def _session(name: str, seed: int) -> Any:
    seats = [SeatConfig(f"Bot {i}", "bot", "easy") for i in range(4)]
    rules: Any = (
        CariocaRules.from_dict({"players": 4, "preset": "chico"})
        if name == "carioca"
        else preset_rules("brasileiro")
    )
    return games.entry(name).session_type.new(rules, seats, seed, autosave=False)  # type: ignore[attr-defined]


def _play(session: Any, moves: int) -> list[Any]:
    made = []
    for _ in range(moves):
        action = session.pending_bot_action()
        assert session.pending_bot_action() is action  # asked twice: the same choice
        if action is None:
            break
        session.apply(action)
        session.release_decision()
        made.append(action)
    return made


@pytest.mark.parametrize("name", games.GAMES)
def test_the_worker_decides_as_the_frame_would(name: str) -> None:
    plain, ahead = _session(name, 41), _session(name, 41)
    ahead.decide_ahead()
    assert _play(plain, 40) == _play(ahead, 40)
    assert plain.game.to_dict() == ahead.game.to_dict()


@pytest.mark.parametrize("name", games.GAMES)
def test_the_save_document_loads_back_as_the_same_match(name: str) -> None:
    session = _session(name, 43)
    _play(session, 12)
    document = session.to_dict()
    assert document["format"] == games.entry(name).save_format and document["version"] == 1
    assert {"seed", "preset", "match_id", "seats", "bots", "game", "arrangements"} <= set(document)
    back: Any = games.session_from_dict(document)
    assert back.to_dict() == document and back.match_id == session.match_id
    with pytest.raises(ValueError, match="session"):
        type(session).from_dict({**document, "format": "other"})
    with pytest.raises(ValueError, match="version"):
        type(session).from_dict({**document, "version": 2})


def test_each_bot_has_its_own_seed() -> None:
    assert len({bot_seed(7, seat) for seat in range(4)}) == 4
    assert bot_seed(7, 1) == (7 * 7919 + 104729) & 0x7FFFFFFF  # what saved matches replay
