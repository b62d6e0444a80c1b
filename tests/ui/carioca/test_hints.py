"""Pista: the hard bot's move from the player's own observation, lit and said in words.

Hints can be off by setting or for a match (chosen on the new-game screen, saved with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from carioca_desktop.bots.carioca import base
from carioca_desktop.play.carioca.hints import explain
from carioca_desktop.rules.carioca.actions import POZO, STOCK, Add, Discard, Draw, LayDown, Swap
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from tests.ui.carioca.test_table_scene import SIMPLE, frames, press, table

pytestmark = pytest.mark.usefixtures("spanish")


def key(app: App, code: int, text: str = "") -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
    frames(app)


def obs_for(hand: Sequence[str], **kw: Any) -> Observation:
    from carioca_desktop.rules.carioca.position import from_position
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2})
    game = from_position(rules, [list(hand), ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]],
                         names=["Tú", "Ana"], **kw)  # fmt: skip
    return game.observation(0)


def test_the_hint_is_the_hard_bots_move_from_the_players_observation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, object]] = []
    real = base.make_bot

    def spy(level: str, seat: int, seed: int) -> Any:
        bot = real(level, seat, seed)
        choose = bot.choose

        def watched(obs: Any, legal: Any) -> Any:
            seen.append((level, obs))
            return choose(obs, legal)

        bot.choose = watched  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(base, "make_bot", spy)
    app, scene = table(tmp_path, SIMPLE)
    key(app, pygame.K_h, "h")
    assert seen and seen[0][0] == "hard"
    obs = seen[0][1]
    assert isinstance(obs, Observation) and not isinstance(obs, Game) and obs.seat == 0
    advice = scene.advice.current
    assert advice is not None and isinstance(advice.action, Draw)
    assert scene.session.game.check(advice.action) is None
    _, rects, words = scene.lit()
    assert words == advice.text and rects  # the pile to draw from is lit


def test_the_pista_button_lights_a_discard_after_the_draw(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    press(app, scene.layout.stock.center)
    widgets = scene.widgets
    assert widgets is not None and widgets.hint.visible and widgets.hint.is_enabled
    press(app, widgets.hint.rect.center)
    advice = scene.advice.current
    assert advice is not None and scene.session.game.check(advice.action) is None
    assert advice.text
    codes, rects, _ = scene.lit()
    if isinstance(advice.action, Discard):
        assert codes == (advice.action.card,) and rects[0] == scene.layout.pozo
    app.screenshot(str(tmp_path / "hint.png"))  # it draws


def test_a_move_spends_the_hint(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    key(app, pygame.K_h, "h")
    assert scene.advice.current is not None
    press(app, scene.layout.stock.center)
    assert scene.advice.current is None


@pytest.mark.parametrize("where", ["settings", "match"])
def test_hints_can_be_off(tmp_path: Path, where: str) -> None:
    app, scene = table(tmp_path, SIMPLE)
    if where == "settings":
        app.settings = app.settings.replace(hints=False)
    else:
        scene.session.hints = False
    scene.moves.refresh()
    widgets = scene.widgets
    assert widgets is not None and not widgets.hint.visible
    key(app, pygame.K_h, "h")
    assert scene.advice.current is None
    assert scene.toasts[-1].text == "Las pistas están desactivadas en esta partida"


def test_the_hint_says_why_in_words() -> None:
    trio = obs_for(["7H", "7S", "5C", "9D", "QS"], pozo=["9C", "7D"])
    advice = explain(trio, Draw(0, POZO))
    assert advice.text == "Roba del pozo: el 7♦ completa tu trío"
    assert set(advice.cards) == {"7H", "7S"} and advice.target == ("pozo", -1)
    escala = obs_for(["5H", "6H", "KC", "9D"], pozo=["9C", "7H"])
    assert explain(escala, Draw(0, POZO)).text == "Roba del pozo: el 7♥ alarga tu escala"
    useless = obs_for(["5H", "6H", "KC", "9D"], pozo=["9C", "2S"])
    assert explain(useless, Draw(0, STOCK)).text == "Roba del mazo: el 2♠ del pozo no te sirve"
    assert explain(useless, Discard(0, "KC")).text.startswith("Bota el K♣")


def test_the_hint_names_the_meld_it_plays_on() -> None:
    melds = [
        {"owner": 1, "meld": ["5H", "JK=6H", "7H", "8H"]},
        {"owner": 0, "meld": ["QS", "QD", "QC"]},
    ]
    obs = obs_for(["6H", "9H", "QH"], table=melds, laid_down=[0, 1])
    assert explain(obs, Add(0, 0, "9H")).text == "Agrega el 9♥ en la escala de Ana"
    assert explain(obs, Add(0, 1, "QH")).text == "Agrega el Q♥ en tu trío"
    swap = explain(obs, Swap(0, 0, "6H"))
    assert swap.text.startswith("Cambia el 6♥ por el comodín que está en la escala de Ana")
    assert swap.target == ("meld", 0) and swap.cards == ("6H",)
    lay = explain(obs, LayDown(0, (("7S", "7D", "JK=7"),)))
    assert lay.cards == ("7S", "7D", "JK") and lay.target == ("slots", -1)


def test_the_new_game_screen_sets_hints_for_the_match(tmp_path: Path) -> None:
    from carioca_desktop.storage import Paths

    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = NewGameScene(app)
    app.push(scene)
    frames(app)
    value = _button(app, "Pistas: sí")
    press(app, value.rect.center)
    assert _button(app, "Pistas: no") is value and scene.hints is False
    press(app, _button(app, "Empezar").rect.center)
    frames(app)
    table_scene = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert table_scene.session.hints is False and table_scene.session.to_dict()["hints"] is False
    widgets = table_scene.widgets
    assert widgets is not None and not widgets.hint.visible


def _button(app: App, text: str) -> Any:
    buttons = [e for e in app.manager.get_sprite_group().sprites() if e.alive()]
    found = [e for e in buttons if isinstance(e, pygame_gui.elements.UIButton) and e.text == text]
    assert found, text
    return found[0]


def test_the_stock_hint_never_calls_a_card_that_goes_with_the_hand_no_use() -> None:
    """Issue 17: "the 2♥ on the discards is no use to you" with a 2♥ in the hand."""
    pair = obs_for(["2H", "6S", "KC", "9D"], pozo=["9C", "2H"])
    text = explain(pair, Draw(0, STOCK)).text
    assert "no te sirve" not in text
    assert (
        text
        == "Roba del mazo: el 2♥ del pozo va con tu mano (2♥), pero una carta nueva te conviene más"
    )
    run = obs_for(["5H", "6H", "KC", "9D"], pozo=["9C", "7H"])
    assert "va con tu mano (5♥, 6♥)" in explain(run, Draw(0, STOCK)).text
    wild = obs_for(["5H", "6H", "KC", "9D"], pozo=["9C", "JK"])
    assert explain(wild, Draw(0, STOCK)).text.startswith("Roba del mazo: te conviene más que")
