"""The table items of issue 17, through a live table: buttons laid out again on resize and
relabelled on a language switch, Deshacer and Ctrl+Z, the discard prompt by keyboard, the
greyed Bajarse saying what is missing, the status line, a pozo card landing where dropped,
the hand's arrangement restored on Continue, the slots' words shown whole, avatars told
apart, and hand indexes never hidden."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.play.text import refusal_text
from carioca_desktop.rules.carioca.actions import LayDown, Undo
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.cardart import INDEX_RIGHT
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.layout import hand_rects
from carioca_desktop.ui.scenes.carioca.widgets import KEYS, LABELS
from carioca_desktop.ui.scenes.pause import PauseScene
from tests.fixtures.drawn import record_rendered_text
from tests.ui.carioca.test_table_scene import (
    SIMPLE,
    STOCK,
    StubBot,
    card_pos,
    drag,
    draw_from_stock,
    frames,
    hand_codes,
    press,
    table,
)

pytestmark = pytest.mark.usefixtures("spanish")

TWO_TRIOS = [["7H", "7S", "7D", "5C", "5D", "5S", "JH", "2C"], SIMPLE[1]]
LONG = [["7H", "7S", "5D", "5C", "3D", "5S", "JH", "9C", "10C", "2S", "QD", "KH"], SIMPLE[1]]
SIZES = [(1600, 900), (1024, 640)]


def key(app: App, k: int, mod: int = 0) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    frames(app)


def check_buttons(scene: TableScene) -> None:
    """No two shown buttons overlap, each is drawn at its own size (not a stale one) and its
    words fit inside it."""
    assert scene.widgets is not None
    shown = [w for w in scene.widgets.all if w.visible]
    assert len(shown) >= 6
    for k, widget in enumerate(shown):
        assert widget.image.get_size() == widget.rect.size, widget.text
        assert widget.font.size(widget.text)[0] < widget.rect.width, widget.text
        assert pygame.Rect((0, 0), scene.layout.size).contains(widget.rect)
        for other in shown[k + 1 :]:
            assert not widget.rect.colliderect(other.rect), (widget.text, other.text)
    for view in scene.slot_views:  # the slots keep clear of the buttons
        assert not any(view.rect.colliderect(w.rect) for w in shown)


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the table's text cache draws from now on."""
    log: list[str] = []
    record_rendered_text(monkeypatch, log)
    return log


@pytest.mark.parametrize("size", SIZES)
def test_the_table_at_two_sizes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    texts = drawn_texts(monkeypatch)
    app, scene = table(tmp_path, LONG)
    app.resize(size)
    frames(app)
    draw_from_stock(app, scene)
    check_buttons(scene)
    rows = scene.moves.hand_rows()
    assert len(rows) == 13 and all(scene.layout.hand_area.right >= r.right for _, r in rows)
    # a bad slot's reason is drawn whole (wrapped under its cards where the title leaves no
    # room), never cut to "Falta 1 c…"
    scene.moves.place(scene.hand.uid_for("7H"), 0)
    scene.moves.place(scene.hand.uid_for("5D"), 0)
    frames(app)
    verdict = scene.slot_views[0].verdict
    assert verdict and scene.slot_views[0].ok is False
    texts.clear()
    scene.view.forget()  # the whole picture, so every text is drawn (and logged) again
    app.screenshot(str(tmp_path / "slots.png"))
    assert verdict in " ".join(texts)
    assert not any(t.endswith("…") and verdict.startswith(t[:-1]) for t in texts)


def test_a_resize_lays_every_button_out_again(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    for size in [(1600, 900), (1024, 640), (1280, 720)]:
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app)
        assert scene.layout.size == size
        check_buttons(scene)


def test_switching_language_mid_match_relabels_every_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = table(tmp_path, SIMPLE)
    monkeypatch.delenv("CARIOCA_LANG")  # else it would overrule the player's choice
    draw_from_stock(app, scene)
    assert scene.widgets is not None
    assert scene.widgets.lay_down.text == "Bajarse"
    app.push(PauseScene(app))  # the language is chosen in the pause menu's settings
    app.update_settings(app.settings.replace(language="en"))
    app.pop()
    frames(app)
    assert i18n.language() == "en"
    texts = [widget.text for widget in scene.widgets.all]
    assert texts == [tr(LABELS[name], "en") for name in KEYS]
    assert sum(text != tr(LABELS[name], "es") for text, name in zip(texts, KEYS)) >= 6
    assert scene.text.status == tr("table.status.play", "en")
    check_buttons(scene)


def lay_down_both(app: App, scene: TableScene) -> None:
    assert scene.widgets is not None
    draw_from_stock(app, scene)
    press(app, scene.widgets.auto.rect.center)
    press(app, scene.widgets.lay_down.rect.center)
    assert scene.obs.laid_down[0]


@pytest.mark.parametrize("how", ["ctrl_z", "button"])
def test_undo_takes_the_lay_down_back(tmp_path: Path, how: str) -> None:
    app, scene = table(tmp_path, TWO_TRIOS)
    widgets = scene.widgets
    assert widgets is not None and not widgets.undo.is_enabled  # nothing to take back yet
    lay_down_both(app, scene)
    assert len(hand_codes(scene)) == 3 and widgets.undo.is_enabled
    assert scene.log_lines[-1].startswith("Te bajaste")
    lines = len(scene.log_lines)
    if how == "ctrl_z":
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
    else:
        press(app, widgets.undo.rect.center)
    assert not scene.obs.laid_down[0] and len(hand_codes(scene)) == 9
    assert sorted(scene.hand.code(c.uid) for c in scene.hand.cards) == sorted(hand_codes(scene))
    assert len(scene.log_lines) == lines - 1 and not scene.log_lines[-1].startswith("Te bajaste")
    assert not widgets.undo.is_enabled and widgets.lay_down.visible
    # the contract's slots are back, holding the melds taken back: Bajarse lays them again
    staged = sorted(sorted(scene.hand.code(u) for u in slot.uids) for slot in scene.slots.slots)
    assert staged == [["5C", "5D", "5S"], ["7D", "7H", "7S"]]
    assert widgets.lay_down.is_enabled
    press(app, widgets.lay_down.rect.center)
    assert scene.obs.laid_down[0] and scene.log_lines[-1].startswith("Te bajaste")


def test_undo_with_nothing_to_take_back_says_why(tmp_path: Path) -> None:
    app, scene = table(tmp_path, TWO_TRIOS)
    draw_from_stock(app, scene)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    refusal = scene.session.game.check(Undo(0))
    assert refusal is not None and scene.toasts[-1].text == refusal_text(refusal)


def confirming(tmp_path: Path) -> tuple[App, TableScene]:
    app, scene = table(tmp_path, SIMPLE)
    app.settings = app.settings.replace(confirm_discard=True)
    draw_from_stock(app, scene)
    key(app, pygame.K_RIGHT)  # the keyboard takes over: the focus is on a card
    focus = scene.hand.focus
    assert focus is not None
    key(app, pygame.K_d)
    assert scene.widgets is not None and scene.widgets.confirm is not None
    assert scene.hand.picked == []
    return app, scene


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_answers_the_discard_prompt(tmp_path: Path, enter: int) -> None:
    app, scene = confirming(tmp_path)
    code = scene.hand.code(scene.hand.focus or 0)
    key(app, enter)
    assert scene.widgets is not None and scene.widgets.confirm is None
    events = scene.session.game.state.events
    assert any(e.seat == 0 and e.kind == "discard" and code in e.cards for e in events)
    assert scene.hand.picked == []  # Enter answered the prompt; it lifted no card


def test_escape_closes_the_discard_prompt(tmp_path: Path) -> None:
    app, scene = confirming(tmp_path)
    before = list(hand_codes(scene))
    key(app, pygame.K_ESCAPE)
    assert scene.widgets is not None and scene.widgets.confirm is None
    assert hand_codes(scene) == before and scene.hand.picked == []
    assert app.stack.top is scene  # Esc closed the prompt; it did not pause


def test_the_greyed_lay_down_says_what_is_missing(tmp_path: Path) -> None:
    app, scene = table(tmp_path, TWO_TRIOS)
    assert scene.widgets is not None
    draw_from_stock(app, scene)
    drag(app, card_pos(scene, "7H"), scene.slot_views[0].rect.center)
    drag(app, card_pos(scene, "7S"), scene.slot_views[0].rect.center)
    button = scene.widgets.lay_down
    assert button.visible and not button.is_enabled
    press(app, button.rect.center)
    said = scene.toasts[-1].text
    assert "1 carta" in said and tr("table.slot.trio") in said  # the first trío lacks one
    assert tr("table.missing.empty", slot=tr("table.slot.trio")) in said  # the second: empty
    scene.toasts.clear()
    key(app, pygame.K_l)
    assert scene.toasts[-1].text == said


def test_before_the_draw_the_greyed_lay_down_says_to_draw(tmp_path: Path) -> None:
    app, scene = table(tmp_path, TWO_TRIOS)
    assert scene.widgets is not None
    press(app, scene.widgets.lay_down.rect.center)
    refusal = scene.session.game.check(LayDown(0, ()))
    assert refusal is not None and refusal.code == "must_draw_first"
    assert scene.toasts[-1].text == refusal_text(refusal)


def test_the_status_line_offers_only_legal_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = drawn_texts(monkeypatch)
    app, scene = table(tmp_path, TWO_TRIOS)
    draw_from_stock(app, scene)
    assert scene.text.status == tr("table.status.play")  # lay down or discard: no adding
    assert not scene.obs.may_add
    assert scene.widgets is not None
    press(app, scene.widgets.auto.rect.center)
    press(app, scene.widgets.lay_down.rect.center)
    assert scene.obs.laid_down[0] and not scene.obs.may_add
    assert scene.text.status == tr("table.status.play_just_down")
    app.resize((1024, 640))  # a narrow window: the long line is drawn whole, on two lines
    texts.clear()
    scene.view.invalidate()
    app.screenshot(str(tmp_path / "status.png"))
    status = scene.text.status
    assert status in " ".join(texts)
    assert not any(t.endswith("…") and status.startswith(t[:-1].rstrip()) for t in texts)


def test_a_pozo_card_dropped_in_the_hand_lands_where_dropped(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    order = [scene.hand.code(u) for u, _ in scene.moves.hand_rows()]
    rows = scene.moves.hand_rows()
    between = (rows[2][1].right - 2, rows[2][1].centery)  # over the third card's right part
    drag(app, scene.layout.pozo.center, between)
    after = [scene.hand.code(u) for u, _ in scene.moves.hand_rows()]
    assert "KD" in after and after.index("KD") == 3, after
    assert [c for c in after if c != "KD"] == order


def test_continue_brings_back_the_hand_order_and_the_staged_slots(tmp_path: Path) -> None:
    app, scene = table(tmp_path, TWO_TRIOS)
    draw_from_stock(app, scene)
    scene.moves.sort("rank")
    drag(
        app,
        card_pos(scene, "JH"),
        (scene.moves.hand_rows()[0][1].left + 2, card_pos(scene, "JH")[1]),
    )
    drag(app, card_pos(scene, "7H"), scene.slot_views[0].rect.center)
    order = [c.code for c in scene.hand.cards]
    staged = [[scene.hand.code(u) for u in s.uids] for s in scene.slots.slots]
    assert order[0] == "JH" and staged[0] == ["7H"]
    saved = scene.session.arrangements[0]  # saved with the match (play/carioca/test_session.py)
    assert list(saved.hand) == order and [list(g) for g in saved.slots] == staged
    app2 = App(size=(1600, 900), paths=scene.session.paths, fast=True)
    again = TableScene(app2, scene.session)  # a fresh table, as Continue makes
    app2.push(again)
    frames(app2)
    assert [c.code for c in again.hand.cards] == order
    assert [[again.hand.code(u) for u in s.uids] for s in again.slots.slots] == staged


def seated(tmp_path: Path, names: list[str]) -> TableScene:
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2})
    game = from_position(rules, SIMPLE, stock=STOCK, pozo=["KD"], names=names)
    seats = [SeatConfig(names[0], "human"), SeatConfig(names[1], "bot", "easy")]
    paths = Paths.under(tmp_path)
    session = MatchSession(game, seats, 1, "clasico", {1: StubBot(1)}, paths, autosave=False)
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app)
    return scene


def test_two_players_with_one_initial_get_different_avatars(tmp_path: Path) -> None:
    scene = seated(tmp_path, ["Du", "Diego"])
    labels = [seat.label for seat in scene.text.seats]
    assert labels[0] != labels[1] and all(labels)


def test_a_long_hand_shrinks_its_cards_rather_than_hide_an_index() -> None:
    area = pygame.Rect(0, 600, 700, 200)
    for n in (8, 15, 22, 30):
        rects = hand_rects(n, area, (130, 182))
        step = rects[1].x - rects[0].x
        assert step >= rects[0].width * INDEX_RIGHT - 1
        assert rects[0].left >= area.left and rects[-1].right <= area.right
        assert rects[0].bottom == area.top + 182  # on the same bottom line


def test_the_tutorial_header_names_the_tutorial(tmp_path: Path) -> None:
    from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene

    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = TutorialScene(app)
    app.push(scene)
    frames(app)
    assert scene.text.title.startswith("Tutorial") and "Ronda" not in scene.text.title


def test_the_privacy_screen_shows_the_letters_of_the_seat_panel(tmp_path: Path) -> None:
    from carioca_desktop.ui import hud
    from carioca_desktop.ui.scenes.privacy import PrivacyScene
    from tests.ui.carioca.test_hotseat import THIRD

    names = ["Du", "Diego", "Beto"]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 3})
    game = from_position(rules, [*SIMPLE, THIRD], stock=STOCK, pozo=["KD"], names=names)
    seats = [
        SeatConfig("Du", "human"),
        SeatConfig("Diego", "human"),
        SeatConfig("Beto", "bot", "easy"),
    ]
    paths = Paths.under(tmp_path)
    session = MatchSession(game, seats, 1, "clasico", {2: StubBot(2)}, paths, autosave=False)
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app)
    top = app.stack.top
    assert isinstance(top, PrivacyScene) and top.seat == 0
    assert top.label == hud.initials(names)[0] == "Du"
    assert [seat.label for seat in scene.text.seats] == ["Du", "Di", "B"]


def test_a_saved_order_from_another_deal_is_not_applied(tmp_path: Path) -> None:
    from carioca_desktop.play.carioca.session import Arrangement

    _, scene = table(tmp_path, TWO_TRIOS)
    hand = hand_codes(scene)  # the last deal shared all but two of these cards
    old = (*reversed(hand[2:]), "AS", "KS")
    scene.session.arrangements[0] = Arrangement(old, ((hand[3],),))
    again = TableScene(App(size=(1600, 900), paths=scene.session.paths, fast=True), scene.session)
    again.app.push(again)
    frames(again.app)
    shown = [c.code for c in again.hand.cards]
    assert sorted(shown) == sorted(hand_codes(scene)) and again.slots.is_empty()
    assert shown == [c.code for c in scene.hand.cards]  # sorted as a fresh table sorts it


def test_at_a_hot_seat_each_person_finds_their_own_arrangement(tmp_path: Path) -> None:
    from carioca_desktop.play.carioca.session import Arrangement
    from tests.ui.carioca.test_hotseat import hot_table, play_turn, reveal

    app, scene = hot_table(tmp_path)
    ana = list(reversed(scene.session.game.hand(1)))
    scene.session.arrangements[1] = Arrangement(tuple(ana), (("9S", "10S"), ()))
    reveal(app)
    play_turn(app, scene, "JH")
    reveal(app)  # Ana's turn: her hand as she left it, her slot cards staged again
    assert scene.viewer == 1 and [c.code for c in scene.hand.cards] == ana
    staged = [[scene.hand.code(u) for u in slot.uids] for slot in scene.slots.slots]
    assert staged == [["9S", "10S"], []]
