"""Fuzzed actions against both engines, counted by outcome (issue 29 item 9): legal play
mixed with JSON junk through each game's action codec and malformed action values (huge
numbers, booleans, megabyte strings, wrong shapes). Every action must be applied or refused
with a code; anything else is counted as an untyped exception (the figure that must be 0).

``python -m tests.fuzz_engines 100000`` runs 10^5 per engine and prints the counts; the
default suite runs a few thousand (tests/test_fuzz_counts.py)."""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from carioca_desktop.rules.actioncodec import MESSAGE_LIMIT
from carioca_desktop.rules.buraco import actions as bactions
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import PRESETS as BURACO_PRESETS
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca import actions as cactions
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import IllegalAction, RulesError

HUGE = 10**5000
JUNK_VALUES: list[Any] = [
    None, True, False, -1, 0, 1, 3, 99, 10**6 + 1, -(10**30), 1.5, float("nan"), "", "7H",
    "JK=7H", "x" * 100_000, [], ["7H"], [["7H", "8H", "9H"]], {"a": 1}, [[1, 2]], "draw",
]  # fmt: skip
MATCH_ACTIONS = 1500
KEYS = ["do", "seat", "meld", "card", "cards", "melds", "add", "from"]


def junk_value(rng: random.Random) -> Any:
    pick = rng.random()
    if pick < 0.05:
        return HUGE * rng.choice((1, -1))
    if pick < 0.08:
        return [["7H"] * rng.randrange(200, 400)] * rng.randrange(1, 80)
    return rng.choice(JUNK_VALUES)


def junk_dict(rng: random.Random, kinds: list[str]) -> Any:
    if rng.random() < 0.05:
        return junk_value(rng)
    data: dict[str, Any] = {"do": rng.choice(kinds) if rng.random() < 0.9 else junk_value(rng)}
    for key in rng.sample(KEYS[1:], rng.randrange(0, 5)):
        data[key] = junk_value(rng) if rng.random() < 0.6 else rng.randrange(-1, 5)
    return data


def junk_object(rng: random.Random, classes: list[type[Any]]) -> Any:
    """A game's action class filled with junk, built without the codec (as a buggy caller
    or, later, a network peer could)."""
    cls = rng.choice(classes)
    fields = list(cls.__dataclass_fields__)
    values = [junk_value(rng) if rng.random() < 0.5 else rng.randrange(-1, 4) for _ in fields]
    return cls(*values)


class Engine:
    """One game under fuzz, started afresh when its match ends."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.games = 0
        self.actions = 0  # in this match
        self.game: Any = self._new()

    def _new(self) -> Any:
        self.games += 1
        self.actions = 0
        seed = self.rng.randrange(10**6)
        if self.name == "buraco":
            preset = self.rng.choice(sorted(BURACO_PRESETS))
            return BuracoGame.new(preset_rules(preset, players=self.rng.choice((2, 4))), seed)
        rules = CariocaRules.from_dict({"preset": "chico", "players": self.rng.choice((2, 3, 4))})
        return Game.new(rules, seed)

    @property
    def codec(self) -> Callable[[Any], Any]:
        return bactions.action_from_dict if self.name == "buraco" else cactions.action_from_dict

    @property
    def kinds(self) -> list[str]:
        module = bactions if self.name == "buraco" else cactions
        return sorted(module.ACTION_TYPES)

    @property
    def classes(self) -> list[type[Any]]:
        module = bactions if self.name == "buraco" else cactions
        return list(module.ACTION_TYPES.values())

    def legal(self) -> Any:
        if self.name == "buraco":
            from tests.fixtures.buraco_play import random_action

            return random_action(self.game, self.rng)
        actions = self.game.legal_actions()
        return self.rng.choice(actions) if actions else cactions.NextRound()


def one(engine: Engine, counts: Counter[str], check_unchanged: bool) -> None:
    rng = engine.rng
    roll = rng.random()
    try:
        if roll < 0.4:
            action, source = engine.legal(), "legal"
        elif roll < 0.7:
            source = "json"
            try:
                action = engine.codec(junk_dict(rng, engine.kinds))
            except RulesError as err:
                counts[f"parse refused: {err.code}"] += 1
                assert len(err.message) <= MESSAGE_LIMIT, "a long parse message"
                return
        else:
            action, source = junk_object(rng, engine.classes), "object"
        before = json.dumps(engine.game.to_dict()) if check_unchanged else ""
        try:
            engine.game.apply(action)
            counts[f"{source}: applied"] += 1
        except IllegalAction as err:
            counts[f"{source}: refused {err.code}"] += 1
            assert len(err.message) <= MESSAGE_LIMIT, f"a {len(err.message)}-character refusal"
            if check_unchanged:
                assert json.dumps(engine.game.to_dict()) == before, "a refusal changed the game"
    except AssertionError as err:
        counts[f"broken promise: {err}"] += 1
    except Exception as err:  # the figure that must stay 0
        counts[f"untyped exception: {type(err).__name__}"] += 1
    engine.actions += 1
    # A new match when one ends, or after MATCH_ACTIONS (Carioca's legal moves here never
    # lay down, so its round would go on and its log grow without end).
    if engine.game.is_over or engine.actions >= MATCH_ACTIONS:
        engine.game = engine._new()


def fuzz(name: str, count: int, seed: int = 29) -> tuple[Counter[str], int]:
    """``count`` fuzzed actions against one engine: the outcome counts and matches started."""
    engine, counts = Engine(name, seed), Counter[str]()
    for index in range(count):
        one(engine, counts, check_unchanged=index % 50 == 0)
    return counts, engine.games


def bad(counts: Counter[str]) -> int:
    return sum(n for key, n in counts.items() if key.startswith(("untyped", "broken")))


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 10_000
    for name in ("carioca", "buraco"):
        began = time.perf_counter()
        counts, games = fuzz(name, count)
        print(f"{name}: {count} actions, {games} matches, {time.perf_counter() - began:.0f} s")
        for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"  {n:7d}  {key}")
        print(f"  untyped exceptions or broken promises: {bad(counts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
