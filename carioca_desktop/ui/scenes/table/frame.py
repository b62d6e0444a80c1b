"""One frame of the table: the still layer (felt, piles, melds, slots, panels; redrawn only
when what it hides or the window changes), then what moves over it, as a ``Picture`` for the
painters (paint.py); and the settings that change how it all looks and moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING

from carioca_desktop.i18n import language
from carioca_desktop.ui.anim import pacing
from carioca_desktop.ui.scenes.table import paint as table_paint
from carioca_desktop.ui.scenes.table.flights import FlightPlanner
from carioca_desktop.ui.sprites import CardImages

if TYPE_CHECKING:
    import pygame

    from carioca_desktop.ui.scenes.table.scene import TableScene

LOOKS = ("four_colour", "card_back", "card_size", "animation_speed", "reduce_motion",
         "high_contrast", "ui_scale")  # fmt: skip


class TableFrame:
    """Keeps the layer's key, so the layer is drawn again only when it must be."""

    def __init__(self, scene: TableScene) -> None:
        self.s = scene
        self.layer_key: object = None
        self._anim_version = -1
        self._settings: object = None

    def take_settings(self) -> bool:
        """Take up the settings (they may have changed in the pause menu, the language too);
        True if any did."""
        s, settings = self.s, self.s.app.settings
        key = (*(getattr(settings, name) for name in LOOKS), language())
        if key == self._settings:
            return False
        self._settings = key
        images = s.images
        if (settings.four_colour, settings.card_back) != (images.four_colour, images.back_style):
            s.images = s.view.images = CardImages(settings.four_colour, settings.card_back)
        speed = settings.animation_speed
        s.glide, s.pause_s = pacing(speed, settings.reduce_motion, s.app.fast)
        s.planner = FlightPlanner(s.images, s.glide)
        s.view.high_contrast = settings.high_contrast
        return True

    def stale(self) -> None:
        """Something on the layer changed (a new observation, a resize)."""
        self.layer_key = None

    def follow_animations(self) -> bool:
        """The animator started or ended a flight since the last frame (True: draw again)."""
        version = self.s.animator.version
        if version == self._anim_version:
            return False
        self._anim_version = version
        self.layer_key = None
        return True

    def hidden(self) -> Counter[Hashable]:
        """The cards not to draw in place: in flight, or in the player's hand while dragged."""
        hidden = self.s.animator.hidden()
        drag = self.s.input.drag
        if drag is not None and drag.uid is not None:
            hidden[("hand", drag.uid)] += 1
        return hidden

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        hidden = self.hidden()
        under = s.model.pozo_under if hidden[("pozo",)] else None
        key = (frozenset(hidden.items()), under, s.layout.size)
        if key != self.layer_key:
            s.view.invalidate()
            self.layer_key = key
        surface.blit(s.view.layer(s.model.text, hidden, under), (0, 0))
        table_paint.paint(surface, self.picture(hidden))

    def picture(self, hidden: Counter[Hashable]) -> table_paint.Picture:
        """What moves over the table's layer this frame, for the painters."""
        s = self.s
        model, drag, moves = s.model, s.input.drag, s.moves
        gap = moves.gap_for(drag.pos) if drag is not None else None
        moving = moves.moving_code()
        person = s.hotseat.next_person() if model.hand_hidden else None
        return table_paint.Picture(
            layout=s.layout,
            view=s.view,
            images=s.images,
            texts=s.texts,
            hand=model.hand,
            rows=moves.hand_rows(gap),
            hidden=hidden,
            hand_hidden=model.hand_hidden,
            waiting_for=s.session.seats[person].name if person is not None else None,
            drag=drag,
            pointer=s.input.pointer,
            accepts=moves.accepts(moving) if moving is not None else None,
            lit=s.lit(),
            ring=s.keys.focus_rect(),
            hint=model.hint,
            animator=s.animator,
            toasts=s.toasts,
        )
