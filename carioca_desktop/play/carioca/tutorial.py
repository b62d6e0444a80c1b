"""The tutorial's script: a stacked round against one bot, and the steps a new player takes.

No pygame here: the position, the bot's scripted moves and the step machine are plain
values, so a test can play the whole tutorial without a screen. The scene
(ui/scenes/carioca/tutorial.py) draws the coach and asks ``Tutorial`` what each move means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.play.steps import StepCursor
from carioca_desktop.rules.carioca.actions import (
    POZO,
    STOCK,
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    Swap,
)
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules

CONTRACT = "1T1E"  # "1 trío + 1 escala": both kinds of meld in one lay-down
YOU, BOT = 0, 1
BOT_NAME = "Rosa"
HAND = ("7S", "7D", "3H", "4H", "5H", "6H", "KC", "10H", "9D")
BOT_HAND = ("10C", "10D", "JK", "8S", "9S", "10S", "JS", "2C", "4D")
POZO_CARDS = ("5C", "7C")  # the top card last: the 7♣ completes the player's trío
STOCK_CARDS = ("QD", "7H", "AS", "8C", "KD", "3S", "6C", "JD", "2H", "9C", "5S", "QC", "4S",
               "8D", "AH", "6S", "JC", "3D", "KH", "9H")  # fmt: skip
# The table after both lay-downs: the player's trío and escala, then Rosa's.
YOUR_TRIO, YOUR_ESCALA, BOT_TRIO = 0, 1, 2
BOT_MOVES: tuple[Action, ...] = (
    Draw(BOT, STOCK),
    LayDown(BOT, (("10C", "10D", "JK"), ("8S", "9S", "10S", "JS"))),
    Discard(BOT, "QD"),
)


@dataclass(frozen=True)
class Step:
    """One instruction. ``expect`` names the move that completes it; ``card`` is the card it
    must use (None: any), ``avoid`` one it must not; ``cards`` and ``target`` are what the
    coach lights ("*" lights the whole hand). An ``optional`` step gives way when the
    player makes the next step's move instead (so it never blocks)."""

    id: str
    expect: str  # "draw" | "arrange" | "lay_down" | "discard" | "watch" | "add" | "swap" | "end"
    source: str | None = None
    card: str | None = None
    avoid: str | None = None
    cards: tuple[str, ...] = ()
    target: str | None = None
    optional: bool = False

    def accepts(self, action: Action) -> bool:
        """Whether ``action`` (already legal) is this step's move."""
        kinds: dict[str, type[Any]] = {"draw": Draw, "lay_down": LayDown, "discard": Discard,
                                       "add": Add, "swap": Swap}  # fmt: skip
        kind = kinds.get(self.expect)
        if kind is None or not isinstance(action, kind) or action.seat != YOU:
            return False
        if isinstance(action, Draw):
            return self.source is None or action.source == self.source
        card = getattr(action, "card", None)
        if isinstance(card, str):
            bare = card.partition("=")[0]
            if self.card is not None and bare != self.card:
                return False
            if self.avoid is not None and bare == self.avoid:
                return False
        return True


STEPS: tuple[Step, ...] = (
    Step("draw", "draw", source=POZO, cards=("7S", "7D"), target="pozo"),
    Step("arrange", "arrange", target="sort", optional=True),
    Step("lay_down", "lay_down", cards=("7S", "7D", "7C", "3H", "4H", "5H", "6H"), target="slots"),
    Step("discard", "discard", avoid="10H", cards=("KC",), target="pozo"),
    Step("watch", "watch"),
    Step("draw_stock", "draw", source=STOCK, target="stock"),
    Step("add", "add", card="7H", cards=("7H",), target=f"meld:{YOUR_ESCALA}"),
    Step("swap", "swap", card="10H", cards=("10H",), target=f"meld:{BOT_TRIO}"),
    Step("joker", "add", card="JK", cards=("JK",), target=f"meld:{YOUR_TRIO}"),
    Step("go_out", "discard", cards=("*",), target="pozo"),
    Step("done", "end"),
)


class Tutorial(StepCursor[Step]):
    """Where the player is in ``STEPS``; every move and arrangement is reported here."""

    def __init__(self, steps: Sequence[Step] = STEPS) -> None:
        super().__init__(steps)

    @property
    def finished(self) -> bool:
        return self.step.expect == "end"

    def _next(self) -> Step | None:
        return self.steps[self.index + 1] if self.index + 1 < len(self.steps) else None

    def objects(self, action: Action) -> bool:
        """True if a legal move is not the one the tutorial waits for (the scene then says
        the step's gentle hint instead of making it)."""
        if self.step.accepts(action):
            return False
        after = self._next()
        if self.step.optional and after is not None and after.accepts(action):
            return False
        self.nudged = True
        return True

    def moved(self, action: Action) -> None:
        """The player's move was made."""
        if self.step.accepts(action):
            self._advance()
        elif self.step.optional and (after := self._next()) and after.accepts(action):
            self._advance(2)

    def arranged(self) -> None:
        """The player sorted or reordered the hand."""
        if self.step.expect == "arrange":
            self._advance()

    def watch(self, game: Game) -> None:
        """While the bot plays: its turn is over once it is the player's again (or the
        round ended)."""
        if self.step.expect == "watch" and game.current_player in (YOU, None):
            self._advance()
        if game.current_player is None and not self.finished:
            self.index = len(self.steps) - 1


class ScriptedBot:
    """Rosa: plays ``BOT_MOVES`` in order (then draws and discards, should the player wander
    off the script)."""

    level = "easy"

    def __init__(self, seat: int = BOT, moves: Sequence[Action] = BOT_MOVES) -> None:
        self.seat = seat
        self.moves = list(moves)

    def choose(self, obs: Observation, legal: Sequence[Any]) -> Any:
        while self.moves:
            move = self.moves.pop(0)
            if isinstance(move, LayDown) or move in legal:
                return move
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return draws[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]

    def to_dict(self) -> dict[str, Any]:
        return {"level": "scripted", "seat": self.seat, "moves": len(self.moves)}


def tutorial_game(name: str) -> Game:
    """The stacked position: a one-round match of the classic rules whose round is the
    classic round 2, the player to draw first (the header says "Ronda 1 de 1")."""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2, "rounds": [CONTRACT]})
    return from_position(
        rules, [list(HAND), list(BOT_HAND)], round_number=1, turn=YOU,
        stock=list(STOCK_CARDS), pozo=list(POZO_CARDS), names=[name, BOT_NAME],
    )  # fmt: skip


def tutorial_session(name: str) -> MatchSession:
    """The tutorial's match: never autosaved (the player's own save stays), no Pista (the
    coach lights the way), and Rosa's moves scripted."""
    seats = [SeatConfig(name, "human"), SeatConfig(BOT_NAME, "bot", "easy")]
    bots: dict[int, Any] = {BOT: ScriptedBot()}
    return MatchSession(
        tutorial_game(name), seats, 0, "clasico", bots, None, autosave=False, hints=False
    )
