"""Buraco's house rules in words, for Settings › House rules (game Buraco) and Buraco's New
game: every BURACO.md key as a row with its value in words and a one-line explanation. Every
change is checked by the engine (``BuracoRules.from_dict``); a refusal is explained here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.rules.buraco.ruleset import (
    ACE,
    FIRST_UPCARD,
    GO_OUT_REQUIRES,
    INDIRECT_MORTO,
    PILE_TAKE,
    PILE_VISIBLE,
    PRESETS,
    RUN_WILDS,
    SETS,
    SWAP,
    UNPLAYED_MORTO,
    BuracoRules,
)
from carioca_desktop.rules.errors import RuleSetError

if TYPE_CHECKING:
    from carioca_desktop.ui.rows import HousePage, Row
    from carioca_desktop.ui.scene import Host

NS = "buraco_houserules"
BOOL = (False, True)
# Every key but the two tables, in BURACO.md's order, with the values the page offers.
CHOICES: dict[str, tuple[object, ...]] = {
    "players": (4, 2),
    "mortos": (2, 3),
    "first_upcard": FIRST_UPCARD,
    "open_hands": BOOL,
    "sets": SETS,
    "sets_of_twos": BOOL,
    "run_wilds": RUN_WILDS,
    "ace": ACE,
    "swap": SWAP,
    "pile_take": PILE_TAKE,
    "pile_visible": PILE_VISIBLE,
    "rediscard_single_pile": BOOL,
    "first_meld_min": (0, *range(10, 310, 10)),
    "indirect_morto": INDIRECT_MORTO,
    "go_out_requires": GO_OUT_REQUIRES,
    "go_out_needs_discard": BOOL,
    "go_out_discard_wild": BOOL,
    "unplayed_morto": UNPLAYED_MORTO,
    "ask_partner": BOOL,
    "stock_end_at": (0, 2),
    "target": (500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000),
}
# Keys whose numbers are written plainly ("4", "3000 points"); the others read as words.
NUMBERS = ("first_meld_min", "target")
# Card values by the groups BURACO.md §7 gives them in; a group's row sets all its ranks.
POINT_GROUPS: dict[str, tuple[str, ...]] = {
    "JK": ("JK",),
    "2": ("2",),
    "A": ("A",),
    "3_7": ("3", "4", "5", "6", "7"),
    "8_K": ("8", "9", "10", "J", "Q", "K"),
}
POINT_CHOICES = tuple(range(0, 105, 5))
BONUSES = ("limpo", "sujo", "going_out", "no_morto")
BONUS_CHOICES = tuple(range(0, 1010, 10))
PAGE_KEYS = (*CHOICES, "points", "bonuses")
"""Every BURACO.md key the page shows (with ``preset``, in the first row)."""


def preset_name(preset: str) -> str:
    return tr(f"buraco.preset.{preset}")


def key_label(key: str) -> str:
    return tr(f"{NS}.key.{key}")


def key_about(key: str) -> str:
    return tr(f"{NS}.about.{key}")


def value_text(key: str, value: object) -> str:
    """A value in words: "yes", "any rank", "50 points", "4 (two sides of 2)"."""
    if isinstance(value, bool):
        return tr("common.yes" if value else "common.no")
    if key == "first_meld_min" and value == 0:
        return tr(f"{NS}.no_minimum")
    if key in NUMBERS:
        return tr(f"{NS}.n_points", n=value)
    if key in ("players", "mortos", "stock_end_at") and value not in CHOICES[key]:
        return str(value)
    return tr(f"{NS}.val.{key}.{value}")


def points_value(points: Mapping[str, int], group: str) -> object:
    """A group's value: its ranks' common value, or their values joined when they differ."""
    values = [points[rank] for rank in POINT_GROUPS[group]]
    return values[0] if len(set(values)) == 1 else " / ".join(map(str, values))


def current_rules(app: Host) -> BuracoRules:
    """The Buraco house rules in settings (the defaults if they no longer validate)."""
    try:
        return BuracoRules.from_dict(dict(app.settings.buraco_rules))
    except RuleSetError:
        return BuracoRules()


def changed(rules: BuracoRules) -> bool:
    """Whether the rules are no preset exactly (the number of players is a rule here: the
    two-player game is a preset of its own)."""
    return rules.matching_preset() is None


def rules_name(rules: BuracoRules) -> str:
    """The preset the rules are exactly, or "Brazilian (changed)"."""
    same = rules.matching_preset()
    if same is not None:
        return preset_name(same)
    return tr(f"{NS}.custom", preset=preset_name(rules.preset))


def status_text(rules: BuracoRules) -> str:
    """Which preset the values are now: "Exactly the Italian rules" or "Custom rules"."""
    same = rules.matching_preset()
    if same is not None:
        return tr(f"{NS}.is_preset", preset=preset_name(same))
    return tr(f"{NS}.is_custom", preset=preset_name(rules.preset))


def change_rows(rules: BuracoRules) -> list[tuple[str, str]]:
    """Each key that differs from the rules' preset, as (label, value in words)."""
    base = BuracoRules.from_dict({"game": "buraco", "preset": rules.preset})
    rows = []
    for key in CHOICES:
        value = getattr(rules, key)
        if value != getattr(base, key):
            rows.append((key_label(key), value_text(key, value)))
    for group in POINT_GROUPS:
        value = points_value(rules.points, group)
        if value != points_value(base.points, group):
            rows.append((tr(f"{NS}.points.{group}"), str(value)))
    for bonus in BONUSES:
        if rules.bonuses[bonus] != base.bonuses[bonus]:
            rows.append((tr(f"{NS}.bonus.{bonus}"), str(rules.bonuses[bonus])))
    return rows


def changes_text(rules: BuracoRules) -> str:
    """ "Changed from Brazilian: Players: 2 · Target score: 5000 points" (empty when none)."""
    rows = change_rows(rules)
    if not rows:
        return ""
    listed = " · ".join(f"{label}: {value}" for label, value in rows)
    return tr(f"{NS}.changes", preset=preset_name(rules.preset), changes=listed)


def explain(err: RuleSetError) -> str:
    """The engine's refusal in the player's words (a code this page does not know: its detail)."""
    p = err.params
    if err.code == "first_meld_unreachable":
        return tr(f"{NS}.err.{err.code}", need=p.get("need"), worth=p.get("worth"))
    if err.code == "target_unreachable":
        return tr(f"{NS}.err.{err.code}", target=p.get("target"))
    return tr(f"{NS}.err.other", detail=err.message)


def canonical(rules: BuracoRules) -> dict[str, Any]:
    """The settings form: the preset the values are exactly, else the preset and the changes."""
    same = rules.matching_preset()
    return {"game": "buraco", "preset": same} if same is not None else rules.to_dict()


# ----------------------------------------------------------------------------- the page's rows
Change = Callable[[str, object], bool]


def page_rows(
    rules: BuracoRules,
    change: Change,
    preset: Callable[[object], bool],
    reset: Callable[[], object],
) -> list[Row]:
    """The rows of the page: the preset, undo, then every key (``change(key, value)`` asks the
    engine and saves; it returns False, changing nothing, when the engine refuses)."""
    from carioca_desktop.ui.rows import Row

    presets = [(preset_name(p), p) for p in PRESETS]
    same = rules.matching_preset()
    if same is None:
        presets = [(rules_name(rules) if p == rules.preset else preset_name(p), p) for p in PRESETS]
    rows = [
        Row(
            tr(f"{NS}.preset_label"),
            "choice",
            presets,
            same or rules.preset,
            preset,
            about=status_text(rules),
            status=True,
        ),
        Row("", "actions", actions=[(tr("settings.reset_rules"), reset)]),
    ]
    values = rules.as_dict()
    inert = rules.inert_keys()
    for key, options in CHOICES.items():
        value = values[key]
        opts = options if value in options else (*options, value)
        if key in NUMBERS:
            opts = tuple(sorted(opts, key=lambda v: int(str(v))))
        words = [(_shown(key, v, key in inert), v) for v in opts]
        setter = _setter(change, key)
        row = Row(key_label(key), "choice", words, value, setter, key not in NUMBERS)
        row.about = key_about(key)
        rows.append(row)
    for group, ranks in POINT_GROUPS.items():
        now = points_value(rules.points, group)
        numbers: list[object] = list(POINT_CHOICES)
        if now not in numbers:
            numbers.insert(0, now)
        make = _entry_maker(rules.points, ranks)
        row = Row(
            tr(f"{NS}.points.{group}"),
            "choice",
            [(str(v), v) for v in numbers],
            now,
            _table_setter(change, "points", make),
            False,
        )
        row.about = tr(f"{NS}.points_about.{group}")
        rows.append(row)
    for bonus in BONUSES:
        now_b = rules.bonuses[bonus]
        steps: list[object] = list(sorted({*BONUS_CHOICES, now_b}))
        row = Row(
            tr(f"{NS}.bonus.{bonus}"),
            "choice",
            [(str(v), v) for v in steps],
            now_b,
            _table_setter(change, "bonuses", _entry_maker(rules.bonuses, (bonus,))),
            False,
        )
        row.about = tr(f"{NS}.bonus_about.{bonus}")
        rows.append(row)
    return rows


def _shown(key: str, value: object, inert: bool) -> str:
    text = value_text(key, value)
    return tr(f"{NS}.inert", value=text) if inert else text


def _setter(change: Change, key: str) -> Callable[[object], bool]:
    return lambda value: change(key, value)


def _entry_maker(
    table: Mapping[str, int], entries: tuple[str, ...]
) -> Callable[[object], dict[str, object]]:
    """A table (``points``, ``bonuses``) with some entries set to one value."""

    def make(value: object) -> dict[str, object]:
        return {**table, **dict.fromkeys(entries, value)}

    return make


def _table_setter(
    change: Change, key: str, make: Callable[[object], dict[str, object]]
) -> Callable[[object], bool]:
    return lambda value: change(key, make(value))


class BuracoHouseRules:
    """The rows of Buraco's house rules on the settings ``page``, and what they change."""

    def __init__(self, page: HousePage) -> None:
        self.page = page

    def rows(self) -> list[Row]:
        """Buraco's house rules (their rows and words are ui/scenes/buraco/houserules.py's)."""
        rules = current_rules(self.page.app)
        rows = page_rows(rules, self._change_buraco, self._buraco_preset, self._reset_buraco)
        rows[1].greyed = not changed(rules)  # the reset row: nothing to reset
        return rows

    def _change_buraco(self, key: str, value: object) -> bool:
        data = current_rules(self.page.app).to_dict()
        data[key] = value
        return self._try_buraco(data)

    def _buraco_preset(self, preset: object) -> bool:
        return self._try_buraco({"game": games.BURACO.name, "preset": preset})

    def _reset_buraco(self) -> None:
        self._buraco_preset(current_rules(self.page.app).preset)

    def _try_buraco(self, data: dict[str, Any]) -> bool:
        """Save Buraco rules the engine accepts; explain and refuse any other."""
        try:
            rules = BuracoRules.from_dict(data)
        except RuleSetError as err:
            self.page._say(explain(err), bad=True)
            return False
        self.page._set(buraco_rules=canonical(rules))
        self.page._say(tr("buraco_houserules.saved"))
        self.page._todo.append(self.page.rebuild)  # values, names and "no effect" marks follow
        return True
