"""The Table scene: the match being played, drawn from the viewer's observation.

The scene owns a ``TableModel`` (model.py: what the table shows) and refills it from each
new observation (describe.py returns the words, slots and buttons as a value). Gestures
(input.py, keys.py) become actions through moves.py, which sees the scene only through the
narrow ``Table`` interface; the engine judges each once (``Legal``); the session applies
them and autosaves; bots move on a timer. At a hot seat (play/hotseat.py) no hand shows
between people's turns and a privacy screen asks for the next person. ``start_autoplay``
lives in ui/autoplay.py.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.play.hotseat import HotSeat
from carioca_desktop.play.session import MatchSession
from carioca_desktop.play.text import event_line, refusal_text
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.ui.anim import Animator, Flight, Toast, pacing
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.table import paint as table_paint
from carioca_desktop.ui.scenes.table.advice import TableAdvice
from carioca_desktop.ui.scenes.table.describe import describe, fit_slots, log_lines
from carioca_desktop.ui.scenes.table.flights import Arrival, FlightPlanner, card_places, snapshot
from carioca_desktop.ui.scenes.table.input import Drag, TableInput
from carioca_desktop.ui.scenes.table.keys import TableKeys
from carioca_desktop.ui.scenes.table.layout import TableLayout, compute_layout
from carioca_desktop.ui.scenes.table.model import Legal, ModelParts, TableModel
from carioca_desktop.ui.scenes.table.moves import TableMoves
from carioca_desktop.ui.scenes.table.offer import OfferPrompt
from carioca_desktop.ui.scenes.table.view import TableView
from carioca_desktop.ui.scenes.table.widgets import TableWidgets
from carioca_desktop.ui.sprites import CardImages, TextCache

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


class TableScene(Scene, ModelParts):
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
        self.animator = Animator()
        self.toasts: list[Toast] = []
        self.hotseat = HotSeat(session)
        viewer = self.hotseat.viewer(session.viewer())
        obs = session.game.observation(viewer)
        self.model = TableModel(obs, viewer, Legal(session.game))
        self.moves = TableMoves(self)
        self.keys = TableKeys(self, self.moves)
        self.input = TableInput(self, self.moves, self.keys)
        self.layout: TableLayout = compute_layout(_size(app), obs.players, viewer)
        self.widgets: TableWidgets | None = None
        self.offer: OfferPrompt | None = None  # the buy offer to the viewer (play/offer.py)
        self.advice = TableAdvice(session)  # the Pista
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

    @property
    def drag(self) -> Drag | None:
        return self.input.drag

    @property
    def hover(self) -> int | None:
        return self.input.hover

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
            "menu": self.open_pause,
            "lay_down": moves.lay_down,
            "auto": moves.auto_fill,
            "sort_rank": lambda: moves.sort("rank"),
            "sort_suit": lambda: moves.sort("suit"),
            "buy": moves.buy,
            "hint": self.ask_hint,
            "keys": self.show_keys,
        }
        self._seen_events = max(0, len(self.obs.events) - 8)
        self.session.decide_ahead()  # bots decide on a worker thread (play/botworker.py)
        self._relayout()
        self.widgets = TableWidgets(self.app.manager, commands, self.layout)
        self.offer = OfferPrompt(self.app.manager)
        self.sync()

    def exit(self) -> None:
        if self.widgets is not None:
            self.widgets.kill()
            self.widgets = None
        if self.offer is not None:
            self.offer.hide()
            self.offer = None

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
        model = self.model
        viewer = self.hotseat.viewer(model.viewer)
        if viewer != model.viewer:
            model.viewer = viewer
            self.input.cancel()
            self._relayout()
        self.advice.spend(self.session.game)
        old_round = model.obs.round_index
        model.obs = obs = self.session.game.observation(viewer)
        model.human = self.session.is_human(viewer)
        model.hand_hidden = self.hotseat.hand_hidden()
        new = model.hand.sync(obs.hand)
        if self.tidy_deal and len(new) > 1 and len(new) >= len(obs.hand) - 1:  # a fresh deal
            model.hand.sort("suit")
        if obs.round_index != old_round:
            model.slots.clear()
        self._read_log(obs)
        self.refresh()
        return [c.uid for c in new]

    def refresh(self) -> None:
        """Redo the table's words, slots and places from the model (after a new observation,
        or a local change: a card into a slot, a sort)."""
        fit_slots(self.model)
        self.model.take(describe(self.model, self.session, self.advice.on(self.app.settings)))
        if self.widgets is not None:
            self.widgets.update_state(self.model.buttons)
        self._show_offer()
        self.view.rebuild(self.layout, self.model.obs, self.model.slot_views)
        self._layer_key = None
        self.app.dirty()

    def _read_log(self, obs: Observation) -> None:
        self.model.log_lines.extend(log_lines(obs, self.session, self._seen_events))
        self._seen_events = len(obs.events)

    # ------------------------------------------------------------------ applying moves
    def card_places(self) -> dict[int, tuple[str, pygame.Rect]]:
        return card_places(self.view, self.model.hand, self.model.slots)

    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None:
        """Apply a legal action and animate what it did (the caller checked it); ``played``
        are the viewer's cards it used, so the right copies leave the hand."""
        before = snapshot(self.model.obs, self.card_places(), self.view, self.layout)
        first = self.session.game.event_count
        self.session.apply(action)
        for uid in played:
            self.model.hand.remove(uid)
        new_uids = self.sync()
        arrival = Arrival(self.view, self.card_places(), new_uids)
        for event in self.obs.events[first:]:
            if event.kind == "discard":
                self.model.pozo_under = before.obs.pozo_top
            for flight in self.planner.plan(event, before, arrival, from_rect):
                self.animator.add(flight)
            self._sound(event.kind)
            if event.kind == "buy" and event.seat != self.viewer:  # out of turn: say so
                line = event_line(event, self.obs.names, self.viewer)
                self.toast(line or "", self.layout.pozo.midtop)

    def _sound(self, kind: str) -> None:
        if kind in SOUNDS:
            self.app.sounds.play(SOUNDS[kind])

    def sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def dirty(self) -> None:
        self.app.dirty()

    def _show_offer(self) -> None:
        """The offer prompt while the engine asks the viewer to buy, gone otherwise."""
        if self.offer is None:
            return
        card, obs = self.model.buttons.offer_card, self.model.obs
        face = self.images.face(card, self.layout.hand_card[0]) if card is not None else None
        self.offer.update(card, (obs.round_index, len(obs.events)), self.layout, face,
                          self.moves.buy, self.moves.pass_offer)  # fmt: skip

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
            home = self.card_places().get(drag.uid, ("", home))[1]
        duration = max(self.glide, 0.12) if self.glide > 0 else 0.0
        shadow = self.images.shadow(drag.image.get_width())
        self.animator.add(Flight(drag.image, drag.rect, home, duration, 0.0, hide, shadow))
        self.app.dirty()

    # ------------------------------------------------------------------ the loop
    def update(self, dt: float) -> bool:
        # App.frame updates only the top scene: paused or under a summary, bots wait.
        self.session.release_decision()  # the next bot thinks from this frame on
        moving = self.animator.update(dt)
        # The offer counts down only here, so a pause (another scene on top) freezes it.
        offering = self.offer.tick(dt) if self.offer is not None else False
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
                return bool(self.toasts) or offering
        return self._advance() or bool(self.toasts) or offering

    def _advance(self) -> bool:
        """Let bots move, or end the round, when nothing is moving any more."""
        for _ in range(FAST_BATCH if self.app.fast else 1):
            if self._ask_privacy():
                return False
            if self.game_over_round:
                self._round_over()
                return self.animator.busy
            if not self.app.fast and not self.session.bot_action_ready():
                return True  # the bot still thinks on its thread: look again next frame
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
        if over:
            from carioca_desktop.ui.scenes.final import FinalScoreScene

            self.app.push(FinalScoreScene(self.app, self.session))
        else:
            from carioca_desktop.ui.scenes.summary import RoundSummaryScene

            self.app.push(RoundSummaryScene(self.app, self.session))

    def round_end_click(self) -> bool:
        """A click on the table once the round is over shows the scores again (once the beat
        after the last move has passed); True if the click was the round end's."""
        if not self.game_over_round or self.autoplay is not None or self._end_state is None:
            return False
        if self._end_state[1] != "beat":
            self.show_round_end()
        return True

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
        hidden = self.hidden()
        under = self.model.pozo_under if hidden[("pozo",)] else None
        key = (frozenset(hidden.items()), under, self.layout.size)
        if key != self._layer_key:
            self.view.invalidate()
            self._layer_key = key
        surface.blit(self.view.layer(self.model.text, hidden, under), (0, 0))
        table_paint.paint(surface, self._picture(hidden))

    def _picture(self, hidden: Counter[Hashable]) -> table_paint.Picture:
        """What moves over the table's layer this frame, for the painters."""
        model, drag = self.model, self.input.drag
        gap = self.moves.gap_for(drag.pos) if drag is not None else None
        moving = self.moves.moving_code()
        person = self.hotseat.next_person() if model.hand_hidden else None
        return table_paint.Picture(
            layout=self.layout,
            view=self.view,
            images=self.images,
            texts=self.texts,
            hand=model.hand,
            rows=self.moves.hand_rows(gap),
            hidden=hidden,
            hand_hidden=model.hand_hidden,
            waiting_for=self.session.seats[person].name if person is not None else None,
            drag=drag,
            pointer=self.input.pointer,
            accepts=self.moves.accepts(moving) if moving is not None else None,
            lit=self.lit(),
            ring=self.keys.focus_rect(),
            hint=model.hint,
            animator=self.animator,
            toasts=self.toasts,
        )

    # ------------------------------------------------------------------ help, hints, hooks
    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        """Hand cards and places to light, and words to say (the Pista; the tutorial's step)."""
        return self.advice.lit(self.layout, self.view)

    def ask_hint(self) -> None:
        """The Pista button or H: the strongest bot's move in the player's place."""
        words = self.advice.ask(self.model, self.app.settings)
        if words:
            self.toast(words, self.layout.slots_area.midtop)
        self.app.dirty()

    def open_pause(self) -> None:
        from carioca_desktop.ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app))

    def confirm_discard(self, card: str, yes: Callable[[], None]) -> bool:
        """Ask "Botar el 7♥?" first when the settings want it; True if asked."""
        if not self.app.settings.confirm_discard or self.widgets is None:
            return False
        self.widgets.ask_discard(self.layout, card, yes)
        return True

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
