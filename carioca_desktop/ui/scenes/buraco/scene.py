"""The Buraco table scene: a match of ``BuracoSession`` drawn from the viewer's observation.

A sibling of the Carioca table (ui/scenes/carioca/), sharing its card art, seat panels, log,
toasts, theme and widgets; the rules stay in the engine: every gesture becomes an action
the engine judges (``check``), and a refusal is said in words (assets/i18n/refusal.*).
Gestures (moves.py) see the scene only through ``BuracoTable``; the sheets and the screens
over the table are in overlays.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import language, tr
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.buraco.text import (
    log_line,
    rules_of,
)
from carioca_desktop.play.hotseat import HotSeat
from carioca_desktop.rules.buraco.actions import Action, Undo
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.rules.errors import IllegalAction
from carioca_desktop.ui import shapecache
from carioca_desktop.ui.anim import Animator, Toast, pacing
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint
from carioca_desktop.ui.scenes.buraco import sheet
from carioca_desktop.ui.scenes.buraco.flights import BuracoFlights
from carioca_desktop.ui.scenes.buraco.hand import HandKeeper, HandOrder
from carioca_desktop.ui.scenes.buraco.keys import BuracoKeys
from carioca_desktop.ui.scenes.buraco.layer import Layer
from carioca_desktop.ui.scenes.buraco.layout import (
    BUTTONS,
    BuracoLayout,
    compute_layout,
    words_scale,
)
from carioca_desktop.ui.scenes.buraco.moves import BuracoMoves
from carioca_desktop.ui.scenes.buraco.overlays import TableOverlays
from carioca_desktop.ui.scenes.buraco.partner import PartnerAsk
from carioca_desktop.ui.scenes.buraco.rehearse import Rehearsal
from carioca_desktop.ui.scenes.buraco.table_picture import table_picture
from carioca_desktop.ui.sprites import CardImages, TextCache
from carioca_desktop.ui.tablekit.blitter import Recorder, Window, drawn_at
from carioca_desktop.ui.tablekit.pace import Pace
from carioca_desktop.ui.tablekit.pacing import WAKE, TableClock
from carioca_desktop.ui.tablekit.round_end import RoundEnd
from carioca_desktop.ui.tablekit.save_watch import SaveWatch
from carioca_desktop.ui.tablekit.wordsize import growth, speak_up
from carioca_desktop.ui.toasts import Toasting
from carioca_desktop.ui.wildask import ask_wild_end

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Autoplay, Host

log = logging.getLogger(__name__)

LOG_KEEP = 40


class BuracoTableScene(Toasting, Scene, TableOverlays):
    """One Buraco match at the table. ``autoplay`` (a driver) takes the round-end decisions
    and the screenshots instead of showing the round sheet to a person."""

    game_kind = "buraco"  # the pause menu's Settings open on Buraco's house rules

    window_partial = True  # False where a subclass draws more over the table (the tutorial)
    hands_up = False  # every other hand face up (the replay viewer's V): no fans of backs
    # A move's flight is its pause (every Buraco move flies); the beat before the sheet is
    # BEAT whatever the pace, and at top speed the sheet comes at once (tablekit/pacing.py).
    pace = Pace(flight_is_pause=True, beat_follows_pace=False, scores_at_once_at_top_speed=True)

    def __init__(self, app: Host, session: BuracoSession, autoplay: Autoplay | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.autoplay = autoplay
        self.images = CardImages(app.settings.four_colour, app.settings.card_back)
        self.texts: TextCache = TextCache()
        self.animator = Animator()
        self.toasts: list[Toast] = []
        self.save_watch = SaveWatch()  # says once if the match cannot be saved, or goes aside
        self.hotseat = HotSeat(session)  # the hot-seat rule, as at the Carioca table
        self.viewer = self.hotseat.viewer(session.viewer())
        self.obs: BuracoObservation = session.game.observation(self.viewer)
        self.hand = HandOrder()
        self.keeper = HandKeeper(session)  # the person's order, kept with the match
        self.moves = BuracoMoves(self)
        self.keys = BuracoKeys(self, self.moves)
        self.flights = BuracoFlights(self)
        self.layout: BuracoLayout = self._compute_layout()
        self.buttons: dict[str, UIButton] = {}
        self._words_in = ""  # the language the buttons speak
        self.sheet: sheet.SheetWidgets | None = None
        self.partner = PartnerAsk(self)  # the ask_partner house rule
        self.log_lines: list[str] = []
        self.places = buraco_paint.MeldPlaces()
        self.layer = Layer()  # the still table, drawn again only when it changed
        self.rehearsal = Rehearsal(self)  # the next bot move's panels and words, ahead
        self.window = Window()  # where the last frame drew over the layer
        self.pointer = (0, 0)
        self._seen = 0
        self.round_end = RoundEnd(self)  # the sheet once per round, after a beat
        self.clock = TableClock(self, while_waiting=self.rehearsal.run)  # the bots' moves
        self.glide, self.pause_s = pacing(
            app.settings.animation_speed, app.settings.reduce_motion, app.fast
        )

    # ------------------------------------------------------------------ lifecycle
    def _compute_layout(self) -> BuracoLayout:
        mortos = rules_of(self.obs).mortos
        layout = compute_layout(self.table_size(), self.obs.players, self.viewer, mortos)
        layout.grow = growth(words_scale(layout), self.app.ui_scale)
        return layout

    def table_size(self) -> tuple[int, int]:
        """The size the table is laid out in: the window's (the replay viewer keeps a strip
        at the right for its coach)."""
        return self.app.size

    def enter(self) -> None:
        manager = self.app.manager
        commands = {
            "lay_down": self.moves.lay_down,
            "group": self.moves.group,
            "sort": self.moves.sort,
            "clear": self.moves.clear,
            "hint": self.ask_hint,
            "undo": self.undo,
        }
        words = self._button_words()
        for key in BUTTONS:
            self.buttons[key] = UIButton(
                self.layout.buttons[key],
                words[key],
                manager,
                object_id=ObjectID(class_id="@primary") if key == "lay_down" else None,
                command=commands[key],
            )
        flat = (
            ("menu", self.layout.menu, self.open_pause),
            ("keys", self.layout.keys, self.show_keys),
        )
        for key, rect, command in flat:  # the bar's Menu and Keys (F1), as at Carioca's
            self.buttons[key] = UIButton(
                rect, words[key], manager, object_id=ObjectID(class_id="@flat"), command=command
            )
        speak_up(manager, self.buttons.values(), self.layout.grow)
        self._words_in = language()
        self._seen = max(0, len(self.obs.events) - 12)
        self.session.decide_ahead()  # bots decide on a worker thread (play/botworker.py)
        self.sync()
        shapecache.draw_pending(self.app.manager)  # the buttons' other looks, before play
        self.save_watch.enter(self)  # a newer version's save kept, or saving failing

    def _button_words(self) -> dict[str, str]:
        words = {key: tr(f"buraco.button.{key}") for key in BUTTONS if key != "undo"}
        return {
            **words,
            "undo": tr("table.undo"),
            "menu": tr("table.menu"),
            "keys": tr("table.keys"),
        }

    def _retell_buttons(self) -> None:
        """A language chosen in the pause menu's Settings: the side buttons and the bar's say
        it at once (the picture follows the language by itself)."""
        if self._words_in == language():
            return
        self._words_in = language()
        words = self._button_words()
        for key, button in self.buttons.items():
            button.set_text(words[key])
        speak_up(self.app.manager, self.buttons.values(), self.layout.grow)

    def exit(self) -> None:
        for button in self.buttons.values():
            _ui(button).kill()
        self.buttons.clear()
        if self.sheet is not None:
            self.sheet.kill()
            self.sheet = None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = self._compute_layout()
        for key, button in self.buttons.items():
            rect = {"menu": self.layout.menu, "keys": self.layout.keys}.get(key)
            rect = rect or self.layout.buttons[key]
            button.set_relative_position(rect.topleft)
            button.set_dimensions(rect.size)
        speak_up(self.app.manager, self.buttons.values(), self.layout.grow)
        if self.sheet is not None:
            self.sheet.place(self.layout)
        self.app.dirty()

    def resume(self) -> None:
        """Back from the pause menu: take up changed settings (card looks, pace)."""
        settings = self.app.settings
        if (settings.four_colour, settings.card_back) != (
            self.images.four_colour,
            self.images.back_style,
        ):
            self.images = CardImages(settings.four_colour, settings.card_back)
        self.glide, self.pause_s = pacing(
            settings.animation_speed, settings.reduce_motion, self.app.fast
        )
        self._retell_buttons()
        self.sync()

    # ------------------------------------------------------------------ syncing
    def sync(self) -> None:
        """Re-read the observation after any change."""
        viewer = self.hotseat.viewer(self.viewer)
        if viewer != self.viewer:
            self.viewer = viewer
            self.hand, self.moves.staged = HandOrder(), []  # the next person's, kept apart
            self.keys.zone, self.keys.index = "hand", 0
            self.on_resize(self.app.size)
        self.obs = obs = self.session.game.observation(self.viewer)
        if not self.hand.cards:
            self.moves.staged = self.keeper.restore(self.viewer, self.hand, obs.hand)
        self.hand.sync(obs.hand)
        self.moves.forget_missing()
        self.keeper.save(self.viewer, self.hand, self.moves.staged)
        self.log_lines = self.log_after(obs)
        self._seen = len(obs.events)
        self._update_buttons()
        self.app.dirty()

    @property
    def speaks_to_you(self) -> bool:
        """One person at the table: their own moves speak to them (a hot seat names all)."""
        return [s.kind for s in self.session.seats].count("human") == 1

    def morto_words(self, seat: int) -> str:
        """ "Hai preso il pozzetto" for the person ("Tu ha preso" read wrong), else the name."""
        if self.speaks_to_you and seat == self.viewer:
            return tr("buraco.log.morto_you")
        return tr("buraco.toast.morto", name=self.names[seat])

    def log_after(self, obs: BuracoObservation) -> list[str]:
        """The log's lines once ``obs``'s events not yet seen are told."""
        lines, seen = list(self.log_lines), self._seen
        if len(obs.events) < seen:  # an undo took events back: tell the log again
            lines, seen = [], max(0, len(obs.events) - LOG_KEEP)
        for event in obs.events[seen:]:
            line = log_line(event, self.names, self.viewer, self.speaks_to_you)
            if line:
                lines.append(line)
        return lines[-LOG_KEEP:]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def my_turn(self) -> bool:
        return self.obs.turn == self.viewer and self.session.is_human(self.viewer)

    @property
    def hand_hidden(self) -> bool:
        """At a hot seat the hand lies face down until its owner has taken the seat (the
        privacy screen names them); a partner's hand is never shown, and no hand is face up
        while the bots play between two people's turns (play/hotseat.py, both tables' rule)."""
        return self.hotseat.hand_hidden()

    @property
    def revealed(self) -> int | None:
        """The person whose hand may show: who last took the seat (hot seat), else the viewer."""
        return self.hotseat.seen_by if self.session.hot_seat else self.viewer

    def reveal(self, seat: int) -> None:
        self.hotseat.reveal(seat)
        self.sync()

    def _update_buttons(self) -> None:
        playing = self.my_turn and self.obs.phase == "play"
        enable = {
            "lay_down": playing and bool(self.moves.picked or self.moves.staged),
            "group": self.my_turn and len(self.moves.picked) >= 2,  # also for a closed pile
            "sort": bool(self.obs.hand),
            "clear": bool(self.moves.picked or self.moves.staged),
            "hint": self.my_turn and not self.hand_hidden,
            "undo": self.my_turn and self.session.game.can_undo(self.viewer),
        }
        if self.session.game.round_over:  # the round sheet has the only button that counts
            enable = dict.fromkeys(enable, False)
        for key, on in enable.items():
            button = self.buttons.get(key)
            if button is not None:
                if on:
                    _ui(button).enable()
                else:
                    _ui(button).disable()

    # ------------------------------------------------------------------ applying moves
    def ask_wild_end(self, ends: list[tuple[str, Callable[[], None]]]) -> None:
        """Which end of the run the wild goes to (ui/wildask.py)."""
        ask_wild_end(self.app, ends)

    def undo(self) -> None:
        """Take back the last lay-down, add or swap since the draw (Deshacer, Ctrl+Z), as at
        Carioca's table; the engine says what is final."""
        if not self.hand_hidden and self.try_action(Undo(self.viewer), self.layout.our_zone.center):
            self.moves.picked = []
            self.sync()

    def try_action(self, action: Action, anchor: tuple[int, int]) -> bool:
        """Ask the engine; refuse in words, or apply and redraw. True if applied."""
        refusal = self.session.game.check(action)
        if refusal is not None:
            self.refuse(refusal, anchor)
            return False
        if not self.partner.may_go(action, anchor):  # going out waits for the partner
            return False
        self.perform(action)
        return True

    def perform(self, action: Action) -> None:
        pile_before = self.places.pile[-1] if self.places.pile else self.layout.pile_area
        try:
            events = self.session.apply(action)
        except IllegalAction as err:  # checked just before; a bot's bad move is the driver's
            log.warning("refused: %s", err)
            return
        self.sync()
        for event in events:
            self.flights.fly(event.kind, event.seat, event.cards, pile_before)
            if event.kind in ("lay_down", "add"):
                self.flights.to_melds(
                    event.seat, event.meld, event.melds or (event.cards,), event.kind == "add"
                )
            if event.kind in ("draw", "take_pile", "morto"):
                self.app.sounds.play("draw")
            elif event.kind == "discard":
                self.app.sounds.play("discard")
            elif event.kind in ("lay_down", "add", "swap"):
                self.app.sounds.play("place")
            if event.kind == "morto":
                self.toast(self.morto_words(event.seat), self.layout.centre.center)

    # ------------------------------------------------------------------ the loop
    def update(self, dt: float) -> bool:
        # Host.frame updates only the top scene: paused or under the sheet, bots wait.
        self.session.release_decision()  # the next bot thinks from this frame on
        moving = self.animator.update(dt)
        self.age_toasts(dt)
        self.save_watch.update(self)
        if moving:
            # The flights' frames are idle for the bots: the next move, once decided, has
            # its parts drawn ahead (rehearse.py), so the frame that applies it blits them.
            self.rehearsal.run()
            return True
        return self.clock.tick(dt) or bool(self.toasts)

    def schedule(self, seconds: float) -> None:
        self.clock.schedule(seconds)

    def ended_round(self) -> int | None:
        """The round whose end the table is at, None while it is played."""
        return self.obs.round_number if self.session.game.round_over else None

    def show_round_end(self) -> None:
        self.show_sheet()

    def rehearse_bot_move(self) -> bool:
        return self.rehearsal.run()

    def bot_waits(self) -> None:
        self.partner.bot_waits()  # a bot heading out asks its person partner

    # ------------------------------------------------------------------ events and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == WAKE:
            self.app.dirty()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.moves.motion(event.pos):
                self.app.dirty()
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if self.sheet is not None:
                return False
            if event.type == pygame.MOUSEBUTTONUP:
                return self.moves.release(event.pos)
            self.keys.pointer_used()
            return self.moves.press(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.keys.handle(event)
        return False

    def picture(
        self, obs: BuracoObservation | None = None, log_lines: list[str] | None = None
    ) -> buraco_paint.Picture:
        """What this frame draws; with ``obs`` and ``log_lines``, what the table will show
        once they are its own (the rehearsal of a bot's move, rehearse.py)."""
        return table_picture(self, self.obs if obs is None else obs, log_lines)

    def forget(self) -> None:
        """Draw the whole table again on the next frame (benchmarks; a look changed)."""
        self.layer.forget()
        self.window.lost()

    def draw(self, surface: pygame.Surface) -> None:
        """The layer laid back where it changed or was drawn over (window.py, as at the
        Carioca table), then what moves over it, through a recorder of where it drew."""
        picture = self.picture()
        layer = self.layer.get(picture)
        self.window.lay(surface, layer, self.layer.take_changes())
        self.places = self.layer.places
        over = Recorder(surface)
        buraco_paint.paint_over(cast("pygame.Surface", over), picture, self.places)
        sheet_up = self.sheet is not None or (
            self.session.game.round_over and self.autoplay is not None
        )
        if sheet_up:
            code = self.session.deal_code() if self.session.game.is_over else None
            sheet.paint(surface, self.layout, self.texts, self.obs, self.names, self.images, code)
        self.animator.draw(cast("pygame.Surface", over))
        if self.window_partial and not sheet_up and self.app.stack.visible() == [self]:
            # What the widgets draw next over this frame (pygame_gui's sprites), and what
            # was painted: the next frame lays the layer back there.
            sprites = self.app.manager.get_sprite_group().visible
            widgets = [drawn_at(image, rect, area) for image, rect, area, _ in sprites]
            self.window.drawn_over(over.rects + widgets, [])


def _ui(element: object) -> Any:
    """pygame_gui's enable/disable/kill are untyped; called through Any."""
    return element


__all__ = ["BuracoTableScene"]
