"""The application: window, one UIManager and theme, settings, sounds, and the scene stack.

The window's size on the desktop, the idle wait for input and the crash message are
desktop.py's.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
from typing import Any

import pygame
import pygame_gui

from carioca_desktop import games, i18n, version
from carioca_desktop.resources import asset
from carioca_desktop.storage import (
    Notice,
    Paths,
    Settings,
    default_paths,
    flush_autosaves,
    has_autosave,
    load_settings,
    save_settings,
    setup_logging,
    write_crash_report,
)
from carioca_desktop.storage.paths import cache_dir
from carioca_desktop.ui import picturecache, shapecache
from carioca_desktop.ui.appwindow import WindowMixin
from carioca_desktop.ui.cardart import set_felt_colour
from carioca_desktop.ui.desktop import check_pygame_ce, show_crash, wait_for_events
from carioca_desktop.ui.desktop import fit_window as fit_window  # their old import path
from carioca_desktop.ui.desktop import window_size as window_size
from carioca_desktop.ui.dpi import forget_system_scale, set_dpi_hints
from carioca_desktop.ui.owners import WidgetOwners
from carioca_desktop.ui.present import choose_framebuffer
from carioca_desktop.ui.routes import Router
from carioca_desktop.ui.savedkind import SavedKind
from carioca_desktop.ui.scene import AutoplayOptions as AutoplayOptions  # its old home
from carioca_desktop.ui.scene import Routes, Scene, SceneStack
from carioca_desktop.ui.serving import ServedTable
from carioca_desktop.ui.sounds import Sounds, init_audio
from carioca_desktop.ui.theme import make_manager, preload_extra
from carioca_desktop.ui.window import AppWindow

log = logging.getLogger(__name__)
START = time.perf_counter()  # as early as this module loads: the start-up benchmark's zero

FPS = 60
IDLE_WAIT_MS = 250  # with nothing moving, sleep on the event queue instead of drawing
SERVING_WAIT_MS = 15  # hosting a network table: its messages are read at least this often
SETTLE_LATEST = 60  # frames: the work after the first frame waits at most this for a pause
SWITCH_INTERVAL_S = 0.001  # how long a background thread may hold the GIL


class App(WindowMixin):
    """Owns the window and the loop. Scenes reach shared things through it: ``manager``,
    ``settings``, ``sounds``, ``paths``, ``notices`` (storage problems to show once)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        paths: Paths | None = None,
        fast: bool = False,
    ) -> None:
        check_pygame_ce()
        self.paths = paths or default_paths()
        setup_logging(self.paths)
        picturecache.set_folder(cache_dir(self.paths))
        self.settings, self.notices = load_settings(self.paths)
        if any(n.file == "settings" and n.moved_to for n in self.notices) or not (
            self.paths.settings_file.exists()
        ):
            self.save_settings()  # a fresh, valid settings.json replaces what was set aside
        self.saved_kind = SavedKind()
        self.notices += self._check_saved_files()
        self._stats_checked = False
        i18n.set_language(i18n.choose_language(self.settings.language))
        set_felt_colour(self.settings.table_colour)
        if fast:  # autoplay and tests are silent; a dummy driver keeps ALSA from complaining
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # The autosave is encoded on a thread of its own (a few ms of pure Python by round 8);
        # with Python's default 5 ms switch interval a frame could wait that long for it.
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.framebuffer = choose_framebuffer()  # before the display exists
        log.info("framebuffer: %s", self.framebuffer)
        # Open the mixer (mono, small buffer) before pygame.init() would open it in stereo.
        audio = init_audio()
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # the first window, whole on screen
        set_dpi_hints(os.environ)  # before the display starts, or Windows stretches the frame
        pygame.init()
        self.window = AppWindow()
        log.info("window: %s (%s)", self.window.mode, self.window.reason)
        self.window.open(size or window_size(self.settings.window_size), self.settings.fullscreen)
        self.window.set_caption("Carioca")  # the version is added after the first frame
        self.screen = self.window.surface  # the drawable, in pixels
        self.size: tuple[int, int] = self.screen.get_size()  # full screen: the desktop's
        self.ui_scale: float = self._chosen_ui_scale()  # the player's, else from window and screen
        self.screen_grow: float = self._screen_growth()  # the menus' more, in a big window
        self.manager = self._make_manager()
        self.sounds = Sounds(self.settings.volume, self.settings.muted or not audio)
        self.clock = pygame.time.Clock()
        self.stack = SceneStack(WidgetOwners(lambda: self.manager.get_sprite_group().sprites()))
        self.running = True
        self.fast = fast  # autoplay / tests: no pacing, animations at top speed
        self.routes: Routes = Router(self)  # the screens' map: scenes open each other through it
        self._dirty = True
        self._relayout = False
        self._drawn = self._settled = False
        self._unsettled = 0  # frames since the first drawn, while not settled
        self._saved_window = self.settings.window_size
        self._ui_seen: list[tuple[Any, ...]] = []
        self.served: ServedTable | None = None  # the network table this app hosts

    def serve(self, table_host: Any, name: str = "") -> ServedTable:
        """Keep ``table_host`` (a ``TableHost``) polled every frame, whatever the screen, and
        answer the local network's searches for it, until ``stop_serving`` or the app quits."""
        self.stop_serving()
        self.served = ServedTable(table_host, name)
        return self.served

    def stop_serving(self) -> None:
        """Close the hosted table (its people are told the host left)."""
        served, self.served = self.served, None
        if served is not None:
            served.close()

    def saved_game(self) -> str | None:
        """Which game the autosave holds ("carioca" or "buraco"; None without one)."""
        return self.saved_kind.kind(self.paths)

    def _check_saved_files(self) -> list[Notice]:
        """Read the autosave once at start, so a damaged file is set aside and reported now
        rather than when the player presses Continue (the statistics wait for the settling
        after the first frame: ``check_stats``)."""
        notices: list[Notice] = []
        if has_autosave(self.paths):
            from carioca_desktop.play.resume import load_resumable  # only when there is a save

            session, found = load_resumable(self.paths)
            notices += found
            self.saved_kind.remember(self.paths, session)
        return notices

    def check_stats(self) -> None:
        """Read the statistics once, so a damaged file is set aside and reported (on the menu,
        which shows notices that come after it opened) rather than when the player first
        opens them. Not before the first frame: up to 10,000 matches to check, and the
        records' modules to load, for a notice almost nobody gets."""
        if not self._stats_checked:
            self._stats_checked = True
            from carioca_desktop.storage.stats import load_stats  # with the records' modules

            self.notices += load_stats(self.paths)[1]

    # ------------------------------------------------------------------ services
    def _make_manager(self) -> pygame_gui.UIManager:
        manager = make_manager(self.size, self.ui_scale, self.window.mouse_pixels)
        shapecache.preload(manager)  # widget shapes an earlier run drew
        i18n_dir = str(asset("i18n"))
        import i18n as python_i18n  # pygame_gui's localisation library

        if i18n_dir not in python_i18n.load_path:
            python_i18n.load_path.append(i18n_dir)
        manager.set_locale(i18n.language())
        return manager

    def _set_icon(self) -> None:
        with contextlib.suppress(pygame.error, FileNotFoundError):  # nice, never essential
            self.window.set_icon(pygame.image.load(str(asset("icons", "carioca.png"))))

    def dirty(self) -> None:
        """Something changed: draw the next frame."""
        self._dirty = True

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (language, sound, scale take effect at once)."""
        old, self.settings = self.settings, settings
        self.sounds.set_volume(settings.volume)
        self.sounds.set_muted(settings.muted)
        if settings.language != old.language:
            i18n.set_language(i18n.choose_language(settings.language))
            self.manager.set_locale(i18n.language())
        if settings.table_colour != old.table_colour:
            set_felt_colour(settings.table_colour)
            self._relayout = True  # the tables lay their felt again
        if settings.ui_scale != old.ui_scale:
            self._rescale()
        self.save_settings()
        self.dirty()

    def save_settings(self) -> None:
        try:
            save_settings(self.settings, self.paths)
        except OSError as err:  # a read-only disk must not end the game
            log.warning("could not save settings: %s", err)

    def take_notices(self) -> list[Notice]:
        """Storage notices not yet shown; each is shown once."""
        notices, self.notices = self.notices, []
        return notices

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.dirty()

    def pop(self) -> None:
        self.stack.pop()
        self.dirty()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        self.dirty()

    def reset(self, scene: Scene) -> None:
        self.stack.reset(scene)
        self.dirty()

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ the loop
    def process(self, event: pygame.event.Event) -> None:
        """One event: pygame_gui first (as its examples do), then the top scene; both get
        mouse positions in the drawable's pixels."""
        event = self.window.pixel_event(event)
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type == pygame.WINDOWDISPLAYCHANGED:
            forget_system_scale()  # another screen: its desktop scale is read again
        if event.type in (pygame.WINDOWDISPLAYCHANGED, pygame.WINDOWMOVED):
            self.display_changed()  # SDL before 2.28 says only that the window moved
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED):
            self.dirty()
        top = self.stack.top
        if top is None:
            self.manager.process_events(event)
            return
        with self.stack.owners.during(top):  # a button's command is the top scene's code
            if top.handle_before_ui(event):
                self.dirty()
                return
            consumed = self.manager.process_events(event)
            if not consumed:
                top.handle_event(event)
        if event.type != pygame.MOUSEMOTION or consumed:
            self.dirty()

    def frame(self, dt: float) -> None:
        """Update and, if anything changed, draw one frame."""
        if self._relayout:  # a new UI scale: sizes change as on a resize
            self._relayout = False
            self._dirty = True
            self._relayout_scenes()
        if self.served is not None:  # a hosted table lives on every screen, paused or not
            self.served.tick()
        # Only the top scene lives: under a pause or a summary the table's bots and timers
        # wait (the scenes below are still drawn, as they were left).
        top = self.stack.top
        moving = False
        if top is not None:
            with self.stack.owners.during(top):
                moving = top.update(dt)
        self.manager.update(dt)
        if moving:
            self._dirty = True
        # pygame_gui changes a widget's picture (hover, press, focus) inside update(): a new
        # image or place for any visible widget is a change; anything else is not redrawn.
        drawn = self._dirty or self._ui_look() != self._ui_seen
        if drawn:
            for scene in self.stack.visible():
                scene.draw(self.screen)
            self.manager.draw_ui(self.screen)
            self.window.flip()
            self._dirty = moving
            self._ui_seen = self._ui_look()
        if self._drawn and not self._settled:
            # The work the first frame left, in the first frame after it with nothing to
            # draw (a table whose bot moves at once has a pause before its next move), or
            # at the latest after SETTLE_LATEST frames.
            self._unsettled += 1
            if not drawn or self._unsettled > SETTLE_LATEST:
                self._settle()
        elif not drawn and top is not None and top is self.stack.top:
            with self.stack.owners.during(top):
                top.idle()  # nothing moved, nothing drawn: the scene may work ahead
        self._drawn = self._drawn or drawn

    def _ui_look(self) -> list[tuple[Any, ...]]:
        """What the widgets show: each visible one's image (the surface itself, compared by
        identity) and where it goes, and a focused text entry's blinking cursor (drawn into
        its image in place). A few microseconds for a screenful of widgets."""
        look: list[tuple[Any, ...]] = [
            (image, tuple(rect), None if area is None else tuple(area), mode)
            for image, rect, area, mode in self.manager.get_sprite_group().visible
        ]
        look += [
            (id(e), getattr(e, "cursor_on", None))
            for e in self.manager.get_focus_set() or ()  # type: ignore[no-untyped-call]
        ]
        return look

    def _settle(self) -> None:
        """Work the first frame need not wait for: the window's icon, the version in the title
        (reading package metadata) and the font sizes only HTML text uses."""
        self._settled = True
        self.check_stats()
        self._set_icon()
        self.window.set_caption(f"Carioca {version()}")
        preload_extra(self.manager, self.ui_scale)
        shapecache.keep(self.manager)  # the first frame's widget shapes, for the next start

    def run(self) -> int:
        # CARIOCA_READY_EXIT=1 (benchmarks): print the time to the first drawn frame and quit.
        ready_exit = os.environ.get("CARIOCA_READY_EXIT") == "1"
        while self.running and self.stack.top is not None:
            # The first frame is not paced: Clock.tick(FPS) would first wait out 1/60 s from
            # the clock's making in __init__ (~8 ms of the start spent asleep).
            dt = self.clock.tick(FPS if self._drawn else 0) / 1000.0
            events = pygame.event.get()
            if not events and not self._dirty and not self.fast:
                # Idle: wait for input rather than spinning at 60 frames a second.
                events = wait_for_events(IDLE_WAIT_MS if self.served is None else SERVING_WAIT_MS)
            for event in events:
                self.process(event)
            self.frame(dt)
            if ready_exit:
                # The wall clock too, so a benchmark can count from the moment it launched us.
                # And the CPU time spent so far, which a busy machine does not inflate.
                print(
                    f"ready {time.perf_counter() - START:.3f} at {time.time():.4f}"
                    f" cpu {time.process_time():.4f}",
                    flush=True,
                )
                break
        self.stop_serving()
        self.remember_window()
        self.check_stats()  # a run too short to settle still sets a damaged file aside
        return 0

    def screenshot(self, path: str) -> None:
        """Save what the window shows now (drawn fresh, so it is never a stale frame)."""
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.image.save(self.screen, path)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``carioca`` and ``carioca --autoplay``."""
    app: App | None = None
    try:
        if args.autoplay:
            from carioca_desktop.ui.autoplay import start_autoplay

            seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
            game = args.game
            default = games.entry(game).default_preset
            options = AutoplayOptions(
                seed, args.players, args.preset or default, args.rounds, args.screenshot, game
            )
            app = App(fast=True)
            if args.resume:
                from carioca_desktop.ui.scenes.carioca.autoplay_continue import start_continue

                if not start_continue(app, options):
                    app.check_stats()  # as every run does before it ends
                    return 0  # nothing to resume: the save was set aside (or there is none)
            else:
                start_autoplay(app, options)
        else:
            from carioca_desktop.ui.scenes.menu import MenuScene

            app = App()
            app.push(MenuScene(app))
        return app.run()
    except Exception as exc:  # the last line of defence: report, tell the player, exit 1
        report = write_crash_report(exc, {"command": " ".join(sys.argv)})
        sys.stderr.write(f"Carioca stopped because of an unexpected error.\nReport: {report}\n")
        show_crash(app.window if app is not None else None, report)
        return 1
    finally:
        # The autosave is written off the frame: the last state reaches the disk before exit.
        if not flush_autosaves(10.0):
            log.warning("the autosave was still being written at exit")
        if app is not None:
            shapecache.keep(app.manager, background=False)  # for the next start
        pygame.quit()
