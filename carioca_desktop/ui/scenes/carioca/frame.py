"""One frame of the table: the still layer (felt, piles, melds, slots, panels; redrawn only
when what it hides or the window changes), then what moves over it, as a ``Picture`` for the
painters (paint.py); and the settings that change how it all looks and moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, cast

import pygame

from carioca_desktop.i18n import language
from carioca_desktop.play.carioca.news import news
from carioca_desktop.play.news import News
from carioca_desktop.rules.cards import full_deck
from carioca_desktop.rules.melds import is_wild
from carioca_desktop.ui.anim import pacing
from carioca_desktop.ui.scenes.carioca import paint as table_paint
from carioca_desktop.ui.scenes.carioca.flights import FlightPlanner
from carioca_desktop.ui.scenes.carioca.layout import TableLayout, meld_widths
from carioca_desktop.ui.scenes.carioca.rehearse import Rehearsal
from carioca_desktop.ui.sprites import CardImages
from carioca_desktop.ui.tablekit.blitter import Recorder, Window, drawn_at

if TYPE_CHECKING:
    from carioca_desktop.rules.carioca.ruleset import CariocaRules
    from carioca_desktop.ui.scene import Scene
    from carioca_desktop.ui.scenes.carioca.tablehost import TableHost

LOOKS = ("four_colour", "card_back", "table_colour", "card_size", "animation_speed",
         "reduce_motion", "high_contrast", "ui_scale")  # fmt: skip
# Drawing ahead in an idle frame (nothing applied, nothing moving) takes at most this long.
PREPARE_BUDGET_S = 0.002


def card_faces(layout: TableLayout, rules: CariocaRules) -> list[tuple[str, str, int]]:
    """What a move can show for the first time: every card at the pozo's width (a discard),
    the hand's (a draw) and every width the melds can shrink to (a lay-down, an add), as it
    flies (its face) and as it lies (with its shadow), and the wilds' faces a marker is drawn
    on. About 15 ms a width; the widths first needed first."""
    codes = sorted({c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)})
    wilds = [c.code for c in full_deck(1, rules.jokers_per_deck) if is_wild(c, rules)]
    jobs: list[tuple[str, str, int]] = []
    melds = meld_widths(layout.meld_w)
    for width in dict.fromkeys([layout.pozo.width, layout.hand_card[0], *melds]):
        jobs += [(kind, code, width) for code in codes for kind in ("face", "shadowed")]
        if width in melds:
            jobs += [("bare", code, width) for code in dict.fromkeys(wilds)]
    return jobs


class TableFrame:
    """Keeps the layer's key, so the layer is drawn again only when it must be."""

    def __init__(self, scene: TableHost) -> None:
        self.s = scene
        self.layer_key: object = None
        self._anim_version = -1
        self._settings: object = None
        self._prepared: object = None  # for which images and layout the faces were queued
        self.rehearsal = Rehearsal(scene)  # the next bot move's words and panels, ahead
        self.window = Window()  # where the last frame drew over the layer

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

    def prepare(self) -> None:
        """An idle frame: rehearse the bot move about to be made (rehearse.py), or else
        draw ahead some of the card faces a move may need (a lay-down at a new width drew
        ten or so at once, ~5 ms). Queued again for new images or a new layout; the cache
        keeps every width the layout has (16 widths)."""
        s = self.s
        if self.rehearsal.run():
            return
        key = (id(s.images), s.layout.meld_w, s.layout.pozo.width, s.layout.hand_card)
        if key != self._prepared:
            self._prepared = key
            s.images.prepare(card_faces(s.layout, s.session.game.rules))
        if s.images.preparing:
            s.images.prepare_some(PREPARE_BUDGET_S)

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
        layer = s.view.layer(s.model.text, hidden, under)
        picture = self.picture(hidden)
        window = self.window
        keep = window.lay(surface, layer, s.view.take_changes(), table_paint.hand_key(picture))
        under_hand, hand, over = Recorder(surface), Recorder(surface), Recorder(surface)
        table_paint.paint_under(cast("pygame.Surface", under_hand), picture)
        if not keep:  # else the hand row the last frame painted is there, untouched
            table_paint.paint_hand(cast("pygame.Surface", hand), picture)
        table_paint.paint_over(cast("pygame.Surface", over), picture)
        if s.window_partial and s.app.stack.visible() == [cast("Scene", s)]:
            # What the widgets draw next over this frame (pygame_gui's sprites), and what
            # the painters drew: the next frame lays the layer back there.
            sprites = s.app.manager.get_sprite_group().visible
            widgets = [drawn_at(image, rect, area) for image, rect, area, _ in sprites]
            rows = window.kept if window.kept is not None else hand.rects
            window.drawn_over(under_hand.rects + over.rects + widgets, rows)

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
            news=news(s.view.obs.events, s.view.obs.seat) if s.view.obs is not None else News(),
        )
