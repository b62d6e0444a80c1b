"""Screenshots of the menu screens, to look at by eye (not a test):

    python -m tools.shots.menu_shots OUTDIR [--langs es,pt,sv] \\
        [--sizes 1024x600,1600x900,3840x2160]

(SDL's dummy driver; or under ``xvfb-run``). Per language and window size
(``LANG_WIDTH_NAME.png``): ``menu``, ``newgame_carioca``, ``newgame_buraco``, ``settings``,
``stats``, ``history``, ``rules_carioca``, ``rules_buraco``, ``tutorial_pick`` (the game
choice the menu's Tutorial opens), ``net_choice``, ``net_host`` and ``net_join``. Each run of
a language writes into its own temporary home; nothing else is saved."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARIOCA_DISCOVERY", "127.0.0.1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import pygame

from carioca_desktop import i18n
from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scene import Scene


def screens(app: App) -> list[tuple[str, Callable[[], Scene]]]:
    """Each screen's name and how the menu opens it."""
    r = app.routes
    return [
        ("menu", r.menu),
        ("newgame_carioca", lambda: r.new_game("carioca")),
        ("newgame_buraco", lambda: r.new_game("buraco")),
        ("settings", r.settings),
        ("stats", r.stats),
        ("history", r.history),
        ("rules_carioca", lambda: r.game_rules("carioca")),
        ("rules_buraco", lambda: r.game_rules("buraco")),
        ("tutorial_pick", lambda: r.choose_game(tr("menu.tutorial"), lambda game: None)),
        ("net_choice", r.net_play),
        ("net_host", r.net_host),
        ("net_join", r.net_join),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="es,pt,sv")
    parser.add_argument("--sizes", default="1024x600,1600x900,3840x2160")
    parser.add_argument("--only", default="", help="screen names, comma-separated")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    only = {name for name in args.only.split(",") if name}
    for lang in args.langs.split(","):
        for size_text in args.sizes.split(","):
            w, h = (int(n) for n in size_text.split("x"))
            home = Path(tempfile.mkdtemp(prefix="carioca-menu-shots-"))
            os.environ["CARIOCA_HOME"] = str(home)
            os.environ["CARIOCA_LANG"] = lang
            app = App(size=(w, h), paths=Paths.under(home), fast=True)
            assert i18n.language() == lang
            for name, open_screen in screens(app):
                if only and name not in only:
                    continue
                app.reset(app.routes.menu())
                if name != "menu":
                    app.push(open_screen())
                for _ in range(4):
                    app.frame(0.05)
                path = args.out / f"{lang}_{w}_{name}.png"
                app.screenshot(str(path))
                print(path)
            pygame.quit()


if __name__ == "__main__":
    main()
