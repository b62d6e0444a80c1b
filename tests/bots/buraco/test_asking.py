"""Bots ask their partner before going out (issue 28, item 12, the ``ask_partner`` house
rule): a bot partner answers from its own hand, a person partner's answer is awaited, and on
"not yet" the bot plays a move that keeps it in."""

from __future__ import annotations

from carioca_desktop.bots.buraco.asking import Asked, bot_answer, heads_out
from carioca_desktop.bots.buraco.driver import (
    buraco_step,
    buraco_step_asking,
    make_buraco_bot,
    play_buraco_match,
)
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import Add, Discard, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules

RICH = ["AS", "AH", "KD", "KC", "QS"]  # 60 card points: the partner wants to meld first
LONG = ["5D", "6D", "7D", "9D", "10D", "JH", "QD", "2S", "3D", "6S", "7S", "9S", "10S", "8S"] * 2


def heading_out(ask: bool, partner_hand: list[str]) -> BuracoGame:
    """Seat 0 has drawn the 4D beside its 10C: adding the 10C to its side's buraco leaves one
    card whose discard goes out (the side has its morto)."""
    g = BuracoGame.from_position(
        preset_rules("brasileiro", ask_partner=ask),
        [["10C"], ["QH", "8H", "5S"], partner_hand, ["JS", "JD", "4H"]],
        stock=["4D", *LONG],
        pile=["3S"],
        table=[{"side": 0, "meld": ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]}],
        mortos=[["5H", "7H", "8D"]],
        took_morto=(1, 0),
    )
    g.apply(Draw(0))
    return g


def bots() -> dict[int, object]:
    return {s: make_buraco_bot("normal", s, 3) for s in range(4)}


def test_what_heads_out() -> None:
    g = heading_out(True, RICH)
    assert heads_out(g, 0, Add(0, 0, ("10C",)))  # one card left, its discard goes out
    assert not heads_out(g, 0, Discard(0, "10C"))
    g.apply(Add(0, 0, ("10C",)))
    assert heads_out(g, 0, Discard(0, "4D"))


def test_without_the_rule_or_without_asking_the_bot_heads_out() -> None:
    assert heads_out(heading_out(False, RICH), 0, buraco_step(heading_out(False, RICH), bots()))
    g = heading_out(True, RICH)
    assert heads_out(g, 0, buraco_step(g, bots()))  # nobody to ask: the driver's default


def test_a_bot_asks_a_bot_partner_who_answers_from_its_hand() -> None:
    g = heading_out(True, ["3S"])  # little in hand: yes
    assert bot_answer(g, 0) is True
    assert heads_out(g, 0, buraco_step(g, bots(), ask=lambda s: bot_answer(g, s)))
    rich = heading_out(True, RICH)
    assert bot_answer(rich, 0) is False
    action = buraco_step(rich, bots(), ask=lambda s: bot_answer(rich, s))
    assert isinstance(action, Discard) and not heads_out(rich, 0, action)
    rich.apply(action)
    assert not rich.round_over and len(rich.hand(0)) == 1


def test_a_bot_waits_for_a_person_partner() -> None:
    g = heading_out(True, RICH)
    asked: list[int] = []

    def person(seat: int) -> bool | None:
        asked.append(seat)
        return None

    assert buraco_step_asking(g, bots(), ask=person) == Asked(0)
    assert buraco_step(g, bots(), ask=person) is None and asked == [0, 0]


def session(partner_hand: list[str]) -> BuracoSession:
    g = heading_out(True, partner_hand)
    kinds = ["bot", "bot", "human", "bot"]
    seats = [SeatConfig(n, k, None if k == "human" else "normal")
             for n, k in zip(("Ana", "Beto", "Carla", "Diego"), kinds, strict=True)]  # fmt: skip
    b = {i: make_buraco_bot("normal", i, 1) for i, k in enumerate(kinds) if k == "bot"}
    return BuracoSession(g, seats, 1, b, autosave=False)  # type: ignore[arg-type]


def test_the_session_waits_for_the_person_and_obeys_a_yes() -> None:
    s = session(RICH)
    assert s.pending_bot_action() is None and s.asked == 0
    assert s.pending_bot_action() is None  # still waiting, nothing applied
    s.answer_partner(True)
    assert s.asked is None
    while not s.game.round_over:
        action = s.pending_bot_action()
        assert action is not None
        s.apply(action)
    assert s.game.state.went_out_seat == 0


def test_the_session_obeys_a_no_and_asks_once_a_turn() -> None:
    s = session(["3S"])
    assert s.pending_bot_action() is None and s.asked == 0
    s.answer_partner(False)
    action = s.pending_bot_action()
    assert isinstance(action, Discard) and s.asked is None
    s.apply(action)
    assert not s.game.round_over and s.game.hand(0) and s.game.current_player == 1


def test_bot_matches_with_the_rule_finish() -> None:
    rules = preset_rules("brasileiro", ask_partner=True, target=1500)
    match = play_buraco_match(rules, ["normal"] * 4, 5)
    assert match.finished and match.winner is not None and not match.stats.refused
