"""The Table scene: the match being played, drawn from the viewer's observation.

The scene owns a ``TableModel`` (model.py: what the table shows) and refills it from each
new observation (describe.py returns the words, slots and buttons as a value). Gestures
(input.py, keys.py) become actions through moves.py, which sees the scene only through the
narrow ``Table`` interface; the engine judges each once (``Legal``); the session applies
them and autosaves, and motion.py flies the cards each one moved. Bots move on the clock
(ui/tablekit/pacing.py, at ``PACE``); frame.py draws each frame; arrangement_undo.py keeps
the hand's arrangement with the match and asks the engine for undos; the round end
(ui/tablekit/round_end.py) shows the scores once per round. At a hot
seat (play/hotseat.py) no hand shows between people's turns and a privacy screen asks for
the next person.
``start_autoplay`` lives in ui/autoplay.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.hotseat import HotSeat
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.state import EventKind, Phase
from carioca_desktop.ui import shapecache
from carioca_desktop.ui.anim import Animator, Toast
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.carioca.advice import TableAdvice
from carioca_desktop.ui.scenes.carioca.arrangement_undo import TableHistory
from carioca_desktop.ui.scenes.carioca.describe import describe, fit_slots, told
from carioca_desktop.ui.scenes.carioca.flights import FlightPlanner
from carioca_desktop.ui.scenes.carioca.frame import TableFrame
from carioca_desktop.ui.scenes.carioca.input import Drag, TableInput
from carioca_desktop.ui.scenes.carioca.keys import TableKeys
from carioca_desktop.ui.scenes.carioca.layout import TableLayout, compute_layout
from carioca_desktop.ui.scenes.carioca.model import Legal, ModelParts, TableModel
from carioca_desktop.ui.scenes.carioca.motion import TableMotion
from carioca_desktop.ui.scenes.carioca.moves import TableMoves
from carioca_desktop.ui.scenes.carioca.offer import OfferPrompt
from carioca_desktop.ui.scenes.carioca.round_end import show_scores
from carioca_desktop.ui.scenes.carioca.view import TableView
from carioca_desktop.ui.scenes.carioca.widgets import TableWidgets
from carioca_desktop.ui.sprites import CardImages, TextCache
from carioca_desktop.ui.tablekit.pace import Pace
from carioca_desktop.ui.tablekit.pacing import WAKE, TableClock
from carioca_desktop.ui.tablekit.privacy import ask_person
from carioca_desktop.ui.tablekit.round_end import RoundEnd
from carioca_desktop.ui.tablekit.save_watch import SaveWatch
from carioca_desktop.ui.toasts import Toasting

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Autoplay, Host

log = logging.getLogger(__name__)


class TableScene(Toasting, Scene, ModelParts):
    """One match at the table. ``autoplay`` (a driver) takes the round-end decisions and the
    screenshots instead of pushing the summary scenes."""

    # Each frame lays the layer back only where it changed or was drawn over (window.py);
    # a subclass that draws more over the table after ``draw`` turns this off.
    window_partial = True
    # Every bot move waits its pause after its flight; the beat before the scores is at
    # least two pauses, also at top speed (tablekit/pacing.py).
    pace = Pace(flight_is_pause=False, beat_follows_pace=True, scores_at_once_at_top_speed=False)

    def __init__(self, app: Host, session: MatchSession, autoplay: Autoplay | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.autoplay = autoplay
        self.images = CardImages()
        self.texts = TextCache()
        self.view = TableView(self.images, self.texts)
        self.animator = Animator()
        self.toasts: list[Toast] = []
        self.save_watch = SaveWatch()  # says once if the match cannot be saved, or goes aside
        self.hotseat = HotSeat(session)
        viewer = self.hotseat.viewer(session.viewer())
        obs = session.game.observation(viewer)
        self.model = TableModel(obs, viewer, Legal(session.game), session.is_human(viewer))
        self.moves = TableMoves(self)
        self.keys = TableKeys(self, self.moves)
        self.input = TableInput(self, self.moves, self.keys)
        self.layout: TableLayout = compute_layout(self.table_size(), obs.players, viewer)
        self.widgets: TableWidgets | None = None
        self.offer: OfferPrompt | None = None  # the buy offer to the viewer (play/carioca/offer.py)
        self.advice = TableAdvice(session)  # the Pista
        self.history = TableHistory(self, session)  # the arrangement kept, and Deshacer
        self.round_end = RoundEnd(self)  # the scores once per round, after a beat
        self.tidy_deal = True  # sort a freshly dealt hand once (the tutorial leaves it to you)
        self.clock = TableClock(self)  # bots' moves, the privacy screen, the round's end
        self.frame = TableFrame(self)  # what is drawn each frame
        self._seen_events = 0
        self.glide, self.pause_s = 0.0, 0.0
        self.planner = FlightPlanner(self.images, 0.0)
        self.motion = TableMotion(self)  # each move applied, its cards flown
        self.frame.take_settings()

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
            "undo": self.undo,
            "hint": self.ask_hint,
            "keys": self.show_keys,
        }
        self.frame.window.lost()
        self._seen_events = max(0, len(self.obs.events) - 8)
        self.session.decide_ahead()  # bots decide on a worker thread (play/botworker.py)
        self._relayout()
        self.widgets = TableWidgets(self.app.manager, commands, self.layout)
        self.offer = OfferPrompt(self.app.manager, self.session.buy_seconds)
        self.sync()
        shapecache.draw_pending(self.app.manager)  # the buttons' other looks, before play
        self.save_watch.enter(self)

    def exit(self) -> None:
        self.frame.window.lost()
        self.session.release_save()
        if self.widgets is not None:
            self.widgets.kill()
            self.widgets = None
        if self.offer is not None:
            self.offer.hide()
            self.offer = None

    def pause(self) -> None:
        self.frame.window.lost()  # a scene goes over the table
        self.session.release_save()  # its frames stop: the last move's save goes now
        self.input.cancel()

    def resume(self) -> None:
        self.frame.window.lost()  # the scene over the table drew on the window
        if self.frame.take_settings():
            self._relayout()
            if self.widgets is not None:
                self.widgets.relabel()  # the language may be another now
        self.sync()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.frame.window.lost()
        self.input.cancel()
        self.animator.finish()
        self._relayout()
        self.sync()

    def table_size(self) -> tuple[int, int]:
        """The size the table is laid out in: the window's (the replay viewer keeps a strip
        at the right for its coach)."""
        return (self.app.size[0], self.app.size[1])

    def _relayout(self) -> None:
        settings = self.app.settings
        self.layout = compute_layout(self.table_size(), self.obs.players, self.viewer,
                                     settings.card_size, self.app.ui_scale,
                                     self.app.pixel_ratio)  # fmt: skip
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
        old = model.obs
        model.obs = obs = self.session.game.observation(viewer)
        model.human = self.session.is_human(viewer)
        model.hand_hidden = self.hotseat.hand_hidden()
        if model.human:
            self.history.restore_order(obs.hand)  # Continue: the hand as it was left
        new = model.hand.sync(obs.hand)
        if self.tidy_deal and len(new) > 1 and len(new) >= len(obs.hand) - 1:  # a fresh deal
            model.hand.sort("suit")
        if obs.round_index != old.round_index:
            model.slots.clear()
        self._read_log(old, obs)
        self.refresh()
        return [c.uid for c in new]

    def refresh(self) -> None:
        """Redo the table's words, slots and places from the model (after a new observation,
        or a local change: a card into a slot, a sort)."""
        fit_slots(self.model)
        self.history.stage_slots()
        advice_on = self.advice.on(self.app.settings)
        self.model.take(describe(self.model, self.session, advice_on, self.round_title()))
        if self.widgets is not None:
            self.widgets.update_state(self.model.buttons)
        self._show_offer()
        self.view.rebuild(self.layout, self.model.obs, self.model.slot_views)
        self.frame.stale()
        self.history.save()
        self.app.dirty()

    def round_title(self) -> str | None:
        """The header's words instead of "Ronda 2 de 8 · …" (the tutorial's); None keeps it."""
        return None

    def _read_log(self, old: Observation, obs: Observation) -> None:
        """The new moves' lines into the log; after an undo, the undone moves' lines out."""
        self._seen_events = told(self.model.log_lines, old, obs, self.session, self._seen_events)

    @property
    def seen_events(self) -> int:
        """The events the log has told (the replay viewer's step back is told from it)."""
        return self._seen_events

    # ------------------------------------------------------------------ applying moves
    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None:
        """Apply a legal action and animate what it did (motion.py)."""
        self.motion.perform(action, from_rect, played)

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

    def glide_back(self, drag: Drag) -> None:
        self.motion.glide_back(drag)

    # ------------------------------------------------------------------ the loop
    def update(self, dt: float) -> bool:
        # Host.frame updates only the top scene: paused or under a summary, bots wait.
        self.session.release_decision()  # the next bot thinks from this frame on
        moving = self.animator.update(dt)
        # The offer counts down only here, so a pause (another scene on top) freezes it.
        offering = self.offer.tick(dt) if self.offer is not None else False
        self.age_toasts(dt)
        self.save_watch.update(self)
        if self.frame.follow_animations():
            self.app.dirty()
        if moving:
            return True
        return self.clock.tick(dt) or bool(self.toasts) or offering

    def idle(self) -> None:
        self.frame.prepare()  # nothing moved or drawn: a moment to draw card faces ahead

    def schedule(self, seconds: float) -> None:
        self.clock.schedule(seconds)

    def show_round_end(self) -> None:
        show_scores(self.app, self.session)

    def ended_round(self) -> tuple[int, str] | None:
        """The round (and phase) whose end the table is at, None while it is played."""
        game = self.session.game
        return (game.round_index, game.phase.value) if self.game_over_round else None

    def ask_privacy(self) -> bool:
        """Hot seat: before a person's turn, the privacy screen names them (True if shown)."""
        seat = self.hotseat.due()
        if seat is None:
            return False
        self.input.cancel()
        events = self.session.game.observation(seat).events
        ask_person(self.app, seat, self.obs.names, self.text.title, events, self.hotseat.reveal)
        return True

    def rehearse_bot_move(self) -> bool:
        return self.frame.rehearsal.run()

    def bot_waits(self) -> None:
        """Nothing to do while a person is to act (Buraco's bots may ask a partner)."""

    def round_end_click(self) -> bool:
        return self.round_end.click(self.game_over_round)

    # ------------------------------------------------------------------ events and drawing
    def handle_before_ui(self, event: pygame.event.Event) -> bool:
        return self.input.before_ui(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == WAKE:
            self.app.dirty()
            return True
        return self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface)

    # ------------------------------------------------------------------ help, hints, hooks
    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        """Hand cards and places to light, and words to say (the Pista; the tutorial's step)."""
        return self.advice.lit(self.layout, self.view)

    def ask_hint(self) -> None:
        """The Pista button or H: the strongest bot's move in the player's place."""
        words = self.advice.ask(self.model, self.app.settings)
        if words:
            self.toast(words, self.layout.slots_area.midtop)
        self._choose_hinted()
        self.app.dirty()

    def _choose_hinted(self) -> None:
        """A one-card hint (a discard, an add) chooses its card, as Buraco's does: D, a click
        on the pozo or on a meld then plays it."""
        advice = self.advice.current
        if advice is None or len(advice.cards) != 1:
            return
        hand, placed = self.hand, self.slots.placed
        uid = hand.uid_for(advice.cards[0], placed)
        if uid is not None:
            hand.selected = uid

    def open_pause(self) -> None:
        self.app.push(self.app.routes.pause())

    def confirm_discard(self, card: str, yes: Callable[[], None]) -> bool:
        """Ask "Botar el 7♥?" first when the settings want it; True if asked."""
        if not self.app.settings.confirm_discard or self.widgets is None:
            return False
        self.widgets.ask_discard(self.layout, card, yes)
        return True

    def ask_wild_end(
        self, ends: list[tuple[str, Callable[[], object]]], prefer_high: bool = False
    ) -> None:
        """Which end of the escala the wild goes to (ui/wildask.py)."""
        from carioca_desktop.ui.wildask import ask_wild_end

        ask_wild_end(self.app, ends, prefer_high)

    def answer_confirm(self, yes: bool) -> bool:
        """Enter or Esc while "Botar el 7♥?" is open; True if it was (the keys stop there)."""
        return self.widgets is not None and self.widgets.answer_confirm(yes)

    def greyed_lay_down(self, pos: tuple[int, int]) -> bool:
        """``pos`` is on Bajarse while it shows greyed."""
        button = self.widgets.lay_down if self.widgets is not None else None
        return bool(button and button.visible and not button.is_enabled
                    and button.rect.collidepoint(pos))  # fmt: skip

    def show_keys(self) -> None:
        """F1, ? or the Teclas button: the keyboard help over the table."""
        self.app.push(self.app.routes.keys())

    def objection(self, action: Action) -> str | None:
        """A word against a legal move before it is made (the tutorial's); None lets it be."""
        return None

    def arranged(self) -> None:
        """The player sorted or reordered the hand (the tutorial waits for it)."""
        self.history.save()

    def undo(self) -> None:
        """Deshacer or Ctrl+Z: the engine takes back the viewer's last move since the draw;
        the table re-reads the game (the cards come back, a lay-down's into its slots, and the
        move's log line goes)."""
        event = self.history.undo()
        if event is None:
            return
        self.input.cancel()
        self.animator.finish()
        self.advice.current = None
        if self.widgets is not None:
            self.widgets.close_confirm()
        self.sync()
        if event.kind == EventKind.LAY_DOWN and self.moves.stage(event.melds):
            self.refresh()
