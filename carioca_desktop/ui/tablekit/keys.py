"""Keys both tables read the same way."""

from __future__ import annotations

import pygame

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""Enter and the keypad's Enter: play the focused thing."""
