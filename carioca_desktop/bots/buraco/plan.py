"""Planning from a Buraco hand: the melds it can lay down, what it can add to the side's
melds, how much each card is worth keeping, and what a pile is worth (no engine needed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .melds import (
    Meld,
    Spec,
    add_text,
    after_add,
    code_at,
    maybe_wild,
    rank,
    read_meld,
    set_rank_ok,
    suit,
)

SUITS = "SHDC"


def wilds_in(hand: Sequence[str]) -> list[str]:
    """The cards of ``hand`` that would be wild in any meld but a run of their own suit:
    the jokers and the 2s, the 2s first (they cost less left in a hand)."""
    return sorted((c for c in hand if maybe_wild(c)), key=lambda c: (c == "JK", c))


# --------------------------------------------------------------------------- lay-downs
def natural_runs(counts: Counter[str], spec: Spec) -> list[tuple[str, ...]]:
    """Runs of naturals only, the longest first, each card used once (taken from
    ``counts``). A 2 of the run's suit is used at position 2 only with its 3 beside it."""
    found: list[tuple[str, ...]] = []
    limit = 14 if spec.ace == "both_ends" else 13
    progress = True
    while progress:
        progress = False
        best: list[str] | None = None
        for st in SUITS:
            have = [False] * 16
            for p in range(1, 15):
                have[p] = counts[code_at(p, st)] > 0
            if counts["2" + st] > 0 and not have[3]:
                have[2] = False
            p = 1
            while p <= 14:
                if not have[p]:
                    p += 1
                    continue
                q = p
                while q + 1 <= 14 and have[q + 1]:
                    q += 1
                seg = list(range(p, q + 1))
                if 1 in seg and 14 in seg and spec.ace != "both_ends":
                    seg = seg[:-1]
                if len(seg) > limit:
                    seg = seg[-limit:] if seg[-1] == 14 else seg[:limit]
                if len(seg) >= 3 and (best is None or len(seg) > len(best)):
                    best = [code_at(x, st) for x in seg]
                p = q + 1
        if best is not None:
            for c in best:
                counts[c] -= 1
            found.append(tuple(best))
            progress = True
    return found


def natural_sets(counts: Counter[str], spec: Spec) -> list[tuple[str, ...]]:
    """Sets of three or more naturals of a rank (2s are kept as wilds), taken from counts."""
    found: list[tuple[str, ...]] = []
    for r in range(1, 14):
        if r == 2 or not set_rank_ok(r, spec):
            continue
        cards = [c for c in counts.elements() if c != "JK" and rank(c) == r]
        if len(cards) >= 3:
            for c in cards:
                counts[c] -= 1
            found.append(tuple(sorted(cards)))
    return found


def wild_melds(counts: Counter[str], spec: Spec, budget: int) -> list[tuple[str, ...]]:
    """Melds of two or three naturals made whole by one wild each, at most ``budget``,
    the dearest naturals first; taken from counts."""
    found: list[tuple[str, ...]] = []
    wilds = wilds_in(list(counts.elements()))
    while wilds and len(found) < budget:
        rest = [c for c in counts.elements() if not maybe_wild(c)]
        best: tuple[str, ...] | None = None
        best_value = -1
        for cand in _partials(rest, spec):
            meld = (*cand, wilds[0])
            if read_meld(meld, spec) is None:
                continue
            value = sum(spec.value(c) for c in cand) + 5 * len(cand)
            if value > best_value:
                best, best_value = meld, value
        if best is None:
            break
        for c in best:
            counts[c] -= 1
        wilds.pop(0)
        found.append(best)
    return found


def _partials(rest: Sequence[str], spec: Spec) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    by_rank: dict[int, list[str]] = {}
    for c in rest:
        by_rank.setdefault(rank(c), []).append(c)
    for r, cards in by_rank.items():
        if len(cards) >= 2 and set_rank_ok(r, spec):
            out.append(tuple(cards[:2]))
    by_suit: dict[str, set[int]] = {}
    for c in rest:
        by_suit.setdefault(suit(c), set()).add(rank(c))
    need = 3 if spec.run_wilds == "long_runs" else 2
    if spec.run_wilds == "none":
        return out
    for st, ranks in by_suit.items():
        pos = set(ranks) | ({14} if 1 in ranks else set())
        for low in range(1, 13):
            window = [p for p in range(low, low + need + 1) if p in pos]
            if len(window) == need and not (1 in window and 14 in window):
                out.append(tuple(code_at(p, st) for p in window))
    return out


@dataclass(frozen=True)
class Plan:
    """Melds a hand can lay down now, and the cards left over."""

    melds: tuple[tuple[str, ...], ...]
    rest: tuple[str, ...]

    def points(self, spec: Spec) -> int:
        return sum(spec.value(c) for m in self.melds for c in m)


def plan_melds(hand: Sequence[str], spec: Spec, wild_budget: int = 0) -> Plan:
    """The best of runs-first and sets-first natural melds, then up to ``wild_budget`` melds
    completed by a wild. Every meld is checked with ``read_meld``."""
    best: Plan | None = None
    for order in ("runs", "sets"):
        counts = Counter(hand)
        if order == "runs":
            melds = natural_runs(counts, spec) + natural_sets(counts, spec)
        else:
            melds = natural_sets(counts, spec) + natural_runs(counts, spec)
        melds += wild_melds(counts, spec, wild_budget)
        melds = [m for m in melds if read_meld(m, spec) is not None]
        used: Counter[str] = Counter(c for m in melds for c in m)
        rest = tuple(sorted((Counter(hand) - used).elements()))
        plan = Plan(tuple(melds), rest)
        if best is None or _plan_key(plan, spec) > _plan_key(best, spec):
            best = plan
    assert best is not None
    return best


def _plan_key(plan: Plan, spec: Spec) -> tuple[int, int]:
    return (sum(len(m) for m in plan.melds), plan.points(spec))


# --------------------------------------------------------------------------- adds
def adds_for(
    hand: Sequence[str], melds: Sequence[Meld | None], spec: Spec, *, wilds: bool = True
) -> list[tuple[int, tuple[str, ...]]]:
    """For each of the side's melds, the longest chain of hand cards that can be added to
    it one after the other (naturals first; one wild at the end if ``wilds``)."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for i, meld in enumerate(melds):
        if meld is None:
            continue
        pool = Counter(hand)
        chain: list[str] = []
        cur = meld
        grew = True
        while grew:
            grew = False
            for code in sorted(pool.elements(), key=lambda c: (maybe_wild(c), c)):
                if pool[code] <= 0 or (maybe_wild(code) and not wilds):
                    continue
                if maybe_wild(code) and not _natural_here(cur, code):
                    continue
                text = add_text(cur, code, spec)
                if text is None:
                    continue
                chain.append(text)
                cur = after_add(cur, text, spec)
                pool[code] -= 1
                grew = True
                break
        if wilds and cur.wild_at is None:
            for code in wilds_in(list(pool.elements())):
                text = add_text(cur, code, spec)
                if text is not None:
                    chain.append(text)
                    break
        if chain:
            out.append((i, tuple(chain)))
    return out


def _natural_here(m: Meld, code: str) -> bool:
    """A 2 that would be natural in this meld (its own place, or a set of 2s)."""
    if code == "JK":
        return False
    if m.kind == "set":
        return m.rank == 2
    return suit(code) == m.suit and m.low == 3


# --------------------------------------------------------------------------- judging cards
def keep_scores(hand: Sequence[str], side: Sequence[Meld | None], spec: Spec) -> dict[str, float]:
    """How much each card of ``hand`` is worth keeping: wilds most, then cards that fit the
    side's melds, then cards that have partners for a new meld; dear loose cards least."""
    counts = Counter(hand)
    scores: dict[str, float] = {}
    for code in counts:
        if maybe_wild(code):
            scores[code] = 100.0 + spec.value(code) / 10
            continue
        score = 0.0
        if any(m is not None and add_text(m, code, spec) is not None for m in side):
            score += 60.0
        r, st = rank(code), suit(code)
        same_rank = sum(n for c, n in counts.items() if c != "JK" and rank(c) == r) - 1
        if set_rank_ok(r, spec) and same_rank:
            score += 16.0 * min(same_rank, 2)
        near = 0.0
        for c in counts:
            if c == code or c == "JK" or suit(c) != st or rank(c) == 2:
                continue
            gap = min(abs(rank(c) - r), abs(_hi(c) - _hi(code)))
            if gap == 1:
                near += 14.0
            elif gap == 2:
                near += 7.0
        score += min(near, 30.0)
        if counts[code] > 1:
            score -= 6.0  # a second copy adds less
        score -= 0.4 * spec.value(code)
        scores[code] = score
    return scores


def _hi(code: str) -> int:
    r = rank(code)
    return 14 if r == 1 else r


def hand_value(hand: Sequence[str], side: Sequence[Meld | None], spec: Spec, wilds: int) -> float:
    """A rough worth of holding ``hand`` beside the side's melds: the points it can put on
    the table now (buracos counted), what can join the side's melds, less the loose cards."""
    plan = plan_melds(hand, spec, wilds)
    value = 0.0
    for m in plan.melds:
        value += sum(spec.value(c) for c in m) + _length_bonus(len(m))
    placed = Counter(c for m in plan.melds for c in m)
    rest = list((Counter(hand) - placed).elements())
    melds: list[Meld | None] = list(side) + [read_meld(m, spec) for m in plan.melds]
    added: Counter[str] = Counter()
    for i, chain in adds_for(rest, melds, spec, wilds=False):
        grown = melds[i]
        base = grown.size if grown is not None else 0
        for text in chain:
            added[text.split("=")[0]] += 1
        value += sum(spec.value(t) for t in chain) + _length_bonus(base + len(chain))
        value -= _length_bonus(base)
    loose = list((Counter(rest) - added).elements())
    keep = keep_scores(loose, melds, spec)
    for c in loose:
        value += min(keep[c], 40.0) * 0.25 - 0.5 * spec.value(c)
    return value


def _length_bonus(n: int) -> float:
    """The worth of a meld's length on the way to a buraco (7 cards)."""
    if n >= 7:
        return 150.0
    return {3: 10.0, 4: 25.0, 5: 45.0, 6: 75.0}.get(n, 0.0)
