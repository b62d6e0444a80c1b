"""What the two New game screens (Carioca's newgame.py, Buraco's buraco/newgame.py) share: the
panels and bar, the game stepper, the seats' name entries, the warning before a saved match is
abandoned, and the felt oval of the little table with a seat's badge and name.

``name_entry`` also serves Settings (the player's name)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.rules.names import NAME_MAX, clean_name, invisible_chars
from carioca_desktop.storage import has_autosave, load_autosave
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.widgets import (
    Focusable,
    Stepper,
    UIScene,
    draw_text,
    fit,
    gold_title,
    panel,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

GAMES = games.GAMES


def game_options() -> list[tuple[str, object]]:
    return [(tr(f"buraco.newgame.game_{g}"), g) for g in GAMES]


def name_entry(scene: UIScene, rect: pygame.Rect, text: str, placeholder: str) -> UITextEntryLine:
    """A name's entry (at most NAME_MAX characters, no invisible ones), in the focus ring."""
    box = scene.holder(rect)
    entry = UITextEntryLine(
        pygame.Rect((0, 0), rect.size),
        scene.app.manager,
        box,
        initial_text=text,
        placeholder_text=placeholder,
    )
    entry.set_text_length_limit(NAME_MAX)
    entry.set_forbidden_characters(list(invisible_chars()))  # zero-width text breaks drawing
    scene.focus.add(Focusable(scene.add(entry)))
    return entry


def saved_match_lines(host: Host) -> list[str]:
    """The match in progress in words (players, rules, round, when it was saved); nothing when
    the save cannot be read (the menu reports a damaged one)."""
    from carioca_desktop.play.resume import session_from_dict

    try:
        paths = host.paths
        session, _, _ = load_autosave(paths, lambda d: session_from_dict(d, paths))
        when = datetime.fromtimestamp(paths.autosave_file.stat().st_mtime)
    except OSError:
        return []
    return host.routes.saved_lines(session, when)


def paint_oval(surface: pygame.Surface, oval: pygame.Rect) -> None:
    """The little table's felt: wood, a gold rim and green cloth, drawn large and scaled down."""
    big = pygame.Surface((oval.w * 2, oval.h * 2), pygame.SRCALPHA)
    pygame.draw.ellipse(big, (92, 60, 24), big.get_rect())
    pygame.draw.ellipse(big, theme.GOLD, big.get_rect().inflate(-14, -14), 4)
    pygame.draw.ellipse(big, (26, 96, 56), big.get_rect().inflate(-28, -28))
    surface.blit(pygame.transform.smoothscale(big, oval.size), oval)


def paint_place(
    surface: pygame.Surface,
    seat: int,
    name: str,
    label: str,
    size: int,
    centre: tuple[int, int],
    text_at: tuple[float, float],
    fnt: pygame.font.Font,
    width: int,
) -> None:
    """A seat at the little table: its badge at ``centre``, its name (fitted) at ``text_at``."""
    badge = hud.avatar(seat, name, size // 2, label)
    surface.blit(badge, badge.get_rect(center=centre))
    draw_text(surface, fit(name, fnt, width), fnt, text_at, theme.TEXT, "midtop")


class NewGameBase(UIScene):
    """A New game screen: the seats' panel at the left, the rules' at the right, Back and Start
    below, the game stepper at the top right; each game's screen fills them."""

    game = ""  # a name in games.GAMES

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._entries: dict[Any, int] = {}

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The seats' panel, the rules' panel and the bar below them."""
        w, h = self.size
        m = round(24 * self.k)
        top = round(92 * self.k)
        bar_h = round(64 * self.u)
        left_w = round((w - 3 * m) * 0.56)
        seats = pygame.Rect(m, top, left_w, h - top - m - bar_h)
        rules = pygame.Rect(seats.right + m, top, w - seats.right - 2 * m, seats.h)
        bar = pygame.Rect(m, seats.bottom + m // 2, w - 2 * m, bar_h - m // 2)
        return seats, rules, bar

    # ------------------------------------------------------------------ controls
    def _game_control(self, rh: int) -> None:
        """The game comes first: a stepper at the top right goes to the other game's screen."""
        w = self.size[0]
        rect = pygame.Rect(
            w - round(24 * self.k) - round(320 * self.u),
            round(26 * self.k),
            round(320 * self.u),
            rh,
        )
        Stepper(self, rect, game_options(), self.game, self._set_game)

    def _set_game(self, value: object) -> bool:
        if value != self.game and value in GAMES:
            self._todo.append(lambda: self.app.routes.switch_game(str(value)))
        return True

    def _seat_entry(self, index: int, rect: pygame.Rect, text: str, placeholder: str) -> None:
        self._entries[name_entry(self, rect, text, placeholder)] = index

    def _bar(self, bar: pygame.Rect, middle: Callable[[], object] | None = None) -> Any:
        """Back at the left and Start at the right (``middle`` builds what sits between them,
        in the focus order between them); returns Start."""
        bw = round(min(260 * self.u, bar.w * 0.3))
        self.button(pygame.Rect(bar.x, bar.y, bw, bar.h), tr("common.back"), self.back)
        if middle is not None:
            middle()
        return self.button(
            pygame.Rect(bar.right - bw, bar.y, bw, bar.h),
            tr("newgame.start"),
            self.start,
            "primary",
        )

    def _named(self, index: int, name: str) -> None:
        """A seat's name typed (cleaned)."""
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self._entries:
            self._named(self._entries[event.ui_element], clean_name(event.text))
            self.repaint()  # the avatars' initials, the sides' headings, the little table
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ start
    def start(self, abandon: bool = False) -> None:
        raise NotImplementedError

    def _ask_abandon(self) -> bool:
        """Whether a saved match stands in the way: then the player is asked first (yes
        starts again, abandoning it) and True is returned."""
        if not has_autosave(self.app.paths):
            return False
        details = [*saved_match_lines(self.app), tr("newgame.abandon_lost")]
        self.app.push(
            self.app.routes.confirm(
                tr("newgame.abandon_title"),
                details,
                tr("newgame.abandon_yes"),
                tr("newgame.abandon_no"),
                lambda: self.start(abandon=True),
            )
        )
        return True

    # ------------------------------------------------------------------ picture
    def _paint_panels(self, surface: pygame.Surface, title: str) -> None:
        """The title at the top left, the seats' panel framed in gold, the rules' panel."""
        seats, rules, _ = self._areas()
        image = gold_title(title, round(40 * self.k))
        surface.blit(image, image.get_rect(midleft=(seats.x, round(48 * self.k))))
        panel(surface, seats, border=theme.GOLD)
        panel(surface, rules)
