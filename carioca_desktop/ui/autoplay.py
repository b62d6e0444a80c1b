"""``carioca --autoplay``: every seat a bot at top speed, R rounds, screenshots, then quit.

With ``--screenshot PATH`` two PNGs are written: PATH itself mid-round (a few moves after the
first lay-down, or at the round's end if nobody lays down) and, at the end, PATH with
``-end`` before the extension (``shot.png`` → ``shot-end.png``). Nothing is saved: the
session runs with ``autosave=False``, so the player's autosave and statistics are untouched.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules

if TYPE_CHECKING:
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.ui.scene import AutoplayOptions, Host

log = logging.getLogger(__name__)

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena", "Felipe", "Gabi", "Hugo")
SEAT_LEVELS = ("hard", "normal", "easy", "normal", "hard", "easy", "normal", "hard")  # by seat
MOVES_AFTER_LAYDOWN = 8  # the mid-round shot waits a little, so the table has more on it
MAX_MOVES_PER_ROUND = 4000  # a safety net: no real round comes near (bots always go out)


class AutoplayTable(Protocol):
    """What the driver uses of either game's table scene (it imports no screen)."""

    @property
    def app(self) -> Host: ...
    @property
    def obs(self) -> Any: ...  # the shown seat's observation: ``table`` once anyone laid down
    @property
    def session(self) -> Any: ...  # the match: ``game.is_over``, ``next_round()``
    @property
    def animator(self) -> Any: ...  # ``finish()``: the shot shows the cards at rest

    def sync(self) -> Any: ...


def end_path(path: str) -> str:
    """``shot.png`` → ``shot-end.png`` (the screenshot taken when autoplay finishes)."""
    p = Path(path)
    return str(p.with_name(f"{p.stem}-end{p.suffix or '.png'}"))


def autoplay_session(options: AutoplayOptions) -> MatchSession:
    rules = CariocaRules.from_dict({"preset": options.preset, "players": options.players})
    seats = [SeatConfig(NAMES[i], "bot", SEAT_LEVELS[i]) for i in range(options.players)]
    return MatchSession.new(rules, seats, options.seed, autosave=False)


class AutoplayDriver:
    """Takes the decisions a person would at round end, and the screenshots."""

    def __init__(self, options: AutoplayOptions) -> None:
        self.options = options
        self.rounds_done = 0
        self.moves = 0
        self.after_laydown: int | None = None
        self.mid_taken = options.screenshot is None

    def after_move(self, scene: AutoplayTable) -> None:
        self.moves += 1
        if self.after_laydown is None and scene.obs.table:
            self.after_laydown = 0
        elif self.after_laydown is not None:
            self.after_laydown += 1
        if not self.mid_taken and (self.after_laydown or 0) >= MOVES_AFTER_LAYDOWN:
            self._shoot(scene, mid=True)
        if self.moves > MAX_MOVES_PER_ROUND:
            log.error("autoplay: round %d did not end; stopping", self.rounds_done + 1)
            self._finish(scene)

    def round_over(self, scene: AutoplayTable) -> None:
        self.rounds_done += 1
        if not self.mid_taken:
            self._shoot(scene, mid=True)
        if self.rounds_done >= self.options.rounds or scene.session.game.is_over:
            self._finish(scene)
            return
        self.moves, self.after_laydown = 0, None
        scene.session.next_round()
        scene.sync()

    def _finish(self, scene: AutoplayTable) -> None:
        log.info("autoplay: stopped, match over: %s", scene.session.game.is_over)
        if self.options.screenshot:
            self._shoot(scene, mid=False)
        scene.app.quit()

    def _shoot(self, scene: AutoplayTable, mid: bool) -> None:
        path = self.options.screenshot
        if path is None:
            return
        target = path if mid else end_path(path)
        scene.animator.finish()
        scene.app.manager.update(0.0)
        scene.app.screenshot(target)
        self.mid_taken = self.mid_taken or mid
        log.info("autoplay: screenshot %s", target)


BURACO_LEVELS = ("hard", "normal", "normal", "easy")  # by seat: each side a strong and a weaker


def buraco_autoplay_session(options: AutoplayOptions) -> BuracoSession:
    """Every seat a Buraco bot; ``--players`` is ignored: the preset says 4 or 2."""
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.rules.buraco.ruleset import preset_rules

    rules = preset_rules(options.preset)
    seats = [SeatConfig(NAMES[i], "bot", BURACO_LEVELS[i]) for i in range(rules.players)]
    return BuracoSession.new(rules, seats, options.seed, autosave=False)


def start_autoplay(app: Host, options: AutoplayOptions) -> None:
    """Open the table with every seat a bot; the driver quits the app when it is done."""
    game = app.routes.game(options.game)
    session = game.autoplay_session(options)
    app.push(game.table(app, session, AutoplayDriver(options)))
