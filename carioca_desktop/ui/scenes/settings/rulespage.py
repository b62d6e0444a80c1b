"""The house-rules page, one machinery for both games: the game stepper, and the rows of the
game chosen (each game's own: ui/scenes/carioca/houserules.py, ui/scenes/buraco/houserules.py,
reached through the registry), every change checked by the engine and saved only when it is
accepted; a refused combination is explained and nothing changes."""

from __future__ import annotations

import pygame

from carioca_desktop.ui.newgame_parts import game_options
from carioca_desktop.ui.scenes.settings.base import SettingsBase
from carioca_desktop.ui.widgets import Stepper


class RulesPage(SettingsBase):
    """The house rules tab: the game stepper; the rows are the chosen game's."""

    def _game_stepper(self, body: pygame.Rect, x: int, width: int, rh: int) -> None:
        """Whose house rules the page shows, at the top right of the page."""
        rect = pygame.Rect(x, body.y + round(16 * self.u), width, rh)
        Stepper(self, rect, game_options(), self.game, self._show_game)

    def _show_game(self, game: object) -> bool:
        self.game, self.first, self.message = str(game), 0, ""
        self._todo.append(self.rebuild)
        return True
