"""Distance and outs: how many cards a hand is from its contract, which cards would bring it
closer, and the distance after each discard. Cached, since bots ask for every card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from carioca_desktop.rules.cards import RANK_NAMES
from carioca_desktop.rules.carioca.ruleset import CariocaRules

from .alloc import _alloc
from .cover import Reach, _Cover
from .hand import (
    _NONE,
    FACES,
    _Hand,
    _hand_of,
    _rank_faces,
    _remaining,
    _Rules,
    _rules,
    _suit_mask,
    _wild_codes,
)
from .thirteen import _special_cover, _special_outs


@lru_cache(maxsize=200_000)
def _reach_cached(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior: frozenset[str],
    plan: bool,
) -> Reach:
    r = _rules(rules, round_index)
    h = _hand_of(hand, r)
    if r.special:
        if progress[1] >= 1:
            return Reach(0, (), ())
        cover, held, missing, wilds = _special_cover(h, r, r.special)
        if not plan:
            return Reach(13 - cover, (), ())
        used = [FACES[f] for f in held]
        used += _wild_codes(h, r, used, wilds)
        return Reach(13 - cover, tuple(used), tuple(FACES[f] for f in missing), (RANK_NAMES,))
    best: Reach | None = None
    for t, e in _remaining(r, progress):
        if t == e == 0:
            return Reach(0, (), ())
        search = _Cover(h, r, t, e, _suit_mask(prior))
        score = search.run()
        if score == _NONE or (best is not None and -score >= best.distance):
            continue
        if not plan:
            best = Reach(-score, (), ())
            continue
        best = _spell_reach(h, r, search, -score)
    return best if best is not None else Reach(99, (), ())


def _spell_reach(h: _Hand, r: _Rules, search: _Cover, distance: int) -> Reach:
    _, fill = _alloc(h, r, search.best_t, search.best_e, True)
    assert fill is not None
    used: list[str] = []
    missing: list[str] = []
    wilds = 0
    for k, (nat, w, miss) in zip(sorted(Counter(search.best_t).elements()), fill.trios):
        used += [FACES[f] for f in nat]
        wilds += w
        missing += [_trio_missing(h, k, j) for j in range(miss)]
    for tgt, states in zip(search.best_e, fill.escalas):
        for f, state in zip(tgt.faces, states):
            if state == 0:
                used.append(FACES[f])
            elif state == 1:
                wilds += 1
            else:
                missing.append(FACES[f])
    used += _wild_codes(h, r, used, wilds)
    melds: list[tuple[str, ...]] = [(RANK_NAMES[k - 1],) * 3 for k in sorted(search.best_t)]
    melds += [tuple(FACES[f] for f in tgt.faces) for tgt in search.best_e]
    return Reach(distance, tuple(used), tuple(missing), tuple(melds))


def _trio_missing(h: _Hand, k: int, j: int) -> str:
    """A card of rank ``k`` to complete a trío: the suits the hand holds least of first."""
    faces = sorted(_rank_faces(k), key=lambda f: (h.counts[f], f))
    return FACES[faces[j % 4]]


def reach(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> Reach:
    """How far ``hand`` is from the round's contract, with one best plan spelled out."""
    key = tuple(sorted(hand))
    return _reach_cached(key, rules, round_index, tuple(progress), prior_suits, True)


def distance(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> int:
    """Fewest cards still missing to make the contract (0: the hand can lay down now),
    assuming any natural card may still come. Cached: bots call it for every card."""
    key = tuple(sorted(hand))
    return _reach_cached(key, rules, round_index, tuple(progress), prior_suits, False).distance


def missing_cards(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> list[str]:
    """Natural cards that would let the hand make the contract (as many as ``distance``)."""
    return list(reach(hand, rules, round_index, progress, prior_suits).missing)


def useful_cards(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> list[str]:
    """The cards of ``hand`` that one best plan for the contract uses."""
    return list(reach(hand, rules, round_index, progress, prior_suits).used)


@lru_cache(maxsize=100_000)
def _outs_cached(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior: frozenset[str],
    far: int,
) -> frozenset[str]:
    if far == 0 or far >= 99:
        return frozenset()
    r = _rules(rules, round_index)
    h = _hand_of(hand, r)
    if r.special:
        return _special_outs(h, r, r.special, 13 - far)
    faces: set[int] = set()
    wild = False
    owed = _remaining(r, progress)
    for t, e in owed:
        if len(owed) > 1 and _Cover(h, r, t, e, _suit_mask(prior)).run() != -far:
            continue
        search = _Cover(h, r, t, e, _suit_mask(prior), target=-far)
        search.run()
        faces |= search.outs
        wild = wild or search.wild_out
    if wild:  # any wild would do, the 2s that are wild as well as a joker
        faces.update(r.wild2)
    return frozenset({FACES[f] for f in faces} | ({"JK"} if wild else set()))


def outs(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    known: int | None = None,
) -> frozenset[str]:
    """Cards whose draw would bring the hand one card closer to the contract: the cards
    missing from its best plans (up to a few hundred plans looked at), and the wilds when a
    wild would help. Empty when the hand can already lay down. ``known`` is the hand's
    distance when the caller already has it (it saves a search)."""
    key = tuple(sorted(hand))
    args = (rules, round_index, tuple(progress), prior_suits)
    far = _reach_cached(key, *args, False).distance if known is None else known
    return _outs_cached(key, *args, far)


def discard_distances(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    codes: Iterable[str] | None = None,
) -> dict[str, int]:
    """For each distinct card of the hand (or each of ``codes``), the distance once one copy
    of it is gone. A card that one best plan does not use leaves the distance as it is
    (the plan still stands, and losing a card never brings the contract closer), so only
    the plan's own cards cost a search."""
    plan = reach(hand, rules, round_index, progress, prior_suits)
    spare = Counter(hand) - Counter(plan.used)
    out: dict[str, int] = {}
    for code in sorted(set(hand) if codes is None else set(codes)):
        if spare[code]:
            out[code] = plan.distance
            continue
        rest = list(hand)
        rest.remove(code)
        key = tuple(sorted(rest))
        args = (rules, round_index, tuple(progress), prior_suits)
        out[code] = _distance_near(key, *args, plan.distance)
    return out


@lru_cache(maxsize=200_000)
def _distance_near(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior: frozenset[str],
    known: int,
) -> int:
    """The distance of a hand one card short of a hand at distance ``known``: ``known`` or
    ``known + 1`` (the card's slot goes missing, and a smaller hand is never closer). The
    search looks only between the two and stops at ``known``; the same number ``distance``
    answers, found faster (if the two bounds were ever wrong, the full search answers)."""
    r = _rules(rules, round_index)
    if r.special or known >= 99:
        return _reach_cached(hand, rules, round_index, progress, prior, False).distance
    h = _hand_of(hand, r)
    best: int | None = None
    for t, e in _remaining(r, progress):
        if t == e == 0:
            return 0
        search = _Cover(h, r, t, e, _suit_mask(prior), floor=-known - 1, ceiling=-known)
        score = search.run()
        if score < -known - 1:  # this form is farther than the bounds (no use, see above)
            continue
        if best is None or -score < best:
            best = -score
    if best is None:
        return _reach_cached(hand, rules, round_index, progress, prior, False).distance
    return best
