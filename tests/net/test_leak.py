"""The leak test: every message the host sends to each client over whole matches of both
games is kept and checked, at the moment it is sent, against the host's true state: a card
identity appears only where that seat may see it (its own hand, the table, the top of the
pozo or pile, the whole pile only where the variant shows it, its own hidden cards in the
log), and no token of another seat or word of any random generator appears at all."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.net.protocol import encode
from tests.fixtures.netkit import HostThread, join_in_thread, new_host
from tests.fixtures.waiting import wait_until


class LeakCheck:
    """Called by the host for every message, before it leaves (``TableHost.on_send``)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.count = 0
        self.by_type: dict[str, int] = {}
        self.tokens: dict[int, str] = {}
        self.problems: list[str] = []
        self.views: dict[int, dict[str, Any]] = {}  # each seat's observation as its client has it
        self.ends: dict[int, list[str]] = {}  # each seat's replay parts and match_over, in order

    def __call__(self, seat: int | None, msg: dict[str, Any]) -> None:
        self.count += 1
        kind = msg["t"]
        if kind in ("replay", "match_over") and seat is not None:
            self.ends.setdefault(seat, []).append(kind)
        self.by_type[kind] = self.by_type.get(kind, 0) + 1
        text = encode(msg)
        msg = json.loads(text)  # what the client reads
        if kind == "welcome" and seat is not None:
            self.tokens[seat] = msg["token"]
        for other, token in self.tokens.items():
            if token in text and not (other == seat and kind == "welcome"):
                self.problems.append(f"seat {other}'s token in a {kind} to seat {seat}")
        game = self.host.game
        if game is None or seat is None:
            return
        self._rng_words(text, kind, seat)
        if kind == "replay" and not game.is_over:  # its seed deals every hidden card
            self.problems.append(f"a replay part to seat {seat} before the match's end")
        try:
            if kind in ("state", "events"):
                self._events(seat, msg["events_at" if kind == "state" else "at"], msg["events"])
            if kind == "state":  # the fields sent merged over those the client holds
                view = {} if msg["full"] else self.views.get(seat, {})
                self.views[seat] = view = {**view, **msg["obs"]}
                (self._carioca if self.host.kind.name == "carioca" else self._buraco)(seat, view)
            if kind == "ask":
                self._ask(seat, msg)
            if kind == "state" and msg.get("ask") is not None:  # within it (protocol 5)
                self.by_type["ask"] = self.by_type.get("ask", 0) + 1
                self._ask(seat, msg["ask"])
        except AssertionError as err:
            self.problems.append(f"{kind} to seat {seat}: {err}")

    def _rng_words(self, text: str, kind: str, seat: int) -> None:
        state = self.host.game.state
        gens = [state.rng, *(b.rng for b in self.host.session.bots.values())]
        for rng in gens:
            words = rng.getstate()[1]
            for w in (words[3], words[100], words[400]):
                if re.search(rf"\b{w}\b", text):
                    self.problems.append(f"a generator word in a {kind} to seat {seat}")

    def _events(self, seat: int, at: int, events: list[dict[str, Any]]) -> None:
        state = self.host.game.state
        log = state.events if self.host.kind.name == "carioca" else state.log
        reveal = bool(getattr(state.rules, "open_hands", False))
        for j, sent in enumerate(events):
            true = log[at + j]
            assert sent.get("cards", []) == list(true.cards), "an event's public cards differ"
            mine = reveal or true.seat == seat
            assert sent.get("secret", []) == (list(true.secret) if mine else []), (
                "another seat's hidden cards in the log"
            )

    def _carioca(self, seat: int, obs: dict[str, Any]) -> None:
        s = self.host.game.state
        code = [c.code for c in s.cards]
        assert sorted(obs["hand"]) == sorted(code[c] for c in s.hands[seat]), "not its own hand"
        assert obs["open_hands"] is None or s.rules.open_hands, "hands shown"
        assert [m["cards"] for m in obs["table"]] == [
            [code[sl.ref] for sl in m.layout.slots] for m in s.table
        ], "the table differs"
        top = code[s.pozo[-1]] if s.pozo else None
        assert obs["pozo_top"] == top and obs["buy_card"] in (None, top), "the pozo's top"
        assert obs["offer"] is None or obs["offer"]["card"] == top, "the offered card"
        assert set(obs) == _CARIOCA_FIELDS, f"unexpected fields {set(obs) ^ _CARIOCA_FIELDS}"

    def _buraco(self, seat: int, obs: dict[str, Any]) -> None:
        from carioca_desktop.rules.buraco.state import DECK

        s = self.host.game.state
        assert sorted(obs["hand"]) == sorted(DECK[c].code for c in s.hands[seat]), "its hand"
        assert obs["open_hands"] is None or s.rules.open_hands, "hands shown"
        physical = [[c.split("=")[0] for c in m["cards"]] for m in obs["table"]]
        assert physical == [[DECK[sl.ref].code for sl in m.layout.slots] for m in s.table]
        pile = [DECK[c].code for c in s.pile]
        assert obs["pile"] == (pile if s.rules.pile_visible == "all" else []), "the pile"
        assert obs["pile_top"] == (pile[-1] if pile else None), "the pile's top"
        # The hands left are shown only once the round is over, when they are counted openly.
        over = s.phase.value in ("round_over", "match_over")
        hands = [[DECK[c].code for c in h] for h in s.hands]
        assert obs["hands_left"] == (hands if over else None), "the hands left before the end"
        assert set(obs) == _BURACO_FIELDS, f"unexpected fields {set(obs) ^ _BURACO_FIELDS}"

    def _ask(self, seat: int, msg: dict[str, Any]) -> None:
        cards = {str(c).split("=")[0] for c in _cards_in(msg["legal"])}
        s = self.host.game.state
        if self.host.kind.name == "carioca":
            mine = {s.cards[c].code for c in s.hands[seat]}
            public = {s.cards[s.pozo[-1]].code} if s.pozo else set()
        else:
            from carioca_desktop.rules.buraco.state import DECK

            mine = {DECK[c].code for c in s.hands[seat]}
            public = {DECK[s.pile[-1]].code} if s.pile else set()
        assert cards <= mine | public, f"cards {cards - mine - public} in the legal actions"


def _cards_in(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [c for k, v in value.items() if k in ("card", "cards", "melds")
                for c in _cards_in(v if not isinstance(v, str) else [v])]  # fmt: skip
    if isinstance(value, list):
        return [c for v in value for c in (_cards_in(v) if not isinstance(v, str) else [v])]
    return []


_CARIOCA_FIELDS = {
    "seat", "names", "rules", "round_index", "contract", "dealer", "phase", "turn",
    "turn_number", "hand", "hand_sizes", "open_hands", "table", "pozo_top", "pozo_size",
    "stock_size", "laid_down", "may_add", "progress", "buy_card", "buys", "round_points",
    "went_out", "offer",
}  # fmt: skip
_BURACO_FIELDS = {
    "seat", "players", "hand", "hand_sizes", "open_hands", "table", "pile", "pile_top",
    "pile_size", "single_pile_taken", "stock_size", "mortos_left", "took_morto",
    "morto_holders", "opened", "turn", "phase", "dealer", "round_number", "scores", "history",
    "target", "rules", "hands_left",
}  # fmt: skip


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    ("game", "rules", "seed", "first"),
    [
        ("carioca", {"preset": "chico", "buy": True}, 21, "local"),  # the host's own person
        ("buraco", {"preset": "fechado"}, 4, "normal"),  # the pile shows only its top card
        pytest.param(
            "carioca", {"preset": "clasico", "buy": True}, 5, "normal", marks=pytest.mark.slow
        ),
        pytest.param("buraco", {"preset": "brasileiro"}, 6, "local", marks=pytest.mark.slow),
    ],
)
def test_no_message_leaks_a_hidden_card_a_token_or_a_generator(
    tmp_path: Path, game: str, rules: dict[str, Any], seed: int, first: str
) -> None:
    from carioca_desktop.net.join import SeatStore
    from carioca_desktop.storage import Paths

    host = new_host(game, rules, f"{first},remote,remote,remote", seed)
    check = LeakCheck(host)
    host.on_send = check
    runner = HostThread(host)
    try:
        joins = []
        people = (0, 1, 2, 3) if first == "local" else (1, 2, 3)
        for s in people:
            if s == 0:  # the host's person: the same player, with the local seat's token
                SeatStore(Paths.under(tmp_path / "j0")).put(
                    f"127.0.0.1:{host.port}", {"token": host.local_token(0)}
                )
            joins.append(join_in_thread(host.port, f"P{s}", "normal", s, tmp_path / f"j{s}"))
            wait_until(
                lambda: s in host.remote and host.remote[s].conn is not None,  # noqa: B023
                what=f"seat {s} joined",
            )  # in seat order
        for j in joins:
            j.join(240)
        assert [j.code for j in joins] == [0] * len(people), [j.code for j in joins]  # type: ignore[attr-defined]
        assert host.finished and runner.error is None
    finally:
        runner.stop()
    assert check.problems == [], check.problems[:5]
    assert check.by_type.get("state", 0) > 300 and check.by_type.get("ask", 0) > 100
    assert check.by_type.get("lobby", 0) >= len(people) - 1  # the lobby while people joined
    # Each joiner got the match's replay at the end (the host's own person keeps it there).
    joiners = [s for s in people if s != 0 or first != "local"]
    assert check.by_type.get("replay", 0) >= len(joiners)
    for s in joiners:  # the whole replay, then the match's end
        assert check.ends[s][-1] == "match_over" and set(check.ends[s][:-1]) == {"replay"}
    print(f"\n{game}: {check.count} messages checked: {check.by_type}")
