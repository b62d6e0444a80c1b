"""Buraco at the table, headless: autoplay end to end, the scene at two window sizes in three
languages (no raw key, nothing off-screen), a person's clicks refused in words and accepted
when legal, the session's save and resume, and the round sheet against the engine."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.buraco.text import round_sheets
from carioca_desktop.play.resume import session_from_dict
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.buraco.state import DECK
from carioca_desktop.storage import Paths, flush_autosaves, load_autosave
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.confirm import ConfirmScene
from tests.test_autoplay import distinct_colours

RAW_KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")
NAMES = ("Ana", "Beto", "Carla", "Diego")


def seats(players: int = 4, people: int = 1) -> list[SeatConfig]:
    return [
        SeatConfig(NAMES[i], "human") if i < people else SeatConfig(NAMES[i], "bot", "normal")
        for i in range(players)
    ]


def make_app(tmp_path: Path, size: tuple[int, int]) -> App:
    return App(size=size, paths=Paths.under(tmp_path), fast=True)


def play_until_melds(app: App, scene: BuracoTableScene, melds: int) -> None:
    """Let the bots (and seat 0, played by a bot here) go on until the table holds melds."""
    game = scene.session.game
    helper = make_buraco_bot("normal", 0, 1)
    for _ in range(4000):
        if game.round_over or len(game.observation(0).table) >= melds:
            break
        if game.current_player == 0:
            action = buraco_step(game, {0: helper})
            assert action is not None
            scene.perform(action)
        app.frame(0.016)
    assert len(game.observation(0).table) >= melds


# ----------------------------------------------------------------------------- autoplay
def test_autoplay_buraco_plays_a_round_and_saves_two_screenshots(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shot = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARIOCA_HOME=str(home))
    command = [sys.executable, "-m", "carioca_desktop", "--autoplay", "--game", "buraco",
               "--preset", "brasileiro", "--seed", "3", "--screenshot", str(shot)]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    for path in (shot, tmp_path / "shot-end.png"):
        assert path.stat().st_size > 50_000
        assert distinct_colours(path) > 200
        assert pygame.image.load(str(path)).get_size() == (1600, 900)
    assert not (home / "saves").exists() and not (home / "stats.json").exists()


def test_a_carioca_preset_is_refused_for_buraco(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", CARIOCA_HOME=str(tmp_path))
    command = [sys.executable, "-m", "carioca_desktop", "--autoplay", "--game", "buraco",
               "--preset", "clasico"]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a buraco preset" in done.stderr


# ----------------------------------------------------------------------------- the scene
@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
@pytest.mark.parametrize("language", ["es", "en", "pt"])
def test_table_in_words_and_on_screen(
    tmp_path: Path, size: tuple[int, int], language: str, drawn: list[str], lang: None
) -> None:
    app = make_app(tmp_path, size)
    i18n.set_language(language)
    session = BuracoSession.new(preset_rules("italiano"), seats(), 11, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    assert any("50" in text for text in drawn)  # the first-meld minimum, while it applies
    play_until_melds(app, scene, 5)
    scene.moves.picked = scene.hand.uids()[:2]
    scene.sync()
    drawn.clear()
    scene.forget()  # the whole table drawn, not only what moves over its cached layer
    app.screenshot(str(tmp_path / "table.png"))
    raw = [t for t in drawn if RAW_KEY.match(t)]
    assert not raw, raw
    assert any(t.startswith("Buraco") for t in drawn)
    screen = pygame.Rect((0, 0), size)
    layout = scene.layout
    rects = [layout.bar, layout.viewer_panel, layout.score_panel, layout.info_panel,
             layout.their_zone, layout.our_zone, layout.stock, *layout.mortos,
             layout.pile_area, layout.log, *layout.seats.values(), *layout.buttons.values(),
             *scene.places.melds.values(), *scene.places.pile,
             *(rect for _, rect, _ in scene.moves.hand_rows())]  # fmt: skip
    off = [r for r in rects if not screen.contains(r)]
    assert not off, off
    for box in scene.places.melds.values():  # melds stay in their side's area
        assert layout.our_zone.contains(box) or layout.their_zone.contains(box)


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_new_game_for_buraco_draws_in_words(
    tmp_path: Path, size: tuple[int, int], drawn: list[str]
) -> None:
    app = make_app(tmp_path, size)
    scene = BuracoNewGameScene(app)
    app.push(scene)
    app.frame(0.016)
    scene.preset = "dois_jogadores"
    scene.rebuild()
    app.frame(0.016)
    assert drawn and not [t for t in drawn if RAW_KEY.match(t)]
    assert any("Buraco" in t for t in drawn)


def test_round_sheet_matches_the_engine(tmp_path: Path) -> None:
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=0), 5, autosave=False)
    game = session.game
    while not game.round_over:
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    obs = game.observation(0)
    rules = game.rules
    for sheet in round_sheets(obs, NAMES):
        hands = [game.state.hands[s] for s in rules.seats_of(sheet.side)]
        assert sheet.hands == -sum(rules.points[DECK[c].rank_name] for h in hands for c in h)
        assert sheet.total == game.state.history[-1][sheet.side]
        parts = sheet.meld_points + sheet.bonus + sheet.going_out + sheet.hands + sheet.morto
        assert parts == sheet.total
        assert sheet.morto == (0 if game.state.took[sheet.side] else -100)


# ----------------------------------------------------------------------------- a person
def click(app: App, pos: tuple[int, int]) -> None:
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_persons_clicks_refused_in_words_then_accepted(tmp_path: Path, lang: None) -> None:
    app = make_app(tmp_path, (1600, 900))
    i18n.set_language("en")
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    game = session.game
    assert game.current_player == 0 and game.phase.value == "draw"
    hand_before = len(game.hand(0))
    # Pick a card and try to discard it on the pile before drawing: in the draw phase the
    # pile click takes the pile; so first pick three cards and lay them down: refused.
    rows = scene.moves.hand_rows()
    click(app, rows[0][1].center)
    assert scene.moves.picked
    scene.moves.lay_down()
    assert scene.toasts, "a refusal is said"
    words = scene.toasts[-1].text
    assert words == i18n.tr("refusal.must_draw_first") and "_" not in words
    assert len(game.hand(0)) == hand_before and game.phase.value == "draw"
    # Draw by clicking the stock: accepted.
    click(app, scene.layout.stock.center)
    assert game.phase.value == "play" and len(game.hand(0)) == hand_before + 1
    # A lone card on a meld of nobody: a click on the pile with two picked says what to do.
    scene.moves.clear()
    rows = scene.moves.hand_rows()
    click(app, rows[0][1].center)
    click(app, rows[1][1].center)
    click(app, scene.layout.pile_area.center)
    assert scene.toasts[-1].text == i18n.tr("buraco.pick_one_to_discard")
    assert game.current_player == 0
    # One card picked, a click on the pile discards it and the turn passes.
    click(app, scene.moves.hand_rows()[1][1].center)
    card = scene.moves.codes(scene.moves.picked)[0]
    click(app, scene.layout.pile_area.center)
    assert game.current_player == 1
    assert game.observation(0).pile[-1] == card


def test_hot_seat_hides_each_hand_until_its_owner_takes_the_seat(
    tmp_path: Path, lang: None
) -> None:
    from carioca_desktop.ui.scenes.privacy import PrivacyScene

    app = make_app(tmp_path, (1280, 720))
    i18n.set_language("pt")
    people = seats(people=2)  # seats 0 and 1 are people (opponents), 2 and 3 bots
    session = BuracoSession.new(preset_rules("brasileiro"), people, 9, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    assert isinstance(app.stack.top, PrivacyScene) and scene.hand_hidden
    app.pop()
    scene.reveal(0)
    assert not scene.hand_hidden
    game = session.game
    click(app, scene.layout.stock.center)  # seat 0 draws
    assert game.phase.value == "play"
    scene.moves.picked = [scene.hand.uids()[0]]
    scene.moves.pile()  # and discards: now seat 1, a person, is to act
    assert game.current_player == 1 and scene.viewer == 1
    assert scene.hand_hidden  # seat 1's cards stay face down for now
    app.frame(0.016)
    assert isinstance(app.stack.top, PrivacyScene)
    app.pop()
    scene.reveal(1)
    assert not scene.hand_hidden and sorted(scene.obs.hand) == sorted(game.hand(1))


# ----------------------------------------------------------------------------- save, resume
def test_session_saves_and_resumes_the_same_match(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    people = [SeatConfig("Ana", "bot", "hard"), *seats(people=0)[1:]]
    session = BuracoSession.new(preset_rules("fechado"), people, 17, paths=paths)
    for _ in range(60):
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    assert flush_autosaves(10.0)
    loaded, _, notices = load_autosave(paths, lambda d: session_from_dict(d, paths))
    assert not notices and isinstance(loaded, BuracoSession)
    assert loaded.game == session.game and loaded.seats == session.seats
    for _ in range(80):  # both go on identically: bots' generators and memory came back
        if session.game.round_over:
            break
        mine, theirs = session.pending_bot_action(), loaded.pending_bot_action()
        assert mine == theirs and mine is not None
        session.apply(mine)
        loaded.apply(theirs)  # type: ignore[arg-type]
    assert loaded.game == session.game


def test_app_start_keeps_a_buraco_save(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    BuracoSession.new(preset_rules("brasileiro"), seats(), 4, paths=paths)
    assert flush_autosaves(10.0)
    app = App(size=(1280, 720), paths=paths, fast=True)
    assert not [n for n in app.notices if n.file == "save"]
    assert paths.autosave_file.is_file()
    loaded, _, _ = load_autosave(paths, lambda d: session_from_dict(d, paths))
    assert isinstance(loaded, BuracoSession)


def test_adding_to_a_side_meld_by_click(tmp_path: Path, lang: None) -> None:
    """The melds that take the picked card are lit; a click adds it (a lone wild gets a
    marker for an open end); a card that does not fit is refused in words."""
    from carioca_desktop.rules.buraco.game import BuracoGame

    rules = preset_rules("brasileiro")
    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    game = BuracoGame.from_position(
        rules, [["8H", "KC", "JK", "QS", "4H"], *others], stock=["9S", "10S", "JS"],
        pile=["2C"], table=[{"side": 0, "meld": ["5H", "6H", "7H"]},
                            {"side": 1, "meld": ["9H", "10H", "JH"]}],
    )  # fmt: skip
    bots = {i: make_buraco_bot("normal", i, 1) for i in (1, 2, 3)}
    session = BuracoSession(game, seats(), 1, bots, autosave=False)  # type: ignore[arg-type]
    app = make_app(tmp_path, (1600, 900))
    i18n.set_language("es")
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    click(app, scene.layout.stock.center)
    assert game.phase.value == "play"

    def pick(code: str) -> None:
        scene.moves.clear()
        uid = next(c.uid for c in scene.hand.cards if c.code == code)
        row = scene.moves.hand_rows()[scene.hand.uids().index(uid)]
        click(app, row[1].center)
        assert scene.moves.codes(scene.moves.picked) == (code,)

    pick("8H")
    assert scene.moves.accepts() == frozenset({0})  # ours lit; theirs (index 1) not
    app.frame(0.016)
    click(app, scene.places.melds[0].center)
    assert game.observation(0).table[0].cards == ("5H", "6H", "7H", "8H")
    pick("KC")
    click(app, scene.places.melds[0].center)
    words = scene.toasts[-1].text
    assert words and "_" not in words and len(game.observation(0).table[0].cards) == 4
    pick("QS")
    click(app, scene.places.melds[1].center)  # the other side's meld
    assert scene.toasts[-1].text == i18n.tr("refusal.not_your_side")
    pick("JK")
    click(app, scene.places.melds[0].center)
    ask = app.stack.top  # both ends of 5H-8H are open: which? (issue 28, item 13)
    assert isinstance(ask, ConfirmScene) and len(game.observation(0).table[0].cards) == 4
    ask.confirm()  # the high end
    cards = game.observation(0).table[0].cards
    assert len(cards) == 5 and cards[-1] == "JK=9H"


def test_a_card_dragged_onto_the_pile_is_discarded(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1280, 720))
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    click(app, scene.layout.stock.center)
    game = session.game
    uid, code = scene.hand.cards[2].uid, scene.hand.cards[2].code
    start = scene.moves.hand_rows()[2][1].center
    end = scene.layout.pile_area.center
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        at = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
    dragged = scene.moves.drag_card()
    assert dragged is not None and dragged[0] == code and dragged[1].center == end
    app.frame(0.016)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert game.current_player == 1 and game.observation(0).pile[-1] == code
    assert uid not in scene.hand.uids()


def test_closed_pile_taken_with_its_top_card_melded_in_one_click(tmp_path: Path) -> None:
    """``fechado``: the pile shows only its top; picking cards that meld with it and
    clicking the pile takes it and lays the meld down in one action; alone it is refused."""
    from carioca_desktop.rules.buraco.game import BuracoGame

    rules = preset_rules("fechado")
    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    game = BuracoGame.from_position(
        rules, [["5H", "6H", "KC", "QS"], *others], stock=["9S", "10S"], pile=["2C", "KD", "7H"]
    )
    bots = {i: make_buraco_bot("normal", i, 1) for i in (1, 2, 3)}
    session = BuracoSession(game, seats(), 1, bots, autosave=False)  # type: ignore[arg-type]
    app = make_app(tmp_path, (1600, 900))
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    assert scene.obs.pile == () and scene.obs.pile_top == "7H" and scene.obs.pile_size == 3
    click(app, scene.layout.pile_area.center)  # nothing picked: the top card has no use
    assert scene.toasts and "_" not in scene.toasts[-1].text
    assert game.phase.value == "draw"
    for code in ("5H", "6H"):
        uid = next(c.uid for c in scene.hand.cards if c.code == code)
        click(app, scene.moves.hand_rows()[scene.hand.uids().index(uid)][1].center)
    click(app, scene.layout.pile_area.center)
    assert game.phase.value == "play"
    assert game.observation(0).table[0].cards == ("5H", "6H", "7H")
    assert sorted(game.hand(0)) == sorted(["KC", "QS", "2C", "KD"])


def test_keys_and_the_hint(tmp_path: Path, lang: None) -> None:
    """S draws, the Pista says the hard bot's move in words and picks its cards, D puts the
    one picked card on the pile; Enter on the round sheet deals the next round."""
    app = make_app(tmp_path, (1600, 900))
    i18n.set_language("en")
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 33, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    game = session.game

    def key(k: int) -> None:
        app.process(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    scene.ask_hint()
    assert scene.toasts[-1].text in (i18n.tr("buraco.hint.draw"), i18n.tr("buraco.hint.take_pile"))
    key(pygame.K_s)
    assert game.phase.value == "play"
    scene.ask_hint()
    words = scene.toasts[-1].text
    assert words.startswith("Hint: ") and "%{" not in words
    picked = scene.moves.codes(scene.moves.picked)
    assert picked and all(c in game.hand(0) for c in picked)
    scene.moves.clear()
    scene.moves.picked = [scene.hand.uids()[0]]
    key(pygame.K_d)
    assert game.current_player == 1
    while not game.round_over:  # the rest of the round: seat 0 played by a bot here
        if game.current_player == 0:
            action = buraco_step(game, {0: make_buraco_bot("normal", 0, 2)})
            assert action is not None
            scene.perform(action)
        app.frame(0.016)
    app.frame(0.016)
    assert scene.sheet is not None
    round_number = scene.obs.round_number
    key(pygame.K_RETURN)
    assert scene.sheet is None and scene.obs.round_number == round_number + 1


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_pause_rules_at_a_buraco_table_are_buracos(
    tmp_path: Path, size: tuple[int, int], drawn: list[str]
) -> None:
    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene
    from carioca_desktop.ui.scenes.pause import PauseScene

    app = make_app(tmp_path, size)
    session = BuracoSession.new(preset_rules("italiano"), seats(), 2, autosave=False)
    app.push(BuracoTableScene(app, session))
    app.frame(0.016)
    pause = PauseScene(app)
    app.push(pause)
    app.frame(0.016)
    pause._rules()
    assert isinstance(app.stack.top, BuracoRulesScene)
    drawn.clear()
    app.frame(0.016)
    assert not [t for t in drawn if RAW_KEY.match(t) or "%{" in t]
    assert any("2000" in t for t in drawn)  # the preset's own target
    assert any(i18n.tr("buraco.rules.house_title") == t for t in drawn)  # nothing cut off
    app.screenshot(str(tmp_path / "rules.png"))


@pytest.mark.parametrize("n", [1, 11, 22, 40, 60])
def test_long_hands_and_piles_keep_every_index_in_view(n: int) -> None:
    from carioca_desktop.ui.scenes.buraco.layout import hand_rects, pile_rects

    area = pygame.Rect(300, 700, 1040, 140)
    rects = hand_rects(area, n, 100)
    assert len(rects) == n and all(area.contains(r) for r in rects)
    steps = [b.x - a.x for a, b in itertools.pairwise(rects)]
    assert all(step >= 0.3 * rects[0].width for step in steps)
    pile = pygame.Rect(600, 350, 700, 101)
    spread = pile_rects(pile, n, 72)
    assert len(spread) == n and all(pile.contains(r) for r in spread)
    for row in {r.y for r in spread}:
        xs = sorted(r.x for r in spread if r.y == row)
        width = next(r.width for r in spread if r.y == row)
        assert all(b - a >= 0.3 * width for a, b in itertools.pairwise(xs))


def test_closed_pile_taken_with_two_melds_in_one_gesture(tmp_path: Path) -> None:
    from carioca_desktop.rules.buraco.game import BuracoGame

    rules = preset_rules("fechado")
    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    hand = ["5H", "6H", "KC", "KS", "KD", "QS", "8C"]
    game = BuracoGame.from_position(rules, [hand, *others], stock=["9S"], pile=["2C", "7H"])
    bots = {i: make_buraco_bot("normal", i, 1) for i in (1, 2, 3)}
    session = BuracoSession(game, seats(), 1, bots, autosave=False)  # type: ignore[arg-type]
    app = make_app(tmp_path, (1280, 720))
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)

    def pick(*codes: str) -> None:
        for code in codes:
            uid = next(
                c.uid
                for c in scene.hand.cards
                if c.code == code and c.uid not in scene.moves.picked
            )
            click(app, scene.moves.hand_rows()[scene.hand.uids().index(uid)][1].center)

    pick("KC", "KS", "KD")
    scene.moves.group()  # set aside: the second meld of the take
    assert scene.moves.staged_codes() == [("KC", "KS", "KD")]
    pick("5H", "6H")
    click(app, scene.layout.pile_area.center)
    table = [m.cards for m in game.observation(0).table]
    assert table == [("5H", "6H", "7H"), ("KC", "KS", "KD")]
    assert sorted(game.hand(0)) == sorted(["QS", "8C", "2C"])
    assert not scene.moves.staged and not scene.moves.picked
