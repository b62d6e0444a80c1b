"""The coach (Buraco): each decision of one seat in a kept match judged against ``hard``.

As Carioca's coach (play/carioca/coach.py): at each of the seat's decisions (draw from the
stock or take the pile, a lay-down, an add, a swap, a discard) ``hard`` is asked what it would
do from the seat's own observation. Where it agrees the decision is fine. Where it differs,
both choices are priced by play/coachkit.py: played out to the end of the hand on the same
continuations, each a deal of what the seat could not see (the stock, the mortos, the other
hands, the partner's too: rules/buraco/unseen.py), the judged seat by ``hard``, the others by
``normal``; the cost the mean difference in the side's margin for the hand (its points minus
the other side's), with its 95% interval. Buraco's points are larger than Carioca's (a clean
canasta is 200): costly beyond FINE points, a blunder beyond BLUNDER, each only when the
interval is clear of zero.

The play-outs offer the bots a shorter list of legal actions (``lean_legal``: they choose
the same from it) so that each costs less and a doubtful decision gets more of them.

tools/bench/bench_coach.py measures how well the estimate follows the outcome over many
other continuations."""

from __future__ import annotations

from typing import Any

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play import coachkit
from carioca_desktop.play.coachkit import Bands, Judgement
from carioca_desktop.rules.buraco.actions import Action, NextRound, Undo
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.storage.match_file import MatchFile

__all__ = ["BLUNDER", "COACH", "FINE", "Judgement", "coach_lines", "judge", "where_points_went"]

FINE, BLUNDER = 30, 100  # points of a hand's margin (a clean canasta is 200)
MOST = 40  # continuations at most for one decision (see coachkit.price): 24 before the
# play-outs' lean legal lists made each 1.8x cheaper; 40 cost about what 24 did and narrow
# the intervals to 0.84 of their width (docs/replays.md)
MAX_PLAYOUT = 4000  # actions; a hand that has not ended by then is cut
KINDS = {"draw": "draw", "takepile": "draw", "laydown": "meld", "add": "meld", "swap": "meld",
         "discard": "discard"}  # fmt: skip


def hand_index(game: BuracoGame, seat: int = 0) -> int:
    """The hand being played (0-based): the hands finished so far."""
    return len(game.observation(seat).history)


def lean_legal(game: BuracoGame, seat: int) -> list[Action]:
    """The legal actions the bots read, for the play-outs: after the draw only the legal
    discards (the bots build their lay-downs, adds and swaps themselves and the driver
    checks them; half of a play-out's time went to checking every add and swap of the
    full list), the full list when no discard is legal (a bot then plays its first entry).
    The bots choose the same actions from it (tests/play/buraco/test_coach.py)."""
    return game.legal_discards(seat) or game.legal_actions(seat)


def margin_after(
    game: BuracoGame,
    side: int,
    seed: int,
    seat: int | None = None,
    lean: bool = True,
) -> int | None:
    """Play the hand out (``seat`` by ``hard``, every other seat by ``normal``); ``side``'s
    points in it minus the other side's (None if it was cut before its end). ``lean``: the
    bots are offered ``lean_legal`` (the same choices, faster; off: every legal action, as
    before, which the calibration bench compares)."""
    index = hand_index(game)
    bots = [make_buraco_bot("hard" if s == seat else "normal", s, seed + s)
            for s in range(game.players)]  # fmt: skip
    for _ in range(MAX_PLAYOUT):
        if game.round_over:
            break
        action = buraco_step(game, bots, legal_of=lean_legal if lean else None)
        if action is None:
            break
        game.apply(action)
    history = game.observation(0).history
    if len(history) <= index:
        return None
    points = history[index]
    return int(points[side]) - int(points[1 - side])


def side_loss(game: BuracoGame, seat: int, seed: int, lean: bool = True) -> float | None:
    """The seat's side's loss over the rest of the hand: the other side's points less its."""
    margin = margin_after(game, seat % 2, seed, seat, lean)
    return None if margin is None else -float(margin)


def choose(
    level: str, game: BuracoGame, seat: int, seed: int, without: Action | None = None
) -> Action:
    """What a fresh bot of ``level`` does here; with ``without``, its second best."""
    choice: Action = coachkit.bot_choice(make_buraco_bot(level, seat, seed), game, seat, without)
    return choice


def hard_choice(game: BuracoGame, seat: int, seed: int) -> Action:
    """What a fresh ``hard`` bot does here."""
    return choose("hard", game, seat, seed)


def _kind(action: Any) -> str:
    return KINDS.get(type(action).__name__.lower(), "meld")


COACH = coachkit.Coach("buraco", Bands(FINE, BLUNDER, MOST), choose, side_loss, _kind,
                       hand_index, (NextRound, Undo))  # fmt: skip


def judge_one(before: BuracoGame, seat: int, played: Action, number: int, seed: int) -> Judgement:
    return COACH.judge_one(before, seat, played, number, seed)


def judge(
    match: MatchFile, seat: int, rounds: set[int] | None = None, hard_seed: int | None = None
) -> list[Judgement]:
    """Judge ``seat``'s decisions in ``rounds`` (hands, 0-based; None: all) of a Buraco match;
    ``hard_seed`` seeds the judging bot and the continuations (default: the match's seed)."""
    return COACH.judge(match, seat, rounds, hard_seed)


where_points_went = coachkit.where_points_went


def coach_lines(judgements: list[Judgement]) -> list[str]:
    """The coach's words for ``carioca replay PATH --coach`` on a Buraco match."""
    return coachkit.coach_lines(judgements, "hand")
