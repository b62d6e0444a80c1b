"""Asking the partner before going out when a bot is the one going out (the ``ask_partner``
house rule, Buraco with four): which moves head out, the answers given this turn, and the
bot's move once asked.

A bot asks when the move it chose heads out: it goes out, or it leaves the bot a hand that
can only go out (one card to discard). A bot partner answers at once from its own
observation (partner.py); a person partner is asked by the table, and the bot
waits for the answer (``Asked``). On "not yet" the bot chooses again among the moves that
keep it in. One answer a turn, as for a person going out (ui/scenes/buraco/partner.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carioca_desktop.rules.buraco.actions import Action, Discard
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.state import Event

from .partner import agrees_to_go_out

if TYPE_CHECKING:
    from .players import BuracoBot

Turn = tuple[int, int, int]  # seat, round, that seat's turn in the round
Ask = Callable[[int], "bool | None"]  # the partner's answer for a seat, None: not given yet


def asks(game: BuracoGame) -> bool:
    """Whether a player going out asks their partner first in this match."""
    return bool(game.rules.ask_partner) and game.players == 4


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def turn_of(game: BuracoGame, seat: int) -> Turn:
    """The seat's current turn, counted by its draws this round (the key of an answer)."""
    obs = game.observation(seat)
    turns = sum(1 for e in obs.events if e.seat == seat and e.kind in ("draw", "take_pile"))
    return seat, obs.round_number, turns


def _went_out(events: list[Event], seat: int) -> bool:
    return any(e.kind == "go_out" and e.seat == seat for e in events)


def heads_out(game: BuracoGame, seat: int, action: Action) -> bool:
    """Whether ``action`` (legal now) goes out, or leaves ``seat`` one card whose discard
    would go out: after it, staying in is no longer possible this turn."""
    after = game.clone()
    if _went_out(after.apply(action), seat):
        return True
    hand = after.hand(seat)
    if after.round_over or after.current_player != seat or len(hand) != 1:
        return False
    return _went_out(after.clone().apply(Discard(seat, hand[0])), seat)


def bot_answer(game: BuracoGame, seat: int) -> bool:
    """A bot partner's answer to ``seat``, from the partner's own observation."""
    return agrees_to_go_out(game.observation(partner_of(seat)))


@dataclass
class Asked:
    """The bot at ``seat`` waits for its person partner's answer."""

    seat: int


def answering(game: BuracoGame, people: set[int], answers: Mapping[Turn, bool]) -> Ask:
    """The answer a bot at a seat gets now: its partner bot's, the person's given this turn,
    or None (the person has not been asked yet)."""

    def ask(seat: int) -> bool | None:
        if partner_of(seat) not in people:
            return bot_answer(game, seat)
        return answers.get(turn_of(game, seat))

    return ask


def reconsider(
    game: BuracoGame, bot: BuracoBot, seat: int, legal: list[Action], chosen: Action
) -> Action:
    """The bot's move after its partner said "not yet": its choice among the moves that keep
    it in (the first of those when it insists on going out)."""
    staying = [a for a in legal if not heads_out(game, seat, a)]
    if not staying:
        return chosen  # nothing keeps it in: the engine's rules leave no other move
    again = bot.choose(game.observation(seat), staying)
    if again in staying or (game.check(again) is None and not heads_out(game, seat, again)):
        return again
    return next((a for a in staying if isinstance(a, Discard)), staying[0])
