"""Buraco bots (levels random, easy, normal, hard). They see only their own observation
(``BuracoObservation``) and the engine's legal list; lay-downs they build from their hand.

- ``random``: uniform legal play, laying down what it finds half of the time.
- ``easy``: greedy: takes the pile when its top card melds, lays down and adds all it can,
  discards the dearest card that has no partner in its hand.
- ``normal``: judges the pile by what it brings, adds a wild to a meld only when that makes
  a buraco (or its hand is nearly empty), swaps wilds back to its hand, and does not discard
  what the opponents could add to their melds.
- ``hard``: normal, plus clean melds first (and no wild in a new meld shorter than 5 when
  going out needs a clean buraco), takes the pile from 4 cards, and does not go out while its
  side trails far behind with much stock left.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
)
from carioca_desktop.rules.buraco.finder import meld_candidates
from carioca_desktop.rules.buraco.melds import Layout, add_card, analyse_meld, is_wild
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.cards import Card, parse_card, parse_marked

LEVELS = ("random", "easy", "normal", "hard")
Meld = tuple[str, ...]


@lru_cache(maxsize=64)
def _rules(text: str) -> BuracoRules:
    return BuracoRules.from_dict(json.loads(text))


def rules_of(obs: BuracoObservation) -> BuracoRules:
    return _rules(json.dumps(obs.rules, sort_keys=True))


@lru_cache(maxsize=4096)
def _table_layout(cards: tuple[str, ...], rules: BuracoRules) -> tuple[Layout, tuple[Card, ...]]:
    entries = [parse_marked(c) for c in cards]
    layout = analyse_meld(entries, rules)
    assert isinstance(layout, Layout), cards
    return layout, tuple(card for card, _ in entries)


def fits(meld_cards: tuple[str, ...], code: str, rules: BuracoRules) -> bool:
    """Whether ``code`` could be added to the meld written ``meld_cards``."""
    layout, cards = _table_layout(meld_cards, rules)
    card, marker = parse_marked(code)
    every = (*cards, card)
    result = add_card(layout, card, marker, len(cards), lambda i: every[i], rules)
    return isinstance(result, Layout) or getattr(result, "code", "") == "ambiguous_wild"


def base(code: str) -> str:
    return code.split("=")[0]


def card_points(code: str, rules: BuracoRules) -> int:
    return rules.points[parse_card(base(code)).rank_name]


class BuracoBot:
    """One seat's player. ``choose`` answers one action; ``refused`` tells it the engine
    refused an action it built itself (a lay-down), which it then does not offer again."""

    level = "base"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed * 1_000_003 + seat * 7919 + LEVELS.index(self.level))
        self.blocked: set[Action] = set()

    # ------------------------------------------------------------------ protocol
    def refused(self, action: Action) -> None:
        self.blocked.add(action)

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "level": self.level,
            "seat": self.seat,
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
        }

    def choose(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, NextRound):
                return action
        if obs.phase == "draw":
            self.blocked.clear()
            return self.draw(obs, legal)
        return self.play(obs, legal)

    def draw(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def play(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    # ------------------------------------------------------------------ shared reading
    def side(self, obs: BuracoObservation) -> int:
        return obs.seat % 2

    def morto_available(self, obs: BuracoObservation) -> bool:
        rules = rules_of(obs)
        return obs.mortos_left > 0 and obs.took_morto[self.side(obs)] < rules.morto_quota

    def my_melds(self, obs: BuracoObservation) -> list[tuple[int, tuple[str, ...]]]:
        return [(i, m.cards) for i, m in enumerate(obs.table) if m.side == self.side(obs)]

    def opp_melds(self, obs: BuracoObservation) -> list[tuple[str, ...]]:
        return [m.cards for m in obs.table if m.side != self.side(obs)]

    def can_go_out(self, obs: BuracoObservation, new: Sequence[Layout] = ()) -> bool:
        """Whether the side could go out now (morto taken, the buraco the rules ask for)."""
        rules = rules_of(obs)
        if obs.took_morto[self.side(obs)] < 1 or self.morto_available(obs):
            return False
        kinds = [m.buraco for m in obs.table if m.side == self.side(obs)]
        kinds += ["limpo" if lay.wilds == 0 else "sujo" for lay in new if len(lay.slots) >= 7]
        if rules.go_out_requires == "clean_buraco":
            return "limpo" in kinds
        return any(kinds)

    def leaves_ok(self, obs: BuracoObservation, rest: Sequence[str], new: Sequence[Layout]) -> bool:
        """The one-card rule as the bot can judge it: what stays in the hand after a meld."""
        rules = rules_of(obs)
        if len(rest) >= 2:
            return True
        if self.morto_available(obs):
            return not (len(rest) == 1 and obs.single_pile_taken and self._taken(obs) == rest[0])
        if not self.can_go_out(obs, new):
            return False
        if not rest:
            return not rules.go_out_needs_discard
        return rules.go_out_discard_wild or not is_wild(parse_card(rest[0]))

    def _taken(self, obs: BuracoObservation) -> str | None:
        for event in reversed(obs.events):
            if event.kind == "take_pile" and event.seat == obs.seat:
                return event.cards[0] if len(event.cards) == 1 else None
        return None

    def plan_melds(
        self,
        obs: BuracoObservation,
        hand: Sequence[str],
        min_wild_len: int,
        clean_first: bool,
        include: str | None = None,
    ) -> list[Meld]:
        """Disjoint legal new melds from ``hand``, longest first."""
        rules = rules_of(obs)
        left = Counter(base(c) for c in hand)
        chosen: list[Meld] = []
        candidates = meld_candidates(list(hand), include=include, limit=80)
        if clean_first:
            candidates.sort(key=lambda m: (any("=" in c for c in m), -len(m)))
        for meld in candidates:
            need = Counter(base(c) for c in meld)
            wild = any("=" in c for c in meld)
            if wild and len(meld) < min_wild_len:
                continue
            if any(left[c] < k for c, k in need.items()):
                continue
            if not isinstance(analyse_meld([parse_marked(c) for c in meld], rules), Layout):
                continue
            chosen.append(meld)
            left -= need
            if include is not None:
                break
        return chosen

    def laydown(
        self, obs: BuracoObservation, min_wild_len: int, clean_first: bool
    ) -> Action | None:
        rules = rules_of(obs)
        melds = self.plan_melds(obs, obs.hand, min_wild_len, clean_first)
        if not melds:
            return None
        if not obs.opened[self.side(obs)] and rules.first_meld_min > 0:
            total = sum(card_points(c, rules) for m in melds for c in m)
            if total < rules.first_meld_min:
                return None
        rest = Counter(obs.hand) - Counter(base(c) for m in melds for c in m)
        layouts = [_table_layout(m, rules)[0] for m in melds]
        while melds and not self.leaves_ok(obs, list(rest.elements()), layouts):
            dropped = melds.pop()
            layouts.pop()
            rest += Counter(base(c) for c in dropped)
        if not melds:
            return None
        action = LayDown(obs.seat, tuple(melds))
        return None if action in self.blocked else action

    def take_with_melds(self, obs: BuracoObservation) -> Action | None:
        """``must_use_top``: the pile taken with a new meld holding its top card."""
        top = obs.pile_top
        if top is None:
            return None
        rules = rules_of(obs)
        melds = self.plan_melds(obs, [*obs.hand, top], 3, False, include=top)
        if not melds or (
            not obs.opened[self.side(obs)]
            and rules.first_meld_min > 0
            and sum(card_points(c, rules) for c in melds[0]) < rules.first_meld_min
        ):
            return None
        action = TakePile(obs.seat, melds=(melds[0],))
        return None if action in self.blocked else action

    def top_is_useful(self, obs: BuracoObservation) -> bool:
        top = obs.pile_top
        if top is None or self.pile_ping_pong(obs):
            return False
        if obs.pile_size == 1 and is_wild(parse_card(top)):
            return False  # a lone wild passed back and forth would never end the round
        rules = rules_of(obs)
        if any(fits(cards, top, rules) for _, cards in self.my_melds(obs)):
            return True
        return bool(self.plan_melds(obs, [*obs.hand, top], 4, False, include=top))

    def pile_ping_pong(self, obs: BuracoObservation) -> bool:
        """Whether the pile has only been passed back and forth lately (then draw)."""
        recent = [e.kind for e in obs.events[-12:]]
        return recent.count("take_pile") >= 4

    def keep_value(self, obs: BuracoObservation, code: str, feed: bool) -> float:
        """How much the bot wants to keep ``code`` (the lowest is discarded)."""
        rules = rules_of(obs)
        card = parse_card(code)
        if is_wild(card):
            return 100.0
        value = -0.3 * card_points(code, rules)
        for other in obs.hand:
            o = parse_card(other)
            if other == code or o.is_joker or o.rank == 2:
                continue
            if o.rank == card.rank:
                value += 12
            elif o.suit == card.suit and abs(o.rank - card.rank) <= 2:
                value += 8
        if feed and any(fits(cards, code, rules) for cards in self.opp_melds(obs)):
            value += 40
        return value


class RandomBuracoBot(BuracoBot):
    level = "random"

    def draw(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        options = list(legal)
        mine = self.take_with_melds(obs) if rules_of(obs).pile_take == "must_use_top" else None
        if mine is not None:
            options.append(mine)
        draw = [a for a in options if isinstance(a, Draw)]
        if draw and self.rng.random() < 0.6:
            return draw[0]
        return self.rng.choice(options)

    def play(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        lay = self.laydown(obs, 3, False)
        if lay is not None and self.rng.random() < 0.5:
            return lay
        return self.rng.choice(list(legal))


class EasyBuracoBot(BuracoBot):
    level = "easy"
    min_wild_len = 3
    clean_first = False
    feed = False  # whether it avoids discarding what the opponents could add to their melds
    swaps = False  # whether it swaps wilds back into its hand

    def draw(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        if rules_of(obs).pile_take == "must_use_top":
            mine = self.take_with_melds(obs)
            if mine is not None:
                return mine
            takes = [a for a in legal if isinstance(a, TakePile)]
            if takes:
                return takes[0]
        elif self.take_pile(obs) and any(isinstance(a, TakePile) for a in legal):
            return TakePile(obs.seat)
        return next(a for a in legal if isinstance(a, Draw))

    def take_pile(self, obs: BuracoObservation) -> bool:
        return self.top_is_useful(obs)

    def play(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        lay = self.laydown(obs, self.wild_len(obs), self.clean_first)
        if lay is not None and self.may_empty(obs, lay):
            return lay
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps and self.swaps:
            return swaps[0]  # the wild comes back to the hand; a sujo may turn limpo
        adds = [a for a in legal if isinstance(a, Add) and self.wants_add(obs, a)]
        if adds:
            return max(
                adds,
                key=lambda a: (
                    not is_wild(parse_card(base(a.cards[0]))),
                    card_points(a.cards[0], rules_of(obs)),
                ),
            )
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return self.rng.choice(list(legal))
        return min(
            discards, key=lambda d: (self.keep_value(obs, d.card, self.feed), self.rng.random())
        )

    def wants_add(self, obs: BuracoObservation, action: Add) -> bool:
        return True

    def wild_len(self, obs: BuracoObservation) -> int:
        """The shortest new meld this bot puts a wild in."""
        return self.min_wild_len

    def may_empty(self, obs: BuracoObservation, action: Action) -> bool:
        return True


class NormalBuracoBot(EasyBuracoBot):
    level = "normal"
    min_wild_len = 3
    feed = True
    swaps = True

    def take_pile(self, obs: BuracoObservation) -> bool:
        if self.top_is_useful(obs):
            return True
        rules = rules_of(obs)
        pile = obs.pile if obs.pile else ((obs.pile_top,) if obs.pile_top else ())
        useful = sum(
            1
            for c in pile
            if is_wild(parse_card(c))
            or any(fits(cards, c, rules) for _, cards in self.my_melds(obs))
        )
        return obs.pile_size >= 5 and useful >= 2 and not self.pile_ping_pong(obs)

    def wants_add(self, obs: BuracoObservation, action: Add) -> bool:
        card = parse_card(base(action.cards[0]))
        if not is_wild(card):
            return True
        length = len(obs.table[action.meld].cards)
        return length >= 6 or len(obs.hand) <= 3


class HardBuracoBot(NormalBuracoBot):
    level = "hard"
    clean_first = True

    def wild_len(self, obs: BuracoObservation) -> int:
        """Wilds go freely into new melds, unless going out needs a clean buraco."""
        return 5 if rules_of(obs).go_out_requires == "clean_buraco" else 3

    def wants_add(self, obs: BuracoObservation, action: Add) -> bool:
        card = parse_card(base(action.cards[0]))
        meld = obs.table[action.meld]
        if not is_wild(card):
            return True
        if meld.length == 6 and not self.can_go_out(obs):
            return True  # a wild that makes a buraco (sujo) now
        return len(obs.hand) <= 2

    def take_pile(self, obs: BuracoObservation) -> bool:
        """The pile is the main source of buracos: take it from 4 cards, or for its top."""
        return self.top_is_useful(obs) or (obs.pile_size >= 4 and not self.pile_ping_pong(obs))

    def may_empty(self, obs: BuracoObservation, action: Action) -> bool:
        """Hold back a going out while the side trails far behind and much stock is left
        (melding on is then worth more than the +100 of going out)."""
        if not isinstance(action, LayDown) or self.morto_available(obs):
            return True
        used = sum(len(m) for m in action.melds)
        if used < len(obs.hand):
            return True
        mine, theirs = obs.scores[self.side(obs)], obs.scores[1 - self.side(obs)]
        return mine + 1000 >= theirs or obs.stock_size < 25


_CLASSES: dict[str, type[BuracoBot]] = {
    "random": RandomBuracoBot,
    "easy": EasyBuracoBot,
    "normal": NormalBuracoBot,
    "hard": HardBuracoBot,
}


def make_buraco_bot(level: str, seat: int, seed: int) -> BuracoBot:
    """A new Buraco bot of ``level`` for ``seat``."""
    if level not in _CLASSES:
        raise ValueError(f"unknown Buraco bot level {level!r}; levels are: {', '.join(LEVELS)}")
    return _CLASSES[level](seat, seed)
