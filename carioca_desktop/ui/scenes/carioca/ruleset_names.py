"""What a set of rules is called and how it differs from its preset, in the player's words:
"Clásico", or "Clásico (modificado)" with what was changed ("Rondas: 1 ronda · Comprar: sí")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.ui.scenes.carioca.houserule_words import (
    key_label,
    points_text,
    preset_name,
    value_text,
)

# Not a change of the rules: how many sit at the table.
_NOT_RULES = ("preset", "players")


def changed_keys(rules: CariocaRules) -> list[str]:
    """The keys whose values differ from the rules' preset (the seats aside)."""
    return [k for k in rules.to_dict() if k not in _NOT_RULES]


def rules_name(rules: CariocaRules) -> str:
    """The preset's name, marked as changed when any rule differs from it."""
    name = preset_name(rules.preset)
    return tr("houserules.custom", preset=name) if changed_keys(rules) else name


def record_rules_name(preset: str, data: Mapping[str, Any] | None) -> str:
    """The name of a finished match's rules (a statistics record keeps them as a dict)."""
    try:
        return rules_name(CariocaRules.from_dict(dict(data or {"preset": preset})))
    except (RuleSetError, TypeError, ValueError):
        return preset_name(preset)


def rounds_text(n: int) -> str:
    """ "1 ronda", "8 rondas"."""
    return tr("houserules.n_rounds_one") if n == 1 else tr("houserules.n_rounds", n=n)


def change_rows(rules: CariocaRules) -> list[tuple[str, str]]:
    """Each changed rule as (label, value)."""
    values = rules.as_dict()
    rows = []
    for key in changed_keys(rules):
        if key == "rounds":
            base = CariocaRules.from_dict({"preset": rules.preset}).rounds
            if len(base) != len(rules.rounds):
                value = rounds_text(len(rules.rounds))
            else:  # the same number: which rounds have another contract
                value = ", ".join(
                    f"{tr('houserules.round_label', n=i + 1)} ({contract_text(code)})"
                    for i, (code, was) in enumerate(zip(rules.rounds, base))
                    if code != was
                )
        elif key == "points":
            value = points_text(rules.points)
        else:
            value = value_text(key, values[key])
        rows.append((key_label(key), value))
    return rows


def changes_text(rules: CariocaRules) -> str:
    """ "Cambios al Clásico: Rondas: 1 ronda · Comprar: sí" (empty when none)."""
    rows = change_rows(rules)
    if not rows:
        return ""
    listed = " · ".join(f"{label}: {value}" for label, value in rows)
    return tr("houserules.changes", preset=preset_name(rules.preset), changes=listed)
