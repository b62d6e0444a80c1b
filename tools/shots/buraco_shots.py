"""Screenshots of Buraco as a new player sees it, to look at by eye (not a test).

    SDL_VIDEODRIVER=dummy python -m tools.shots.buraco_shots OUTDIR [--langs pt,it,en] [--sizes ...]

Writes, per language and window size: the menu, the Buraco new-game screen (4 seats and the
2-player game), a table mid-round built from a fixed position (a buraco limpo, a sujo, a long
run, a morto taken by the partner, the pile spread, and the top-only variant), a fresh round
with the first-meld minimum, the moment a morto is taken (bots from a seed), the round sheet,
the final sheet, and the hot-seat privacy screen between partners. Nothing is saved."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop import i18n
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.rules.buraco.actions import Discard, Draw
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.fixtures.buraco_position import bots, mid_game, seats


class Shooter:
    def __init__(self, out: Path, lang: str, size: tuple[int, int], home: Path) -> None:
        self.out, self.lang, self.size = out, lang, size
        self.app = App(size=size, paths=Paths.under(home), fast=True)
        i18n.set_language(lang)
        self.app.manager.set_locale(lang)

    def shot(self, name: str) -> None:
        self.app.frame(0.016)
        path = self.out / f"{name}-{self.lang}-{self.size[0]}.png"
        self.app.screenshot(str(path))
        print(path)

    def table(self, session: BuracoSession) -> BuracoTableScene:
        scene = BuracoTableScene(self.app, session)
        self.app.reset(scene)
        self.app.frame(0.016)
        return scene


def run(out: Path, lang: str, size: tuple[int, int], home: Path) -> None:
    s = Shooter(out, lang, size, home)
    app = s.app
    app.reset(MenuScene(app))
    s.shot("01-menu")
    newgame = BuracoNewGameScene(app)
    app.reset(newgame)
    newgame.kinds = ["human", "hard", "beginner", "normal"]
    newgame.rebuild()
    s.shot("02-newgame")
    newgame.preset = "dois_jogadores"
    newgame.rebuild()
    s.shot("03-newgame-2p")
    newgame.preset = "italiano"
    newgame.kinds = ["human", "normal", "human", "easy"]
    newgame.rebuild()
    s.shot("04-newgame-italiano")
    newgame.show_rules()
    s.shot("04b-newgame-rules")
    app.pop()

    # The table mid-round, from a fixed position; the person (seat 0) to play.
    shapes = (("05-table-pile-all", "all", False), ("05b-table-long-pile", "all", True),
              ("06-table-pile-top", "top", False))  # fmt: skip
    for name, visible, long_pile in shapes:
        game = mid_game(visible, long_pile=long_pile)
        session = BuracoSession(game, seats(), 1, bots(), autosave=False)
        scene = s.table(session)
        scene.perform(session.game.legal_actions(0)[0])  # draw
        scene.animator.finish()
        scene.sync()
        s.shot(name)

    # A fresh round in the Italian preset: the first-meld minimum applies.
    session = BuracoSession.new(preset_rules("italiano"), seats(), 11, autosave=False)
    s.table(session)
    s.shot("07-table-first-min")

    # The other shapes of table: three mortos, and the 2-player game, a few melds down.
    for name, preset in (
        ("07b-table-tres-mortos", "tres_mortos"),
        ("07c-table-2p", "dois_jogadores"),
    ):
        rules = preset_rules(preset)
        session = BuracoSession.new(rules, seats((), rules.players), 3, autosave=False)
        while len(session.game.observation(0).table) < 5 and not session.game.round_over:
            action = session.pending_bot_action()
            assert action is not None
            session.apply(action)
        s.table(session)
        s.shot(name)

    # Bots play from a seed until a morto is taken: the flight and the note.
    app.fast = False
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=()), 5, autosave=False)
    scene = BuracoTableScene(app, session)
    app.reset(scene)
    scene.glide = 0.6
    taken = False
    for _ in range(3000):
        if session.game.round_over:
            break
        action = session.pending_bot_action()
        assert action is not None
        before = len(session.game.observation(0).events)
        scene.perform(action)
        kinds = [e.kind for e in session.game.observation(0).events[before:]]
        if "morto" in kinds:
            scene.animator.update(0.25)
            taken = True
            break
        scene.animator.finish()
        scene.draw(app.screen)  # as each frame does: where the piles now are, for the flights
    app.manager.update(0.0)
    app.screenshot(str(out / f"08-morto-taken-{lang}-{size[0]}.png"))
    print("morto taken:", taken)
    app.fast = True

    # The round sheet (bots play the round out), then the final one.
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=()), 5, autosave=False)
    while not session.game.round_over:
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    scene = s.table(session)
    scene.show_sheet()
    s.shot("09-round-sheet")
    game = mid_game("all", scores=(2700, 2650))
    session = BuracoSession(game, seats(people=()), 1, bots(people=()), autosave=False)
    while not session.game.round_over:
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    scene = s.table(session)
    scene.show_sheet()
    s.shot("10-final-sheet" if game.is_over else "10-not-final-sheet")

    # Hot seat between partners: the privacy screen before the first person's turn.
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=(0, 2)), 9, autosave=False)
    scene = s.table(session)
    s.shot("11-privacy")
    hot_seat_partner(s, scene)
    app.quit()


def hot_seat_partner(s: Shooter, scene: BuracoTableScene) -> None:
    """Ana (seat 0) plays her turn; the bot plays; then the privacy screen names Carla, her
    partner, and Carla's table (Ana's hand face down across) once she takes the seat."""
    app, game = s.app, scene.session.game
    app.pop()
    scene.reveal(0)
    scene.perform(Draw(0))
    scene.perform(Discard(0, game.hand(0)[0]))
    for _ in range(200):
        app.frame(0.016)
        if game.current_player == 2 and app.stack.top is not scene:
            break
    s.shot("12-privacy-partner")
    app.pop()
    scene.reveal(2)
    s.shot("13-table-partner")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="pt,it,en")
    parser.add_argument("--sizes", default="1600x900,1280x720")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                w, h = (int(v) for v in size.split("x"))
                run(args.out, lang, (w, h), Path(home))


if __name__ == "__main__":
    main()
