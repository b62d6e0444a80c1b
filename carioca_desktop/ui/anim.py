"""Motion on the table: cards gliding between places, toasts that fade, and the pacing speeds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

# animation_speed setting → (seconds a card takes to glide, pause between bots' moves)
SPEEDS: dict[str, tuple[float, float]] = {
    "off": (0.0, 0.3),
    "fast": (0.14, 0.25),
    "normal": (0.24, 0.5),
    "slow": (0.4, 0.9),
}
TOAST_SECONDS = 2.8
TOAST_FADE = 0.35


def pacing(speed: str, reduce_motion: bool, fast: bool) -> tuple[float, float]:
    """(glide seconds, bot pause seconds) for the settings; autoplay and tests run at once."""
    if fast:
        return 0.0, 0.0
    glide, pause = SPEEDS.get(speed, SPEEDS["normal"])
    return (0.0 if reduce_motion else glide), pause


def ease_out(t: float) -> float:
    """Cubic ease-out: quick start, gentle landing."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """One card moving from ``src`` to ``dst`` (rects; the size changes on the way).

    While it flies, whatever is drawn at ``hide`` (a key the table understands, such as
    ("meld", 2, 0)) is left out, so the card lands into its own place.
    """

    image: pygame.Surface
    src: pygame.Rect
    dst: pygame.Rect
    duration: float
    delay: float = 0.0
    hide: Hashable | None = None
    shadow: tuple[pygame.Surface, tuple[int, int]] | None = None  # at the image's size
    t: float = 0.0
    _scaled: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def rect(self) -> pygame.Rect:
        if self.duration <= 0:
            return self.dst.copy()
        k = ease_out((self.t - self.delay) / self.duration)
        return pygame.Rect(
            round(self.src.x + (self.dst.x - self.src.x) * k),
            round(self.src.y + (self.dst.y - self.src.y) * k),
            max(1, round(self.src.w + (self.dst.w - self.src.w) * k)),
            max(1, round(self.src.h + (self.dst.h - self.src.h) * k)),
        )

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        return self._scale(self.image, size, "card")

    def draw(self, target: pygame.Surface) -> None:
        rect = self.src if self.t < self.delay else self.rect()
        if self.shadow is not None:
            image, (dx, dy) = self.shadow
            k = rect.width / max(1, self.image.get_width())
            w, h = image.get_size()
            # A card in the air throws its shadow a little further than one on the table.
            lift = max(2, rect.width // 16)
            at = (rect.x + round(dx * k) + lift, rect.y + round(dy * k) + lift)
            target.blit(self._scale(image, (round(w * k), round(h * k)), "shadow"), at)
        target.blit(self.surface(rect.size), rect.topleft)

    def _scale(self, image: pygame.Surface, size: tuple[int, int], kind: str) -> pygame.Surface:
        if size == image.get_size():
            return image
        scaled = self._scaled.get((kind, size))
        if scaled is None:
            # Plain scale: a card is in flight for a fraction of a second; smooth is not seen.
            scaled = self._scaled[(kind, size)] = pygame.transform.scale(image, size)
        return scaled


class Animator:
    """The flights in progress, advanced by ``update`` and drawn over the table."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.version = 0  # bumps when the set of hidden places changes

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def hidden(self) -> Counter[Hashable]:
        return Counter(f.hide for f in self.flights if f.hide is not None)

    def add(self, flight: Flight) -> None:
        if flight.duration <= 0 and flight.delay <= 0:
            return  # nothing to see: the card is simply at its place
        self.flights.append(flight)
        self.version += 1

    def update(self, dt: float) -> bool:
        """Advance; True while anything is still moving."""
        if not self.flights:
            return False
        for flight in self.flights:
            flight.t += dt
        landed = [f for f in self.flights if f.done]
        if landed:
            self.flights = [f for f in self.flights if not f.done]
            self.version += 1
        return True

    def finish(self) -> None:
        if self.flights:
            self.flights.clear()
            self.version += 1

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            flight.draw(surface)


@dataclass
class Toast:
    """A short message in words near where the player acted."""

    text: str
    anchor: tuple[int, int]
    age: float = 0.0
    seconds: float = TOAST_SECONDS

    @property
    def alive(self) -> bool:
        return self.age < self.seconds

    @property
    def alpha(self) -> int:
        left = self.seconds - self.age
        return 255 if left >= TOAST_FADE else max(0, round(255 * left / TOAST_FADE))
