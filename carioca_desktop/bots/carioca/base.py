"""The bot protocol, the level registry, and what every bot family shares (seeded RNG,
lay-down proposals from the solver, reading the table from an Observation)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from carioca_desktop.bots.levels import bot_class
from carioca_desktop.games import LEVELS as LEVELS
from carioca_desktop.rules.cards import parse_card, parse_marked, suit_letter
from carioca_desktop.rules.carioca.actions import Action, LayDown, Pass
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import card_points
from carioca_desktop.rules.jsonstate import rng_from_json, rng_to_json
from carioca_desktop.rules.melds import Layout, analyse, extend, is_wild
from carioca_desktop.solver import Value, find_laydown, find_partial_laydown

_RNG_SALT = {"random": 0, "easy": 1, "normal": 2, "hard": 3, "beginner": 4}
"""Mixed into each bot's seed; fixed per level so adding a level changes no other's stream."""


Choice = Action
"""What a bot answers: one of the legal actions (``Buy`` or ``Pass`` when it is offered the
discard), or a lay-down it built itself."""

__all__ = ["LEVELS", "BaseBot", "Bot", "Choice", "Pass", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """A player that sees only its Observation and the legal choices."""

    level: str
    seat: int

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        """One of ``legal``, or a LayDown the bot built itself from ``obs.hand``."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The bot's whole state (RNG included) as a JSON-safe dict."""
        ...


class BaseBot:
    """Seed, RNG and serialisation shared by every level; subclasses add ``choose``."""

    level = "base"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        # A private generator, mixed from seed and seat: no global random anywhere.
        self.rng = random.Random(seed * 1_000_003 + seat * 7919 + _RNG_SALT.get(self.level, 9))

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        raise NotImplementedError

    def memory_to_dict(self) -> dict[str, Any]:
        return {}

    def memory_from_dict(self, data: dict[str, Any]) -> None:
        """Restore what ``memory_to_dict`` wrote (nothing for memoryless levels)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "seat": self.seat,
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "memory": self.memory_to_dict(),
        }


def make_bot(level: str, seat: int, seed: int) -> Bot:
    """A new bot of ``level`` (one of ``LEVELS``) for ``seat``."""
    from .beginner import BeginnerBot
    from .hard import HardBot
    from .normal import NormalBot
    from .simple import EasyBot, RandomBot

    ladder: tuple[type[BaseBot], ...] = (RandomBot, BeginnerBot, EasyBot, NormalBot, HardBot)
    bot: Bot = bot_class(ladder, level)(seat, seed)
    return bot


def bot_from_dict(data: dict[str, Any]) -> Bot:
    """Rebuild a bot saved with ``to_dict``: same level, seat, RNG state and memory."""
    bot = make_bot(str(data["level"]), int(data["seat"]), int(data["seed"]))
    assert isinstance(bot, BaseBot)
    bot.rng = rng_from_json(data["rng"])
    bot.memory_from_dict(dict(data.get("memory", {})))
    return bot


# --------------------------------------------------------------------------- lay-downs
def laydown_proposal(obs: Observation, value: Value | None = None) -> LayDown | None:
    """The lay-down the solver finds for the bot's own hand now (None if there is none):
    the whole contract, or with ``partial_contract`` the most melds it can make."""
    if not obs.has_drawn or obs.laid_down[obs.seat]:
        return None
    progress = obs.progress[obs.seat]
    prior = prior_suits(obs)
    find = find_partial_laydown if obs.rules.partial_contract else find_laydown
    melds = find(obs.hand, obs.rules, obs.round_index, progress, prior, value)
    if melds is None:
        return None
    return LayDown(obs.seat, tuple(tuple(m) for m in melds))


def prior_suits(obs: Observation) -> frozenset[str]:
    """Suits of the escalas this seat already laid down for the contract (partial play)."""
    return frozenset(
        suit_letter(m.stands_for[0] or m.cards[0]) or ""
        for m in obs.table
        if m.owner == obs.seat and m.contract and m.kind == "escala" and m.special is None
    )


# --------------------------------------------------------------------------- the table
def table_layouts(obs: Observation) -> list[Layout]:
    """The melds on the table as layouts (for asking whether a card would fit)."""
    return [_layout(m.text, m.kind, obs.rules) for m in obs.table if m.special is None]


def clear_caches() -> None:
    """Forget the table melds and fits the bots worked out (both caches are bounded: 4 096
    layouts and 65 536 fits; ``judge.deck_counts`` keeps 32 decks)."""
    from .judge import deck_counts

    _layout.cache_clear()
    _fits.cache_clear()
    deck_counts.cache_clear()


@lru_cache(maxsize=4096)
def _layout(text: tuple[str, ...], kind: str, rules: CariocaRules) -> Layout:
    entries = [parse_marked(code) for code in text]
    found = analyse(entries, rules, kind, 3)
    assert isinstance(found, Layout), f"a table meld that is not a meld: {text}"
    return found


def fits_table(code: str, layouts: Sequence[Layout], rules: CariocaRules) -> bool:
    """Whether a card could be added to some meld on the table."""
    return any(_fits(code, lay, rules) for lay in layouts)


@lru_cache(maxsize=65536)
def _fits(code: str, layout: Layout, rules: CariocaRules) -> bool:
    return isinstance(extend(layout, parse_card(code), None, -1, rules), list)


# --------------------------------------------------------------------------- cards
def points(code: str, rules: CariocaRules) -> int:
    """Penalty of a card left in hand."""
    return card_points(parse_card(code), rules)


def wild(code: str, rules: CariocaRules) -> bool:
    return is_wild(parse_card(code), rules)


def without(hand: Sequence[str], code: str) -> list[str]:
    """The hand with one copy of ``code`` gone."""
    rest = list(hand)
    rest.remove(code)
    return rest
