"""The buy offer covers no other seat's melds, their name above them or their panel where
the table leaves room: at 1280x720 with three players the seats' meld zones reach down to
the piles, and the box above the discard pile covered a seat's meld label (seen at the
network table); it now goes beside the piles. Where every place covers some zone (four and
more players), it never covers more than the old place above the pile."""

from __future__ import annotations

import pygame
import pytest

from carioca_desktop.ui.scenes.carioca.layout import TableLayout, compute_layout
from carioca_desktop.ui.scenes.carioca.offer import offer_rect


def others(layout: TableLayout) -> list[pygame.Rect]:
    return [*layout.zones.values(), *(s.panel for s in layout.seats.values())]


def covered(rect: pygame.Rect, layout: TableLayout) -> int:
    return sum(rect.clip(r).w * rect.clip(r).h for r in others(layout))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_three_players_the_offer_covers_no_seat(size: tuple[int, int]) -> None:
    layout = compute_layout(size, 3, 0)
    rect = offer_rect(layout)
    assert pygame.Rect((0, 0), size).contains(rect)
    assert covered(rect, layout) == 0, (rect, others(layout))
    assert not rect.colliderect(layout.stock.union(layout.pozo))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_it_never_covers_more_than_above_the_pile(size: tuple[int, int], players: int) -> None:
    layout = compute_layout(size, players, 0)
    px = layout.upx
    above = pygame.Rect(0, 0, px(400), px(140))
    above.midbottom = (layout.pozo.centerx, layout.pozo.top - px(8))
    rect = offer_rect(layout)
    assert covered(rect, layout) <= covered(above.clamp(pygame.Rect((0, 0), size)), layout)
    assert not rect.colliderect(layout.stock.union(layout.pozo))


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_offer_covers_no_seat_panel_and_not_the_hand(
    size: tuple[int, int], players: int
) -> None:
    """At 1024x600 with four seats or more it covered the right-hand seat's panel."""
    layout = compute_layout(size, players, 0)
    rect = offer_rect(layout)
    assert pygame.Rect((0, 0), size).contains(rect)
    panels = [s.panel for s in layout.seats.values()]
    assert rect.collidelist(panels) == -1, (rect, panels)
    assert not rect.colliderect(layout.hand_area), (rect, layout.hand_area)
    assert not rect.colliderect(layout.stock.union(layout.pozo))
