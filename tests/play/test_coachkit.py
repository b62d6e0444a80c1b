"""The coaches' shared pricing (play/coachkit.py): the band needs the cost's 95% interval
clear of zero, more continuations are played only while the verdict is in doubt, and the
real hidden cards (the stock, the other hands) are never one of the continuations."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from carioca_desktop.play.coachkit import FIRST, STEP, Bands, interval, price

BANDS = Bands(fine=5, blunder=25, most=32)


def test_costly_only_when_the_interval_is_clear_of_zero() -> None:
    assert BANDS.verdict(12.0, 15.0) == "fine"  # the mean says costly, the interval holds 0
    assert BANDS.verdict(12.0, 11.0) == "costly"
    assert BANDS.verdict(40.0, 39.0) == "blunder"
    assert BANDS.verdict(40.0, 41.0) == "fine"
    assert BANDS.verdict(4.0, 1.0) == "fine"  # clear of zero but within the fine band
    assert BANDS.in_doubt(12.0, 15.0) and not BANDS.in_doubt(12.0, 6.0)
    assert BANDS.in_doubt(3.0, 10.0)  # looks fine, but more continuations could say costly
    assert not BANDS.in_doubt(1.0, 3.0)  # fine whatever more continuations say
    one_way = Bands(fine=5, blunder=25, most=32, both_ways=False)  # Carioca's
    assert one_way.in_doubt(12.0, 15.0) and not one_way.in_doubt(3.0, 10.0)


def test_the_interval_is_students() -> None:
    mean, half = interval([1.0, 3.0])
    assert mean == 2.0 and math.isclose(half, 12.71 * math.sqrt(2) / math.sqrt(2))
    assert interval([5.0])[1] == math.inf and interval([])[0] == 0.0
    assert interval([2.0] * 10) == (2.0, 0.0)


@dataclass
class Fake:
    """A game whose continuation k gives the played move a loss ``losses[k]`` and the other 0;
    it records the seeds and seats its unseen cards were dealt again for."""

    losses: list[float]
    seeds: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    k: int = -1
    move: str = ""

    def what_if_unseen(self, seat: int, seed: int) -> Fake:
        self.seeds.append(seed)
        self.seats.append(seat)
        return Fake(self.losses, k=len(self.seeds) - 1)

    def clone(self) -> Fake:
        return Fake(self.losses, k=self.k)

    def apply(self, move: str) -> None:
        self.move = move


def _loss(game: object, seat: int, seed: int) -> float:
    assert isinstance(game, Fake)
    return game.losses[game.k] if game.move == "played" else 0.0


def test_more_continuations_only_while_in_doubt() -> None:
    clear = Fake([10.0, 12.0] * 20)
    p = price(clear, 0, ("played", "hard"), 3, _loss, BANDS)
    assert p.runs == FIRST and BANDS.verdict(p.cost, p.half) == "costly"
    noisy = Fake([60.0, -40.0] * 20)  # mean 10, far too spread to clear zero
    p = price(noisy, 0, ("played", "hard"), 3, _loss, BANDS)
    assert p.runs == BANDS.most and BANDS.verdict(p.cost, p.half) == "fine"
    late = Fake([30.0, -10.0] * 4 + [12.0] * 40)  # in doubt after FIRST, clear after more
    p = price(late, 0, ("played", "hard"), 3, _loss, BANDS)
    assert p.runs == FIRST + 2 * STEP and BANDS.verdict(p.cost, p.half) == "costly"
    lucky = Fake([24.0, -20.0] * 4 + [12.0] * 40)  # looks fine after FIRST (mean 2), is not
    p = price(lucky, 0, ("played", "hard"), 3, _loss, BANDS)
    assert p.runs > FIRST and BANDS.verdict(p.cost, p.half) == "costly"
    small = Fake([1.0, -1.0] * 20)  # fine either way: no more continuations spent
    assert price(small, 0, ("played", "hard"), 3, _loss, BANDS).runs == FIRST


def test_every_continuation_deals_the_seats_unseen_cards_and_the_seed_decides_them() -> None:
    a, b = Fake([1.0] * 40), Fake([1.0] * 40)
    price(a, 2, ("played", "hard"), 3, _loss, BANDS)
    assert a.seats == [2] * FIRST  # what the judged seat could not see, not another's
    a = Fake([1.0] * 40)
    price(a, 0, ("played", "hard"), 3, _loss, BANDS)
    price(b, 0, ("played", "hard"), 3, _loss, BANDS)
    assert a.seeds == b.seeds and len(set(a.seeds)) == len(a.seeds) == FIRST
    c = Fake([1.0] * 40)
    price(c, 0, ("played", "hard"), 4, _loss, BANDS)
    assert not set(c.seeds) & set(a.seeds)
