"""The tables' toasts: a few words said just above where the player acted, fading after a
while (a refusal's with its sound). Mixed into both games' table scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from carioca_desktop.play.text import refusal_text
from carioca_desktop.ui.anim import Toast

if TYPE_CHECKING:
    from carioca_desktop.rules.errors import Refusal
    from carioca_desktop.ui.scene import Host


class _Scaled(Protocol):
    def upx(self, n: float) -> int: ...


class Toasting:
    """``toast`` and ``refuse`` for a table scene; its ``update`` calls ``age_toasts``. At most
    three stand; words said again move to the newest."""

    app: Host
    layout: _Scaled
    toasts: list[Toast]

    def refuse(self, refusal: Refusal, anchor: tuple[int, int]) -> None:
        self.toast(refusal_text(refusal), anchor)
        self.app.sounds.play("refuse")

    def toast(self, text: str, anchor: tuple[int, int]) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, (anchor[0], anchor[1] - self.layout.upx(24))))
        self.app.dirty()

    def age_toasts(self, dt: float) -> None:
        """The toasts still showing, each ``dt`` older."""
        self.toasts = [t for t in self.toasts if t.alive]
        for toast in self.toasts:
            toast.age += dt
