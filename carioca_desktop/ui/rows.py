"""One line of a settings page (a label and its control), for the general pages and the
house-rule pages of both games (Buraco's rows are made in ui/scenes/buraco/houserules.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from carioca_desktop.i18n import tr

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


@dataclass
class Row:
    """One line of a settings page: a label and its control."""

    label: str
    kind: str  # "choice", "slider", "name" or "actions"
    options: Sequence[tuple[str, object]] = ()
    value: object = None
    change: Callable[[object], bool] | None = None
    wrap: bool = True
    actions: Sequence[tuple[str, Callable[[], object]]] = field(default_factory=tuple)
    about: str = ""  # a line explaining the row, under its label (Buraco's house rules)
    status: bool = False  # the about line says where the page stands (drawn in gold)
    greyed: bool = False  # its actions are shown but cannot be pressed (nothing to reset)


class HousePage(Protocol):
    """The settings page as a game's house rules use it: say a message, save a change, and
    rebuild the page once the event being handled is done."""

    app: Host
    _todo: list[Callable[[], object]]

    def _say(self, message: str, bad: bool = False) -> None: ...
    def _set(self, **changes: Any) -> bool: ...
    def rebuild(self) -> None: ...


def bool_options() -> list[tuple[str, object]]:
    return [(tr("common.no"), False), (tr("common.yes"), True)]
