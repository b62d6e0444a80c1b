"""The name box: a pygame_gui text entry whose text never starts with a character that draws
nothing, typed, pasted, set, or left first when what was before it is deleted.

pygame_gui stops the game with "Text has zero width" when a box's text draws nothing (a
combining mark typed first, U+FE0F left alone when the heart before it is deleted). A first
character is refused when its Unicode category says it draws nothing there
(``rules.names.starts_visibly``: marks, controls, format characters, separators, unassigned)
or when the shipped font gives it no width (U+FFFC, marks the font lacks), measured once per
character. Refused characters are dropped from where the name starts; elsewhere they are
left to the box's forbidden list and to ``clean_name``.
"""

from __future__ import annotations

from typing import Any

import pygame

from carioca_desktop.rules.names import starts_visibly
from carioca_desktop.ui.hintentry import HintEntry

_MEASURED: dict[str, bool] = {}


def draws_nothing(char: str, font: Any = None) -> bool:
    """Whether ``char`` alone draws nothing: by category, or by width in the shipped font."""
    if not starts_visibly(char):
        return True
    known = _MEASURED.get(char)
    if known is None:
        known = _MEASURED[char] = _zero_width(char, font)
    return known


def _zero_width(char: str, font: Any) -> bool:
    if font is None:
        from carioca_desktop.ui.theme import ui_font

        font = ui_font(18)
    try:
        return bool(font.size(char)[0] <= 0)
    except (pygame.error, ValueError, UnicodeError):
        return True


def visible_start(text: str, font: Any = None) -> str:
    """``text`` without the characters at its start that draw nothing."""
    start = 0
    while start < len(text) and draws_nothing(text[start], font):
        start += 1
    return text[start:]


class NameEntry(HintEntry):
    """A text entry (its hint dim) that keeps its first character one that draws something."""

    def __init__(self, *args: Any, initial_text: str | None = None, **kwargs: Any) -> None:
        text = None if initial_text is None else visible_start(initial_text)
        super().__init__(*args, initial_text=text, **kwargs)

    def _selection(self) -> tuple[int, int] | None:
        low, high = sorted(self.select_range)
        return (low, high) if high > low else None

    def _process_entered_character(self, character: str) -> bool:
        selection = self._selection()
        at = selection[0] if selection else self.edit_position
        if at == 0 and draws_nothing(character, self.font):
            return False  # it would be the first character, and draw nothing
        return bool(super()._process_entered_character(character))

    def _process_action_key_event(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            left = self._text_after_deleting(event.key)
            if left is not None and left != visible_start(left, self.font):
                self._replace_text(visible_start(left, self.font))
                return True
        return bool(super()._process_action_key_event(event))

    def _delete_text_in_selection_range(self) -> None:
        selection = self._selection() or (0, 0)
        left = self.text[: selection[0]] + self.text[selection[1] :]
        if left != visible_start(left, self.font):
            self._replace_text(visible_start(left, self.font))
            return
        super()._delete_text_in_selection_range()  # type: ignore[no-untyped-call]

    def _text_after_deleting(self, key: int) -> str | None:
        """The text a Backspace or Delete would leave (None: it deletes nothing)."""
        text, at = self.text, self.edit_position
        selection = self._selection()
        if selection:
            return text[: selection[0]] + text[selection[1] :]
        if key == pygame.K_BACKSPACE:
            return text[: at - 1] + text[at:] if at > 0 else None
        return text[:at] + text[at + 1 :] if at < len(text) else None

    def _replace_text(self, text: str) -> None:
        self.select_range = [0, 0]
        self.set_text(text)
        self.edit_position = 0
        self.cursor_has_moved_recently = True

    def validate_text_string(self, text_to_validate: str) -> bool:
        """Text set or pasted as a whole is refused if it starts with what draws nothing
        (a paste lands anywhere; refusing one that starts so is the safe side)."""
        if text_to_validate and draws_nothing(text_to_validate[0], self.font):
            return False
        return bool(super().validate_text_string(text_to_validate))
