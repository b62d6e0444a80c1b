"""Asking the partner before going out (issue 28, item 12): an optional house rule, off by
default; a bot partner answers from its own hand, a person partner is asked, and the going
out waits for the answer."""

from __future__ import annotations

from pathlib import Path

from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import Add, Discard, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules, preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.confirm import ConfirmScene

RICH = ["AS", "AH", "KD", "KC", "QS"]  # 60 card points
LONG = ["5D", "6D", "7D", "9D", "10D", "JH", "QD", "2S", "3D", "6S", "7S", "9S", "10S", "8S"] * 2


def drawn(ask: bool, partner_hand: list[str]) -> BuracoGame:
    """Ana (seat 0) has drawn the 4D beside her 10C; her side has a buraco and its morto."""
    return BuracoGame.from_position(
        preset_rules("brasileiro", ask_partner=ask),
        [["10C"], ["QH", "8H", "5S"], partner_hand, ["JS", "JD", "4H"]],
        stock=["4D", *LONG],
        pile=["3S"],
        table=[{"side": 0, "meld": ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]}],
        mortos=[["5H", "7H", "8D"]],
        took_morto=(1, 0),
    )


def ready(ask: bool, partner_hand: list[str]) -> BuracoGame:
    """Ana can go out: she adds the 10C and discards the drawn 4D."""
    g = drawn(ask, partner_hand)
    g.apply(Draw(0))
    g.apply(Add(0, 0, ("10C",)))
    return g


def table(
    tmp_path: Path, game: BuracoGame, partner: str, ana: str = "human"
) -> tuple[App, BuracoTableScene]:
    kinds = [ana, "bot", partner, "bot"]
    seats = [SeatConfig(n, k, None if k == "human" else "normal")
             for n, k in zip(("Ana", "Beto", "Carla", "Diego"), kinds, strict=True)]  # fmt: skip
    bots = {i: make_buraco_bot("normal", i, 1) for i, k in enumerate(kinds) if k == "bot"}
    session = BuracoSession(game, seats, 1, bots, autosave=False)  # type: ignore[arg-type]
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    if app.stack.top is not scene:  # a hot seat: Ana takes the seat
        app.pop()
        scene.reveal(0)
    return app, scene


def test_the_key_is_off_by_default_and_inert_with_two() -> None:
    assert BuracoRules().ask_partner is False
    assert preset_rules("brasileiro", ask_partner=True).to_dict()["ask_partner"] is True
    assert "ask_partner" in preset_rules("dois_jogadores", ask_partner=True).inert_keys()


def test_a_bot_partner_with_a_rich_hand_says_not_yet(tmp_path: Path) -> None:
    g = ready(True, RICH)
    _app, scene = table(tmp_path, g, "bot")
    assert not scene.try_action(Discard(0, "4D"), (0, 0))
    assert not g.round_over and g.hand(0) == ["4D"]
    assert "not yet" in scene.toasts[-1].text or "todavía" in scene.toasts[-1].text


def test_a_bot_partner_with_little_says_yes_and_without_the_rule_nobody_is_asked(
    tmp_path: Path,
) -> None:
    g = ready(True, ["3S"])
    _app, scene = table(tmp_path, g, "bot")
    assert scene.try_action(Discard(0, "4D"), (0, 0)) and g.round_over
    plain = ready(False, RICH)
    _app2, scene2 = table(tmp_path / "2", plain, "bot")
    assert scene2.try_action(Discard(0, "4D"), (0, 0)) and plain.round_over


def test_a_person_partner_is_asked_and_the_going_out_waits(tmp_path: Path) -> None:
    g = ready(True, RICH)
    app, scene = table(tmp_path, g, "human")
    assert not scene.try_action(Discard(0, "4D"), (0, 0))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and not g.round_over
    ask.refuse()  # "not yet"
    assert app.stack.top is scene and not g.round_over
    assert not scene.try_action(Discard(0, "4D"), (0, 0))  # one answer a turn
    assert app.stack.top is scene

    g2 = ready(True, RICH)
    app2, scene2 = table(tmp_path / "2", g2, "human")
    scene2.try_action(Discard(0, "4D"), (0, 0))
    ask2 = app2.stack.top
    assert isinstance(ask2, ConfirmScene)
    ask2.confirm()
    assert g2.round_over and g2.state.went_out_seat == 0


def test_the_person_is_asked_when_their_bot_partner_heads_out(tmp_path: Path) -> None:
    for yes in (True, False):
        g = drawn(True, RICH)
        g.apply(Draw(0))
        app, scene = table(tmp_path / str(yes), g, "human", ana="bot")  # Carla is the person
        for _ in range(20):
            app.frame(0.016)
        ask = app.stack.top
        assert isinstance(ask, ConfirmScene) and "Ana" in ask.question and not g.round_over
        assert "Carla" in " ".join(ask.details) and g.hand(0) == ["10C", "4D"]  # Ana waits
        if yes:
            ask.confirm()
        else:
            ask.refuse()
        for _ in range(20):
            app.frame(0.016)
        assert g.round_over is yes and (g.state.went_out_seat == 0) is yes
        assert app.stack.top is scene or yes  # "not yet": Ana played on, nobody asked again
