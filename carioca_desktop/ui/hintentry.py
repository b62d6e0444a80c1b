"""A text box whose placeholder (its hint) is drawn dimmer than a typed value, so an empty box
does not look filled in: pygame_gui 0.6.14 draws both in the same ``normal_text`` colour, so
an empty box takes the theme's ``@hint`` class (a dimmer ``normal_text``) until it holds text."""

from __future__ import annotations

from typing import Any

from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextEntryLine

HINT_CLASS = "@hint"


class HintEntry(UITextEntryLine):
    """A ``UITextEntryLine`` whose hint is dim (see the module's words)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._own_id = self.object_ids[-1] if self.object_ids else None
        self._dim = False
        self.show_hint()

    def show_hint(self) -> None:
        """Dim while the box is empty (the hint, or nothing while it has the cursor)."""
        dim = not self.text and bool(self.placeholder_text)
        if dim == self._dim:
            return
        self._dim = dim
        self.change_object_id(ObjectID(class_id=HINT_CLASS if dim else None,
                                       object_id=self._own_id))  # fmt: skip

    def set_text(self, text: str | None) -> None:
        super().set_text(text)
        self.show_hint()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self.show_hint()  # typed, pasted or deleted since the last frame
