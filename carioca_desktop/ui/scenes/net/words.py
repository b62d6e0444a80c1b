"""The network screens' words: a seat in words, a refusal in words, a game's name, and a
table's rules read back from the dict the host sends (their words are each game's own:
``routes.game(name).rules_words``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from carioca_desktop import games
from carioca_desktop.i18n import tr

KINDS_LOCAL = "local"
KINDS_REMOTE = "remote"
REFUSALS = (
    "wrong_code",
    "version",
    "table_full",
    "bad_token",
    "slow_down",
    "match_over",
    "removed",
)


def game_name(game: str) -> str:
    return tr(f"buraco_tutorial.choose.{game}")


def rules_of(game: str, data: Mapping[str, Any]) -> Any | None:
    """The game's rule set from its dict (as the lobby message carries it); None if invalid."""
    from carioca_desktop.rules.errors import RulesError

    try:
        entry = games.entry(game)
        return getattr(entry.module("rules"), entry.rules_class).from_dict({**data, "game": game})
    except (RulesError, TypeError, ValueError, KeyError, AttributeError):
        return None


def sides(partners: bool, names: Sequence[str]) -> list[str]:
    """Four seats as two sides of partners seated opposite (a partners' game; else nothing)."""
    if not partners or len(names) != 4:
        return []
    return [tr("buraco.newgame.side", n=n + 1, names=f"{names[n]}, {names[n + 2]}")
            for n in (0, 1)]  # fmt: skip


def level_text(level: str | None) -> str:
    return tr("common.bot_level", level=tr(f"common.level_{level or 'normal'}"))


def seat_words(seat: Mapping[str, Any]) -> str:
    """What sits in a lobby seat, after its name: "connected", "bot · hard", "waiting…"."""
    kind, status = str(seat.get("kind", "")), str(seat.get("status", ""))
    if kind == "bot" or status == "bot":
        return level_text(seat.get("level"))
    words = tr(f"net.seat.{status}") if status in ("here", "away") else ""
    if kind == KINDS_LOCAL:
        words = f"{tr('net.seat.local')} · {words}" if words else tr("net.seat.local")
    if seat.get("ready"):
        words = f"{words} · ✓ {tr('net.seat.ready')}"
    return words


def refusal_text(reason: str, key: str = "", message: str = "") -> str:
    """An admission refusal in the person's words (the host's English line as a last resort)."""
    if reason in REFUSALS:
        return tr(f"net.refused.{reason}")
    from carioca_desktop.i18n import has

    return tr(key) if key and has(key) else message or reason
