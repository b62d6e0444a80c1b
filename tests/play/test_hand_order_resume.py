"""The person's own order of their hand survives the autosave and Continue, at both tables
(one mechanism: play/arrangement.py). The order is a hint for the table, validated on load:
an order that is not of the hand, or a malformed entry, is ignored, never a crash."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play.arrangement import Arrangement, fits, parse_arrangements
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.resume import load_resumable
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, flush_autosaves
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.hand import rank_key, suit_key
from carioca_desktop.ui.scenes.carioca import TableScene

NAMES = ("Ana", "Beto", "Carla", "Diego")


def seats(players: int = 4) -> list[SeatConfig]:
    return [SeatConfig(NAMES[0], "human")] + [
        SeatConfig(n, "bot", "normal") for n in NAMES[1:players]
    ]


def buraco_table(paths: Paths, seed: int = 21) -> tuple[App, BuracoTableScene]:
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), seed, paths=paths)
    return show(paths, session)


def show(paths: Paths, session: object) -> tuple[App, Any]:
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = (BuracoTableScene if isinstance(session, BuracoSession) else TableScene)(
        app,
        session,  # type: ignore[arg-type]
    )
    app.push(scene)
    app.frame(0.016)
    return app, scene


def continued(paths: Paths) -> tuple[App, Any]:
    """Quit (the autosave flushed), start again, Continue."""
    assert flush_autosaves(10.0)
    pygame.quit()
    session, notices = load_resumable(paths)
    assert session is not None, notices
    return show(paths, session)


def mouse(app: App, kind: int, pos: tuple[int, int]) -> None:
    if kind == pygame.MOUSEMOTION:
        app.process(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        app.process(pygame.event.Event(kind, pos=pos, button=1))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    for k in range(1, 6):
        at = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        mouse(app, pygame.MOUSEMOTION, at)
    mouse(app, pygame.MOUSEBUTTONUP, end)
    app.frame(0.016)


def key(app: App, code: int, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.frame(0.016)


# ----------------------------------------------------------------------------- Buraco
def test_buraco_hand_dragged_into_order_and_a_meld_set_aside_come_back_on_continue(
    tmp_path: Path,
) -> None:
    paths = Paths.under(tmp_path)
    app, scene = buraco_table(paths)
    dealt = scene.hand.codes()
    assert list(dealt) == sorted(dealt, key=suit_key)  # dealt sorted
    rows = scene.moves.rows_by_uid()
    first, last = rows[scene.hand.uids()[0]], rows[scene.hand.uids()[-1]]
    drag(app, first.center, (last.right + 10, last.centery))  # the first card to the end
    moved = (*dealt[1:], dealt[0])
    assert scene.hand.codes() == moved
    key(app, pygame.K_s)  # a draw: the new card is sorted in, the rest keep their order
    order = scene.hand.codes()
    assert [c for c in order if c in dealt] == list(moved) and len(order) == len(dealt) + 1
    scene.moves.picked = scene.hand.uids()[:2]
    key(app, pygame.K_g)  # two cards set aside for the next lay-down
    staged = [[scene.hand.code(u) for u in g] for g in scene.moves.staged]
    _, again = continued(paths)
    assert again.hand.codes() == order
    assert [[again.hand.code(u) for u in g] for g in again.moves.staged] == staged


def test_buraco_hand_sorted_by_rank_stays_by_rank_after_continue(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    app, scene = buraco_table(paths, seed=5)
    key(app, pygame.K_o)  # by rank
    order = scene.hand.codes()
    assert list(order) == sorted(order, key=rank_key) != sorted(order, key=suit_key)
    app, again = continued(paths)
    assert again.hand.codes() == order
    key(app, pygame.K_s)  # the drawn card goes in by rank, as the person last sorted
    assert list(again.hand.codes()) == sorted(again.hand.codes(), key=rank_key)


def edit_save(paths: Paths, change: Any) -> None:
    assert flush_autosaves(10.0)
    path = paths.autosave_file
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "bad",
    [
        {"0": {"hand": ["AS", "AS", "KD", "QD", "2C", "JK", "3H", "4H", "5H", "6H", "7H"]}},
        {"0": {"hand": "AS KD"}},
        {"0": {"hand": [1, 2, 3]}},
        {"0": {"hand": None, "slots": 7}},
        {"seven": {"hand": []}},
        {"1": {"hand": []}},  # a bot's seat
        ["AS"],
        "AS",
    ],
)
def test_a_buraco_order_not_of_the_hand_or_malformed_is_ignored(tmp_path: Path, bad: Any) -> None:
    paths = Paths.under(tmp_path)
    _, scene = buraco_table(paths)
    scene.moves.reorder(scene.hand.uids()[0], 10_000)
    scene.sync()
    assert list(scene.hand.codes()) != sorted(scene.hand.codes(), key=suit_key)
    pygame.quit()

    def change(data: dict[str, Any]) -> None:
        assert data["match"]["arrangements"]["0"]["hand"]  # the order was saved
        data["match"]["arrangements"] = bad

    edit_save(paths, change)
    _, again = continued(paths)  # loads: the order is only a hint
    shown = again.hand.codes()
    assert sorted(shown) == sorted(again.session.game.hand(0))
    assert list(shown) == sorted(shown, key=suit_key)  # as a fresh table sorts it
    assert not again.moves.staged


def test_a_hot_seat_person_finds_their_own_buraco_order(tmp_path: Path) -> None:
    people = [SeatConfig("Ana", "human"), SeatConfig("Beto", "human")]
    session = BuracoSession.new(preset_rules("brasileiro", players=2), people, 4, autosave=False)
    seat1 = tuple(reversed(sorted(session.game.hand(1), key=suit_key)))
    session.arrangements[1] = Arrangement(seat1)
    app, scene = show(Paths.under(tmp_path), session)
    app.pop()  # the privacy screen: Ana takes the seat
    scene.reveal(0)
    ana = scene.hand.codes()
    key(app, pygame.K_s)
    scene.moves.picked = [scene.hand.uids()[0]]
    key(app, pygame.K_d)  # Ana discards: the table turns to Beto
    assert scene.viewer == 1 and scene.hand_hidden
    app.pop()
    scene.reveal(1)
    assert scene.hand.codes() == seat1  # his order, not Ana's sorting of hers
    assert ana != seat1


# ----------------------------------------------------------------------------- Carioca
def test_carioca_hand_moved_by_keys_comes_back_on_continue(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 3})
    session = MatchSession.new(rules, seats(3), 7, paths=paths)
    app, scene = show(paths, session)
    dealt = [c.code for c in scene.hand.cards]
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT, shift=True)
    key(app, pygame.K_RIGHT, shift=True)
    order = [c.code for c in scene.hand.cards]
    assert order == [*dealt[1:3], dealt[0], *dealt[3:]]  # moved by the person
    _, again = continued(paths)
    assert [c.code for c in again.hand.cards] == order


# ----------------------------------------------------------------------------- the rule
def test_the_shared_rule_for_an_order_and_its_parsing() -> None:
    hand = ["AS", "KD", "KD", "2C"]
    assert fits(["2C", "KD", "AS", "KD"], hand)
    assert fits(["2C", "KD", "AS"], hand)  # the draw after it was saved
    assert fits(["2C", "KD", "AS", "KD", "JK", "3H"], hand)  # cards played since: dropped
    assert not fits(["2C", "AS"], hand)
    assert not fits([], hand)
    raw = {"0": {"hand": ["AS"], "slots": [["KD"]]}, "1": {"hand": ["AS"]}, "x": {}}
    assert parse_arrangements(raw, [0]) == {0: Arrangement(("AS",), (("KD",),))}
