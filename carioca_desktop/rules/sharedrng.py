"""A game state's generator shared copy-on-write between a state and its copies.

Copying a state happens at every legal-move trial, undo snapshot and bot look-ahead, but a
state draws from its generator only to deal or reshuffle. Copying the generator every time
cost about 30-50 us (``random.Random()`` reads fresh seed data from the system, then the
625-word state is read and written), so a copy shares it, both sides are marked, and the
first draw on either side takes a private copy first (``own_rng``)."""

from __future__ import annotations

import random


class SharedRng:
    """The mixin of both games' ``State``: ``rng`` is the generator, ``rng_shared`` says that
    another state may hold the same object. Every draw goes through ``own_rng``; reading
    the generator's state (saving, validating) may use ``rng`` directly."""

    rng: random.Random
    rng_shared: bool

    def own_rng(self) -> random.Random:
        """The generator, made this state's own first if a copy shares it."""
        if self.rng_shared:
            rng = random.Random(0)  # seeded: an unseeded one would read fresh seed data
            rng.setstate(self.rng.getstate())
            self.rng, self.rng_shared = rng, False
        return self.rng

    def share_rng(self) -> random.Random:
        """The generator for a copy of this state: the same object, both sides marked."""
        self.rng_shared = True
        return self.rng
