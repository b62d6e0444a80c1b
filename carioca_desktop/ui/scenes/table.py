"""The Table scene: the match being played, drawn from the viewer's observation.

Gestures (table_input, table_keys) become actions that the engine judges; the session applies
them and autosaves; bots move on a timer; every change re-reads the observation and re-lays
the table. At a hot seat (ui/hotseat.py) no hand shows between people's turns and a privacy
screen asks for the next person. ``start_autoplay`` lives in ui/autoplay.py.
"""

from __future__ import annotations

import logging
from collections import Counter, deque
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.rules.actions import Action
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.rules.observation import Observation
from carioca_desktop.rules.state import Phase
from carioca_desktop.session import MatchSession
from carioca_desktop.ui import table_paint
from carioca_desktop.ui.anim import Animator, Flight, Toast, pacing
from carioca_desktop.ui.flights import Arrival, FlightPlanner, Snapshot
from carioca_desktop.ui.hand import HandModel
from carioca_desktop.ui.hotseat import HotSeat
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.side_save import warn_side_save
from carioca_desktop.ui.slots import SlotsModel
from carioca_desktop.ui.sprites import CardImages, TextCache
from carioca_desktop.ui.table_advice import TableAdvice
from carioca_desktop.ui.table_input import Drag, TableInput
from carioca_desktop.ui.table_keys import TableKeys
from carioca_desktop.ui.table_layout import TableLayout, compute_layout
from carioca_desktop.ui.table_moves import TableMoves
from carioca_desktop.ui.table_state import describe
from carioca_desktop.ui.table_view import SlotView, TableText, TableView
from carioca_desktop.ui.table_widgets import TableWidgets
from carioca_desktop.ui.text import event_line, refusal_text

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App, AutoplayOptions
    from carioca_desktop.ui.autoplay import AutoplayDriver

log = logging.getLogger(__name__)

_LOOKS = ("four_colour", "card_back", "card_size", "animation_speed", "reduce_motion",
          "high_contrast", "ui_scale")  # fmt: skip
WAKE = pygame.event.custom_type()  # wakes the idle loop when a bot is due to move
FAST_BATCH = 12  # bot moves per frame at top speed (autoplay, tests)
SOUNDS = {"draw": "draw", "buy": "draw", "discard": "discard", "lay_down": "place", "add": "place",
          "swap": "place", "round_end": "round_end", "deal": "deal"}  # fmt: skip


class TableScene(Scene):
    """One match at the table. ``autoplay`` (a driver) takes the round-end decisions and the
    screenshots instead of pushing the summary scenes."""

    def __init__(
        self, app: App, session: MatchSession, autoplay: AutoplayDriver | None = None
    ) -> None:
        super().__init__(app)
        self.session = session
        self.autoplay = autoplay
        self.images = CardImages()
        self.texts = TextCache()
        self.view = TableView(self.images, self.texts)
        self.hands: dict[int, HandModel] = {}
        self.slot_models: dict[int, SlotsModel] = {}
        self.animator = Animator()
        self.toasts: list[Toast] = []
        self.log_lines: deque[str] = deque(maxlen=40)
        self.input = TableInput(self)
        self.keys = TableKeys(self)
        self.moves = TableMoves(self)
        self.text = TableText()
        self.slot_views: list[SlotView] = []
        self.can_lay_down = False
        self.hotseat = HotSeat(session)
        self.viewer = self.hotseat.viewer(session.viewer())
        self.obs: Observation = session.game.observation(self.viewer)
        self.layout: TableLayout = compute_layout(_size(app), self.obs.players, self.viewer)
        self.widgets: TableWidgets | None = None
        self.pozo_under: str | None = None
        self.advice = TableAdvice(self)  # the Pista
        self.hint = ""  # why Bajarse is off although every slot reads as a meld
        self.tidy_deal = True  # sort a freshly dealt hand once (the tutorial leaves it to you)
        self.wait = 0.0
        self._seen_events = 0
        self._anim_version = -1
        self._layer_key: object = None
        self._end_state: tuple[int, str] | None = None
        self.glide, self.pause_s = 0.0, 0.0
        self.planner = FlightPlanner(self.images, 0.0)
        self._settings: object = None
        self._apply_settings()

    # ------------------------------------------------------------------ models
    @property
    def hand(self) -> HandModel:
        return self.hands.setdefault(self.viewer, HandModel())

    @property
    def slots(self) -> SlotsModel:
        return self.slot_models.setdefault(self.viewer, SlotsModel())

    @property
    def hand_hidden(self) -> bool:
        """Hot seat: no hand face up (between people's turns, or before the next takes the seat)."""
        return self.hotseat.hand_hidden()

    @property
    def game_over_round(self) -> bool:
        return self.session.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        moves = self.moves
        commands = {
            "menu": moves.open_pause,
            "lay_down": moves.lay_down,
            "auto": moves.auto_fill,
            "sort_rank": lambda: moves.sort("rank"),
            "sort_suit": lambda: moves.sort("suit"),
            "buy": moves.buy,
            "hint": self.advice.ask,
            "keys": self.show_keys,
        }
        self._seen_events = max(0, len(self.obs.events) - 8)
        self._relayout()
        self.widgets = TableWidgets(self.app.manager, commands, self.layout)
        self.sync()
        warn_side_save(self)  # a newer version's save kept: this match is saved beside it

    def exit(self) -> None:
        if self.widgets is not None:
            self.widgets.kill()
            self.widgets = None

    def pause(self) -> None:
        self.input.cancel()

    def resume(self) -> None:
        if self._apply_settings():
            self._relayout()
        self.sync()

    def _apply_settings(self) -> bool:
        """Take up the settings (they may have changed in the pause menu); True if any did."""
        settings = self.app.settings
        key = tuple(getattr(settings, name) for name in _LOOKS)
        if key == self._settings:
            return False
        self._settings = key
        if (settings.four_colour, settings.card_back) != (
            self.images.four_colour,
            self.images.back_style,
        ):
            self.images = CardImages(settings.four_colour, settings.card_back)
            self.view.images = self.images
        speed = settings.animation_speed
        self.glide, self.pause_s = pacing(speed, settings.reduce_motion, self.app.fast)
        self.planner = FlightPlanner(self.images, self.glide)
        self.view.high_contrast = settings.high_contrast
        return True

    def on_resize(self, size: tuple[int, int]) -> None:
        self.input.cancel()
        self.animator.finish()
        self._relayout()
        self.sync()

    def _relayout(self) -> None:
        settings = self.app.settings
        self.layout = compute_layout(_size(self.app), self.obs.players, self.viewer,
                                     settings.card_size, settings.ui_scale)  # fmt: skip
        if self.widgets is not None:
            self.widgets.place(self.layout)

    # ------------------------------------------------------------------ syncing
    def sync(self) -> list[int]:
        """Re-read the observation after any change; returns the viewer's new card uids."""
        viewer = self.hotseat.viewer(self.viewer)
        if viewer != self.viewer:
            self.viewer = viewer
            self.input.cancel()
            self._relayout()
        self.advice.spend()
        old_round = self.obs.round_index
        self.obs = obs = self.session.game.observation(self.viewer)
        new = self.hand.sync(obs.hand)
        if self.tidy_deal and len(new) > 1 and len(new) >= len(obs.hand) - 1:  # a fresh deal
            self.hand.sort("suit")
        if obs.round_index != old_round:
            self.slots.clear()
        self._read_log(obs)
        describe(self)  # slots, words, button states
        self.view.rebuild(self.layout, obs, self.slot_views)
        self._layer_key = None
        self.app.dirty()
        return [c.uid for c in new]

    def _read_log(self, obs: Observation) -> None:
        # "Botaste el 8♣" only when one person plays; at a hot seat every line names its player
        # and tells only what everyone saw (the log stays on screen for the next person).
        names, you = obs.names, self.session.human_seats == [obs.seat]
        reader = -1 if self.session.hot_seat else obs.seat
        for event in obs.events[self._seen_events :]:
            line = event_line(event, names, reader, you)
            if line:
                self.log_lines.append(line)
        self._seen_events = len(obs.events)

    # ------------------------------------------------------------------ applying moves
    def snapshot(self) -> Snapshot:
        cards = {uid: (self.hand.code(uid), rect) for uid, rect in self.card_places().items()}
        melds = {(i, k): r for i, mb in self.view.melds.items() for k, r in enumerate(mb.cards)}
        fans = {s: self.view.fan_rect(s) for s in self.layout.seats}
        return Snapshot(self.obs, cards, melds, fans, self.layout.stock, self.layout.pozo)

    def card_places(self) -> dict[int, pygame.Rect]:
        """Every card of the viewer's hand on screen now (the hand row and the slots)."""
        places = dict(self.view.hand_positions(self.hand, self.slots.placed))
        for uid in self.slots.placed:
            rect = self.view.slot_card_rect(uid)
            if rect is not None:
                places[uid] = rect
        return places

    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None:
        """Apply a legal action and animate what it did (the caller checked it); ``played``
        are the viewer's cards it used, so the right copies leave the hand."""
        before = self.snapshot()
        first = len(self.session.game.state.events)
        self.session.apply(action)
        for uid in played:
            self.hand.remove(uid)
        new_uids = self.sync()
        places = {uid: (self.hand.code(uid), rect) for uid, rect in self.card_places().items()}
        arrival = Arrival(self.view, places, new_uids)
        for event in self.obs.events[first:]:
            if event.kind == "discard":
                self.pozo_under = before.obs.pozo_top
            for flight in self.planner.plan(event, before, arrival, from_rect):
                self.animator.add(flight)
            self._sound(event.kind)
            if event.kind == "buy" and event.seat != self.viewer:  # out of turn: say so
                line = event_line(event, self.obs.names, self.viewer)
                self.toast(line or "", self.layout.pozo.midtop)

    def _sound(self, kind: str) -> None:
        if kind in SOUNDS:
            self.app.sounds.play(SOUNDS[kind])

    def refuse(self, refusal: Refusal, anchor: tuple[int, int]) -> None:
        self.toast(refusal_text(refusal), anchor)
        self.app.sounds.play("refuse")

    def toast(self, text: str, anchor: tuple[int, int]) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, (anchor[0], anchor[1] - self.layout.upx(24))))
        self.app.dirty()

    def glide_back(self, drag: Drag) -> None:
        """A refused or aimless drop: the card glides home (its place stays empty till then)."""
        hide: Hashable = ("hand", drag.uid) if drag.uid is not None else None
        home = drag.home
        if drag.uid is not None:
            home = self.card_places().get(drag.uid, home)
        duration = max(self.glide, 0.12) if self.glide > 0 else 0.0
        shadow = self.images.shadow(drag.image.get_width())
        self.animator.add(Flight(drag.image, drag.rect, home, duration, 0.0, hide, shadow))
        self.app.dirty()

    # ------------------------------------------------------------------ the loop
    def update(self, dt: float) -> bool:
        if self.app.stack.top is not self:
            return False  # paused or a summary on top: bots wait, nothing moves
        moving = self.animator.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]
        for toast in self.toasts:
            toast.age += dt
        if self.animator.version != self._anim_version:
            self._anim_version = self.animator.version
            self._layer_key = None
            self.app.dirty()
        if moving:
            return True
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return bool(self.toasts)
        return self._advance() or bool(self.toasts)

    def _advance(self) -> bool:
        """Let bots move, or end the round, when nothing is moving any more."""
        for _ in range(FAST_BATCH if self.app.fast else 1):
            if self._ask_privacy():
                return False
            if self.game_over_round:
                self._round_over()
                return self.animator.busy
            action = self.session.pending_bot_action()
            if action is None:
                return False
            self.perform(action)
            if self.autoplay is not None:
                self.autoplay.after_move(self)
            if self.animator.busy or self.pause_s > 0:
                break
        self.schedule(self.pause_s)
        return self.animator.busy

    def _ask_privacy(self) -> bool:
        """Hot seat: before a person's turn, the privacy screen names them (True if shown)."""
        seat = self.hotseat.due()
        if seat is None:
            return False
        from carioca_desktop.ui.scenes.privacy import PrivacyScene

        self.input.cancel()
        name = self.session.seats[seat].name
        self.app.push(PrivacyScene(self.app, seat, name, self.text.title, self.hotseat.reveal))
        return True

    def schedule(self, seconds: float) -> None:
        self.wait = seconds
        if seconds > 0:
            pygame.time.set_timer(WAKE, max(1, int(seconds * 1000)), loops=1)

    def _round_over(self) -> None:
        state = (self.session.game.round_index, self.session.game.phase.value)
        if self._end_state == state:
            return
        if self.autoplay is not None:
            self._end_state = state
            self.autoplay.round_over(self)
            return
        if self._end_state != (state[0], "beat"):
            self._end_state = (state[0], "beat")  # a beat to see the last move first
            self.schedule(max(0.9, self.pause_s * 2))
            return
        self._end_state = state
        self.show_round_end()

    def show_round_end(self) -> None:
        over = self.session.game.is_over
        try:
            if over:
                from carioca_desktop.ui.scenes.final import FinalScoreScene

                self.app.push(FinalScoreScene(self.app, self.session))
            else:
                from carioca_desktop.ui.scenes.summary import RoundSummaryScene

                self.app.push(RoundSummaryScene(self.app, self.session))
        except ImportError:
            if not over:  # no summary screen yet: deal on
                self.session.next_round()
                self.sync()

    # ------------------------------------------------------------------ events and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == WAKE:
            self.app.dirty()
            return True
        return self.input.handle(event)

    def hidden(self) -> Counter[Hashable]:
        hidden = self.animator.hidden()
        drag = self.input.drag
        if drag is not None and drag.uid is not None:
            hidden[("hand", drag.uid)] += 1
        return hidden

    def draw(self, surface: pygame.Surface) -> None:
        table_paint.paint(self, surface)

    # ------------------------------------------------------------------ help, hints, hooks
    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        """Hand cards and places to light, and words to say (the Pista; the tutorial's step)."""
        return self.advice.lit()

    def show_keys(self) -> None:
        """F1, ? or the Teclas button: the keyboard help over the table."""
        from carioca_desktop.ui.scenes.keys import KeysScene

        self.app.push(KeysScene(self.app))

    def objection(self, action: Action) -> str | None:
        """A word against a legal move before it is made (the tutorial's); None lets it be."""
        return None

    def arranged(self) -> None:
        """The player sorted or reordered the hand (the tutorial waits for it)."""


def _size(app: App) -> tuple[int, int]:
    return (app.size[0], app.size[1])


def start_autoplay(app: App, options: AutoplayOptions) -> None:
    """``carioca --autoplay`` (see ui/autoplay.py)."""
    from carioca_desktop.ui.autoplay import start_autoplay as start

    start(app, options)
