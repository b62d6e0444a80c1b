"""Screenshots of the network table, to look at by eye (not a test):

    xvfb-run -a -s "-screen 0 1600x900x24" python -m tools.shots.net_table_shots OUTDIR \
        [--langs es,pt] [--sizes 1280x720] [--games carioca,buraco]

A host on a thread of this process (loopback only), this computer at seat 0 and another
"computer" (a second client) at seat 1, bots elsewhere. Per language, size and game:
``reaction`` (seat 1 sent a reaction: its bubble by its avatar), ``remote-away`` (seat 1's
connection dropped: its avatar counts the grace down), ``reconnecting`` (this computer's
own connection cut: the notice with its seconds) and ``back`` (reconnected, the hand as it
was)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARIOCA_DISCOVERY", "127.0.0.1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from tests.ui.nettable.kit import Person, frames, table

SPECS = {"carioca": "remote,remote,normal,normal", "buraco": "remote,remote,normal,normal"}


def shoot(out: Path, lang: str, size: tuple[int, int], game: str) -> list[Path]:
    app, thread, links = table(Path(tempfile.mkdtemp()), game, SPECS[game], seed=4,
                               size=size, fast=False, grace=45.0, here=1, lang=lang)  # fmt: skip
    scene = app.stack.top
    person, other = Person(game, [0]), links[1].client
    shots: list[Path] = []

    def shot(name: str, settle: float = 0.3) -> None:
        frames(app, settle)
        path = out / f"net-{game}-{lang}-{size[0]}x{size[1]}-{name}.png"
        app.screenshot(str(path))
        shots.append(path)

    try:
        frames(app, 20, lambda: (person.play(scene) and False) or
               thread.host.game.current_player == 1)  # fmt: skip
        other.send_reaction("well_played")
        scene.net.open_row()  # this person's row of reactions, open
        frames(app, 1.0)
        shot("reaction")
        scene.net.open_row()
        other.close()  # seat 1's computer goes away: its grace counts down here
        frames(app, 4.0)
        shot("remote-away")
        links[0].client.drop()  # this computer's own connection cut
        frames(app, 5, lambda: scene.net.notice() is not None)
        shot("reconnecting", 0.0)  # over loopback it is back within a second
        frames(app, 10, lambda: scene.net.notice() is None)
        shot("back")
    finally:
        thread.stop()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="es,pt")
    parser.add_argument("--sizes", default="1280x720")
    parser.add_argument("--games", default="carioca,buraco")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in args.langs.split(","):
        for size_text in args.sizes.split(","):
            w, h = (int(n) for n in size_text.split("x"))
            for game in args.games.split(","):
                for path in shoot(args.out, lang, (w, h), game):
                    print(path)


if __name__ == "__main__":
    main()
