"""The table scene driven headless through synthetic mouse events, as a player would."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop import i18n
from carioca_desktop.bots.carioca.base import Pass
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import Action, Discard, Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.confirm import ConfirmScene


class StubBot:
    """A predictable opponent, so these tests do not depend on any bot's strategy: it draws
    from the stock, never buys, and discards its first discardable card."""

    level = "easy"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, obs: Observation, legal: Sequence[Any]) -> Action | Pass:
        if any(isinstance(a, Pass) for a in legal):
            return Pass(self.seat)
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return next(a for a in draws if a.source == "stock")
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]

    def to_dict(self) -> dict[str, Any]:
        return {}


STOCK = ["2C", "3C", "4C", "6D", "8D", "9D", "10D", "QS", "KS", "4H", "5H", "6H"]


pytestmark = pytest.mark.usefixtures("spanish")


def table(
    tmp_path: Path,
    hands: Sequence[Sequence[str]],
    table_melds: Sequence[dict[str, Any]] = (),
    laid_down: Sequence[int] = (),
    rules: dict[str, Any] | None = None,
) -> tuple[App, TableScene]:
    """A live table at a described position: seat 0 (human) to act, seat 1 a bot."""
    ruleset = CariocaRules.from_dict({"preset": "clasico", "players": len(hands), **(rules or {})})
    names = ["Tú", "Ana", "Beto", "Carla"][: len(hands)]
    game = from_position(
        ruleset, hands, stock=STOCK, pozo=["KD"], table=table_melds, laid_down=laid_down,
        names=names,
    )  # fmt: skip
    seats = [SeatConfig(names[0], "human")]
    seats += [SeatConfig(n, "bot", "easy") for n in names[1:]]
    bots: dict[int, Any] = {i: StubBot(i) for i in range(1, len(hands))}
    return open_table(tmp_path, game, seats, bots)


def open_table(
    tmp_path: Path, game: Game, seats: list[SeatConfig], bots: dict[int, Any]
) -> tuple[App, TableScene]:
    """The table of a match of ``game`` (not autosaved), shown for two frames."""
    paths = Paths.under(tmp_path)
    session = MatchSession(game, seats, 1, "clasico", bots, paths, autosave=False)
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app)
    return app, scene


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def press(app: App, pos: tuple[int, int]) -> None:
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in steps (like a hand would), release."""
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        x = start[0] + (end[0] - start[0]) * k // 5
        y = start[1] + (end[1] - start[1]) * k // 5
        app.process(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
        frames(app, 1)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app)


def card_pos(scene: TableScene, code: str) -> tuple[int, int]:
    """The middle of the visible strip of a hand card (cards overlap to the right)."""
    for uid, rect in scene.moves.hand_rows():
        if scene.hand.code(uid) == code:
            return (rect.left + max(6, rect.width // 6), rect.top + rect.height // 3)
    raise AssertionError(f"{code} is not in the hand row")


def hand_codes(scene: TableScene) -> list[str]:
    return scene.session.game.hand(0)


def did(scene: TableScene, kind: str, card: str) -> bool:
    """Seat 0 made this move (bots may have moved since: the table plays on at once)."""
    events = scene.session.game.state.events
    return any(e.seat == 0 and e.kind == kind and card in e.cards for e in events)


def draw_from_stock(app: App, scene: TableScene) -> None:
    press(app, scene.layout.stock.center)
    assert scene.session.game.phase.value == "play"


SIMPLE = [["7H", "7S", "7D", "5C", "5D", "5S", "JH"], ["2D", "3D", "4S", "9S", "10S", "JS", "QH"]]


def test_dragging_a_card_to_the_pozo_discards_it(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    drag(app, card_pos(scene, "JH"), scene.layout.pozo.center)
    assert did(scene, "discard", "JH")
    assert "JH" not in hand_codes(scene)


def test_an_illegal_drop_glides_back_and_says_why(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    before = list(hand_codes(scene))
    drag(app, card_pos(scene, "JH"), scene.layout.pozo.center)  # no card drawn yet
    assert hand_codes(scene) == before
    assert any(scene.hand.code(uid) == "JH" for uid, _ in scene.moves.hand_rows())
    assert scene.toasts and scene.toasts[-1].text == "Primero debes robar una carta"


def test_a_refused_move_with_slow_animation_flies_home(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    scene.glide = 0.2
    drag(app, card_pos(scene, "7H"), scene.layout.pozo.center)
    assert scene.animator.busy  # the card is gliding back to its place
    frames(app, 30)
    assert not scene.animator.busy


def test_dropping_on_a_meld_adds_the_card(tmp_path: Path) -> None:
    melds = [{"owner": 1, "meld": ["8H", "9H", "10H", "JH"]}]
    hands = [["QH", "7S", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]
    app, scene = table(tmp_path, hands, melds, laid_down=[0, 1])
    draw_from_stock(app, scene)
    box = scene.view.melds[0].box
    drag(app, card_pos(scene, "QH"), (box.right - 5, box.centery))
    assert scene.session.game.state.table[0].layout.slots[-1].rank == 12
    assert "QH" not in hand_codes(scene)


def test_a_card_that_does_not_fit_is_refused_in_words(tmp_path: Path) -> None:
    melds = [{"owner": 1, "meld": ["8H", "9H", "10H", "JH"]}]
    hands = [["QH", "7S", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]
    app, scene = table(tmp_path, hands, melds, laid_down=[0, 1])
    draw_from_stock(app, scene)
    box = scene.view.melds[0].box
    drag(app, card_pos(scene, "KS"), box.center)
    assert "KS" in hand_codes(scene)
    assert scene.toasts[-1].text == "El K♠ no calza en ese juego"


def test_a_wild_dropped_on_an_escala_end_takes_that_end(tmp_path: Path) -> None:
    melds = [{"owner": 1, "meld": ["8H", "9H", "10H", "JH"]}]
    hands = [["JK", "7S", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]
    app, scene = table(tmp_path, hands, melds, laid_down=[0, 1])
    draw_from_stock(app, scene)
    box = scene.view.melds[0].box
    drag(app, card_pos(scene, "JK"), (box.left + 4, box.centery))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)  # both ends are open: which? (issue 28, item 13)
    assert len(scene.obs.table[0].cards) == 4
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.process(enter)  # the focused answer: the end it was dropped at
    frames(app)
    meld = scene.obs.table[0]
    assert meld.stands_for[0] == "7H"  # the low end, where it was dropped


def test_click_to_select_then_click_the_pozo_discards(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    press(app, card_pos(scene, "JH"))
    assert scene.hand.selected is not None
    press(app, scene.layout.pozo.center)
    assert did(scene, "discard", "JH")


def test_lay_down_slots_check_live_and_enable_bajarse(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    widgets = scene.widgets
    assert widgets is not None
    for code in ("7H", "7S", "7D"):
        drag(app, card_pos(scene, code), scene.view.slots[0].rect.center)
    for code in ("5C", "5D"):
        drag(app, card_pos(scene, code), scene.view.slots[1].rect.center)
    assert scene.slot_views[0].ok is True
    assert scene.slot_views[1].ok is False
    assert scene.slot_views[1].verdict == "Falta 1 carta"
    assert not widgets.lay_down.is_enabled
    drag(app, card_pos(scene, "5S"), scene.view.slots[1].rect.center)
    assert scene.slot_views[1].ok is True and widgets.lay_down.is_enabled
    press(app, widgets.lay_down.rect.center)
    assert scene.session.game.has_laid_down(0)
    assert len(scene.obs.table) == 2


def test_a_card_in_a_slot_goes_back_with_one_click(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    drag(app, card_pos(scene, "7H"), scene.view.slots[0].rect.center)
    assert len(scene.slots.slots[0].uids) == 1
    rect = scene.view.slots[0].card_rects[0]
    press(app, rect.center)
    assert scene.slots.is_empty()
    assert any(scene.hand.code(uid) == "7H" for uid, _ in scene.moves.hand_rows())


def test_dragging_within_the_hand_reorders_it(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    first = scene.hand.cards[0].code
    rows = scene.moves.hand_rows()
    last_rect = rows[-1][1]
    drag(app, card_pos(scene, first), (last_rect.right + 20, last_rect.centery))
    assert scene.hand.cards[-1].code == first


def test_auto_fills_the_slots_from_the_solver(tmp_path: Path) -> None:
    pytest.importorskip("carioca_desktop.solver")
    app, scene = table(tmp_path, SIMPLE)
    widgets = scene.widgets
    assert widgets is not None and widgets.auto.is_enabled
    press(app, widgets.auto.rect.center)
    assert all(v.ok for v in scene.slot_views)
    draw_from_stock(app, scene)
    assert widgets.lay_down.is_enabled


def test_the_table_relays_out_on_resize(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    for size in ((960, 600), (2560, 1440), (1280, 720)):
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app)
        assert scene.layout.size == size
        assert pygame.Rect((0, 0), size).contains(scene.layout.hand_area)
        for _, rect in scene.moves.hand_rows():
            assert rect.left >= 0 and rect.right <= size[0] and rect.bottom <= size[1]


def test_nothing_is_redrawn_while_the_table_is_still(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    frames(app, 3)
    assert scene.update(1 / 60) is False  # the human's turn: nothing moves, no busy redraw


def test_the_round_summary_follows_the_last_card(tmp_path: Path) -> None:
    hands = [["7H", "7S", "7D", "5C", "5D", "5S"], SIMPLE[1]]
    app, scene = table(tmp_path, hands)
    draw_from_stock(app, scene)
    for k, code in enumerate(("7H", "7S", "7D", "5C", "5D", "5S")):
        drag(app, card_pos(scene, code), scene.view.slots[k // 3].rect.center)
    widgets = scene.widgets
    assert widgets is not None
    press(app, widgets.lay_down.rect.center)
    drag(app, card_pos(scene, hand_codes(scene)[0]), scene.layout.pozo.center)
    assert scene.session.game.phase.value == "round_over"
    for _ in range(3):
        app.frame(1.0)  # a beat to see the last move, then the summary
    assert app.stack.top is not scene
    scene.session.next_round()  # what the summary's button does
    app.pop()
    frames(app)
    assert scene.obs.round_index == 1 and len(scene.hand.cards) == len(hand_codes(scene))


def test_dropping_the_natural_card_on_a_wild_swaps_them(tmp_path: Path) -> None:
    melds = [{"owner": 1, "meld": ["5H", "JK=6H", "7H", "8H"]}]
    hands = [["6H", "7S", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]
    app, scene = table(tmp_path, hands, melds, laid_down=[0, 1])
    draw_from_stock(app, scene)
    wild = scene.view.melds[0].cards[1]
    drag(app, card_pos(scene, "6H"), (wild.left + 4, wild.top + 10))
    assert scene.obs.table[0].cards == ("5H", "6H", "7H", "8H")
    assert "JK" in hand_codes(scene) and did(scene, "swap", "6H")


def test_dragging_the_pozo_card_into_the_hand_draws_it(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    drag(app, scene.layout.pozo.center, scene.layout.hand_area.center)
    assert did(scene, "draw", "KD")
    assert "KD" in hand_codes(scene)


def test_a_double_click_discards(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    pos = card_pos(scene, "JH")
    press(app, pos)
    press(app, pos)
    assert did(scene, "discard", "JH")


def test_the_confirm_setting_asks_before_discarding(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    app.settings = app.settings.replace(confirm_discard=True)
    widgets = scene.widgets
    assert widgets is not None
    draw_from_stock(app, scene)
    drag(app, card_pos(scene, "JH"), scene.layout.pozo.center)
    assert widgets.confirm is not None and "JH" in hand_codes(scene)
    assert widgets.confirm_yes is not None and widgets.confirm_yes.text == "Botar"
    press(app, widgets.confirm_yes.rect.center)
    assert widgets.confirm is None and did(scene, "discard", "JH")


def engine_refusal_codes() -> set[str]:
    """Every code the engine can refuse or raise with (multi-line calls included)."""
    import re

    rules = Path(__file__).resolve().parents[3] / "carioca_desktop" / "rules"
    pattern = re.compile(r'(?:refuse|Error)\(\s*"([a-z_0-9]+)"', re.S)
    return {code for path in rules.rglob("*.py") for code in pattern.findall(path.read_text())}


def test_every_engine_refusal_has_words_in_both_languages() -> None:
    codes = engine_refusal_codes()
    assert {"must_draw_first", "too_short", "ambiguous_wild", "does_not_fit"} <= codes
    for lang in ("es", "en"):
        missing = sorted(c for c in codes if not i18n.has(f"refusal.{c}", lang))
        assert not missing, f"{lang}: {missing}"


def test_refusal_words_fill_their_parameters_and_fall_back_to_english() -> None:
    from carioca_desktop.play.text import contract_text, refusal_text
    from carioca_desktop.rules.errors import refuse

    i18n.set_language("es")
    assert refusal_text(refuse("too_short", "x", missing=1)) == "Falta 1 carta"
    assert refusal_text(refuse("too_short", "x", missing=2)) == "Faltan 2 cartas"
    assert refusal_text(refuse("card_not_in_hand", "x", card="7H")) == "No tienes el 7♥"
    assert (
        refusal_text(refuse("not_trio", "x", meld=2))
        == "Juego 2: Un trío son cartas del mismo número"
    )
    assert refusal_text(refuse("brand_new", "a new reason")) == "a new reason"
    assert contract_text("1T1E") == "1 trío + 1 escala"
    assert contract_text("4T|4E") == "4 tríos o 4 escalas"
    assert contract_text("ER") == "escala real"
