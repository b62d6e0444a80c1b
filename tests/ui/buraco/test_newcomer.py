"""Buraco's table as a newcomer uses it: a card dropped on the pile before drawing is refused
in words, D with nothing chosen says what to do (and plays a lone last card)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene
from tests.ui.buraco.test_table import make_app, seats

pytestmark = pytest.mark.usefixtures("spanish")


def open_table(tmp_path: Path) -> tuple[object, BuracoTableScene]:
    app = make_app(tmp_path, (1280, 720))
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    return app, scene


def drag(app: object, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))  # type: ignore[attr-defined]
    for k in range(1, 6):
        at = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        app.process(  # type: ignore[attr-defined]
            pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
        )
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))  # type: ignore[attr-defined]
    app.frame(0.016)  # type: ignore[attr-defined]


def key(app: object, k: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))  # type: ignore[attr-defined]
    app.frame(0.016)  # type: ignore[attr-defined]


def test_a_card_dropped_on_the_pile_before_drawing_says_why(tmp_path: Path) -> None:
    app, scene = open_table(tmp_path)
    game = scene.session.game
    assert game.phase.value == "draw" and game.current_player == 0
    before = list(game.hand(0))
    drag(app, scene.moves.hand_rows()[2][1].center, scene.layout.pile_area.center)
    assert scene.toasts and scene.toasts[-1].text == i18n.tr("refusal.must_draw_first")
    assert game.hand(0) == before and game.phase.value == "draw"


def test_d_with_nothing_chosen_says_to_choose_a_card(tmp_path: Path) -> None:
    app, scene = open_table(tmp_path)
    key(app, pygame.K_s)
    game = scene.session.game
    assert game.phase.value == "play"
    scene.moves.clear()
    scene.hand.focus = None
    key(app, pygame.K_d)
    assert scene.toasts and scene.toasts[-1].text == i18n.tr("buraco.pick_one_to_discard")
    assert game.current_player == 0


def test_d_with_one_card_left_discards_it(tmp_path: Path) -> None:
    """The tutorial's last step says "discard your last card": D does, unchosen."""
    from carioca_desktop.ui.scenes.buraco.tutorial import BuracoTutorialScene
    from tests.ui.buraco.test_tutorial import RIGHT

    app = make_app(tmp_path, (1280, 720))
    scene = BuracoTutorialScene(app)
    app.push(scene)
    app.frame(0.016)
    game = scene.session.game
    for _ in range(200):  # bounded: the bots' turns take a few frames each
        step = scene.tutorial.step.id
        if step == "go_out":
            break
        if step in RIGHT and game.current_player == 0:
            assert scene.try_action(RIGHT[step], (0, 0)), step
        app.frame(1.0)
    assert len(game.hand(0)) == 1
    scene.moves.clear()
    scene.hand.focus = None
    key(app, pygame.K_d)
    assert game.hand(0) == [] and scene.tutorial.finished


def test_a_language_chosen_during_the_match_reaches_every_button(
    tmp_path: Path, lang: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.ui.scenes.pause import PauseScene

    monkeypatch.delenv("CARIOCA_LANG")  # the language is the settings' here
    app, scene = open_table(tmp_path)
    assert scene.buttons["menu"].text == i18n.tr("table.menu")
    app.push(PauseScene(app))  # type: ignore[attr-defined]
    app.frame(0.016)  # type: ignore[attr-defined]
    app.update_settings(app.settings.replace(language="it"))  # type: ignore[attr-defined]
    app.pop()  # type: ignore[attr-defined]
    app.frame(0.016)  # type: ignore[attr-defined]
    assert scene.buttons["menu"].text == i18n.tr("table.menu") != "☰  Menú"
    for key, button in scene.buttons.items():
        where = "table" if key in ("menu", "keys", "undo") else "buraco.button"
        want = i18n.tr(f"{where}.{key}")
        assert button.text == want, key


@pytest.mark.parametrize("language", ["es", "en", "it", "fr", "pt", "sv"])
def test_the_log_speaks_to_the_person_about_their_own_moves(language: str, lang: None) -> None:
    """Every move of the person's in the second person, never their name: "Tú robó" read
    as a name conjugated in the third person."""
    from carioca_desktop.play.buraco.text import log_line
    from carioca_desktop.rules.buraco.actions import Discard, Draw, LayDown
    from carioca_desktop.rules.buraco.game import BuracoGame

    i18n.set_language(language)
    names = ["Tú", "Ana", "Bia", "Caio"]
    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    hands = [["5H", "6H", "7H", "KC", "KD", "KS", "9H"], *others]
    game = BuracoGame.from_position(preset_rules("brasileiro"), hands, stock=["2D", "10S"],
                                    pile=["QC"])  # fmt: skip
    game.apply(Draw(0))
    game.apply(LayDown(0, (("5H", "6H", "7H"),)))
    game.apply(Discard(0, "9H"))
    mine = [e for e in game.observation(0).events if e.seat == 0 and e.kind != "deal"]
    assert {e.kind for e in mine} >= {"draw", "lay_down", "discard"}
    for event in mine:
        told = log_line(event, names, 0)
        assert told and "Tú" not in told and "%{" not in told, told
        assert told != log_line(event, names, 0, you=False)
        assert "Tú" in (log_line(event, names, 0, you=False) or "")  # a hot seat names them
    for kind in ("draw", "take_pile", "lay_down", "add", "swap", "discard", "morto", "go_out"):
        assert i18n.has(f"buraco.log.{kind}_you", language), kind


def test_italian_two_player_words_read_right(lang: None) -> None:
    """One winner gets a verb in the singular; the rules name their preset as a preset."""
    from carioca_desktop.play.buraco.text import winner_text
    from carioca_desktop.ui.scenes.buraco.houserules import status_text

    i18n.set_language("it")
    assert winner_text(["Tu", "Beto"], 1) == "Beto vince la partita!"
    assert winner_text(["Tu", "Ana", "Bia", "Caio"], 1) == "Ana & Caio vincono la partita!"
    assert status_text(preset_rules("brasileiro")) == (
        "Sono esattamente le regole del preset Brasiliano."
    )
    assert "coppia" not in i18n.tr("buraco_stats.won")
    assert i18n.tr("buraco.morto_taken_you") == "tuo"


def test_the_morto_the_person_took_is_called_theirs_not_di_tu(
    tmp_path: Path, lang: None, drawn: list[str]
) -> None:
    from dataclasses import replace

    from carioca_desktop.ui.scenes.buraco import piles

    _, scene = open_table(tmp_path)
    i18n.set_language("it")
    picture = replace(scene.picture(), mortos=[piles.Morto("taken", 0), piles.Morto("taken", 1)])
    drawn.clear()
    piles.mortos(pygame.Surface(scene.layout.size), picture)
    assert "tuo" in drawn and not any(t.startswith("di Tú") for t in drawn), drawn
    assert f"di {scene.names[1]}" in drawn


def test_no_catalogue_writes_a_plural_as_parentheses() -> None:
    """ "1 juego(s) apartado(s)": every count has its singular and plural forms."""
    import json
    import re

    from carioca_desktop.resources import asset

    pattern = re.compile(r"\w\((?:s|es|e|i|er|n|a)\)")
    found = []
    for path in sorted(asset("i18n").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {m}" for m in pattern.findall(text)]
        json.loads(text)
    assert found == []


def test_buracos_spanish_calls_a_run_escala_as_carioca_does() -> None:
    from carioca_desktop.resources import asset

    for path in sorted(asset("i18n").glob("buraco*.es.json")):
        assert "escalera" not in path.read_text(encoding="utf-8").lower(), path.name


def test_settings_from_a_buraco_match_open_on_buracos_house_rules(tmp_path: Path) -> None:
    from carioca_desktop.ui.scenes.pause import PauseScene
    from carioca_desktop.ui.scenes.settings import SettingsScene

    app, _ = open_table(tmp_path)
    pause = PauseScene(app)  # type: ignore[arg-type]
    app.push(pause)  # type: ignore[attr-defined]
    app.frame(0.016)  # type: ignore[attr-defined]
    pause._settings()
    top = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(top, SettingsScene) and top.game == "buraco"


def test_continue_says_which_game_is_saved(tmp_path: Path) -> None:
    from carioca_desktop.storage import Paths, flush_autosaves
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.menu import MenuScene

    paths = Paths.under(tmp_path)
    BuracoSession.new(preset_rules("brasileiro"), seats(), 5, paths=paths)
    assert flush_autosaves(10.0)
    app = App(size=(1280, 720), paths=paths, fast=True)
    app.push(MenuScene(app))
    app.frame(0.016)
    texts = [getattr(w, "text", "") for w in app.manager.get_sprite_group().sprites()]
    assert i18n.tr("menu.continue_game", game="Buraco") in texts, texts


@pytest.mark.parametrize("language", ["it", "es", "en", "fr", "pt", "sv"])
def test_the_bars_buttons_keep_their_words_at_the_smallest_window(
    tmp_path: Path, language: str, lang: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Tasti (F1)" was cut to "Tasti (F" at 960×600."""
    monkeypatch.setenv("CARIOCA_LANG", language)
    app = make_app(tmp_path, (960, 600))
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    for key in ("menu", "keys"):
        button = scene.buttons[key]
        width = button.font.size(button.text)[0]
        assert width + 16 <= button.rect.width, (key, button.text, button.rect)
    assert scene.buttons["menu"].rect.right <= scene.buttons["keys"].rect.left


def test_the_log_and_rule_panel_are_readable_at_the_smallest_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 960×600 the log's and the rule panel's words were drawn 8 px high."""
    from carioca_desktop.ui.sprites import TextCache

    sizes: dict[str, int] = {}
    render, fit = TextCache.render, TextCache.fit

    def rendered(self: TextCache, text: str, size: int, *args: object, **kw: object) -> object:
        sizes[text] = size
        return render(self, text, size, *args, **kw)  # type: ignore[arg-type]

    def fitted(self: TextCache, text: str, size: int, *args: object, **kw: object) -> object:
        sizes[text] = size
        return fit(self, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(TextCache, "render", rendered)
    monkeypatch.setattr(TextCache, "fit", fitted)
    app = make_app(tmp_path, (960, 600))
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    key(app, pygame.K_s)
    sizes.clear()
    scene.layer.forget()  # the whole table drawn afresh
    app.screenshot(str(tmp_path / "small.png"))
    logged = scene.log_lines[-1]
    assert sizes.get(logged, 0) >= 11, (logged, sizes.get(logged))
    rule = i18n.tr("buraco.newgame.out_" + str(session.game.rules.go_out_requires))
    shown = [size for text, size in sizes.items() if text and rule.startswith(text)]
    assert shown and min(shown) >= 11, shown


def test_the_staged_melds_words_stand_clear_of_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn: list[str]
) -> None:
    """ "Combinazioni pronte da calare: 1" was hidden behind the lifted cards at 1280x720."""
    from carioca_desktop.ui.scenes.buraco import cards

    app, scene = open_table(tmp_path)
    key(app, pygame.K_s)
    scene.moves.picked = scene.hand.uids()[:3]
    scene.moves.group()
    scene.moves.picked = [scene.hand.uids()[5]]  # a lifted card beside them
    placed: list[tuple[str, tuple[int, int]]] = []
    pill = cards.pill

    def seen(surface: object, p: object, words: str, at: tuple[int, int], *rest: object) -> int:
        placed.append((words, at))
        return pill(surface, p, words, at, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(cards, "pill", seen)
    scene.layer.forget()
    app.screenshot(str(tmp_path / "staged.png"))  # type: ignore[attr-defined]
    words = i18n.tr("buraco.staged_one")
    bottoms = [at[1] for said, at in placed if said == words]
    tops = [rect.top for _, rect, _ in scene.picture().hand]
    assert bottoms and max(bottoms) <= min(tops), (bottoms, min(tops))


def test_the_empty_piles_words_start_no_further_left_than_the_pile(
    tmp_path: Path, lang: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Nessuno scarto" lost its first letter at 960×600 (drawn left of the pile's region)."""
    from carioca_desktop.rules.buraco.actions import TakePile
    from carioca_desktop.ui.scenes.buraco import piles

    monkeypatch.setenv("CARIOCA_LANG", "it")
    app = make_app(tmp_path, (960, 600))
    session = BuracoSession.new(preset_rules("dois_jogadores"), seats(2), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    assert scene.try_action(TakePile(0), (0, 0)) and session.game.observation(0).pile_size == 0
    words = i18n.tr("buraco.pile_empty")
    width = scene.picture().texts.render(words, scene.layout.upx(13), (0, 0, 0)).get_width()

    lefts: list[int] = []

    class Watched(pygame.Surface):
        def blit(self, source: pygame.Surface, dest: Any, *rest: Any) -> pygame.Rect:  # type: ignore[override]
            if source.get_width() == width:
                lefts.append(dest[0] if isinstance(dest, tuple) else pygame.Rect(dest).left)
            return super().blit(source, dest, *rest)

    surface = Watched(scene.layout.size, pygame.SRCALPHA)
    piles.pile(surface, scene.picture())
    assert lefts and min(lefts) >= scene.layout.pile_area.left


def test_the_focus_ring_around_a_meld_leaves_its_badges_inside(tmp_path: Path) -> None:
    """The keyboard's ring crossed the meld's length badge."""
    from carioca_desktop.rules.buraco.actions import Draw as BDraw
    from carioca_desktop.rules.buraco.actions import LayDown as BLayDown
    from carioca_desktop.rules.buraco.game import BuracoGame
    from carioca_desktop.ui.scenes.buraco.cards import badge_top

    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    hands = [["5H", "6H", "7H", "8H", "9H", "KC", "KD", "2S"], *others]
    game = BuracoGame.from_position(preset_rules("brasileiro"), hands, stock=["2D", "10S"],
                                    pile=["QC"])  # fmt: skip
    game.apply(BDraw(0))
    game.apply(BLayDown(0, (("5H", "6H", "7H", "8H", "9H"),)))
    app = make_app(tmp_path, (1280, 720))
    session = BuracoSession(game, seats(), 1, {}, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    scene.keys.shown, scene.keys.zone, scene.keys.index = True, "melds", 0
    meld = scene.keys.focus_meld()
    assert meld is not None
    box = scene.places.melds[meld]
    ring = scene.keys.focus_rect()
    assert ring is not None and ring.contains(box)
    assert ring.top < badge_top(box, scene.layout.upx)  # the "5" badge inside the ring


def test_the_morto_toast_speaks_to_the_person(
    tmp_path: Path, lang: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Tu ha preso il pozzetto" was the person's own morto, told as of a third person."""
    monkeypatch.setenv("CARIOCA_LANG", "it")
    _, scene = open_table(tmp_path)
    assert scene.morto_words(0) == "Hai preso il pozzetto"
    assert scene.morto_words(1) == f"{scene.names[1]} ha preso il pozzetto"
    people = BuracoSession.new(preset_rules("brasileiro"), seats(4, 2), 3, autosave=False)
    hot = BuracoTableScene(scene.app, people)
    assert hot.morto_words(0) == f"{hot.names[0]} ha preso il pozzetto"  # a hot seat names
