"""Each game's screens, the pygame side of the registry (``games.py``): its table, New game,
tutorial and rules, its saved match in words, its statistics view and its house-rule rows.

Shared screens ask this registry instead of testing which game is played. Each entry's
functions import their screens when called: the screens import this module, and a start-up
loads only the game it opens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from carioca_desktop import games

if TYPE_CHECKING:
    import pygame

    from carioca_desktop.storage import Stats
    from carioca_desktop.ui.app import App, AutoplayOptions
    from carioca_desktop.ui.autoplay import AutoplayDriver
    from carioca_desktop.ui.scene import Scene
    from carioca_desktop.ui.scenes.settings.rows import Row
    from carioca_desktop.ui.scenes.settings.rulespage import RulesPage
    from carioca_desktop.ui.scenes.stats.scene import StatsScene


class StatsView(Protocol):
    """One game's figures inside the statistics scene (its tab)."""

    matches: list[Any]
    selected: int
    words: str  # the i18n section of its empty card ("stats", "buraco_stats")

    def paint(self, surface: pygame.Surface) -> None: ...
    def select(self, index: int) -> None: ...
    def list_pointer(self, event: pygame.event.Event) -> None: ...


@dataclass(frozen=True)
class GameScreens:
    """One game's screens, each built on demand."""

    game: games.GameEntry
    table: Callable[[App, Any, AutoplayDriver | None], Scene]  # (app, session, autoplay)
    new_game: Callable[[App], Scene]
    tutorial: Callable[[App], Scene]
    rules: Callable[[App], Scene]  # the rules page opened from the menu
    saved_lines: Callable[[Any, datetime], list[str]]  # a saved session, in words
    autoplay_session: Callable[[AutoplayOptions], Any]  # every seat a bot, nothing saved
    stats_view: Callable[[StatsScene, Stats], StatsView]
    house_rows: Callable[[RulesPage], list[Row]]  # the house-rules page's rows
    house_changed: Callable[[App], bool]  # the saved house rules differ from their preset
    explained_rows: bool  # each house-rule row carries a line of explanation


# ---------------------------------------------------------------------------- Carioca
def _carioca_table(app: App, session: Any, autoplay: AutoplayDriver | None) -> Scene:
    from carioca_desktop.ui.scenes.carioca import TableScene

    return TableScene(app, session, autoplay=autoplay)


def _carioca_new_game(app: App) -> Scene:
    from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene

    return NewGameScene(app)


def _carioca_tutorial(app: App) -> Scene:
    from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene

    return TutorialScene(app)


def _carioca_rules(app: App) -> Scene:
    from carioca_desktop.ui.scenes.carioca.rules import RulesScene

    return RulesScene(app)


def _carioca_saved(session: Any, when: datetime) -> list[str]:
    from carioca_desktop.ui.scenes.carioca.newgame import saved_lines

    return saved_lines(session, when)


def _carioca_autoplay(options: AutoplayOptions) -> Any:
    from carioca_desktop.ui.autoplay import autoplay_session

    return autoplay_session(options)


def _carioca_stats(scene: StatsScene, stats: Stats) -> StatsView:
    from carioca_desktop.ui.scenes.carioca.stats import CariocaStatsView

    return CariocaStatsView(scene, stats)


def _carioca_rows(page: RulesPage) -> list[Row]:
    return page.carioca_rows()


def _carioca_changed(app: App) -> bool:
    from carioca_desktop.ui.scenes.carioca.rules import current_rules

    return bool(set(current_rules(app).to_dict()) - {"preset"})


# ---------------------------------------------------------------------------- Buraco
def _buraco_table(app: App, session: Any, autoplay: AutoplayDriver | None) -> Scene:
    from carioca_desktop.ui.scenes.buraco import BuracoTableScene

    return BuracoTableScene(app, session, autoplay=autoplay)


def _buraco_new_game(app: App) -> Scene:
    from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene

    return BuracoNewGameScene(app)


def _buraco_tutorial(app: App) -> Scene:
    from carioca_desktop.ui.scenes.buraco.tutorial import BuracoTutorialScene

    return BuracoTutorialScene(app)


def _buraco_rules(app: App) -> Scene:
    """Buraco's rules in a few words, with the default preset's values."""
    from carioca_desktop.rules.buraco.ruleset import preset_rules
    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene

    return BuracoRulesScene(app, preset_rules(games.BURACO.default_preset), at_table=False)


def _buraco_saved(session: Any, when: datetime) -> list[str]:
    from carioca_desktop.ui.scenes.buraco.newgame import saved_buraco_lines

    return saved_buraco_lines(session, when)


def _buraco_autoplay(options: AutoplayOptions) -> Any:
    from carioca_desktop.ui.autoplay import buraco_autoplay_session

    return buraco_autoplay_session(options)


def _buraco_stats(scene: StatsScene, stats: Stats) -> StatsView:
    from carioca_desktop.ui.scenes.buraco.stats import BuracoStatsView

    return BuracoStatsView(scene, stats)


def _buraco_rows(page: RulesPage) -> list[Row]:
    return page.buraco_rows()


def _buraco_changed(app: App) -> bool:
    from carioca_desktop.ui.scenes.buraco import houserules

    return houserules.changed(houserules.current_rules(app))


SCREENS: dict[str, GameScreens] = {
    games.CARIOCA.name: GameScreens(
        games.CARIOCA, _carioca_table, _carioca_new_game, _carioca_tutorial, _carioca_rules,
        _carioca_saved, _carioca_autoplay, _carioca_stats, _carioca_rows, _carioca_changed,
        explained_rows=False,
    ),
    games.BURACO.name: GameScreens(
        games.BURACO, _buraco_table, _buraco_new_game, _buraco_tutorial, _buraco_rules,
        _buraco_saved, _buraco_autoplay, _buraco_stats, _buraco_rows, _buraco_changed,
        explained_rows=True,
    ),
}  # fmt: skip


def screens(game: str) -> GameScreens:
    """The screens of the game named ``game`` (KeyError for none)."""
    return SCREENS[game]


def table_for(app: App, session: object) -> Scene:
    """The table of whichever game ``session`` is a match of (the default game's otherwise)."""
    entry = games.of_session(session) or games.entry(games.DEFAULT)
    return SCREENS[entry.name].table(app, session, None)


def new_game_scene(app: App, game: str | None = None) -> Scene:
    """The New game screen of ``game``, by default of the game the player chose last."""
    name = game or app.settings.last_game
    return SCREENS.get(name, SCREENS[games.DEFAULT]).new_game(app)


def switch_game(app: App, game: str) -> None:
    """From one game's New game screen to the other's, remembered for the next time."""
    if app.settings.last_game != game:
        app.update_settings(app.settings.replace(last_game=game))
    app.replace(new_game_scene(app, game))


def saved_lines(session: object, when: datetime) -> list[str]:
    """A saved match of either game in words; nothing for what is no game's session."""
    entry = games.of_session(session)
    return [] if entry is None else SCREENS[entry.name].saved_lines(session, when)
