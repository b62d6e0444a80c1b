"""Settings, autosave, statistics and crash logs: platformdirs + JSON, atomic writes."""

# Loaders never raise for a bad file: they return defaults plus Notice values saying what was
# wrong and where the file went. Nothing here may import pygame (a test checks).

from __future__ import annotations

from carioca_desktop.rules.names import NAME_MAX
from carioca_desktop.storage.autosaver import autosave_later, flush_autosaves, start_autosaver
from carioca_desktop.storage.buraco_records import BuracoRecord
from carioca_desktop.storage.buraco_summary import (
    BuracoSummary,
    own_score,
    own_side,
    people_sides,
    running_scores,
    side_won,
    summarize_buraco,
)
from carioca_desktop.storage.crash import setup_logging, write_crash_report
from carioca_desktop.storage.notices import FileKind, Notice, Problem
from carioca_desktop.storage.paths import HOME_ENV, Paths, default_paths
from carioca_desktop.storage.records import MatchRecord, PlayerRecord
from carioca_desktop.storage.saves import (
    MatchValidator,
    clear_autosave,
    has_autosave,
    load_autosave,
    write_autosave,
)
from carioca_desktop.storage.settings import (
    ANIMATION_SPEEDS,
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
from carioca_desktop.storage.summary import (
    StatsSummary,
    WinCount,
    human_won,
    rounds_won,
    running_totals,
    summarize,
)

__all__ = [
    "ANIMATION_SPEEDS",
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
