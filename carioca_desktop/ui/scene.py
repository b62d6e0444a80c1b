"""Scenes on a stack (after Tuxemon): the top one gets events; drawing starts at the highest
opaque scene and goes up, so a pause overlay draws over a frozen table. The stack also sees
that a screen's widgets go when the screen goes (``WidgetOwners``).

A scene depends on the ``Host`` protocol, never on ``App`` or on another screen: the app
implements ``Host``, and its ``routes`` (the ``Routes`` protocol, ``ui/routes.py``'s
``Router``) builds every screen a screen may open. This module imports no screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from carioca_desktop import games
from carioca_desktop.ui.owners import WidgetOwners

if TYPE_CHECKING:
    import pygame_gui

    from carioca_desktop.net.link import SeatLink
    from carioca_desktop.storage import Notice, Paths, Settings
    from carioca_desktop.ui.joining import Joining, LocalPeople
    from carioca_desktop.ui.serving import ServedTable
    from carioca_desktop.ui.sounds import Sounds


class Scene:
    """One screen. Subclasses build their pygame_gui widgets in ``enter`` (kill them in
    ``exit``) and rebuild them in ``on_resize``; they call ``self.app.dirty()`` when the
    picture changes so the app redraws only then."""

    opaque = True

    def __init__(self, app: Host) -> None:
        self.app = app
        # Widgets made while the scene is being built (before its push) are its own.
        owners = getattr(getattr(app, "stack", None), "owners", None)
        if owners is not None:
            owners.building(self)

    def enter(self) -> None:
        """The scene became part of the stack."""

    def exit(self) -> None:
        """The scene left the stack: kill widgets."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def handle_before_ui(self, event: pygame.event.Event) -> bool:
        """An event pygame_gui would swallow without a word (a click on a greyed button);
        True if the scene took it, and pygame_gui then never sees it."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event the UI manager did not consume; True if used."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations by ``dt`` seconds; True while something moves (keeps frames
        coming), False when the scene is still."""
        return False

    def idle(self) -> None:
        """A frame with nothing moving and nothing drawn (the top scene only): a moment
        for a little work done ahead of need (a couple of milliseconds at most)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what pygame_gui does not (felt, cards); widgets are drawn after this."""


class SceneStack:
    """push / pop / replace, with the enter/exit/pause/resume calls in the right order; with
    ``owners``, every call made into a scene is watched, and a scene that leaves takes every
    widget it made with it (whatever its own ``exit`` forgot)."""

    def __init__(self, owners: WidgetOwners | None = None) -> None:
        self.scenes: list[Scene] = []
        self.owners = owners or WidgetOwners(lambda: ())
        self.owners.watch(lambda: self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            with self.owners.during(self.scenes[-1]):
                self.scenes[-1].pause()
        self._enter(scene)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._exit(scene)
        if self.scenes:
            with self.owners.during(self.scenes[-1]):
                self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (menu → table)."""
        if self.scenes:
            self._exit(self.scenes.pop())
        self._enter(scene)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (back to the menu)."""
        while self.scenes:
            self._exit(self.scenes.pop())
        self._enter(scene)

    def _enter(self, scene: Scene) -> None:
        self.owners.built(scene)
        self.scenes.append(scene)
        with self.owners.during(scene):
            scene.enter()

    def _exit(self, scene: Scene) -> None:
        with self.owners.during(scene):
            scene.exit()
        self.owners.sweep(self.scenes)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one upward."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]


class StatsView(Protocol):
    """One game's figures inside the statistics scene (its tab)."""

    matches: list[Any]
    selected: int
    words: str  # the i18n section of its empty card ("stats", "buraco_stats")

    def paint(self, surface: pygame.Surface) -> None: ...
    def select(self, index: int) -> None: ...
    def list_pointer(self, event: pygame.event.Event) -> None: ...


class Autoplay(Protocol):
    """``carioca --autoplay``'s driver as a table sees it (``ui/autoplay.py``)."""

    def after_move(self, scene: Any) -> None: ...
    def round_over(self, scene: Any) -> None: ...


class GameScreens(Protocol):
    """One game's screens and pieces of screens (``ui/games.py`` has each game's)."""

    @property
    def table(self) -> Callable[[Host, Any, Autoplay | None], Scene]: ...  # app, session
    @property
    def autoplay_session(self) -> Callable[[AutoplayOptions], Any]: ...
    @property
    def replay(self) -> Callable[[Host, Any], Scene]: ...  # (app, replay session): a viewer

    @property
    def stats_view(self) -> Callable[[Any, Any], StatsView]: ...  # (stats scene, Stats)
    @property
    def house_rows(self) -> Callable[[Any], list[Any]]: ...  # (house-rules page) -> rows
    @property
    def explained_rows(self) -> bool: ...
    @property
    def house_words(self) -> tuple[str, str, str] | None: ...  # the rules page's title...
    @property
    def rules_words(self) -> Callable[[Any], list[tuple[str, str]]]: ...  # rules -> rows
    @property
    def rules_name(self) -> Callable[[Any], str]: ...  # rules -> the preset's name
    @property
    def house_setting(self) -> str: ...  # the Settings field of its house rules
    @property
    def player_counts(self) -> tuple[int, ...]: ...  # () when the preset decides
    @property
    def partners(self) -> bool: ...  # seats opposite play together


class Routes(Protocol):
    """Every screen a screen may open, each built by a typed function (``ui/routes.py``).
    They build the scene; the caller pushes, replaces or resets the stack with it."""

    def menu(self) -> Scene: ...
    def new_game(self, game: str | None = None) -> Scene: ...
    def level_choice(self, game: str, chosen: Callable[[str], object]) -> Scene: ...
    def table(self, session: object) -> Scene: ...
    def net_table(self, links: Sequence[SeatLink]) -> Scene: ...  # a network match's table
    def net_play(self) -> Scene: ...  # Play on the network: host or join
    def net_host(self) -> Scene: ...
    def net_waiting(self, served: ServedTable, people: LocalPeople) -> Scene: ...
    def net_join(self) -> Scene: ...
    def net_lobby(self, joining: Joining) -> Scene: ...
    def settings(self, tab: str = "game", game: str | None = None) -> Scene: ...
    def stats(self, game: str | None = None) -> Scene: ...
    def history(self, game: str | None = None) -> Scene: ...
    def pause(self) -> Scene: ...
    def game_rules(self, game: str) -> Scene: ...
    def tutorial(self, game: str) -> Scene: ...
    def choose_game(self, title: str, open_game: Callable[[str], object]) -> Scene: ...
    def keys(
        self, keys: Sequence[tuple[str, str]] | None = None, clicks: Sequence[str] | None = None
    ) -> Scene: ...
    def privacy(
        self,
        seat: int,
        name: str,
        round_text: str,
        reveal: Callable[[int], None],
        label: str | None = None,
        other: str | None = None,
    ) -> Scene: ...
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
    ) -> Scene: ...
    def game(self, name: str) -> GameScreens: ...
    def switch_game(self, game: str) -> None: ...  # from one New game screen to another's
    def saved_lines(self, session: object, when: datetime) -> list[str]: ...


class Host(Protocol):
    """The app as its screens see it: the window, the settings, the stack and the routes."""

    settings: Settings
    paths: Paths
    size: tuple[int, int]
    screen: pygame.Surface
    manager: pygame_gui.UIManager
    sounds: Sounds
    stack: SceneStack
    fast: bool  # autoplay and tests: no pacing, animations at top speed
    routes: Routes
    ui_scale: float  # the player's UI scale, else the automatic one, times pixel_ratio
    screen_grow: float  # how much more the menu screens grow in a big window (ui/dpi.py)
    served: ServedTable | None  # the network table this app hosts, polled every frame

    @property
    def pixel_ratio(self) -> float: ...  # the drawable's pixels per window point (Retina: 2)
    def dirty(self) -> None: ...
    def automatic_ui_scale(self) -> float: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def update_settings(self, settings: Settings) -> None: ...
    def take_notices(self) -> list[Notice]: ...
    def saved_game(self) -> str | None: ...
    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def replace(self, scene: Scene) -> None: ...
    def reset(self, scene: Scene) -> None: ...
    def quit(self) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def screenshot(self, path: str) -> None: ...
    def serve(self, table_host: Any, name: str = "") -> ServedTable: ...
    def stop_serving(self) -> None: ...


@dataclass(frozen=True)
class AutoplayOptions:
    """``carioca --autoplay``: every seat a bot at top speed, R rounds, optional screenshots."""

    seed: int
    players: int
    preset: str
    rounds: int
    screenshot: str | None
    game: str = games.DEFAULT
