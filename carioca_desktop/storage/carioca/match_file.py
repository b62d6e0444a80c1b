"""Carioca in a match file: its actions to JSON and back, its first deal, a seat's place."""

from __future__ import annotations

import random
from typing import Any

from carioca_desktop.rules.carioca.actions import action_from_dict as decode_action
from carioca_desktop.rules.carioca.actions import action_to_dict as encode_action
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.match_file import MatchFile

__all__ = ["decode_action", "encode_action", "new_game", "place"]


def new_game(match: MatchFile, names: list[str]) -> Any:
    """The match's first deal (RulesError or MatchFileError when it cannot be dealt)."""
    from carioca_desktop.storage.replay_check import check_players

    rules = CariocaRules.from_dict(match.rules)
    check_players(rules.players, names)
    seed: random.Random | int = match.seed
    if match.seeding == "session":
        seed = random.Random(match.seed)
    return Game.new(rules, seed, names=names)


def place(header: MatchFile, seat: int, scores: tuple[int, ...]) -> int | None:
    """The seat's place by penalty total (lowest first); None for a match scored by rounds
    won."""
    if header.rules.get("scoring") == "tallies" or seat >= len(scores):
        return None
    return 1 + sum(1 for total in scores if total < scores[seat])
