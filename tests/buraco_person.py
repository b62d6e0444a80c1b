"""A new player at the Buraco table, driven only by posted pygame input events: the menu, New
game, the table (asking the Pista with H and doing what it says by a click, a drag or a key),
the privacy screen of a hot seat, the round sheets and the final sheet.

What the Pista advises is known the way the hint itself knows it: the hard bot's choice for
the seat (play/buraco/hints.py builds its words from that same move). The person never calls
the session; every move goes through the table's gestures, and the engine judges it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
import pytest

from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.hints import describe
from carioca_desktop.play.buraco.text import side_name
from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    Swap,
    TakePile,
)
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco import cards as buraco_cards
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.privacy import GUARD, PrivacyScene
from carioca_desktop.ui.sprites import TextCache
from tests.drawn import record_card_faces

FRAME = 0.016


@dataclass
class Seen:
    """What the person met on the way: refusals (with the advised move they answered), the
    sheets shown (round number, the match over?), the privacy screens (seat,
    subtitle, avatar letters) and every hand the table drew face up (viewer, hidden?, codes)."""

    refusals: list[tuple[str, Action | None]] = field(default_factory=list)
    sheets: list[tuple[int, bool]] = field(default_factory=list)
    privacy: list[tuple[int, str, str | None]] = field(default_factory=list)
    hands: list[tuple[int, bool, tuple[str, ...]]] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    hints: list[Action] = field(default_factory=list)


class Person:
    """One or several people at the screen (a hot seat), playing as the Pista says."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch, faces: bool = False) -> None:
        self.app = app
        self.seen = Seen()
        self.advised: Action | None = None
        self.turns = 0
        self._watch(monkeypatch)
        self.faces: list[str] | None = None
        if faces:  # every frame: no card face but the public ones and the seated person's
            self.faces = []
            record_card_faces(monkeypatch, self.faces)

    # ------------------------------------------------------------------ instruments
    def _watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        seen = self.seen
        person = self

        original_refuse = BuracoTableScene.refuse

        def refuse(scene: BuracoTableScene, refusal: Refusal, anchor: tuple[int, int]) -> None:
            seen.refusals.append((refusal.code, person.advised))
            original_refuse(scene, refusal, anchor)

        monkeypatch.setattr(BuracoTableScene, "refuse", refuse)
        original_hand = buraco_cards.hand

        def hand(surface: pygame.Surface, p: buraco_paint.Picture) -> None:
            codes = tuple(code for code, _, _ in p.hand)
            seen.hands.append((p.obs.seat, p.hand_hidden, codes))
            table = person.table()
            if not p.hand_hidden and table is not None and table.session.hot_seat:
                # Face up only for the person at the screen, on their turn: their own cards.
                game = table.session.game
                assert game.current_player == p.obs.seat == table.revealed
                assert seen.privacy and seen.privacy[-1][0] == p.obs.seat
                assert Counter(codes) == Counter(game.hand(p.obs.seat))
            original_hand(surface, p)

        monkeypatch.setattr(buraco_cards, "hand", hand)
        original_fit = TextCache.fit

        def fit(cache: TextCache, text: str, *args: Any, **kwargs: Any) -> Any:
            seen.titles.append(text)
            return original_fit(cache, text, *args, **kwargs)

        monkeypatch.setattr(TextCache, "fit", fit)

    # ------------------------------------------------------------------ input
    def frames(self, n: int = 1, dt: float = FRAME) -> None:
        for _ in range(n):
            self.app.frame(dt)
            self._faces_public()

    def _faces_public(self) -> None:
        """The faces asked for since the last frame: the table's melds, the pile, cards a
        move showed to everyone (the log's), the hands once the round is over (laid down to be
        counted), and the hand of the person seated, if any."""
        if self.faces is None:
            return
        asked, self.faces[:] = set(self.faces), []
        table = self.table()
        if table is None or not asked:
            return
        obs = table.obs
        public = {c.split("=")[0] for m in obs.table for c in m.cards}
        public |= set(obs.pile) | ({obs.pile_top} if obs.pile_top else set())
        for event in obs.events:
            public |= {c.split("=")[0] for c in event.cards}
            public |= {c.split("=")[0] for m in event.melds for c in m}
        public |= {c for hand in obs.hands_left or () for c in hand}  # laid down to count
        if not table.hand_hidden:
            public |= set(table.session.game.hand(table.viewer))
        assert asked <= public, (asked - public, table.viewer, table.revealed)

    def post(self, *events: pygame.event.Event) -> None:
        """Through pygame's queue, then into the app as its loop takes them."""
        pygame.event.clear()
        for event in events:
            pygame.event.post(event)
        for event in pygame.event.get():
            self.app.process(event)
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        )

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        )

    def key(self, key: int, text: str = "") -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))

    def buttons(self, text: str) -> list[Any]:
        return [
            e
            for e in self.app.manager.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIButton)
            and e.alive()
            and e.visible
            and e.text == text
        ]

    def press(self, text: str) -> None:
        """A click on the one visible button that says ``text``."""
        found = self.buttons(text)
        assert len(found) == 1, f"{len(found)} buttons say {text!r}"
        self.click(found[0].rect.center)
        self.frames(2)

    # ------------------------------------------------------------------ the screens before play
    def open_buraco_new_game(self) -> BuracoNewGameScene:
        """Menu → New game; on Carioca's screen, the game stepper to Buraco."""
        self.frames(2)
        self.press(tr("menu.new_game"))
        if not isinstance(self.app.stack.top, BuracoNewGameScene):
            self.press(tr("buraco.newgame.game_carioca"))  # a click on the value steps it
        top = self.app.stack.top
        assert isinstance(top, BuracoNewGameScene)
        return top

    def set_seat(self, scene: BuracoNewGameScene, seat: int, text: str) -> None:
        """Step the seat's kind until it says ``text`` (the value button of its row)."""
        row = scene._row(scene._areas()[0], seat)
        for _ in range(8):
            value = [
                b
                for b in self.app.manager.get_sprite_group().sprites()
                if isinstance(b, pygame_gui.elements.UIButton)
                and b.alive()
                and b.rect.centery == row.centery
                and b.rect.centerx > row.centerx
                and b.text not in ("◀", "▶")
            ]
            assert len(value) == 1, value
            if value[0].text == text:
                return
            self.click(value[0].rect.center)
            self.frames(2)
            scene = self.app.stack.top  # type: ignore[assignment]
        raise AssertionError(f"seat {seat} never says {text!r}")

    def set_preset(self, text: str) -> None:
        for _ in range(10):
            if self.buttons(text):
                return
            scene = self.app.stack.top
            assert isinstance(scene, BuracoNewGameScene)
            seats = scene._areas()[0]
            y = seats.y + round(50 * scene.u) + round(44 * scene.u) // 2
            self.click((seats.centerx, y))
            self.frames(2)
        raise AssertionError(f"no preset says {text!r}")

    def start(self) -> BuracoTableScene:
        self.press(tr("newgame.start"))
        self.frames(2)
        table = self.table()
        assert table is not None
        return table

    def table(self) -> BuracoTableScene | None:
        for scene in self.app.stack.scenes:
            if isinstance(scene, BuracoTableScene):
                return scene
        return None

    # ------------------------------------------------------------------ the match
    def play(self, rounds: int | None = None, turns: int = 4000) -> BuracoTableScene:
        """Play until the final sheet (or ``rounds`` sheets), as the Pista says."""
        table = self.table()
        assert table is not None
        for _ in range(turns):
            top = self.app.stack.top
            if isinstance(top, PrivacyScene):
                self.take_the_seat(top)
                continue
            assert top is table, f"an unexpected screen: {top!r}"
            if table.sheet is not None:
                over = table.session.game.is_over
                self.seen.sheets.append((table.obs.round_number, over))
                if over or (rounds is not None and len(self.seen.sheets) >= rounds):
                    return table
                self.click(table.sheet.button.rect.center)
                self.frames(2)
                continue
            if table.my_turn and not table.hand_hidden and not table.animator.busy:
                self.turn(table)
                continue
            self.frames()
        raise AssertionError("the match did not end")

    def take_the_seat(self, screen: PrivacyScene) -> None:
        self.seen.privacy.append((screen.seat, screen.round_text, screen.label))
        self.frames(1, dt=GUARD)  # a click still in flight from the last turn is ignored
        self.click((self.app.size[0] // 2, self.app.size[1] // 2))
        self.frames(2)

    def advice(self, table: BuracoTableScene) -> Action:
        seat = table.viewer
        game = table.session.game
        bot = make_buraco_bot("hard", seat, table.session.seed)
        return bot.choose(game.observation(seat), game.legal_actions(seat))

    def turn(self, table: BuracoTableScene) -> None:
        """H, read the Pista, do it; the move must be in the log afterwards."""
        game = table.session.game
        action = self.advice(table)
        self.advised = action
        self.seen.hints.append(action)
        self.key(pygame.K_h, "h")
        assert table.toasts and table.toasts[-1].text == describe(action).words
        before = len(game.observation(table.viewer).events)
        refusals = len(self.seen.refusals)
        self.do(table, action)
        assert len(self.seen.refusals) == refusals, (action, self.seen.refusals[-1])
        after = game.observation(table.viewer).events
        done = [e for e in after[before:] if e.seat == action.seat]
        assert done, f"{action} not done"
        assert_as_advised(action, done)
        self.turns += 1
        self.advised = None

    def do(self, table: BuracoTableScene, action: Action) -> None:
        """The advised move by one of the gestures a person has: keys, clicks or drags, in
        turn, so all of them are tried along the match."""
        way = self.turns % 3
        layout = table.layout
        if isinstance(action, Draw):
            if way == 0:
                self.key(pygame.K_s, "s")
            else:
                self.click(layout.stock.center)
            return
        if isinstance(action, TakePile) and action.add is not None:
            assert table.keys.focus_meld() == action.add  # where the top card must go
            if way == 0:
                self.key(pygame.K_RETURN)
            else:
                self.click(table.places.melds[action.add].center)
            return
        if isinstance(action, TakePile):
            self.picked_are(
                table, [c for m in describe(action, table.obs.pile_top).melds for c in m]
            )
            if way == 0:
                self.key(pygame.K_p, "p")
            else:
                self.click(pile_spot(table))
            return
        if isinstance(action, LayDown):
            self.picked_are(table, [c for m in action.melds for c in m])
            if way == 0:
                self.key(pygame.K_l, "l")
            else:
                self.click(table.buttons["lay_down"].rect.center)
            return
        if isinstance(action, (Add, Swap)):
            cards = action.cards if isinstance(action, Add) else (action.card,)
            self.picked_are(table, [c.split("=")[0] for c in cards])
            box = table.places.melds[action.meld]
            assert table.keys.focus_meld() == action.meld  # the Pista aims at its meld
            if way == 0:
                self.key(pygame.K_RETURN)
            elif way == 2:
                rows = table.moves.rows_by_uid()
                self.drag(rows[table.moves.picked[0]].center, box.center)
            else:
                self.click(box.center)
            return
        if isinstance(action, Discard):
            self.picked_are(table, [action.card])
            if way == 0:
                self.key(pygame.K_d, "d")
            elif way == 1:
                self.click(pile_spot(table))
            else:
                rows = table.moves.rows_by_uid()
                self.drag(rows[table.moves.picked[0]].center, pile_spot(table))
            return
        raise AssertionError(f"the Pista advised {action}")

    def picked_are(self, table: BuracoTableScene, codes: list[str]) -> None:
        """The Pista lit the cards its move uses (the melds set aside count too)."""
        lit = [table.hand.code(u) for g in table.moves.staged for u in g]
        lit += table.moves.codes(table.moves.picked)
        assert Counter(lit) == Counter(codes), (lit, codes)


def pile_spot(table: BuracoTableScene) -> tuple[int, int]:
    pile = table.places.pile
    return pile[-1].center if pile else table.layout.pile_area.center


def final_title(table: BuracoTableScene) -> str:
    game = table.session.game
    assert game.winner is not None
    return tr("buraco.sheet.winner", names=side_name(table.names, game.winner))


KINDS = {Draw: "draw", TakePile: "take_pile", LayDown: "lay_down", Add: "add", Swap: "swap",
         Discard: "discard"}  # fmt: skip


def assert_as_advised(action: Action, done: list[Any]) -> None:
    """The move made is the one advised: its kind, and where it went (a discard may be
    followed by a morto or the round's end, a take of the pile by its melds)."""
    # (A morto may come first in place of an empty stock.)
    first = next((e for e in done if e.kind == KINDS[type(action)]), None)
    assert first is not None, (action, done)
    if isinstance(action, (Add, Swap)):
        assert first.meld == action.meld, (action, first)
    if isinstance(action, Discard):
        assert first.cards == (action.card,), (action, first)
    if isinstance(action, TakePile) and action.add is not None:
        assert any(e.meld == action.add for e in done), (action, done)
    if isinstance(action, TakePile) and action.melds:
        assert len(done) > 1, (action, done)
