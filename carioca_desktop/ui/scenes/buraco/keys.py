"""The Buraco table from the keyboard, as the Carioca table (ui/scenes/carioca/keys.py): a focus
ring moved by the arrows and Tab, Space picks, one key per move.

The focus lives in one of three zones: the hand (the arrows move it along the cards, Shift
moves the focused card), the piles (the stock, the pile) and the side's melds (targets: lit
green when they would take the picked cards, red when not, as under a dragged card). Every
key ends in one of the moves a click or a drop makes (``BuracoMoves``), so the engine judges
it as it judges the mouse. The help overlay (ui/scenes/keys.py, F1 or ?) lists ``KEYS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import for_players
from carioca_desktop.rules.buraco.actions import Draw
from carioca_desktop.ui.scenes.buraco.cards import badge_top
from carioca_desktop.ui.tablekit.keys import ENTER

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.moves import BuracoMoves
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost

ZONES = ("hand", "piles", "melds")

# The help overlay's rows: (keys as shown, the i18n key of their meaning); a "%" word is
# translated (keys.label.*). Meanings the two tables share are Carioca's words.
KEYS: tuple[tuple[str, str], ...] = (
    ("← →", "keys.do.focus"),
    ("%shift + ← →", "keys.do.shift"),
    ("%space", "keys.do.pick"),
    ("Tab", "buraco_keys.do.tab"),
    ("%enter", "buraco_keys.do.enter"),
    ("S", "keys.do.stock"),
    ("P", "buraco_keys.do.pile"),
    ("D", "keys.do.discard"),
    ("L", "buraco_keys.do.lay_down"),
    ("G", "buraco_keys.do.group"),
    ("O", "keys.do.sort"),
    ("H", "keys.do.hint"),
    ("%backspace", "buraco_keys.do.clear"),
    ("Ctrl + Z", "keys.do.undo"),
    ("Esc", "buraco_keys.do.escape"),
    ("F1  ?", "keys.do.help"),
    ("F11", "keys.do.fullscreen"),
)
CLICKS = (
    "buraco_keys.click_draw",
    "keys.click_pick",
    "buraco_keys.click_target",
    "buraco_keys.click_drag",
)


def help_rows(players: int) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """``KEYS`` and ``CLICKS`` with the 2-player wording where there is one (no "pair")."""
    keys = tuple((shown, for_players(key, players)) for shown, key in KEYS)
    return keys, tuple(for_players(key, players) for key in CLICKS)


class BuracoKeys:
    """The keyboard focus (``zone``; outside the hand, ``index``) and the move keys."""

    def __init__(self, table: BuracoTableHost, moves: BuracoMoves) -> None:
        self.t = table
        self.moves = moves
        self.zone = "hand"
        self.index = 0
        self.shown = False  # the focus ring shows once the keyboard is used

    # ------------------------------------------------------------------ entry
    def handle(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN; True if it meant something here."""
        t = self.t
        key, mod = event.key, getattr(event, "mod", 0)
        if key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            t.show_keys()
            return True
        if key == pygame.K_ESCAPE:
            return self._escape()
        if t.sheet is not None:
            if key in (*ENTER, pygame.K_SPACE):
                if t.session.game.is_over:
                    t.to_menu()
                else:
                    t.next_round()
                return True
            return False
        if t.hand_hidden or self.moves.dragging is not None:
            return False
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            t.undo()
            return True
        shift = bool(mod & pygame.KMOD_SHIFT)
        done = self._navigate(key, shift) or self._move(key)
        if done:
            self.shown = True
            t.sync()
        return done

    def _escape(self) -> bool:
        """Esc lets go of what is in hand (a drag, the picked cards, the melds set aside, the
        focus on a target); with nothing to let go, the pause menu."""
        moves = self.moves
        if moves.pressed is not None or moves.dragging is not None:
            moves.pressed, moves.dragging = None, None
        elif moves.picked or moves.staged or self.zone != "hand":
            moves.picked, moves.staged = [], []
            self.zone, self.index = "hand", 0
        else:
            self.t.open_pause()
            return True
        self.t.sync()
        return True

    def aim(self, meld: int | None) -> None:
        """The focus on one of the side's melds, its ring shown (the Pista's target: Enter
        then plays the picked cards there)."""
        melds = self.melds()
        if meld in melds:
            self.zone, self.index, self.shown = "melds", melds.index(meld), True

    def pointer_used(self) -> None:
        """The mouse took over: the ring hides until the next key."""
        self.shown = False

    # ------------------------------------------------------------------ focus
    def melds(self) -> list[int]:
        """The melds a key can aim at: the viewer's side's, in table order."""
        obs = self.t.obs
        return [i for i, m in enumerate(obs.table) if m.side == obs.seat % 2]

    def _navigate(self, key: int, shift: bool) -> bool:
        hand, visible = self.t.hand, self.moves.visible()
        if key == pygame.K_TAB:
            self._cycle(-1 if shift else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = -1 if key == pygame.K_LEFT else 1
            if self.zone != "hand":
                count = 2 if self.zone == "piles" else len(self.melds())
                self.index = max(0, min(count - 1, self.index + delta))
            elif shift and hand.focus is not None:
                hand.shift(hand.focus, delta, visible)  # the person's own order, kept
            else:
                hand.step_focus(delta, visible)
        elif key in (pygame.K_HOME, pygame.K_END) and self.zone == "hand":
            hand.focus = visible[0 if key == pygame.K_HOME else -1] if visible else None
        elif key == pygame.K_SPACE or (key in ENTER and self.zone == "hand"):
            if hand.focus not in visible:
                hand.step_focus(1, visible)
            if hand.focus is not None:
                self.moves.toggle(hand.focus)
        elif key in ENTER:
            self._enter()
        elif key == pygame.K_BACKSPACE:
            self.moves.picked, self.moves.staged = [], []
        else:
            return False
        return True

    def _cycle(self, delta: int) -> None:
        zones = [z for z in ZONES if z != "melds" or self.melds()]
        at = zones.index(self.zone) if self.zone in zones else 0
        self.zone = zones[(at + delta) % len(zones)]
        self.index = 0
        if self.zone == "piles" and self.t.obs.phase == "play":
            self.index = 1  # after drawing, the pile is where a card goes

    def focus_meld(self) -> int | None:
        """The meld (table index) under the keyboard's focus, if any."""
        melds = self.melds()
        if not self.shown or self.zone != "melds" or self.index >= len(melds):
            return None
        return melds[self.index]

    def focus_rect(self) -> pygame.Rect | None:
        """Where the focus ring goes (None while hidden or with nothing focused)."""
        t = self.t
        if not self.shown or t.hand_hidden or t.sheet is not None:
            return None
        if self.zone == "hand":
            rows = self.moves.rows_by_uid()
            return rows.get(t.hand.focus) if t.hand.focus is not None else None
        if self.zone == "piles":
            if self.index == 0:
                return t.layout.stock
            pile = t.places.pile
            return pile[0].unionall(pile) if pile else t.layout.pile_area
        meld = self.focus_meld()
        box = t.places.melds.get(meld) if meld is not None else None
        if box is None:
            return None
        # Outside the green or red frame that says whether the meld takes the picked cards, and
        # above the meld's badges (the ring crossed its length badge).
        ring = box.inflate(t.layout.upx(12), t.layout.upx(12))
        top = badge_top(box, t.layout.upx) - t.layout.upx(3)
        return ring.union(pygame.Rect(ring.left, top, ring.width, 1))

    # ------------------------------------------------------------------ acting
    def _with_focused(self) -> bool:
        """Nothing picked: the focused card is (the keys act on it, as Carioca's do)."""
        hand, moves = self.t.hand, self.moves
        if not moves.picked and hand.focus in moves.visible():
            moves.picked = [hand.focus] if hand.focus is not None else []
        return bool(moves.picked)

    def _enter(self) -> None:
        t = self.t
        if self.zone == "piles":
            if self.index == 0:
                t.try_action(Draw(t.viewer), t.layout.stock.midtop)
            else:
                if t.obs.phase == "play":
                    self._with_focused()
                self.moves.pile()
            return
        meld = self.focus_meld()
        if meld is None:
            return
        box = t.places.melds.get(meld)
        anchor = box.midtop if box is not None else t.layout.our_zone.midtop
        if t.obs.phase == "draw" and not self.moves.picked:
            self.moves.onto_meld(meld, anchor)  # the pile's top card to it, where it must go
            return
        if not self._with_focused():
            t.toast(tr("buraco.pick_to_add"), anchor)
            return
        self.moves.onto_meld(meld, anchor)

    def _move(self, key: int) -> bool:
        t, moves = self.t, self.moves
        if key == pygame.K_s:
            t.try_action(Draw(t.viewer), t.layout.stock.midtop)
        elif key == pygame.K_p:
            moves.pile()
        elif key == pygame.K_d:
            if len(moves.picked) <= 1:
                self._with_focused()
            moves.discard()
        elif key == pygame.K_l:
            moves.lay_down()
        elif key == pygame.K_g:
            moves.group()
        elif key == pygame.K_o:
            moves.sort()
        elif key == pygame.K_h:
            t.ask_hint()
        else:
            return False
        self._refocus()
        return True

    def _refocus(self) -> None:
        """Keep the focus on a card still in the hand (once there is a focus)."""
        hand, visible = self.t.hand, self.moves.visible()
        if hand.focus is not None and hand.focus not in visible:
            hand.focus = visible[0] if visible else None
