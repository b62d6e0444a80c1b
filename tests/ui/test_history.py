"""The History screen: lists kept matches, filters by game, stars and deletes (a second press
deletes), refuses a mistyped code with a message, and deals a code's cards at the table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from carioca_desktop.storage.daily import daily_code
from carioca_desktop.storage.deal_codes import Deal, decode, encode
from carioca_desktop.storage.history import rows
from carioca_desktop.storage.replays import keep_match, list_kept, starred
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.history import HistoryScene
from tests.storage.test_replay_store import _fake


def _scene(app: App) -> HistoryScene:
    keep_match(_fake(1), app.paths)
    buraco = {"game": "buraco", "preset": "dois_jogadores"}
    keep_match(replace(_fake(2), game="buraco", rules=buraco, final_scores=(10, 3000)), app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    app.frame(0.016)
    return scene


def test_it_lists_both_games_and_filters_by_game(app: App) -> None:
    scene = _scene(app)
    assert [r.match_id for r in scene.rows] == ["m0002", "m0001"]
    scene._set_filter("carioca")
    assert [r.header.game for r in scene.rows] == ["carioca"]
    scene._set_filter(None)
    scene._sort()
    assert [r.match_id for r in scene.rows] == ["m0001", "m0002"]
    app.frame(0.016)


def test_star_and_delete_with_a_second_press(app: App) -> None:
    scene = _scene(app)
    scene._star()
    assert starred(app.paths) == {"m0002"} and scene.rows[0].kept.starred
    scene._delete()
    assert len(list_kept(app.paths)) == 2  # the first press only asks
    scene._delete()
    assert [k.match_id for k in list_kept(app.paths)] == ["m0001"]
    assert starred(app.paths) == set()
    app.frame(0.016)


def test_a_mistyped_code_says_so_and_starts_nothing(app: App) -> None:
    scene = _scene(app)
    good = encode(Deal("carioca", "clasico", 4, 0, 123))  # a fixed code: a fixed typo
    typo = good[:-1] + ("0" if good[-1] != "0" else "1")
    scene._start(typo)
    assert scene.message and app.stack.top is scene
    scene._start("abc")
    assert "14" in scene.message


def test_todays_deal_opens_the_table_with_its_cards(app: App) -> None:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.scenes.carioca import TableScene

    scene = _scene(app)
    scene.level = "easy"
    scene._play_daily()
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.session
    assert isinstance(session, MatchSession)
    assert session.seed == decode(daily_code()).seed and session.deal_code() == daily_code()
    assert [s.kind for s in session.seats] == ["human", "bot", "bot", "bot"]
    assert {s.level for s in session.seats[1:]} == {"easy"}


def test_save_then_open_a_match_file_as_a_friend_would(app: App, tmp_path: Path) -> None:
    from carioca_desktop.replay_tool import record_bot_match
    from carioca_desktop.rules.carioca.ruleset import CariocaRules
    from carioca_desktop.storage.match_file import dump_match
    from carioca_desktop.ui.scenes.carioca.replay import ReplayViewerScene

    rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, ["easy", "normal"], 51)
    assert match is not None
    keep_match(match, app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    app.frame(0.016)
    sent = tmp_path / "sent" / "to-a-friend.json"
    scene.files.save(scene.rows[0], sent)
    assert sent.read_bytes() == dump_match(match)
    scene.files.ask_open()
    app.frame(0.016)
    assert scene.files.dialog is not None
    scene.files.close()
    friend = App(size=(1600, 900), paths=type(app.paths).under(tmp_path / "friend"),
                 fast=True)  # fmt: skip
    there = HistoryScene(friend)
    friend.reset(there)
    there.files.open(sent)
    assert isinstance(friend.stack.top, ReplayViewerScene)
    assert [r.match_id for r in rows(friend.paths)] == [match.match_id]
    broken = sent.with_name("broken.json")
    broken.write_bytes(sent.read_bytes()[:100])
    friend.reset(there)
    there.files.open(broken)
    assert there.message and broken.read_bytes() == sent.read_bytes()[:100]


def test_how_would_hard_have_done_shows_round_by_round(app: App) -> None:
    from carioca_desktop.replay_tool import record_bot_match
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, ["easy", "normal"], 52)
    assert match is not None
    keep_match(match, app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    scene._ask_hard()
    scene.versus.wait(60)
    app.frame(0.016)
    lines = scene.versus.lines(match.match_id)
    assert len(lines) == 2 and lines[1].split(": ", 1)[1].count("/") == 4  # chico: 4 rounds
    assert scene.versus.lines("another") == []


def test_a_short_window_keeps_the_chosen_matchs_lines_above_its_buttons(tmp_path: Path) -> None:
    """At 1024x600 "how would hard have done" was drawn under the match's buttons, and the
    tabs' row stood over the panels' top border."""
    import pygame_gui

    from carioca_desktop.play.versus import Versus
    from carioca_desktop.storage import Paths

    app = App(size=(1024, 600), paths=Paths.under(tmp_path), fast=True)
    scene = _scene(app)
    row = scene.rows[scene.chosen]
    versus = scene.versus
    versus.match_id = row.match_id
    versus.result = Versus("carioca", 0, [12, 30, 9], [20, 8, 15], players=4)
    scene.paint(app.screen)
    _listing, chosen, deal = scene._areas()
    buttons = [
        e.rect
        for e in app.manager.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UIButton) and e.alive()
    ]
    assert len(versus.lines(row.match_id)) == 2  # the hard comparison's lines are drawn too
    assert len(scene.chosen_lines) >= 3 + 2
    assert all(line.bottom <= scene._buttons_top(chosen) for line in scene.chosen_lines)
    inside = [b for b in buttons if chosen.contains(b) or deal.contains(b)]
    tabs = [b for b in buttons if b.top < chosen.top]
    assert inside and tabs
    assert all(not b.colliderect(chosen) and not b.colliderect(deal) for b in tabs)
    scene.message = "Ese código no existe"
    scene.paint(app.screen)  # the daily line and a message: under the buttons, in the panel
    assert scene.deal_lines
    assert all(not line.collidelist(buttons) >= 0 for line in scene.deal_lines)
    assert all(deal.contains(line) for line in scene.deal_lines)
