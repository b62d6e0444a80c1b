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
from typing import TYPE_CHECKING, Any

from carioca_desktop import games

if TYPE_CHECKING:
    from carioca_desktop.storage import Stats
    from carioca_desktop.ui.rows import HousePage, Row
    from carioca_desktop.ui.scene import Autoplay, AutoplayOptions, Host, Scene, StatsView
    from carioca_desktop.ui.scenes.stats.scene import StatsScene


@dataclass(frozen=True)
class GameScreens:
    """One game's screens, each built on demand."""

    game: games.GameEntry
    table: Callable[[Host, Any, Autoplay | None], Scene]  # (app, session, autoplay)
    new_game: Callable[[Host], Scene]
    tutorial: Callable[[Host], Scene]
    rules: Callable[[Host], Scene]  # the rules page opened from the menu
    saved_lines: Callable[[Any, datetime], list[str]]  # a saved session, in words
    autoplay_session: Callable[[AutoplayOptions], Any]  # every seat a bot, nothing saved
    stats_view: Callable[[StatsScene, Stats], StatsView]
    house_rows: Callable[[HousePage], list[Row]]  # the house-rules page's rows
    net_table: Callable[[Host, Any], Scene]  # (app, NetSession): at a network table
    replay: Callable[[Host, Any], Scene]  # (app, replay session): a kept match's viewer
    explained_rows: bool  # each house-rule row carries a line of explanation
    # The house-rules page's title, line under it and note at its foot (i18n keys); None:
    # the Settings' own ("House rules").
    house_words: tuple[str, str, str] | None = None
    # A rule set in the rules screen's words, as (label, words) rows, and its name (the
    # preset, marked when changed): the network lobby shows them.
    rules_words: Callable[[Any], list[tuple[str, str]]] = lambda rules: []
    rules_name: Callable[[Any], str] = lambda rules: ""
    # The Settings field holding the game's house rules; the player counts a screen offers
    # (none: the preset decides); whether seats opposite are partners (two sides).
    house_setting: str = "house_rules"
    player_counts: tuple[int, ...] = ()
    partners: bool = False


# ---------------------------------------------------------------------------- Carioca
def _carioca_table(app: Host, session: Any, autoplay: Autoplay | None) -> Scene:
    from carioca_desktop.ui.scenes.carioca import TableScene

    return TableScene(app, session, autoplay=autoplay)


def _carioca_new_game(app: Host) -> Scene:
    from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene

    return NewGameScene(app)


def _carioca_tutorial(app: Host) -> Scene:
    from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene

    return TutorialScene(app)


def _carioca_rules(app: Host) -> Scene:
    from carioca_desktop.ui.scenes.carioca.rules import RulesScene

    return RulesScene(app)


def _carioca_net_table(app: Host, session: Any) -> Scene:
    from carioca_desktop.ui.scenes.carioca.nettable import NetCariocaTable

    return NetCariocaTable(app, session)


def _carioca_replay(app: Host, session: Any) -> Scene:
    from carioca_desktop.ui.scenes.carioca.replay import ReplayViewerScene

    return ReplayViewerScene(app, session)


def _carioca_saved(session: Any, when: datetime) -> list[str]:
    from carioca_desktop.ui.scenes.carioca.newgame import saved_lines

    return saved_lines(session, when)


def _carioca_autoplay(options: AutoplayOptions) -> Any:
    from carioca_desktop.ui.autoplay import autoplay_session

    return autoplay_session(options)


def _carioca_stats(scene: StatsScene, stats: Stats) -> StatsView:
    from carioca_desktop.ui.scenes.carioca.stats import CariocaStatsView

    return CariocaStatsView(scene, stats)


def _carioca_rows(page: HousePage) -> list[Row]:
    from carioca_desktop.ui.scenes.carioca.houserules import CariocaHouseRules

    return CariocaHouseRules(page).rows()


def _carioca_words(rules: Any) -> list[tuple[str, str]]:
    from carioca_desktop.ui.scenes.carioca.houserule_words import rule_rows

    return rule_rows(rules)


def _carioca_name(rules: Any) -> str:
    from carioca_desktop.ui.scenes.carioca.ruleset_names import rules_name

    return rules_name(rules)


# ---------------------------------------------------------------------------- Buraco
def _buraco_table(app: Host, session: Any, autoplay: Autoplay | None) -> Scene:
    from carioca_desktop.ui.scenes.buraco import BuracoTableScene

    return BuracoTableScene(app, session, autoplay=autoplay)


def _buraco_new_game(app: Host) -> Scene:
    from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene

    return BuracoNewGameScene(app)


def _buraco_tutorial(app: Host) -> Scene:
    from carioca_desktop.ui.scenes.buraco.tutorial import BuracoTutorialScene

    return BuracoTutorialScene(app)


def _buraco_rules(app: Host) -> Scene:
    """Buraco's rules in a few words, with the default preset's values."""
    from carioca_desktop.rules.buraco.ruleset import preset_rules
    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene

    return BuracoRulesScene(app, preset_rules(games.BURACO.default_preset), at_table=False)


def _buraco_net_table(app: Host, session: Any) -> Scene:
    from carioca_desktop.ui.scenes.buraco.nettable import NetBuracoTable

    return NetBuracoTable(app, session)


def _buraco_replay(app: Host, session: Any) -> Scene:
    from carioca_desktop.ui.scenes.buraco.replay import BuracoReplayViewerScene

    return BuracoReplayViewerScene(app, session)


def _buraco_saved(session: Any, when: datetime) -> list[str]:
    from carioca_desktop.ui.scenes.buraco.newgame import saved_buraco_lines

    return saved_buraco_lines(session, when)


def _buraco_autoplay(options: AutoplayOptions) -> Any:
    from carioca_desktop.ui.autoplay import buraco_autoplay_session

    return buraco_autoplay_session(options)


def _buraco_stats(scene: StatsScene, stats: Stats) -> StatsView:
    from carioca_desktop.ui.scenes.buraco.stats import BuracoStatsView

    return BuracoStatsView(scene, stats)


def _buraco_rows(page: HousePage) -> list[Row]:
    from carioca_desktop.ui.scenes.buraco.houserules import BuracoHouseRules

    return BuracoHouseRules(page).rows()


def _buraco_words(rules: Any) -> list[tuple[str, str]]:
    from carioca_desktop.ui.scenes.buraco.rules import rules_lines

    lines = rules_lines(rules, at_table=True)
    return [lines[-1], *lines[:-1]]  # the house rules (what differs) first


def _buraco_name(rules: Any) -> str:
    from carioca_desktop.ui.scenes.buraco.houserules import rules_name

    return rules_name(rules)


SCREENS: dict[str, GameScreens] = {
    games.CARIOCA.name: GameScreens(
        games.CARIOCA, _carioca_table, _carioca_new_game, _carioca_tutorial, _carioca_rules,
        _carioca_saved, _carioca_autoplay, _carioca_stats, _carioca_rows, _carioca_net_table,
        _carioca_replay,
        explained_rows=True,
        rules_words=_carioca_words, rules_name=_carioca_name,
        player_counts=tuple(range(2, 9)),
    ),
    games.BURACO.name: GameScreens(
        games.BURACO, _buraco_table, _buraco_new_game, _buraco_tutorial, _buraco_rules,
        _buraco_saved, _buraco_autoplay, _buraco_stats, _buraco_rows, _buraco_net_table,
        _buraco_replay,
        explained_rows=True,
        house_words=("buraco_houserules.title", "buraco_houserules.page_about",
                     "buraco_houserules.note"),
        rules_words=_buraco_words, rules_name=_buraco_name, house_setting="buraco_rules",
        partners=True,
    ),
}  # fmt: skip


def screens(game: str) -> GameScreens:
    """The screens of the game named ``game`` (KeyError for none)."""
    return SCREENS[game]


def table_for(app: Host, session: object) -> Scene:
    """The table of whichever game ``session`` is a match of (the default game's otherwise)."""
    entry = games.of_session(session) or games.entry(games.DEFAULT)
    if hasattr(session, "buy_seconds"):  # Carioca's: the buy time is the Settings' of now
        from carioca_desktop.play.carioca.offer import offer_seconds

        session.buy_seconds = offer_seconds(app.settings.buy_seconds)
    return SCREENS[entry.name].table(app, session, None)


def new_game_scene(app: Host, game: str | None = None) -> Scene:
    """The New game screen of ``game``, by default of the game the player chose last."""
    name = game or app.settings.last_game
    scene = SCREENS.get(name, SCREENS[games.DEFAULT]).new_game(app)
    # The very first New game asks the bots' level over the screen (ui/scenes/levelchoice.py).
    scene.ask_level = app.settings.bot_level is None  # type: ignore[attr-defined]
    return scene


def switch_game(app: Host, game: str) -> None:
    """From one game's New game screen to the other's, remembered for the next time."""
    if app.settings.last_game != game:
        app.update_settings(app.settings.replace(last_game=game))
    app.replace(new_game_scene(app, game))


def saved_lines(session: object, when: datetime) -> list[str]:
    """A saved match of either game in words; nothing for what is no game's session."""
    entry = games.of_session(session)
    return [] if entry is None else SCREENS[entry.name].saved_lines(session, when)
