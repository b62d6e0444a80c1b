"""What the layer's painters (kept.py, zones.py) read of the table's view (view.py): typed by
these protocols, not by the view, which imports the painters."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Protocol

from carioca_desktop.ui.scenes.carioca.slotview import SlotLayer

if TYPE_CHECKING:
    import pygame

    from carioca_desktop.rules.carioca.observation import MeldView, Observation
    from carioca_desktop.ui.hud import SeatInfo
    from carioca_desktop.ui.sprites import CardImages

    DrawAt = Callable[[pygame.Surface, tuple[int, int]], None]  # draw(picture, offset)


class Words(Protocol):
    """The words the layer shows (``view.TableText``)."""

    @property
    def title(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def log(self) -> list[str]: ...
    @property
    def seats(self) -> list[SeatInfo]: ...
    @property
    def attention(self) -> bool: ...


class MeldPlace(Protocol):
    """A meld and its cards' places (``view.MeldBox``)."""

    @property
    def meld(self) -> MeldView: ...
    @property
    def cards(self) -> list[pygame.Rect]: ...


class KeptWords(Protocol):
    """The kept pictures of words on the felt (``seatcache.SeatPictures``)."""

    def words(
        self, base: pygame.Surface, box: pygame.Rect, key: Hashable, draw: DrawAt
    ) -> tuple[pygame.Surface, pygame.Rect] | None: ...


class LayerView(SlotLayer, Protocol):
    """The table's view (``view.TableView``) as the layer's painters read it."""

    @property
    def images(self) -> CardImages: ...
    @property
    def obs(self) -> Observation | None: ...
    @property
    def labels(self) -> list[tuple[str, tuple[int, int], bool]]: ...
    @property
    def melds(self) -> Mapping[int, MeldPlace]: ...
    @property
    def seat_pictures(self) -> KeptWords: ...
    @property
    def log_alone(self) -> bool: ...
    @property
    def piles_alone(self) -> bool: ...
    def base(self) -> pygame.Surface: ...
