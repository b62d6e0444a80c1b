"""Carioca's house rules in the player's words: every option the house-rule editor offers and
its values, preset, key and value names, the whole rule set as rows, a refused rule set
explained. Shared by the rules page, the settings, the new-game and the score screens."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RuleSetError

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

BOOL = (False, True)
# Every option the house-rule editor offers, in RULES.md order, with its values.
CHOICES: dict[str, tuple[object, ...]] = {
    "decks": ("auto", 2, 3),
    "jokers_per_deck": (0, 1, 2),
    "hand_size": (11, 12, 13),
    "wild_twos": ("none", "all", "red"),
    "escala_min": (3, 4, 5, 6),
    "ace": ("high_or_low", "wrap"),
    "max_wilds_per_meld": (0, 1, 2, 3, 4, None),
    "wilds_adjacent": BOOL,
    "distinct_escala_suits": BOOL,
    "exact_laydown": BOOL,
    "add_same_turn": BOOL,
    "extra_melds": BOOL,
    "swap_requires_laid_down": BOOL,
    "discard_wild": BOOL,
    "partial_contract": BOOL,
    "buy": BOOL,
    "buy_limit": tuple(range(11)),
    "open_hands": BOOL,
    "going_out_points": tuple(range(-50, 55, 5)),
    "scoring": ("penalty", "tallies"),
    "tie_break": ("rounds_won", "shared"),
}
CONTRACTS = (
    "1T", "2T", "3T", "4T", "1E", "2E", "3E", "4E", "1T1E", "2T1E", "1T2E", "2T2E",
    "3T1E", "1T3E", "4T|4E", "3T|3E", "ER", "ES", "EC", "EP",
)  # fmt: skip
POINT_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK", "wild_2")
POINT_CHOICES = tuple(range(101))
PRESET_ORDER = (
    "clasico", "dos_libres", "escala_real", "cuatro_o_cuatro", "chico", "argentino",
    "peruano", "familiar",
)  # fmt: skip


def preset_name(preset: str) -> str:
    return tr(f"houserules.preset.{preset}")


def key_label(key: str) -> str:
    return tr(f"houserules.key.{key}")


def value_text(key: str, value: object) -> str:
    """A rule value in words: "sí", "sin límite", "todos", "12"."""
    if isinstance(value, bool):
        return tr("common.yes" if value else "common.no")
    if value is None:
        return tr("houserules.no_limit")
    if isinstance(value, str):
        return tr(f"houserules.val.{key}.{value}")
    return str(value)


def points_text(points: Mapping[str, int]) -> str:
    """The card values in words, grouping what keeps its default."""
    faces = all(points[str(n)] == n for n in range(2, 11))
    parts = [f"{card_name(k)} {points[k]}" for k in ("A", "J", "Q", "K", "JK", "wild_2")]
    if faces:
        parts.append(tr("houserules.faces_value"))
    else:
        parts += [f"{n} → {points[str(n)]}" for n in range(2, 11) if points[str(n)] != n]
    return " · ".join(parts)


def card_name(key: str) -> str:
    return tr(f"houserules.card.{key}") if key in ("A", "J", "Q", "K", "JK", "wild_2") else key


def rule_rows(rules: CariocaRules) -> list[tuple[str, str]]:
    """The whole rule set as (label, value) rows for a player to read."""
    values = rules.as_dict()
    rows = [(tr("houserules.preset_label"), preset_name(rules.preset))]
    rows.append((key_label("rounds"), " · ".join(contract_text(c) for c in rules.rounds)))
    rows += [(key_label(k), value_text(k, values[k])) for k in CHOICES]
    rows.append((key_label("points"), points_text(rules.points)))
    return rows


def explain(err: RuleSetError, data: Mapping[str, Any]) -> str:
    """A refused rule set, in the player's words."""
    players, decks = data.get("players", 4), data.get("decks", "auto")
    if err.code == "too_few_decks":
        return tr("houserules.err.too_few_decks", players=players, decks=value_text("decks", decks))
    if err.code == "too_few_cards":
        return tr("houserules.err.too_few_cards", players=players)
    found = re.search(r"round (\d+) \((\S+)\) needs (\d+) cards.* at most (\d+)", err.message)
    if err.code == "contract_too_big" and found:
        n, code, need, most = found.groups()
        return tr(
            "houserules.err.contract_too_big",
            round=n,
            contract=contract_text(code),
            need=need,
            most=most,
        )
    return tr("houserules.err.other", detail=err.message)


def current_rules(app: Host) -> CariocaRules:
    """The house rules in settings (defaults if they no longer validate)."""
    try:
        return CariocaRules.from_dict(dict(app.settings.house_rules))
    except RuleSetError:
        return CariocaRules()
