"""The hot-seat rule (play/hotseat.py), one for both games: the person to act is asked for
before their hand shows, asked again after each deal, and nobody is called while bots play."""

from __future__ import annotations

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.hotseat import HotSeat
from carioca_desktop.rules.buraco.ruleset import preset_rules
from tests.fixtures.buraco_position import seats


def test_a_buraco_hot_seat_asks_each_person_and_again_after_a_deal() -> None:
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=(0, 2)), 5, autosave=False)
    hot = HotSeat(session)
    # Every seat's moves come from a bot here; the rule only watches whose turn it is.
    players = {i: make_buraco_bot("easy", i, 11) for i in range(4)}
    asked: list[tuple[int, int]] = []
    while not session.game.round_over:
        seat = hot.due()
        if seat is not None:
            assert hot.hand_hidden() and seat == session.game.current_player
            asked.append((session.game.round_index, seat))
            hot.reveal(seat)
        if session.game.current_player in (1, 3):
            assert hot.due() is None and hot.hand_hidden()  # a bot's turn calls nobody
        elif session.game.current_player is not None:
            assert not hot.hand_hidden()
        session.apply(buraco_step(session.game, players))
    assert [seat for _, seat in asked[:2]] == [0, 2]  # each person before their first turn
    assert hot.due() is None and hot.hand_hidden()  # the round's sheet shows no hand
    session.next_round()
    while session.game.current_player not in (0, 2):
        session.apply(buraco_step(session.game, players))
    assert hot.due() == session.game.current_player  # a new deal: asked again


def test_the_rule_is_off_with_one_person() -> None:
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=(0,)), 5, autosave=False)
    hot = HotSeat(session)
    assert not hot.on and hot.due() is None and not hot.hand_hidden()
    assert hot.viewer(3) == session.viewer() == 0
