"""The 2-player Buraco game's help in every language (issue 28, item 6): the keys help, the
rules page and History's "How would hard have done?" line speak of the person's own melds
and points, not of a pair that is not there, while the 4-player game keeps its pair; and
"Target: 1 point" is singular."""

from __future__ import annotations

import re

import pytest

from carioca_desktop import i18n
from carioca_desktop.i18n import LANGUAGES, tr
from carioca_desktop.play.buraco.text import target_text
from carioca_desktop.play.versus import Versus
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.ui.scenes.buraco.keys import help_rows
from carioca_desktop.ui.scenes.buraco.rules import rules_lines
from carioca_desktop.ui.scenes.history.hard import HardComparison

# Each language's words for a pair of partners (Spanish "tu lado" names a side, no partner).
PAIR = {
    "es": ("pareja",),
    "en": ("side",),
    "fr": ("équipe", "camp"),
    "sv": ("lag", "sida"),
    "pt": ("dupla", "lado"),
    "it": ("coppia",),
}
SINGULAR = {
    "es": "Meta: 1 punto",
    "en": "Target: 1 point",
    "fr": "Objectif : 1 point",
    "sv": "Mål: 1 poäng",
    "pt": "Meta: 1 ponto",
    "it": "Obiettivo: 1 punto",
}
PLURAL = {
    "es": "Meta: 2 puntos",
    "en": "Target: 2 points",
    "fr": "Objectif : 2 points",
    "sv": "Mål: 2 poäng",
    "pt": "Meta: 2 pontos",
    "it": "Obiettivo: 2 punti",
}


@pytest.fixture(autouse=True)
def _restore_language() -> object:
    yield
    i18n.set_language(i18n.FALLBACK)


def help_words(players: int) -> list[str]:
    """The keys help's and the rules page's sections that name whose melds they are."""
    keys, clicks = help_rows(players)
    wanted = {"buraco_keys.do.tab", "buraco_keys.click_target"}
    words = [tr(k) for _, k in keys if k.removesuffix("_two") in wanted]
    words += [tr(k) for k in clicks if k.removesuffix("_two") in wanted]
    sections = dict(rules_lines(BuracoRules(players=players)))
    words += [sections[tr(f"buraco.rules.{s}_title")] for s in ("pile", "play", "morto")]
    return words


def history_line(players: int) -> str:
    comparison = HardComparison()
    comparison.match_id = "m"
    comparison.result = Versus("buraco", 0, [120], [340], players=players)
    return comparison.lines("m")[0]


def named_pair(text: str, lang: str) -> bool:
    return any(re.search(rf"\b{word}", text.lower()) for word in PAIR[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_players_hear_of_no_pair(lang: str) -> None:
    i18n.set_language(lang)
    words = [*help_words(2), history_line(2)]
    assert len(words) == 6
    assert [w for w in words if named_pair(w, lang)] == []
    assert "120" in words[-1] and "340" in words[-1]


def test_four_players_keep_their_pair_in_italian() -> None:
    i18n.set_language("it")
    words = [*help_words(4), history_line(4)]
    assert all("coppia" in w for w in words), words
    assert history_line(4).startswith("La tua coppia 120 pt")
    assert history_line(2).startswith("Tu 120 pt ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_target_is_singular_for_one_point(lang: str) -> None:
    i18n.set_language(lang)
    assert target_text(1) == SINGULAR[lang]
    assert target_text(2) == PLURAL[lang]
