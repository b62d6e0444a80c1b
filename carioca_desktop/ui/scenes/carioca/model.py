"""What the table shows, as plain data, and the narrow face the moves and keys see.

The scene keeps one ``TableModel``: the viewer's observation and seat, their hand order and
lay-down slots, and what describe.py made of them (the slots' verdicts, the words, the
buttons' states). Moves, keys and painters read the model; only the scene refills it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from carioca_desktop.rules.carioca.actions import Action, LayDown
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.ui.scenes.carioca.slots import SlotsModel
from carioca_desktop.ui.scenes.carioca.view import SlotView, TableText
from carioca_desktop.ui.tablekit.hand import HandModel

if TYPE_CHECKING:
    import pygame

    from carioca_desktop.ui.scenes.carioca.input import Drag
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout
    from carioca_desktop.ui.scenes.carioca.view import TableView
    from carioca_desktop.ui.sprites import CardImages

LOG_LINES = 40  # move-log lines kept (the panel shows the last few)


@dataclass(frozen=True)
class Buttons:
    """The table buttons' states: Bajarse and Auto (shown, enabled), the sorts, Deshacer
    (enabled when the engine would take a move back), the Pista (None: hints are off, so it
    is hidden) and the card the engine offers the viewer to buy now (the offer prompt; None:
    no offer to answer)."""

    lay_down: bool = False
    auto: bool = False
    show_laydown: bool = False
    show_sorts: bool = False
    undo: bool = False
    hint: bool | None = None
    offer_card: str | None = None


@dataclass(frozen=True)
class Description:
    """What describe.py says about one observation (see ``TableModel.take``)."""

    slot_views: list[SlotView]
    can_lay_down: bool
    hint: str
    text: TableText
    buttons: Buttons


class Legal:
    """The viewer's legal moves in the current game state, asked of the engine once per
    state (``Game.legal_actions``; lay-downs, which it does not list, are checked when made).
    A drop, a key or a highlight reads this answer instead of asking ``check`` again."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._key: tuple[int, int] | None = None
        self._actions: frozenset[Action] = frozenset()
        self._undo: tuple[tuple[int, int], bool] | None = None

    def actions(self, seat: int) -> frozenset[Action]:
        key = (self._game.event_count, seat)
        if key != self._key:
            self._key = key
            self._actions = frozenset(self._game.legal_actions(seat))
        return self._actions

    def undoable(self, seat: int) -> bool:
        """Whether the engine would take back ``seat``'s last move now (the Deshacer
        button's state; asked once per state, as the legal list is)."""
        key = (self._game.event_count, seat)
        if self._undo is None or self._undo[0] != key:
            self._undo = (key, self._game.can_undo(seat))
        return self._undo[1]

    def allows(self, action: Action) -> bool:
        return action in self.actions(action.seat)

    def verdict(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else the engine's reason (asked only then)."""
        if isinstance(action, LayDown) or not self.allows(action):
            return self._game.check(action)  # the legal list has no lay-downs
        return None


@dataclass
class TableModel:
    """What the table shows. ``hands`` and ``slot_models`` are per viewer: at a hot seat each
    person keeps their own hand order and half-filled slots while the others play."""

    obs: Observation
    viewer: int
    legal: Legal
    human: bool = False  # the viewer is a person (their hand may be played from the table)
    hand_hidden: bool = False  # hot seat: no hand face up now
    hands_up: bool = False  # every other hand face up (the replay viewer's V): no backs
    hands: dict[int, HandModel] = field(default_factory=dict)
    slot_models: dict[int, SlotsModel] = field(default_factory=dict)
    slot_views: list[SlotView] = field(default_factory=list)
    can_lay_down: bool = False
    hint: str = ""  # why Bajarse is off although every slot reads as a meld
    text: TableText = field(default_factory=TableText)
    buttons: Buttons = field(default_factory=Buttons)
    log_lines: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    pozo_under: str | None = None  # the pozo's card under a discard in flight

    @property
    def hand(self) -> HandModel:
        return self.hands.setdefault(self.viewer, HandModel())

    @property
    def slots(self) -> SlotsModel:
        return self.slot_models.setdefault(self.viewer, SlotsModel())

    @property
    def playable(self) -> bool:
        """The viewer's hand is theirs to play from the table now."""
        return self.human and not self.hand_hidden

    def take(self, description: Description) -> None:
        self.slot_views = description.slot_views
        self.can_lay_down = description.can_lay_down
        self.hint = description.hint
        self.text = description.text
        self.buttons = description.buttons


class ModelParts:
    """The model's parts as attributes of the scene that owns it (``scene.hand`` is
    ``scene.model.hand``), read by the tutorial, the autoplay driver and the tests."""

    model: TableModel

    @property
    def obs(self) -> Observation:
        return self.model.obs

    @property
    def viewer(self) -> int:
        return self.model.viewer

    @property
    def hand(self) -> HandModel:
        return self.model.hand

    @property
    def slots(self) -> SlotsModel:
        return self.model.slots

    @property
    def slot_views(self) -> list[SlotView]:
        return self.model.slot_views

    @property
    def text(self) -> TableText:
        return self.model.text

    @property
    def hint(self) -> str:
        return self.model.hint

    @property
    def can_lay_down(self) -> bool:
        return self.model.can_lay_down

    @property
    def log_lines(self) -> deque[str]:
        return self.model.log_lines


class Table(Protocol):
    """All the moves and keys may do to the table scene: read the model and where things
    are, make a legal move, refuse one, speak, send a card home, and open a few screens."""

    @property
    def model(self) -> TableModel: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def view(self) -> TableView: ...

    @property
    def images(self) -> CardImages: ...

    @property
    def drag(self) -> Drag | None: ...

    @property
    def hover(self) -> int | None: ...

    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None: ...

    def refuse(self, refusal: Refusal, anchor: tuple[int, int]) -> None: ...

    def toast(self, text: str, anchor: tuple[int, int], seconds: float = ...) -> None: ...

    def glide_back(self, drag: Drag) -> None: ...

    def objection(self, action: Action) -> str | None: ...

    def arranged(self) -> None: ...

    def refresh(self) -> None: ...

    def sound(self, name: str) -> None: ...

    def dirty(self) -> None: ...

    def confirm_discard(self, card: str, yes: Callable[[], None]) -> bool: ...

    def ask_wild_end(
        self, ends: list[tuple[str, Callable[[], object]]], prefer_high: bool = False
    ) -> None: ...

    def round_end_click(self) -> bool: ...

    def open_pause(self) -> None: ...

    def show_keys(self) -> None: ...

    def ask_hint(self) -> None: ...

    def undo(self) -> None: ...

    def answer_confirm(self, yes: bool) -> bool: ...

    def greyed_lay_down(self, pos: tuple[int, int]) -> bool: ...
