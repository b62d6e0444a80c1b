"""A lone wild dropped on a run with both ends open asks which end (issue 28, item 13), and
the log names the card it stands for."""

from __future__ import annotations

from pathlib import Path

import pygame

from carioca_desktop import i18n
from carioca_desktop.play.buraco.text import log_line
from carioca_desktop.rules.buraco.actions import Add, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.ui.scenes.confirm import ConfirmScene


def drawn(hands: list[list[str]], stock: list[str], pile: str, meld: list[str]) -> BuracoGame:
    """Brasileiro with side 0's one ``meld`` on the table, seat 0 after its draw."""
    g = BuracoGame.from_position(
        preset_rules("brasileiro"),
        hands,
        stock=stock,
        pile=[pile],
        table=[{"side": 0, "meld": meld}],
        mortos=[["5D", "6D", "7D"], ["5H", "7H", "8D"]],
    )
    g.apply(Draw(0))
    return g


def game() -> BuracoGame:
    hands = [["JK", "2D", "9S", "3H"], ["QS", "QH"], ["8S", "8H"], ["JS", "JD"]]
    return drawn(hands, ["4D", "9H"], "3S", ["5C", "6C", "7C", "8C"])


def test_the_add_event_and_the_log_name_what_the_wild_stands_for() -> None:
    i18n.set_language("en")
    try:
        g = game()
        events = g.apply(Add(0, 0, ("JK=9C",)))
        assert events[-1].cards == ("JK=9C",)
        line = log_line(g.observation(0).events[-1], ["Ana", "B", "C", "D"], 1)
        assert line is not None and "9♣" in line
    finally:
        i18n.set_language("es")


def test_a_wild_on_a_run_open_at_both_ends_asks_which(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    g = game()
    app, scene = table_at(tmp_path, g)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["JK"]]
    scene.moves.onto_meld(0, (10, 10))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and g.observation(0).table[0].length == 4
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.stack.top is scene and g.observation(0).table[0].length == 4  # nothing done

    scene.hand.picked = [uid["JK"]]
    scene.moves.onto_meld(0, (10, 10))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    ask.refuse()
    assert app.stack.top is scene
    assert g.observation(0).table[0].cards[0] == "JK=4C"
    assert not scene.hand.picked

    g2 = game()
    app2, scene2 = table_at(tmp_path / "2", g2)
    uid2 = {c.code: c.uid for c in scene2.hand.cards}
    scene2.hand.picked = [uid2["JK"]]
    scene2.moves.onto_meld(0, (10, 10))
    ask2 = app2.stack.top
    assert isinstance(ask2, ConfirmScene)
    ask2.confirm()
    assert g2.observation(0).table[0].cards[-1] == "JK=9C"


class FakeLegal:
    """The engine's legal actions for one seat, as the Carioca table's ``Legal`` lists them."""

    def __init__(self, actions: set[object]) -> None:
        self._actions = frozenset(actions)

    def actions(self, seat: int) -> frozenset[object]:
        return self._actions


def test_carioca_asks_only_when_both_ends_of_the_escala_are_open() -> None:
    from carioca_desktop.rules.carioca.actions import Add as CAdd
    from carioca_desktop.rules.carioca.observation import MeldView
    from carioca_desktop.ui.scenes.carioca.actions import wild_ends

    texts = ("5H", "6H", "7H", "8H")
    meld = MeldView(2, 0, "escala", None, texts, texts, (None,) * 4, True)
    both = FakeLegal({CAdd(0, 2, "JK=9H"), CAdd(0, 2, "JK=4H"), CAdd(0, 2, "9H")})
    assert wild_ends(both, 0, "JK", meld) == ["JK=4H", "JK=9H"]  # type: ignore[arg-type]
    one = FakeLegal({CAdd(0, 2, "JK=9H")})
    assert wild_ends(one, 0, "JK", meld) == []  # type: ignore[arg-type]
    assert wild_ends(both, 0, "9H", meld) == []  # type: ignore[arg-type]


def test_the_end_the_pista_advised_is_taken_unasked(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    g = game()
    app, scene = table_at(tmp_path, g)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["JK"]]
    scene.moves.advised = (0, ("JK=4C",))
    scene.moves.onto_meld(0, (10, 10))
    assert app.stack.top is scene
    assert g.observation(0).table[0].cards[0] == "JK=4C"


def natural_two_game() -> BuracoGame:
    """Seat 0 holds the 2♠ and its side's run 3♠..6♠ is open at both ends: the 2 can go home
    (natural, at position 2) or stand for the 7♠ as a wild."""
    hands = [["2S", "9H", "KD", "QC"], ["QS", "QH"], ["8C", "8H"], ["JS", "JD"]]
    return drawn(hands, ["4D", "9D"], "3C", ["3S", "4S", "5S", "6S"])


def test_a_two_that_can_go_home_is_offered_as_the_natural_card(tmp_path: Path) -> None:
    """The low end's answer is the natural 2♠ (the run stays limpo), never a wild standing
    for itself; the other answer is the wild at the high end."""
    from tests.ui.buraco.test_keys import table_at

    g = natural_two_game()
    assert Add(0, 0, ("2S=2S",)) in g.legal_actions(0)  # the engine has both readings
    app, scene = table_at(tmp_path, g)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["2S"]]
    scene.moves.onto_meld(0, (10, 10))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert "2♠" in ask.no_text and "7♠" in ask.yes_text, (ask.no_text, ask.yes_text)
    ask.refuse()  # the low end: home
    assert g.observation(0).table[0].cards[0] == "2S"  # natural, no marker


def test_the_pistas_natural_two_is_placed_unasked(tmp_path: Path) -> None:
    """The Pista advised the 2♠ home (``2S``, unmarked): a click or Enter on the run places
    it so, with no question (a question there held a two-computer match once)."""
    from tests.ui.buraco.test_keys import table_at

    g = natural_two_game()
    app, scene = table_at(tmp_path, g)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["2S"]]
    scene.moves.advised = (0, ("2S",))
    scene.moves.onto_meld(0, (10, 10))
    assert app.stack.top is scene
    assert g.observation(0).table[0].cards[:2] == ("2S", "3S")
