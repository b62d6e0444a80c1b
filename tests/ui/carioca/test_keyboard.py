"""The table with the keyboard alone, and the accessibility settings at the table.

A whole round against bots to the round summary, the visible focus, the help overlay and
menus; high contrast, reduce motion, card size and UI scale.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import Add
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.summary import RoundSummaryScene
from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene
from carioca_desktop.ui.scenes.keyhelp import KeysScene
from carioca_desktop.ui.scenes.pause import PauseScene
from carioca_desktop.ui.tablekit.marks import FOCUS_HC
from carioca_desktop.ui.theme import GOLD
from tests.ui.carioca.test_table_scene import SIMPLE, frames, hand_codes, table

pytestmark = pytest.mark.usefixtures("spanish")


def key(app: App, code: int, shift: bool = False, text: str = "") -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text))
    frames(app, 1)


def focus_card(app: App, scene: TableScene, code: str) -> None:
    """Home, then → until the focus is on ``code`` (Tab back to the hand first)."""
    while scene.keys.zone != "hand":
        key(app, pygame.K_TAB)
    key(app, pygame.K_HOME)
    for _ in range(len(scene.hand.cards)):
        focus = scene.hand.focus
        if focus is not None and scene.hand.code(focus) == code:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"{code} cannot be focused")


def focus_zone(app: App, scene: TableScene, zone: str, index: int = 0) -> None:
    for _ in range(5):
        if scene.keys.zone == zone:
            break
        key(app, pygame.K_TAB)
    assert scene.keys.zone == zone
    key(app, pygame.K_HOME)  # harmless outside the hand
    for _ in range(10):
        if scene.keys.index == index:
            return
        key(app, pygame.K_LEFT if scene.keys.index > index else pygame.K_RIGHT)
    assert scene.keys.index == index


# ----------------------------------------------------------------------------- a whole round
def keyboard_turn(app: App, scene: TableScene, rng: random.Random) -> None:
    """One turn, every move by a key: S, then A and L when the contract is there, every add
    the rules allow (pick, Tab to the meld, Enter), then D on the least useful card."""
    game = scene.session.game
    key(app, pygame.K_s, text="s")
    widgets = scene.widgets
    assert widgets is not None
    if widgets.auto.visible and widgets.auto.is_enabled:
        key(app, pygame.K_a, text="a")
        key(app, pygame.K_l, text="l")
    for _ in range(12):
        if game.current_player != 0:
            return
        adds = [a for a in game.legal_actions(0) if isinstance(a, Add) and "=" not in a.card]
        if not adds:
            break
        add = adds[0]
        focus_card(app, scene, add.card)
        key(app, pygame.K_SPACE, text=" ")
        focus_zone(app, scene, "melds", sorted(scene.view.melds).index(add.meld))
        key(app, pygame.K_RETURN, shift=True, text="\r")  # Shift: add, no swap
    if game.current_player != 0:
        return
    row = [scene.hand.code(u) for u in scene.moves.visible_hand()]
    counts = {c[:-1]: sum(1 for d in row if d[:-1] == c[:-1]) for c in row}
    lonely = sorted((c for c in row if c != "JK"), key=lambda c: (counts[c[:-1]], rng.random()))
    focus_card(app, scene, lonely[0] if lonely else row[0])
    key(app, pygame.K_d, text="d")


def test_a_whole_round_with_the_keyboard_alone(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy"),
             SeatConfig("Beto", "bot", "easy")]  # fmt: skip
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 3})
    session = MatchSession.new(rules, seats, 21, paths=paths, autosave=False)
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app)
    rng = random.Random(4)
    for _ in range(80):
        if session.game.phase.value != "draw" or session.game.current_player != 0:
            break
        keyboard_turn(app, scene, rng)
        frames(app)
    for _ in range(3):
        app.frame(1.0)  # the beat after the last move
    assert session.game.phase.value == "round_over"
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert any(e.kind in ("draw", "discard") and e.seat == 0 for e in session.game.state.events)
    key(app, pygame.K_RETURN, text="\r")  # the summary's button has the focus
    frames(app)
    assert app.stack.top is scene and session.game.round_index == 1


# ----------------------------------------------------------------------------- single keys
def test_arrows_move_a_visible_gold_focus_and_shift_moves_the_card(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    first, second = scene.hand.cards[0], scene.hand.cards[1]
    assert scene.hand.focus == second.uid
    ring = scene.keys.focus_rect()
    assert ring == dict(scene.moves.hand_rows())[second.uid]
    app.screenshot(str(tmp_path / "focus.png"))
    frame = ring.inflate(scene.layout.px(10), scene.layout.px(10))
    assert tuple(app.screen.get_at((frame.left + 1, frame.centery)))[:3] == GOLD
    key(app, pygame.K_LEFT, shift=True)
    assert [c.uid for c in scene.hand.cards[:2]] == [second.uid, first.uid]
    assert scene.hand.focus == second.uid


def test_space_picks_several_cards_and_a_number_puts_them_in_that_slot(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    for code in ("7H", "7S", "7D"):
        focus_card(app, scene, code)
        key(app, pygame.K_SPACE, text=" ")
    assert len(scene.hand.picked) == 3
    key(app, pygame.K_1, text="1")
    assert sorted(scene.hand.code(u) for u in scene.slots.slots[0].uids) == ["7D", "7H", "7S"]
    for code in ("5C", "5D", "5S"):
        focus_card(app, scene, code)
        key(app, pygame.K_SPACE, text=" ")
    key(app, pygame.K_2, text="2")
    key(app, pygame.K_l, text="l")  # not drawn yet: the engine says why
    assert not scene.session.game.has_laid_down(0)
    key(app, pygame.K_p, text="p")  # the pozo's K♦
    assert "KD" in hand_codes(scene)
    key(app, pygame.K_l, text="l")
    assert scene.session.game.has_laid_down(0) and len(scene.obs.table) == 2


def test_tab_visits_the_piles_and_enter_draws_then_discards(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    focus_zone(app, scene, "piles", 0)
    key(app, pygame.K_RETURN, text="\r")
    assert scene.session.game.phase.value == "play"
    focus_card(app, scene, "JH")
    key(app, pygame.K_SPACE, text=" ")
    focus_zone(app, scene, "piles", 1)
    key(app, pygame.K_RETURN, text="\r")
    assert "JH" not in hand_codes(scene)


def test_d_wants_one_card(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    key(app, pygame.K_s, text="s")
    for code in ("7H", "JH"):
        focus_card(app, scene, code)
        key(app, pygame.K_SPACE, text=" ")
    key(app, pygame.K_d, text="d")
    assert scene.toasts[-1].text == "Elige una sola carta" and "JH" in hand_codes(scene)
    key(app, pygame.K_BACKSPACE)
    focus_card(app, scene, "JH")
    key(app, pygame.K_d, text="d")  # nothing picked: the focused card
    assert "JH" not in hand_codes(scene)


def test_enter_on_a_meld_swaps_a_wild_and_shift_enter_adds_at_the_low_end(tmp_path: Path) -> None:
    melds = [{"owner": 1, "meld": ["5H", "JK=6H", "7H", "8H"]}]
    hands = [["6H", "JK", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]
    app, scene = table(tmp_path, hands, melds, laid_down=[0, 1])
    key(app, pygame.K_s, text="s")
    focus_card(app, scene, "6H")
    focus_zone(app, scene, "melds", 0)
    key(app, pygame.K_RETURN, text="\r")
    assert scene.obs.table[0].cards == ("5H", "6H", "7H", "8H")
    focus_card(app, scene, "JK")
    key(app, pygame.K_SPACE, text=" ")
    focus_zone(app, scene, "melds", 0)
    key(app, pygame.K_RETURN, shift=True, text="\r")
    assert scene.obs.table[0].stands_for[0] == "4H"


def test_o_sorts_and_f1_shows_the_keys(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    order = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    key(app, pygame.K_o, text="o")
    ranks = [order.index(c.code[:-1]) for c in scene.hand.cards]
    assert ranks == sorted(ranks)
    key(app, pygame.K_o, text="o")
    suits = [c.code[-1] for c in scene.hand.cards]
    assert suits == sorted(suits, key="SHDC".index)
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, KeysScene)
    app.screenshot(str(tmp_path / "keys.png"))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_SLASH, shift=True, text="?")
    assert isinstance(app.stack.top, KeysScene)
    key(app, pygame.K_SLASH, shift=True, text="?")
    assert app.stack.top is scene


def test_escape_pauses_and_enter_resumes(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_RETURN, text="\r")
    frames(app)
    assert app.stack.top is scene


def test_the_menu_reaches_the_tutorial_by_keyboard(tmp_path: Path) -> None:
    from carioca_desktop.ui.scenes.menu import MenuScene

    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    frames(app)
    key(app, pygame.K_DOWN)  # from Nueva partida past Jugar en red to Tutorial
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, text="\r")
    frames(app)
    from carioca_desktop.ui.scenes.gamechoice import GameChoiceScene

    assert isinstance(app.stack.top, GameChoiceScene)  # which game? Carioca has the focus
    key(app, pygame.K_RETURN, text="\r")
    frames(app)
    assert isinstance(app.stack.top, TutorialScene)


# ----------------------------------------------------------------------------- accessibility
def test_high_contrast_darkens_the_felt_and_brightens_the_focus(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    app.settings = app.settings.replace(high_contrast=True)
    scene.resume()
    assert scene.view.high_contrast
    key(app, pygame.K_RIGHT)
    app.screenshot(str(tmp_path / "contrast.png"))
    corner = tuple(
        app.screen.get_at((scene.layout.size[0] // 2, scene.layout.top_bar.bottom + 300))
    )
    plain = tuple(felt(scene.layout.size, False).get_at((800, 348)))
    assert sum(corner[:3]) < sum(plain[:3])
    ring = scene.keys.focus_rect()
    assert ring is not None
    frame = ring.inflate(scene.layout.px(10), scene.layout.px(10))
    assert tuple(app.screen.get_at((frame.left + 2, frame.centery)))[:3] == FOCUS_HC


def test_reduce_motion_makes_every_move_instant(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    app.fast = False  # real pacing: cards would glide
    scene.resume()
    scene.frame._settings = None  # forget the settings taken up, so resume takes them again
    scene.resume()
    assert scene.glide > 0
    key(app, pygame.K_s, text="s")
    assert scene.animator.busy
    scene.animator.finish()
    app.settings = app.settings.replace(reduce_motion=True)
    scene.resume()
    assert scene.glide == 0
    focus_card(app, scene, "JH")
    key(app, pygame.K_d, text="d")
    assert not scene.animator.busy and "JH" not in hand_codes(scene)


def test_card_size_and_ui_scale_reach_the_table(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    card, ui, button = scene.layout.hand_card[0], scene.layout.ui, scene.layout.buttons[0]
    words = app.manager.get_theme().get_font(["button"]).size("Bajarse")
    app.update_settings(app.settings.replace(card_size="xlarge", ui_scale=1.5))
    frames(app)  # live, as from the settings screen: no restart
    assert scene.layout.hand_card[0] > card and scene.layout.ui > ui
    assert scene.layout.buttons[0].height > button.height
    widgets = scene.widgets
    assert widgets is not None and widgets.lay_down.rect.size == scene.layout.buttons[0].size
    assert app.manager.get_theme().get_font(["button"]).size("Bajarse")[1] > words[1]
