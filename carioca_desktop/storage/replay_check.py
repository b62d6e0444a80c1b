"""Replaying a match file through the engine: the same deal, every action checked, the final
scores compared. Also the one place that turns actions into JSON and back for match files,
so the switch to another codec is a change here only."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from carioca_desktop import games
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.errors import RulesError
from carioca_desktop.storage.match_file import MatchFile, MatchFileError

AnyGame = Game | BuracoGame

# The codecs (one place: see the module's words): each game's `storage/<game>/match_file.py`.


def encode_action(game: str, action: Any) -> dict[str, Any]:
    """An action of ``game`` as match-file JSON."""
    data: dict[str, Any] = games.entry(game).in_match_file("encode_action")(action)
    return data


def decode_action(game: str, data: Any) -> Any:
    """An action of ``game`` from match-file JSON; RulesError for a malformed one."""
    return games.entry(game).in_match_file("decode_action")(data)


_FINAL: dict[type, Callable[[Any], tuple[int, ...]]] = {
    Game: lambda game: tuple(game.outcome().totals),  # penalty totals per seat
    BuracoGame: lambda game: tuple(game.scores),  # points per side
}


def final_scores(game: AnyGame) -> tuple[int, ...]:
    """What a match file's ``final_scores`` hold: Carioca's penalty totals per seat,
    Buraco's points per side."""
    return _FINAL[type(game)](game)


def new_game(match: MatchFile) -> AnyGame:
    """The match's first deal; MatchFileError when its rules or seats cannot be dealt."""
    try:
        first = games.entry(match.game).in_match_file("new_game")
        game: AnyGame = first(match, [p.name for p in match.seats])
        return game
    except RulesError as err:
        raise MatchFileError(f"impossible rules: {err.message}", "impossible_rules") from None


def check_players(players: int, names: list[str]) -> None:
    """MatchFileError when the seats are not as many as the rules' players."""
    if players != len(names):
        raise MatchFileError(
            f"{len(names)} seats for rules of {players} players",
            "seats",
            n=len(names),
            players=players,
        )


@dataclass
class Replayed:
    """A match file replayed to its end: the finished game and how many actions it took."""

    match: MatchFile
    game: AnyGame
    actions: int


def steps(match: MatchFile) -> Iterator[tuple[AnyGame, Any]]:
    """Play the match file's actions one by one, yielding the game after each with the
    action applied; MatchFileError (with the action's number) at the first that is
    malformed or refused. The game yielded is the same object each time (copy to keep)."""
    game = new_game(match)
    for number, data in enumerate(match.actions, 1):
        try:
            action = decode_action(match.game, data)
            game.apply(action)
        except RulesError as err:
            raise MatchFileError(
                f"action {number} refused: {err.message}", "refused", n=number
            ) from None
        except (TypeError, KeyError, IndexError, AttributeError) as err:
            # A hostile action the engine's checks did not foresee: refused all the same.
            raise MatchFileError(
                f"action {number} refused: {type(err).__name__}", "refused", n=number
            ) from None
        yield game, action


def turns_of(
    match: MatchFile, seat: int, skip: tuple[type, ...]
) -> Iterator[tuple[int, AnyGame, Any]]:
    """``seat``'s own moves on its turns (not those of the kinds in ``skip``), each with its
    number and a copy of the game before it: what both games' coaches judge."""
    previous = new_game(match).clone()
    for number, (game, action) in enumerate(steps(match), 1):
        mine = getattr(action, "seat", None) == seat and previous.current_player == seat
        if mine and not isinstance(action, skip):
            yield number, previous, action
        previous = game.clone()


def replay(match: MatchFile) -> Replayed:
    """Replay the whole match; MatchFileError when an action is refused, the match does not
    end with its last action, or the final scores differ from the file's."""
    game: AnyGame = new_game(match)
    count = 0
    for game, _action in steps(match):
        count += 1
        if game.is_over and count < len(match.actions):
            raise MatchFileError(
                f"the match ends at action {count} of {len(match.actions)}",
                "ends_early", n=count, total=len(match.actions),
            )  # fmt: skip
    if not game.is_over:
        raise MatchFileError(
            f"the match is not over after its {count} actions", "not_over", n=count
        )
    scores = final_scores(game)
    if scores != match.final_scores:
        raise MatchFileError(
            f"final scores differ: the file says {list(match.final_scores)}, "
            f"the replay gives {list(scores)}", "scores_differ",
        )  # fmt: skip
    return Replayed(match, game, count)
