"""History marks matches played at a network table ("en red", as Statistics does), also when
every other seat was a bot of the host: the host keeps the match file for its own people,
marked in the file (``network``: this computer's people's seats), and a damaged mark is
refused like any damaged field."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from carioca_desktop.i18n import LANGUAGES, tr
from carioca_desktop.net.seats import LOCAL, SeatSpec
from carioca_desktop.storage import Paths
from carioca_desktop.storage.history import rows
from carioca_desktop.storage.match_file import (
    MatchFileError,
    dump_match,
    from_document,
    parse_match,
    to_document,
)
from carioca_desktop.storage.records import PlayerRecord
from carioca_desktop.storage.replays import keep_match
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.history import HistoryScene, row_text
from tests.fixtures.netkit import CODE, HostThread
from tests.fixtures.waiting import PATIENCE, wait_until
from tests.storage.test_replay_store import _fake

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


def test_the_network_mark_survives_the_file_and_a_bad_one_is_refused() -> None:
    three = replace(_fake(1), seats=(PlayerRecord("A", "human"), PlayerRecord("B", "human"),
                                     PlayerRecord("C", "bot", "easy")),
                    final_scores=(0, 0, 0))  # fmt: skip
    marked = replace(three, network=(1,))
    assert parse_match(dump_match(marked)) == marked
    assert parse_match(dump_match(three)).network is None  # a local table's file: no mark
    assert marked.people_here == [1] and three.people_here == [0, 1]
    for bad in ([2], [1, 1], [5], [-1], ["1"], 1, None):  # a bot, twice, no such seat, types
        document = to_document(marked)
        document["network"] = bad
        with pytest.raises(MatchFileError):
            from_document(document)


def _host_match(home: Path) -> None:
    """A Carioca match hosted with this computer's person (seat 0, away: its stand-in plays)
    and two bots of the host: nobody at another computer."""
    from carioca_desktop.net.games import KINDS
    from carioca_desktop.net.host import TableHost

    rules = KINDS["carioca"].load_rules({"rounds": ["2T", "1T1E"], "players": 3})
    specs = [SeatSpec(LOCAL), SeatSpec("bot", "easy"), SeatSpec("bot", "easy")]
    host = TableHost("carioca", rules, specs, 7, code=CODE, grace=0.0, port=0,
                     bind="127.0.0.1", paths=Paths.under(home), auto_start=False)  # fmt: skip
    thread = HostThread(host)
    try:
        host.start_now()
        wait_until(lambda: host.finished, PATIENCE * 4, "the end of the bots' match")
        # The match file is written as the save is cleared.
        wait_until(lambda: rows(Paths.under(home)), what="the kept match file")
    finally:
        thread.stop()


def test_a_hosted_match_with_only_bots_besides_is_kept_and_marked(tmp_path: Path, app: App) -> None:
    _host_match(tmp_path)  # the app's own home
    (row,) = rows(app.paths)
    assert row.header.network == (0,) and row.header.seats[0].kind == "human"
    keep_match(_fake(3), app.paths)  # a local table's match, beside it
    scene = HistoryScene(app)
    app.reset(scene)
    app.frame(0.016)
    texts = {r.match_id: row_text(r) for r in scene.rows}
    assert tr("net.table.network_match") in texts[row.match_id]
    assert tr("net.table.network_match") not in texts["m0003"]
    for lang in LANGUAGES:  # the mark's words exist in every language
        assert tr("net.table.network_match", lang) != "net.table.network_match"
