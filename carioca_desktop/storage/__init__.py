"""Settings, autosave, statistics and crash logs: platformdirs + JSON, atomic writes."""

# Loaders never raise for a bad file: they return defaults plus Notice values saying what was
# wrong and where the file went. Nothing here may import pygame (a test checks).

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carioca_desktop.rules.lazy import load

if TYPE_CHECKING:
    from carioca_desktop.rules.names import NAME_MAX
    from carioca_desktop.storage.autosaver import autosave_later, flush_autosaves, start_autosaver
    from carioca_desktop.storage.buraco.records import BuracoRecord
    from carioca_desktop.storage.buraco.summary import (
        BuracoSummary,
        own_score,
        own_side,
        people_sides,
        running_scores,
        side_won,
        summarize_buraco,
    )
    from carioca_desktop.storage.carioca.records import MatchRecord
    from carioca_desktop.storage.carioca.summary import (
        StatsSummary,
        human_won,
        rounds_won,
        running_totals,
        summarize,
    )
    from carioca_desktop.storage.crash import setup_logging, write_crash_report
    from carioca_desktop.storage.notices import FileKind, Notice, Problem
    from carioca_desktop.storage.paths import HOME_ENV, Paths, default_paths
    from carioca_desktop.storage.records import PlayerRecord
    from carioca_desktop.storage.saves import (
        MatchValidator,
        clear_autosave,
        has_autosave,
        load_autosave,
        write_autosave,
    )
    from carioca_desktop.storage.settings import (
        ANIMATION_SPEEDS,
        BUY_SECONDS,
        CARD_SIZES,
        DEFAULT_BURACO_RULES,
        DEFAULT_HOUSE_RULES,
        LANGUAGES,
        RulesValidator,
        Settings,
        default_rules_validator,
        load_settings,
        save_settings,
    )
    from carioca_desktop.storage.stats import MAX_RECORDS, Stats, append_match, load_stats
    from carioca_desktop.storage.tally import WinCount

# Where each name lives: loaded on first use, so that the app's start (which waits on every
# import before its first frame) loads only the settings and paths it reads.
_HOME = {
    "ANIMATION_SPEEDS": "carioca_desktop.storage.settings",
    "BUY_SECONDS": "carioca_desktop.storage.settings",
    "BuracoRecord": "carioca_desktop.storage.buraco.records",
    "BuracoSummary": "carioca_desktop.storage.buraco.summary",
    "CARD_SIZES": "carioca_desktop.storage.settings",
    "DEFAULT_BURACO_RULES": "carioca_desktop.storage.settings",
    "DEFAULT_HOUSE_RULES": "carioca_desktop.storage.settings",
    "FileKind": "carioca_desktop.storage.notices",
    "HOME_ENV": "carioca_desktop.storage.paths",
    "LANGUAGES": "carioca_desktop.storage.settings",
    "MAX_RECORDS": "carioca_desktop.storage.stats",
    "MatchRecord": "carioca_desktop.storage.carioca.records",
    "MatchValidator": "carioca_desktop.storage.saves",
    "NAME_MAX": "carioca_desktop.rules.names",
    "Notice": "carioca_desktop.storage.notices",
    "Paths": "carioca_desktop.storage.paths",
    "PlayerRecord": "carioca_desktop.storage.records",
    "Problem": "carioca_desktop.storage.notices",
    "RulesValidator": "carioca_desktop.storage.settings",
    "Settings": "carioca_desktop.storage.settings",
    "Stats": "carioca_desktop.storage.stats",
    "StatsSummary": "carioca_desktop.storage.carioca.summary",
    "WinCount": "carioca_desktop.storage.tally",
    "append_match": "carioca_desktop.storage.stats",
    "autosave_later": "carioca_desktop.storage.autosaver",
    "clear_autosave": "carioca_desktop.storage.saves",
    "default_paths": "carioca_desktop.storage.paths",
    "default_rules_validator": "carioca_desktop.storage.settings",
    "flush_autosaves": "carioca_desktop.storage.autosaver",
    "has_autosave": "carioca_desktop.storage.saves",
    "human_won": "carioca_desktop.storage.carioca.summary",
    "load_autosave": "carioca_desktop.storage.saves",
    "load_settings": "carioca_desktop.storage.settings",
    "load_stats": "carioca_desktop.storage.stats",
    "own_score": "carioca_desktop.storage.buraco.summary",
    "own_side": "carioca_desktop.storage.buraco.summary",
    "people_sides": "carioca_desktop.storage.buraco.summary",
    "rounds_won": "carioca_desktop.storage.carioca.summary",
    "running_scores": "carioca_desktop.storage.buraco.summary",
    "running_totals": "carioca_desktop.storage.carioca.summary",
    "save_settings": "carioca_desktop.storage.settings",
    "setup_logging": "carioca_desktop.storage.crash",
    "side_won": "carioca_desktop.storage.buraco.summary",
    "start_autosaver": "carioca_desktop.storage.autosaver",
    "summarize": "carioca_desktop.storage.carioca.summary",
    "summarize_buraco": "carioca_desktop.storage.buraco.summary",
    "write_autosave": "carioca_desktop.storage.saves",
    "write_crash_report": "carioca_desktop.storage.crash",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _HOME, name, globals())


__all__ = [
    "ANIMATION_SPEEDS",
    "BUY_SECONDS",
    "CARD_SIZES",
    "DEFAULT_BURACO_RULES",
    "DEFAULT_HOUSE_RULES",
    "HOME_ENV",
    "LANGUAGES",
    "MAX_RECORDS",
    "NAME_MAX",
    "BuracoRecord",
    "BuracoSummary",
    "FileKind",
    "MatchRecord",
    "MatchValidator",
    "Notice",
    "Paths",
    "PlayerRecord",
    "Problem",
    "RulesValidator",
    "Settings",
    "Stats",
    "StatsSummary",
    "WinCount",
    "append_match",
    "autosave_later",
    "clear_autosave",
    "default_paths",
    "default_rules_validator",
    "flush_autosaves",
    "has_autosave",
    "human_won",
    "load_autosave",
    "load_settings",
    "load_stats",
    "own_score",
    "own_side",
    "people_sides",
    "rounds_won",
    "running_scores",
    "running_totals",
    "save_settings",
    "setup_logging",
    "side_won",
    "start_autosaver",
    "summarize",
    "summarize_buraco",
    "write_autosave",
    "write_crash_report",
]
