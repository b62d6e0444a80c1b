"""The Buraco tutorial's script: a stacked round of the Brazilian game with a partner and two
opponents, and the steps a new player takes (draw, take the whole pile, lay down, complete a
buraco, add to the partner's meld, take the morto, go out).

No pygame here: the position (built by the engine's own ``BuracoGame.from_position``), the
bots' scripted moves and the step machine are plain values, so a test plays the whole
tutorial without a screen. The scene (ui/scenes/buraco/tutorial.py) draws the coach and asks
``BuracoTutorial`` whether each move is the one it waits for.

The round, move by move (meld indices in table order):

* You draw the 9♥ and lay down 5♥..9♥ (meld 0), then discard (the 9♣, say).
* Rui (right) discards the J♥; Bia, your partner, lays down 6♣ 7♣ 8♣ (meld 1) and discards
  the K♣; Teo (left) discards the 10♣. The pile is now K♦ 9♣ J♥ K♣ 10♣.
* You take the whole pile, lay down K♠ K♦ K♣ (meld 2), add 10♥ J♥ to your run (seven cards
  with no wild: a buraco limpo), add 9♣ 10♣ to Bia's run: your hand is empty and your side
  has not taken its morto, so you take it and play on. From the morto you lay down a run of
  spades with the joker (a buraco sujo) and three aces, and discard the 4♦: you go out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carioca_desktop.bots.buraco.players import EasyBot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.play.steps import StepCursor
from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    Swap,
    TakePile,
)
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.rules.buraco.ruleset import preset_rules

YOU, RIGHT, PARTNER, LEFT = 0, 1, 2, 3
NAMES = {RIGHT: "Rui", PARTNER: "Bia", LEFT: "Teo"}
SEED = 13  # the bots' seed, should one ever leave the script
YOUR_RUN, PARTNER_RUN, YOUR_SET = 0, 1, 2
HANDS = (
    ("5H", "6H", "7H", "8H", "10H", "KS", "9C"),
    ("JH", "3D", "7D", "QS", "4C", "8S", "AC"),
    ("6C", "7C", "8C", "KC", "5D", "9D", "JD"),
    ("10C", "3C", "6D", "QH", "JS", "5C", "KH"),
)
STOCK = ("9H", "4D", "QD", "8D", "2C", "7S", "3H", "JC", "QC", "6S", "AS", "5S", "10D", "9S",
         "KD", "3S", "4H", "2H", "JK", "8H", "AH", "QS", "6H", "10S")  # fmt: skip  # top first
PILE = ("KD",)  # the upcard
MORTOS = (
    ("4S", "5S", "6S", "JK", "8S", "9S", "10S", "AD", "AC", "AH", "4D"),  # yours, taken first
    ("2S", "3D", "5D", "7C", "9D", "JS", "QH", "KC", "AS", "8C", "6D"),
)
RUN = ("5H", "6H", "7H", "8H", "9H")
KINGS = ("KS", "KD", "KC")
SPADES = ("4S", "5S", "6S", "JK", "8S", "9S", "10S")  # the morto's buraco sujo
ACES = ("AD", "AC", "AH")
BOT_MOVES: dict[int, tuple[Action, ...]] = {
    RIGHT: (Draw(RIGHT), Discard(RIGHT, "JH")),
    PARTNER: (Draw(PARTNER), LayDown(PARTNER, (("6C", "7C", "8C"),)), Discard(PARTNER, "KC")),
    LEFT: (Draw(LEFT), Discard(LEFT, "10C")),
}


@dataclass(frozen=True)
class Step:
    """One instruction. ``expect`` names the kinds of move the step takes; ``meld`` the meld
    an add must go to; ``needs`` cards a lay-down must hold; ``until`` what must be true of
    the game before the next step (None: the move itself is enough). ``cards`` and
    ``target`` are what the coach lights (``"*"``: the whole hand)."""

    id: str
    expect: tuple[str, ...]  # of "draw" "take_pile" "lay_down" "add" "discard" "watch" "end"
    meld: int | None = None
    needs: tuple[str, ...] = ()
    until: str | None = None  # "buraco" | "morto" | "one_card" | "round_over"
    cards: tuple[str, ...] = ()
    target: str | None = None  # "stock" | "pile" | "our_zone" | "meld:<i>"

    def accepts(self, action: Action) -> bool:
        """Whether ``action`` (already legal) is one of this step's moves."""
        kinds: dict[str, type[Any]] = {"draw": Draw, "take_pile": TakePile, "lay_down": LayDown,
                                       "add": Add, "discard": Discard, "swap": Swap}  # fmt: skip
        if action.seat != YOU or not any(
            isinstance(action, kinds[k]) for k in self.expect if k in kinds
        ):
            return False
        if isinstance(action, Add) and self.meld is not None:
            return action.meld == self.meld
        if isinstance(action, LayDown) and self.needs:
            laid = [c.partition("=")[0] for meld in action.melds for c in meld]
            return all(code in laid for code in self.needs)
        return True


STEPS: tuple[Step, ...] = (
    Step("draw", ("draw",), cards=(), target="stock"),
    Step("lay_down", ("lay_down",), needs=RUN, cards=RUN, target="our_zone"),
    Step("discard", ("discard",), cards=("9C",), target="pile"),
    Step("watch", ("watch",)),
    Step("take_pile", ("take_pile",), target="pile"),
    Step("meld_set", ("lay_down",), needs=KINGS, cards=KINGS, target="our_zone"),
    Step("buraco", ("add",), YOUR_RUN, (), "buraco", ("10H", "JH"), f"meld:{YOUR_RUN}"),
    Step("partner", ("add",), PARTNER_RUN, (), "morto", ("9C", "10C"), f"meld:{PARTNER_RUN}"),
    Step("morto", ("lay_down", "add"), until="one_card", cards=SPADES + ACES, target="our_zone"),
    Step("go_out", ("discard",), until="round_over", cards=("*",), target="pile"),
    Step("done", ("end",)),
)


def step_met(step: Step, game: BuracoGame) -> bool:
    """Whether the game, as the player sees it, is where ``step.until`` wants it."""
    if step.until == "round_over":
        return game.round_over
    obs = game.observation(YOU)
    if step.until == "buraco":
        return obs.table[YOUR_RUN].buraco is not None
    if step.until == "morto":
        return obs.took_morto[YOU % 2] > 0
    if step.until == "one_card":
        return len(obs.hand) == 1
    return True


class BuracoTutorial(StepCursor[Step]):
    """Where the player is in ``STEPS``; every move of the player is reported here."""

    def __init__(self, steps: Sequence[Step] = STEPS) -> None:
        super().__init__(steps)

    @property
    def finished(self) -> bool:
        return self.step.expect == ("end",)

    def objects(self, action: Action) -> bool:
        """True if a legal move of the player is not one the step waits for (the scene then
        says the step's hint instead of making it). Other seats' moves pass."""
        if action.seat != YOU or self.step.accepts(action):
            return False
        self.nudged = True
        return True

    def moved(self, action: Action, game: BuracoGame) -> None:
        """The player's move was made (``game`` is after it)."""
        if self.step.accepts(action) and step_met(self.step, game):
            self._advance()
        self.watch(game)

    def watch(self, game: BuracoGame) -> None:
        """While the bots play: their turns are over once it is the player's again; a round
        that ended (however) ends the tutorial."""
        if self.step.expect == ("watch",) and game.current_player == YOU:
            self._advance()
        if game.round_over and not self.finished:
            self.index = len(self.steps) - 1
            self.nudged = False


class ScriptedBuracoBot(EasyBot):
    """A partner or an opponent who plays its ``BOT_MOVES`` in order; should the game ever
    leave the script, the easy bot (seeded) plays on."""

    def __init__(self, seat: int, moves: Sequence[Action] = ()) -> None:
        super().__init__(seat, SEED)
        self.moves = list(moves or BOT_MOVES.get(seat, ()))

    def choose(self, obs: BuracoObservation, legal: Sequence[Action]) -> Action:
        while self.moves:
            move = self.moves.pop(0)
            if isinstance(move, LayDown) or move in legal:
                return move  # a lay-down is not listed in ``legal``: the driver checks it
        return super().choose(obs, legal)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "scripted": len(self.moves)}


def tutorial_game(name: str) -> BuracoGame:
    """The stacked position: the Brazilian rules (the whole pile taken freely, any buraco to
    go out), short hands of seven cards, the player to draw first."""
    names = [name, NAMES[RIGHT], NAMES[PARTNER], NAMES[LEFT]]
    return BuracoGame.from_position(
        preset_rules("brasileiro"), [list(h) for h in HANDS], turn=YOU, stock=list(STOCK),
        pile=list(PILE), mortos=[list(m) for m in MORTOS], names=names,
    )  # fmt: skip


def tutorial_session(name: str) -> BuracoSession:
    """The tutorial's match: never autosaved (the player's own save stays), the bots'
    moves scripted."""
    seats = [SeatConfig(name, "human")]
    seats += [SeatConfig(NAMES[s], "bot", "easy") for s in (RIGHT, PARTNER, LEFT)]
    bots: dict[int, Any] = {s: ScriptedBuracoBot(s) for s in (RIGHT, PARTNER, LEFT)}
    return BuracoSession(tutorial_game(name), seats, SEED, bots, None, autosave=False)
