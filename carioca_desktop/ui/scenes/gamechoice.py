"""Which game? Carioca or Buraco, over the dimmed menu: the menu's Tutorial and Rules ask it
first, so a player who came for Buraco finds its tutorial and its rules where a new player
looks (the main menu), not only on the Buraco new-game screen or at a Buraco table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

GAMES = games.GAMES
NS = "buraco_tutorial.choose"


class GameChoiceScene(UIScene):
    """``title`` over one button per game (with a line about it) and Back; the chosen
    game's ``open`` runs once this dialog has closed (so it may push its own scene)."""

    opaque = False
    dim_alpha = 170

    def __init__(self, app: Host, title: str, open_game: Callable[[str], object]) -> None:
        super().__init__(app)
        self.title = title
        self.open_game = open_game

    def _box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, round(620 * self.u)), round(400 * self.u))
        box.center = (w // 2, h // 2)
        return box

    def _game_rect(self, index: int) -> pygame.Rect:
        box, u = self._box(), self.u
        return pygame.Rect(
            box.x + round(50 * u), box.y + round((96 + index * 104) * u), box.w - round(100 * u),
            round(52 * u),
        )  # fmt: skip

    def build(self) -> None:
        for index, game in enumerate(GAMES):
            self.button(self._game_rect(index), tr(f"{NS}.{game}"), self._chooser(game),
                        "primary" if index == 0 else None)  # fmt: skip
        box, u = self._box(), self.u
        back = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        back.midbottom = (box.centerx, box.bottom - round(20 * u))
        self.button(back, tr("common.back"), self.back, "flat")
        self.focus.restore(0)

    def _chooser(self, game: str) -> Callable[[], None]:
        return lambda: self.choose(game)

    def choose(self, game: str) -> None:
        self.app.pop()
        self.open_game(game)

    def back(self) -> None:
        self.app.pop()

    def paint(self, surface: pygame.Surface) -> None:
        box, u = self._box(), self.u
        panel(surface, box, alpha=255, border=theme.GOLD)
        title = gold_title(self.title, round(30 * u), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(18 * u))))
        small = font(round(15 * u))
        for index, game in enumerate(GAMES):
            rect = self._game_rect(index)
            at = (rect.centerx, rect.bottom + round(8 * u))
            draw_text(surface, tr(f"{NS}.{game}_about"), small, at, theme.TEXT_DIM, "midtop")
