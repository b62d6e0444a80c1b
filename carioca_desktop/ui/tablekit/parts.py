"""What any table's parts (its frame, flights, rehearsal, overlays) may ask of their scene,
whichever the game: each game's own protocol (``ui/scenes/carioca/tablehost.py``,
``ui/scenes/buraco/tablehost.py``) adds that game's model, session and layout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from carioca_desktop.ui.anim import Animator, Toast
    from carioca_desktop.ui.scene import Autoplay, Host
    from carioca_desktop.ui.sprites import CardImages, TextCache


class SharedTable(Protocol):
    """A table scene of either game, as its parts see it."""

    @property
    def app(self) -> Host: ...
    @property
    def autoplay(self) -> Autoplay | None: ...
    @property
    def viewer(self) -> int: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def texts(self) -> TextCache: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def toasts(self) -> list[Toast]: ...

    def toast(self, text: str, anchor: tuple[int, int], seconds: float = ...) -> None: ...
