"""Buraco in a match file: its actions to JSON and back, its first deal, a seat's place."""

from __future__ import annotations

import random
from typing import Any

from carioca_desktop.rules.buraco.actions import action_from_dict as decode_action
from carioca_desktop.rules.buraco.actions import action_to_dict as encode_action
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.storage.match_file import MatchFile

__all__ = ["decode_action", "encode_action", "new_game", "place"]


def new_game(match: MatchFile, names: list[str]) -> Any:
    """The match's first deal (RulesError or MatchFileError when it cannot be dealt)."""
    from carioca_desktop.storage.replay_check import check_players

    rules = BuracoRules.from_dict(match.rules)  # its two seedings deal alike
    check_players(rules.players, names)
    return BuracoGame.new(rules, random.Random(match.seed), names=names)


def place(header: MatchFile, seat: int, scores: tuple[int, ...]) -> int | None:
    """The seat's side's place (1 or 2)."""
    side = seat % 2
    if len(scores) != 2:
        return None
    return 1 if scores[side] > scores[1 - side] else 2
