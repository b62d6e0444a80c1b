"""Carioca's house rules on the settings page: the preset, the rounds' contracts, every key
and the card points, each change checked by the engine and saved only when it is accepted."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.ui.rows import HousePage, Row
from carioca_desktop.ui.scenes.carioca.rules import (
    CHOICES,
    CONTRACTS,
    POINT_CHOICES,
    POINT_KEYS,
    PRESET_ORDER,
    card_name,
    current_rules,
    explain,
    key_label,
    preset_name,
    value_text,
)
from carioca_desktop.ui.scenes.carioca.ruleset_names import rules_name


class CariocaHouseRules:
    """The rows of Carioca's house rules on ``page``, and what their controls change."""

    def __init__(self, page: HousePage) -> None:
        self.page = page

    def rows(self) -> list[Row]:
        """Carioca's house rules: preset, reset, each round's contract, each key, card points."""
        rules = current_rules(self.page.app)
        values = rules.as_dict()
        presets = [
            (rules_name(rules) if p == rules.preset else preset_name(p), p) for p in PRESET_ORDER
        ]
        rows = [
            Row(tr("houserules.preset_label"), "choice", presets, rules.preset, self._preset),
            Row(
                "",
                "actions",
                actions=[(tr("settings.reset_rules"), self._reset_rules)],
                greyed=not set(rules.to_dict()) - {"preset"},
            ),
        ]
        for i, code in enumerate(rules.rounds):
            codes = CONTRACTS if code in CONTRACTS else (*CONTRACTS, code)
            options: list[tuple[str, object]] = [(contract_text(c), c) for c in codes]
            change = self._rule_changer(partial(_replaced, rules.rounds, i), "rounds")
            rows.append(Row(tr("houserules.round_label", n=i + 1), "choice", options, code, change))
        more = [*rules.rounds, rules.rounds[-1]]
        fewer = list(rules.rounds[:-1])
        actions = [
            (tr("houserules.add_round"), lambda: self._change_rule("rounds", more)),
            (tr("houserules.remove_round"), lambda: self._change_rule("rounds", fewer)),
        ]
        rows.append(Row("", "actions", actions=actions))
        for key, choices in CHOICES.items():
            opts = choices if values[key] in choices else (*choices, values[key])
            numeric = all(isinstance(v, int) and not isinstance(v, bool) for v in opts)
            options = [(value_text(key, v), v) for v in opts]
            change = self._rule_changer(lambda v: v, key)
            rows.append(Row(key_label(key), "choice", options, values[key], change, not numeric))
        for card in POINT_KEYS:
            options = [(str(v), v) for v in POINT_CHOICES]
            change = self._rule_changer(partial(_with_point, rules.points, card), "points")
            label = tr("houserules.points_of", card=card_name(card))
            rows.append(Row(label, "choice", options, rules.points[card], change, False))
        return rows

    def _rule_changer(self, make: Callable[[Any], object], key: str) -> Callable[[object], bool]:
        return lambda value: self._change_rule(key, make(value))

    def _change_rule(self, key: str, value: object) -> bool:
        data = current_rules(self.page.app).to_dict()
        data[key] = value
        return self._try_rules(data, rebuild=key == "rounds")

    def _preset(self, preset: object) -> bool:
        return self._try_rules({"preset": preset}, rebuild=True)

    def _reset_rules(self) -> None:
        self._try_rules({"preset": current_rules(self.page.app).preset}, rebuild=True)

    def _try_rules(self, data: dict[str, Any], rebuild: bool = False) -> bool:
        """Save house rules the engine accepts; explain and refuse any other."""
        try:
            rules = CariocaRules.from_dict(data)
        except RuleSetError as err:
            self.page._say(explain(err, data), bad=True)
            return False
        self.page._set(house_rules=rules.to_dict())
        self.page._say(tr("settings.rules_saved"))
        if rebuild:
            self.page._todo.append(self.page.rebuild)
        return True


def _replaced(items: Sequence[str], index: int, value: object) -> list[object]:
    out: list[object] = list(items)
    out[index] = value
    return out


def _with_point(points: Mapping[str, int], card: str, value: object) -> dict[str, object]:
    return {**points, card: value}
