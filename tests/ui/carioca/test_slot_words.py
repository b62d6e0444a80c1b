"""What the greyed Bajarse (and the L key) should say: what is missing, slot by slot."""

from __future__ import annotations

import pytest

from carioca_desktop.rules.carioca.observation import OwedMeld
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.ui.scenes.carioca.slots import SlotsModel, missing_words, slot_title

pytestmark = pytest.mark.usefixtures("spanish")

CODES = ["7H", "7S", "7D", "3H", "4H", "5H", "KC"]


def model(*groups: list[int]) -> SlotsModel:
    slots = SlotsModel()
    slots.reset([OwedMeld("trio", 3), OwedMeld("escala", 4)])
    for k, uids in enumerate(groups):
        for uid in uids:
            slots.place(uid, k)
    return slots


def test_each_slot_says_what_it_lacks() -> None:
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2})
    code = CODES.__getitem__
    assert missing_words(model(), code, rules) == (
        "Trío: vacío, pon cartas ahí · Escala (4+): vacío, pon cartas ahí"
    )
    short = missing_words(model([0, 1, 2], [3, 4, 5]), code, rules)
    assert short == "Escala (4+): Falta 1 carta"  # the trío shows ✓ and is not mentioned
    assert missing_words(model([0, 1, 6], []), code, rules) is not None
    assert slot_title(OwedMeld(None, 4, extra=True)) == "Juego extra"
