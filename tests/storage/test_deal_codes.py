"""Deal codes: they name the same cards everywhere, catch typos, carry house rules as a
fingerprint; the daily deal comes from the UTC date and keeps its best total."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, flush_autosaves
from carioca_desktop.storage.daily import daily_code, load_bests, note_result, today
from carioca_desktop.storage.deal_codes import (
    ALPHABET,
    Deal,
    DealCodeError,
    daily_deal,
    deal_of,
    decode,
    encode,
    presets_of,
    rules_for,
)


@pytest.mark.properties  # Hypothesis's own count: the profile's
@given(
    st.sampled_from(["carioca", "buraco"]).flatmap(
        lambda g: st.builds(
            Deal,
            st.just(g),
            st.sampled_from(presets_of(g)),
            st.integers(2, 8),
            st.integers(0, 2**20 - 1),
            st.integers(0, 2**31 - 1),
        )
    )
)
def test_a_code_reads_back_as_its_deal(deal: Deal) -> None:
    code = encode(deal)
    assert len(code.replace("-", "")) == 14
    assert decode(code) == deal
    assert decode(code.lower().replace("-", " ")) == deal


@pytest.mark.properties  # Hypothesis's own count: the profile's
@given(st.integers(0, 13), st.integers(1, 31))
def test_one_mistyped_character_is_caught(position: int, shift: int) -> None:
    code = encode(Deal("carioca", "clasico", 4, 12345, 987654321)).replace("-", "")
    wrong = ALPHABET[(ALPHABET.index(code[position]) + shift) % 32]
    typo = code[:position] + wrong + code[position + 1 :]
    try:
        deal = decode(typo)
    except DealCodeError:
        return
    # A 10-bit check lets about one typo in a thousand through: it must then name a deal.
    assert deal != decode(code)


def test_ambiguous_letters_read_as_the_digits_they_look_like() -> None:
    code = encode(Deal("carioca", "clasico", 4, 0, 10))
    assert "0" in code
    assert decode(code.replace("0", "O")) == decode(code)


@pytest.mark.parametrize(
    "text", ["", "ABC", "A" * 14, "!!!!-!!!!-!!!!-!!", "x" * 200, "ÅÅÅÅ-ÅÅÅÅ-ÅÅÅÅ-ÅÅ"]
)
def test_bad_codes_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(DealCodeError):
        decode(text)


def test_preset_rules_play_anywhere_house_rules_where_known() -> None:
    plain = CariocaRules.from_dict({"preset": "dos_libres", "players": 3})
    deal = decode(encode(deal_of("carioca", plain, 77)))
    assert CariocaRules.from_dict(rules_for(deal)) == plain
    house = CariocaRules.from_dict({"preset": "clasico", "players": 3, "open_hands": True})
    deal = decode(encode(deal_of("carioca", house, 77)))
    with pytest.raises(DealCodeError, match="house rules"):
        rules_for(deal)
    known = [{"preset": "clasico", "open_hands": True, "players": 5}]
    assert CariocaRules.from_dict(rules_for(deal, known)) == house
    buraco = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})
    assert BuracoRules.from_dict(rules_for(decode(encode(deal_of("buraco", buraco, 5))))) == buraco


def test_a_code_deals_the_same_cards_with_other_seats(tmp_path: Path) -> None:
    rules = CariocaRules.from_dict({"players": 3})
    first = MatchSession.new(rules, [SeatConfig(n, "bot", "easy") for n in "ABC"], 4242,
                             autosave=False)  # fmt: skip
    deal = decode(first.deal_code() or "")
    seats = [SeatConfig("Tú", "human"), SeatConfig("B", "bot", "hard"), SeatConfig("C", "bot")]
    seats[2] = SeatConfig("C", "bot", "normal")
    again = MatchSession.new(CariocaRules.from_dict(rules_for(deal)), seats, deal.seed,
                             autosave=False)  # fmt: skip
    assert [again.game.hand(s) for s in range(3)] == [first.game.hand(s) for s in range(3)]


def test_the_daily_deal_is_the_same_for_a_date_and_differs_between_dates() -> None:
    day = date(2026, 12, 1)
    assert daily_deal(day) == daily_deal(date.fromisoformat("2026-12-01"))
    assert daily_deal(day).seed != daily_deal(date(2026, 12, 2)).seed
    assert decode(daily_code(day)) == daily_deal(day)
    assert rules_for(daily_deal(day))["preset"] == "clasico"


def test_the_daily_best_keeps_the_lowest_total(tmp_path: Path) -> None:
    paths, day = Paths.under(tmp_path), date(2026, 12, 1)
    code = daily_code(day)
    assert note_result(code, 120, paths, day) is True
    assert note_result(code, 150, paths, day) is False
    assert note_result(code, 90, paths, date(2026, 12, 2)) is True  # begun before midnight
    assert load_bests(paths) == {"2026-12-01": 90}
    assert note_result(daily_code(date(2026, 1, 1)), 1, paths, day) is False


def test_a_finished_daily_deal_keeps_the_persons_total(tmp_path: Path) -> None:
    deal = daily_deal(today())
    rules = CariocaRules.from_dict(rules_for(deal))
    seats = [SeatConfig("Tú", "human")] + [SeatConfig(n, "bot", "easy") for n in "ABC"]
    paths = Paths.under(tmp_path)
    session = MatchSession.new(rules, seats, deal.seed, paths=paths)
    session.game.skip_to_round(len(rules.contracts) - 1)  # the last round only: quick
    stand_in = make_bot("easy", 0, 3)
    while not session.game.is_over:
        action = session.pending_bot_action() or bot_step(session.game, {0: stand_in})
        assert action is not None
        session.apply(action)
    assert flush_autosaves(20.0)
    total = session.game.outcome().totals[0]
    assert list(load_bests(paths).values()) == [total]


def test_a_broken_daily_file_is_no_bests(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.stats_file.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "daily.json").write_text('{"bests": {"2026-13-01": 5, "2026-12-01": true}}')
    assert load_bests(paths) == {}
