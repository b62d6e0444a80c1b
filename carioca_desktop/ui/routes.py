"""The map of screens: the one module that builds them (with ``ui/games.py``, each game's own).

A screen opens another through ``self.app.routes`` (the ``Routes`` protocol of ``ui/host.py``):
it never imports another screen, so the screens form no circle of imports. Each function
imports its screen when called, so the app's start loads only the menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from carioca_desktop.ui import games as ui_games

if TYPE_CHECKING:
    from carioca_desktop.net.link import SeatLink
    from carioca_desktop.ui.joining import Joining, LocalPeople
    from carioca_desktop.ui.scene import GameScreens, Host, Scene
    from carioca_desktop.ui.serving import ServedTable


class Router:
    """``Routes`` for one app: a typed function per destination."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def menu(self) -> Scene:
        from carioca_desktop.ui.scenes.menu import MenuScene

        return MenuScene(self.host)

    def new_game(self, game: str | None = None) -> Scene:
        """The New game screen of ``game``, by default of the game the player chose last."""
        return ui_games.new_game_scene(self.host, game)

    def level_choice(self, game: str, chosen: Callable[[str], object]) -> Scene:
        """The first New game's question: which level the bots play."""
        from carioca_desktop.ui.scenes.levelchoice import LevelChoiceScene

        return LevelChoiceScene(self.host, game, chosen)

    def table(self, session: object) -> Scene:
        """The table of whichever game ``session`` is a match of."""
        return ui_games.table_for(self.host, session)

    def net_table(self, links: Sequence[SeatLink]) -> Scene:
        """The table of a network match, played from this computer by ``links``' seats."""
        from carioca_desktop.play.netsession import NetSession
        from carioca_desktop.ui.nettable import open_session

        session = open_session(self.host, links)
        if not isinstance(session, NetSession):  # the host went: the menu says so
            return session
        return ui_games.screens(session.GAME).net_table(self.host, session)

    def net_play(self) -> Scene:
        """Play on the network: Host a table or Join a table."""
        from carioca_desktop.ui.scenes.net.choice import NetChoiceScene

        return NetChoiceScene(self.host)

    def net_host(self) -> Scene:
        from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene

        return HostSetupScene(self.host)

    def net_waiting(self, served: ServedTable, people: LocalPeople) -> Scene:
        """The host's waiting room of the table the app now serves."""
        from carioca_desktop.ui.scenes.net.waiting import WaitingRoomScene

        return WaitingRoomScene(self.host, served, people)

    def net_join(self) -> Scene:
        from carioca_desktop.ui.scenes.net.join import JoinScene

        return JoinScene(self.host)

    def net_lobby(self, joining: Joining) -> Scene:
        """A joiner's lobby, once the host welcomed them."""
        from carioca_desktop.ui.scenes.net.lobby import LobbyScene

        return LobbyScene(self.host, joining)

    def settings(self, tab: str = "game", game: str | None = None) -> Scene:
        from carioca_desktop.ui.scenes.settings import SettingsScene

        return (
            SettingsScene(self.host, tab) if game is None else SettingsScene(self.host, tab, game)
        )

    def stats(self, game: str | None = None) -> Scene:
        from carioca_desktop.ui.scenes.stats import StatsScene

        return StatsScene(self.host, game)

    def history(self, game: str | None = None) -> Scene:
        """The kept matches (issue 26), of ``game`` or of both."""
        from carioca_desktop.ui.scenes.history import HistoryScene

        return HistoryScene(self.host, game)

    def pause(self) -> Scene:
        from carioca_desktop.ui.scenes.pause import PauseScene

        return PauseScene(self.host)

    def game_rules(self, game: str) -> Scene:
        """The rules page of ``game`` as the menu opens it."""
        return ui_games.screens(game).rules(self.host)

    def tutorial(self, game: str) -> Scene:
        return ui_games.screens(game).tutorial(self.host)

    def choose_game(self, title: str, open_game: Callable[[str], object]) -> Scene:
        from carioca_desktop.ui.scenes.gamechoice import GameChoiceScene

        return GameChoiceScene(self.host, title, open_game)

    def keys(
        self, keys: Sequence[tuple[str, str]] | None = None, clicks: Sequence[str] | None = None
    ) -> Scene:
        """The keyboard help: Carioca's table's rows unless a table gives its own."""
        from carioca_desktop.ui.scenes.keyhelp import KeysScene

        if keys is None or clicks is None:
            return KeysScene(self.host)
        return KeysScene(self.host, keys, clicks)

    def privacy(
        self,
        seat: int,
        name: str,
        round_text: str,
        reveal: Callable[[int], None],
        label: str | None = None,
        other: str | None = None,
    ) -> Scene:
        from carioca_desktop.ui.scenes.privacy import PrivacyScene

        return PrivacyScene(self.host, seat, name, round_text, reveal, label, other)

    def confirm(
        self,
        question: str,
        details: Sequence[str],
        yes: str,
        no: str,
        on_yes: Callable[[], object],
        on_no: Callable[[], object] | None = None,
        focus_yes: bool = False,
        choice: bool = False,
        settled: Callable[[], bool] | None = None,
    ) -> Scene:
        from carioca_desktop.ui.scenes.confirm import ConfirmScene

        return ConfirmScene(self.host, question, details, yes, no, on_yes, on_no, focus_yes, choice,
                            settled)  # fmt: skip

    def game(self, name: str) -> GameScreens:
        """The screens of the game named ``name`` (``ui/games.py``)."""
        return ui_games.screens(name)

    def switch_game(self, game: str) -> None:
        ui_games.switch_game(self.host, game)

    def saved_lines(self, session: object, when: datetime) -> list[str]:
        return ui_games.saved_lines(session, when)
