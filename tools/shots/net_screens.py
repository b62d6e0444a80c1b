"""Every network screen in one process, to look at by eye at several sizes (not a test):

    CARIOCA_DISCOVERY=127.0.0.1 xvfb-run -a -s "-screen 0 3840x2160x24" \\
        python -m tools.shots.net_screens OUTDIR [--langs es,pt,sv] \\
        [--sizes 1024x600,1600x900,3840x2160] [--only NAME,...]

Hosts on this process (loopback only). Per language and size (``net-LANG-WxH-NAME.png``):
``choice`` (Play on the network), ``host-setup``, ``waiting`` and ``waiting-buraco`` (code,
addresses, a person joined), ``join-found`` (the search's list), ``join-wrong-code``, ``join-full``,
``join-version``, ``join-no-answer``, ``lobby``, ``lobby-host-left``, the table's
``reaction``, ``remote-away``, ``reconnecting`` and ``back`` (tools/shots/net_table_shots.py,
Carioca), ``partner-question`` (Buraco), ``host-gone`` (the menu after the host left)."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARIOCA_DISCOVERY", "127.0.0.1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.i18n import set_language, tr
from carioca_desktop.net.client import NetClient
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.choice import NetChoiceScene
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene
from carioca_desktop.ui.scenes.net.words import refusal_text
from tests.ui.net.netscreens import click, frames, new_app, until
from tests.ui.net.test_host_screens import open_waiting_room
from tests.ui.net.test_join_screens import a_table, fill, joined_lobby, open_join
from tests.ui.nettable import kit
from tools.shots import net_table_shots

Shot = Callable[[str], None]


def _app(lang: str, size: tuple[int, int]) -> App:
    app = new_app(Path(tempfile.mkdtemp()), size)
    app.update_settings(app.settings.replace(language=lang))  # as the Settings screen does
    return app


def menus(app: App, shot: Shot) -> None:
    app.reset(MenuScene(app))
    app.push(NetChoiceScene(app))
    frames(app, 4)
    shot("choice")
    app.reset(MenuScene(app))
    app.push(HostSetupScene(app))
    frames(app, 4)
    shot("host-setup")
    for game in ("carioca", "buraco"):
        app.reset(MenuScene(app))
        room = open_waiting_room(app, [ME, PERSON, PERSON, "easy"], game)
        host = room.served.host
        ana = NetClient(f"127.0.0.1:{host.port}", host.code, "Ana Luísa")
        until(app, lambda h=host: any(s.name == "Ana Luísa" for s in h.remote.values()),
              "Ana seated")  # fmt: skip
        frames(app, 10)
        shot("waiting" if game == "carioca" else "waiting-buraco")
        ana.close()
        app.stop_serving()


def joins(app: App, shot: Shot) -> None:
    app.reset(MenuScene(app))
    scene = open_join(app)
    host = a_table(app)
    click(app, tr("net.join.search"))
    until(app, lambda: scene.searched, "the search's answers")
    fill(app, scene, f"127.0.0.1:{host.port}", "ZZZZZZ" if host.code != "ZZZZZZ" else "ZZZZZY")
    click(app, tr("net.join.go"))
    until(app, lambda: scene.joining is None, "the wrong code's refusal")
    shot("join-wrong-code")
    scene.message = ""
    scene.rebuild()
    frames(app, 4)
    shot("join-found")
    app.stop_serving()
    full = a_table(app, players=2)  # its one seat for a person taken by Beto
    beto = NetClient(f"127.0.0.1:{full.port}", full.code, "Beto")
    until(app, lambda: any(r.name == "Beto" for r in full.remote.values()), "Beto seated")
    fill(app, scene, f"127.0.0.1:{full.port}", full.code)
    click(app, tr("net.join.go"))
    until(app, lambda: scene.joining is None, "the full table's refusal")
    shot("join-full")
    beto.close()
    app.stop_serving()
    scene._say(refusal_text("version"))  # the words a host of another version gets
    frames(app, 2)
    shot("join-version")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    fill(app, scene, f"127.0.0.1:{port}", "ABCDEF")
    click(app, tr("net.join.go"))
    until(app, lambda: scene.joining is None, "the silent address")
    shot("join-no-answer")


def lobby(app: App, shot: Shot) -> None:
    app.reset(MenuScene(app))
    _host, scene = joined_lobby(app, players=4)
    frames(app, 6)
    shot("lobby")
    app.stop_serving()
    until(app, lambda: scene.ended, "the host's leaving noticed")
    frames(app, 4)
    shot("lobby-host-left")


def partner(out: Path, lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    with kit.partner_asked(Path(tempfile.mkdtemp()), size=size, lang=lang) as (_a, app, _t, _d):
        frames(app, 6)
        app.screenshot(str(out / f"net-{lang}-{size[0]}x{size[1]}-partner-question.png"))


def host_gone(out: Path, lang: str, size: tuple[int, int]) -> None:
    app, thread, _links = kit.table(Path(tempfile.mkdtemp()), "carioca", "remote,normal,normal",
                                    size=size, lang=lang)  # fmt: skip
    kit.frames(app, 1.0)
    thread.stop()
    kit.frames(app, 15, lambda: isinstance(app.stack.top, MenuScene))
    kit.frames(app, 0.5)
    app.screenshot(str(out / f"net-{lang}-{size[0]}x{size[1]}-host-gone.png"))


def shoot(out: Path, lang: str, size: tuple[int, int], only: set[str]) -> None:
    def shot(name: str) -> None:
        app.screenshot(str(out / f"net-{lang}-{size[0]}x{size[1]}-{name}.png"))

    app = _app(lang, size)
    for name, part in (("menus", menus), ("joins", joins), ("lobby", lobby)):
        if not only or name in only:
            part(app, shot)
    if not only or "table" in only:
        net_table_shots.shoot(out, lang, size, "carioca")
    if not only or "partner" in only:
        partner(out, lang, size)
    if not only or "gone" in only:
        host_gone(out, lang, size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="es,pt,sv")
    parser.add_argument("--sizes", default="1024x600,1600x900,3840x2160")
    parser.add_argument("--only", default="", help="menus,joins,lobby,table,partner,gone")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    only = {n for n in args.only.split(",") if n}
    for lang in args.langs.split(","):
        for size_text in args.sizes.split(","):
            w, h = (int(n) for n in size_text.split("x"))
            shoot(args.out, lang, (w, h), only)
            print(f"{lang} {size_text}: done", flush=True)


if __name__ == "__main__":
    main()
