"""The Buraco table's keys, as at the Carioca table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.rules.buraco.actions import Draw

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene


def key(t: BuracoTableScene, key: int) -> bool:
    """As at the Carioca table: Esc pauses; S draws from the stock, P points at the pile
    (take it, or put the one picked card on it), D discards the picked card, L or Enter
    lays down, G sets the picked cards aside as a meld, O sorts, H asks for the Pista,
    Backspace lets go; with the round sheet up, Enter goes on."""
    if key == pygame.K_ESCAPE:
        t.open_pause()
        return True
    if t.sheet is not None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if t.session.game.is_over:
                t.to_menu()
            else:
                t.next_round()
            return True
        return False
    if t.hand_hidden:
        return False
    commands = {
        pygame.K_s: lambda: t.try_action(Draw(t.viewer), t.layout.stock.midtop),
        pygame.K_p: t.moves.pile,
        pygame.K_d: t.moves.discard,
        pygame.K_l: t.moves.lay_down,
        pygame.K_RETURN: t.moves.lay_down,
        pygame.K_KP_ENTER: t.moves.lay_down,
        pygame.K_g: t.moves.group,
        pygame.K_o: t.moves.sort,
        pygame.K_h: t.ask_hint,
        pygame.K_BACKSPACE: t.moves.clear,
    }
    command = commands.get(key)
    if command is None:
        return False
    command()
    return True
