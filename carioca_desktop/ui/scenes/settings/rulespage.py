"""The house-rules page, one machinery for both games: Carioca's rows (here) or Buraco's
(ui/scenes/buraco/houserules.py), every change checked by the engine and saved only when it is
accepted; a refused combination is explained and nothing changes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.ui.rulenames import rules_name
from carioca_desktop.ui.scenes.buraco import houserules as buraco_rules
from carioca_desktop.ui.scenes.rules import (
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
from carioca_desktop.ui.scenes.settings.base import SettingsBase
from carioca_desktop.ui.scenes.settings.rows import Row
from carioca_desktop.ui.widgets import Stepper


class RulesPage(SettingsBase):
    """The house rules tab: the game stepper, the rows of the game chosen, their changes."""

    def _rules_rows(self) -> list[Row]:
        rules = current_rules(self.app)
        values = rules.as_dict()
        presets = [
            (rules_name(rules) if p == rules.preset else preset_name(p), p) for p in PRESET_ORDER
        ]
        rows = [
            Row(tr("houserules.preset_label"), "choice", presets, rules.preset, self._preset),
            Row("", "actions", actions=[(tr("settings.reset_rules"), self._reset_rules)]),
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
            row = Row(key_label(key), "choice", options, values[key], change, not numeric)
            row.about = tr(f"houserules.about.{key}")  # one line on what it changes
            rows.append(row)
        for card in POINT_KEYS:
            options = [(str(v), v) for v in POINT_CHOICES]
            change = self._rule_changer(partial(_with_point, rules.points, card), "points")
            label = tr("houserules.points_of", card=card_name(card))
            rows.append(Row(label, "choice", options, rules.points[card], change, False))
        return rows

    def _rule_changer(self, make: Callable[[Any], object], key: str) -> Callable[[object], bool]:
        return lambda value: self._change_rule(key, make(value))

    def _change_rule(self, key: str, value: object) -> bool:
        data = current_rules(self.app).to_dict()
        data[key] = value
        return self._try_rules(data, rebuild=key == "rounds")

    def _preset(self, preset: object) -> bool:
        return self._try_rules({"preset": preset}, rebuild=True)

    def _rules_changed(self) -> bool:
        if self.game == "buraco":
            return buraco_rules.changed(buraco_rules.current_rules(self.app))
        return bool(set(current_rules(self.app).to_dict()) - {"preset"})

    def _reset_rules(self) -> None:
        self._try_rules({"preset": current_rules(self.app).preset}, rebuild=True)

    # Buraco's house rules: the same page, its rows and words in ui/scenes/buraco/houserules.
    def _game_stepper(self, body: pygame.Rect, x: int, width: int, rh: int) -> None:
        """Whose house rules the page shows, at the top right of the page."""
        from carioca_desktop.ui.scenes.newgame_parts import game_options

        rect = pygame.Rect(x, body.y + round(16 * self.u), width, rh)
        Stepper(self, rect, game_options(), self.game, self._show_game)

    def _show_game(self, game: object) -> bool:
        self.game, self.first, self.message = str(game), 0, ""
        self._todo.append(self.rebuild)
        return True

    def _buraco_rows(self) -> list[Row]:
        rules = buraco_rules.current_rules(self.app)
        return buraco_rules.page_rows(
            rules, self._change_buraco, self._buraco_preset, self._reset_buraco
        )

    def _change_buraco(self, key: str, value: object) -> bool:
        data = buraco_rules.current_rules(self.app).to_dict()
        data[key] = value
        return self._try_buraco(data)

    def _buraco_preset(self, preset: object) -> bool:
        return self._try_buraco({"game": "buraco", "preset": preset})

    def _reset_buraco(self) -> None:
        self._buraco_preset(buraco_rules.current_rules(self.app).preset)

    def _try_buraco(self, data: dict[str, Any]) -> bool:
        """Save Buraco rules the engine accepts; explain and refuse any other."""
        try:
            rules = BuracoRules.from_dict(data)
        except RuleSetError as err:
            self._say(buraco_rules.explain(err), bad=True)
            return False
        self._set(buraco_rules=buraco_rules.canonical(rules))
        self._say(tr("buraco_houserules.saved"))
        self._todo.append(self.rebuild)  # values, names and "no effect" marks follow
        return True

    def _try_rules(self, data: dict[str, Any], rebuild: bool = False) -> bool:
        """Save house rules the engine accepts; explain and refuse any other."""
        try:
            rules = CariocaRules.from_dict(data)
        except RuleSetError as err:
            self._say(explain(err, data), bad=True)
            return False
        self._set(house_rules=rules.to_dict())
        self._say(tr("settings.rules_saved"))
        if rebuild:
            self._todo.append(self.rebuild)
        return True


def _replaced(items: Sequence[str], index: int, value: object) -> list[object]:
    out: list[object] = list(items)
    out[index] = value
    return out


def _with_point(points: Mapping[str, int], card: str, value: object) -> dict[str, object]:
    return {**points, card: value}
