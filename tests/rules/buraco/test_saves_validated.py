"""Impossible Buraco matches in a valid-JSON autosave are refused (issue 29 item 5), as
Carioca's are (tests/test_hostile_state.py): each spoils one thing a real saved match claims,
and loading raises ValueError (never loads, crashes or hangs); through ``load_autosave`` the
file goes aside. And the guard: real saves taken at every kind of moment stay loadable."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import SeatConfig
from carioca_desktop.play.resume import session_from_dict
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.buraco.state import DECK
from carioca_desktop.storage import Paths, load_autosave, write_autosave
from carioca_desktop.storage.autosaver import flush_pending
from tests.fixtures.buraco_play import random_action

Spoil = Callable[[dict[str, Any]], None]
SEATS = [SeatConfig("Tu", "human"), SeatConfig("Ana", "bot", "easy")]
SEATS4 = [SeatConfig("Tu", "human")] + [
    SeatConfig(n, "bot", "easy") for n in ("Ana", "Beto", "Carla")
]


def _play_until(
    wanted: Callable[[BuracoSession], bool], seats: list[SeatConfig] = SEATS, **rules: Any
) -> dict[str, Any]:
    """A real session's save at the first moment ``wanted`` holds (seeds tried in order)."""
    preset = rules.pop("preset", "brasileiro")
    ruleset = preset_rules(preset, **{"players": len(seats), "target": 3000, **rules})
    for seed in range(40):
        session = BuracoSession.new(ruleset, seats, seed, autosave=False)
        rng = random.Random(seed)
        for _ in range(4000):
            if session.game.is_over:
                break
            session.apply(random_action(session.game, rng))
            if wanted(session):
                return json.loads(json.dumps(session.to_dict()))
    raise AssertionError("no such moment found")


def _mid_turn_with_history(session: BuracoSession) -> bool:
    s = session.game.state
    return (
        len(s.history) >= 1
        and s.phase.value == "play"
        and len(s.table) >= 2
        and {m.side for m in s.table} == {0, 1}
        and sum(s.took) >= 1
        and len(s.mortos) >= 1
        and len(s.pile) >= 1
    )


@cache
def _base_text() -> str:
    return json.dumps(_play_until(_mid_turn_with_history))


def _base() -> dict[str, Any]:
    return json.loads(_base_text())


def _load(d: dict[str, Any]) -> BuracoSession:
    return BuracoSession.from_dict(d, autosave=False)


# ---------------------------------------------------------------------- the spoils
def _g(d: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = d["game"]
    return game


def _card_too_many(d: dict[str, Any]) -> None:
    _g(d)["hands"][1].append(_g(d)["hands"][0][0])


def _card_missing(d: dict[str, Any]) -> None:
    _g(d)["stock"].pop()


def _meld_not_a_meld(d: dict[str, Any]) -> None:
    """A meld card swapped with a stock card of another rank, slot and all."""
    g = _g(d)
    meld = g["table"][0]
    slot = next(sl for sl in meld["slots"] if not sl[3])
    for k, cid in enumerate(g["stock"]):
        card = DECK[cid]
        if (
            not card.is_joker
            and card.rank not in {sl[1] for sl in meld["slots"]}
            and card.rank != 2
        ):
            g["stock"][k], slot[0] = slot[0], cid
            slot[1], slot[2] = card.rank, card.suit.value if card.suit else None
            return


def _more_mortos_than_dealt(d: dict[str, Any]) -> None:
    g = _g(d)
    side = 0 if not g["holders"][0] else 1
    g["holders"][side].append(side)


def _morto_not_eleven(d: dict[str, Any]) -> None:
    g = _g(d)
    g["stock"].append(g["mortos"][0].pop())


def _meld_side(value: int) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        _g(d)["table"][0]["side"] = value

    return spoil


def _meld_other_side(d: dict[str, Any]) -> None:
    meld = _g(d)["table"][0]
    meld["side"] = 1 - meld["side"]


def _field(key: str, value: Any) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        _g(d)[key] = value

    return spoil


def _shift(key: str) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        _g(d)[key] = (_g(d)[key] + 1) % 2

    return spoil


def _scores_beyond(d: dict[str, Any]) -> None:
    _g(d)["scores"][0] += 10**6


def _unreachable_round(d: dict[str, Any]) -> None:
    """A round worth a million points, the log and the total agreeing."""
    g = _g(d)
    g["history"][0][0] += 10**6
    g["scores"][0] += 10**6
    end = next(e for e in g["log"] if e["kind"] in ("go_out", "stock_out"))
    end["points"][0] += 10**6


def _won_and_played_on(d: dict[str, Any]) -> None:
    """The target lowered below the first round's total: the match was over already."""
    g = _g(d)
    g["rules"]["target"] = max(1, max(g["history"][0]) - 1)
    if g["history"][0][0] == g["history"][0][1]:
        g["history"][0][0] += 0  # a tie plays on: leave it to the other spoils


def _winner_while_playing(d: dict[str, Any]) -> None:
    _g(d)["winner"] = 0


def _over_without_winner(d: dict[str, Any]) -> None:
    _g(d)["phase"] = "match_over"


def _hand_size(d: dict[str, Any]) -> None:
    g = _g(d)
    g["hands"][1].append(g["stock"].pop())


def _event(index: int, key: str, value: Any) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        _g(d)["log"][index][key] = value

    return spoil


def _log_truncated(d: dict[str, Any]) -> None:
    g = _g(d)
    g["log"] = [e for e in g["log"] if e["round"] < g["round_index"]]


def _holder_swapped(d: dict[str, Any]) -> None:
    g = _g(d)
    side = 0 if g["holders"][0] else 1
    g["holders"][side][0] = (g["holders"][side][0] + 2) % 4  # 2 players: seat 2 or 3


def _out_of_play(d: dict[str, Any]) -> None:
    g = _g(d)
    g["out"].append(g["stock"].pop())


def _pending_morto(d: dict[str, Any]) -> None:
    g = _g(d)
    side = 0 if g["holders"][0] else 1
    g["pending"].append(g["holders"][side][0])


def _name(text: str) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        _g(d)["names"][1] = text
        d["seats"][1]["name"] = text

    return spoil


def _seat_name(d: dict[str, Any]) -> None:
    d["seats"][1]["name"] = "Otro"


def _session(key: str, value: Any) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        d[key] = value

    return spoil


def _bot_rng_zero(d: dict[str, Any]) -> None:
    rng = d["bots"]["1"]["rng"]
    rng[1] = [0] * 624 + [624]


def _round_history_extra(d: dict[str, Any]) -> None:
    g = _g(d)
    g["history"].append([0, 0])
    g["went_out"].append(None)


def _went_out_while_playing(d: dict[str, Any]) -> None:
    _g(d)["went_out_seat"] = 0


def _single_taken(d: dict[str, Any]) -> None:
    _g(d)["single_taken"] = _g(d)["hands"][0][0]


def _rng_words(d: dict[str, Any]) -> None:
    _g(d)["rng"][1][0] = 2**40


SPOILS: dict[str, Spoil] = {
    "a card too many": _card_too_many,
    "a card missing": _card_missing,
    "a meld that is not a meld": _meld_not_a_meld,
    "more mortos taken than dealt": _more_mortos_than_dealt,
    "a morto not of 11 cards": _morto_not_eleven,
    "a meld of side 2": _meld_side(2),
    "a meld of side -1": _meld_side(-1),
    "a meld moved to the other side": _meld_other_side,
    "the turn out of range": _field("turn", 7),
    "the turn of the other seat": _shift("turn"),
    "the dealer out of range": _field("dealer", -1),
    "the dealer of another round": _shift("dealer"),
    "the round beyond the log": _field("round_index", 5),
    "scores beyond the rounds": _scores_beyond,
    "a round worth a million": _unreachable_round,
    "won already but played on": _won_and_played_on,
    "a winner while playing": _winner_while_playing,
    "over without a winner": _over_without_winner,
    "the phase of the other half": _field("phase", "draw"),
    "a hand bigger than the log": _hand_size,
    "an event renumbered": _event(3, "n", 99),
    "an unknown event": _event(4, "kind", "teleport"),
    "an event of seat 9": _event(4, "seat", 9),
    "an event of a later round": _event(2, "round", 9),
    "the log cut short": _log_truncated,
    "a morto held by the wrong seat": _holder_swapped,
    "cards set out of play": _out_of_play,
    "an unplayed morto in these rules": _pending_morto,
    "a name with a zero-width space": _name("\u200bAna"),
    "a name starting with a mark": _name("\u034fAna"),
    "seats not the game's players": _seat_name,
    "another preset": _session("preset", "italiano"),
    "an unknown preset": _session("preset", "nuevo"),
    "a seed out of range": _session("seed", 10**30),
    "a bot's generator all zeros": _bot_rng_zero,
    "a round too many in the history": _round_history_extra,
    "a going out while playing": _went_out_while_playing,
    "a single pile card never taken": _single_taken,
    "the generator's words out of range": _rng_words,
}


def test_the_base_save_loads() -> None:
    session = _load(_base())
    assert session.game.state.history and session.game.phase.value == "play"


@pytest.mark.parametrize("name", sorted(SPOILS))
def test_an_impossible_buraco_save_is_refused(name: str) -> None:
    d = _base()
    before = copy.deepcopy(d)
    SPOILS[name](d)
    assert d != before, "the spoil changed nothing"
    with pytest.raises(ValueError):
        _load(d)


def test_an_impossible_save_goes_aside_through_load_autosave(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    d = _base()
    _more_mortos_than_dealt(d)
    write_autosave(d, paths)
    game, _, notices = load_autosave(paths, lambda m: session_from_dict(m, paths))
    assert game is None and [n.problem for n in notices] == ["invalid_game"]
    assert notices[0].moved_to  # set aside with its bytes, the menu says so


# ---------------------------------------------------------------------- the guard
def _last(kind: str) -> Callable[[BuracoSession], bool]:
    return lambda s: s.game.state.log[-1].kind == kind


MOMENTS: dict[str, tuple[Callable[[BuracoSession], bool], list[SeatConfig], dict[str, Any]]] = {
    "mid-turn": (lambda s: s.game.phase.value == "play", SEATS, {}),
    "after the pile taken": (_last("take_pile"), SEATS, {}),
    "after the pile taken, top used": (_last("lay_down"), SEATS4, {"preset": "italiano"}),
    "after a morto": (_last("morto"), SEATS, {}),
    "after an indirect morto, turn goes on": (
        _last("morto"),
        SEATS,
        {"indirect_morto": "continue"},
    ),
    "an unplayed morto": (
        lambda s: bool(s.game.state.pending),
        SEATS4,
        {"unplayed_morto": "not_taken"},
    ),
    "round end": (lambda s: s.game.phase.value == "round_over", SEATS, {}),
    "second round": (lambda s: s.game.state.round_index == 1, SEATS4, {}),
    "match end": (lambda s: s.game.is_over, SEATS, {"target": 300}),
    "hot-seat": (
        lambda s: s.game.phase.value == "play" and s.game.state.round_index == 1,
        [SeatConfig("Tu", "human"), SeatConfig("Yo", "human")],
        {},
    ),
}


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_real_saves_stay_loadable(tmp_path: Path, moment: str) -> None:
    wanted, seats, rules = MOMENTS[moment]
    d = _play_until(wanted, seats, **rules)
    paths = Paths.under(tmp_path)
    write_autosave(d, paths)
    flush_pending(paths)
    game, _, notices = load_autosave(paths, lambda m: session_from_dict(m, paths))
    assert notices == [] and isinstance(game, BuracoSession)
    assert game.to_dict()["game"] == d["game"]
