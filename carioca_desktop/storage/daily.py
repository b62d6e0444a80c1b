"""The daily deal's best scores (``daily.json`` beside the statistics): per UTC date, the
code and the person's best (lowest) Carioca total on it."""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.deal_codes import daily_deal, encode
from carioca_desktop.storage.jsonio import dump, parse_object, read_capped
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.paths import Paths, default_paths

log = logging.getLogger(__name__)

KEEP_DAYS = 366
SCORE_LIMIT = 10**9


def daily_file(paths: Paths | None = None) -> Path:
    return (paths or default_paths()).stats_file.parent / "daily.json"


def today() -> date:
    """Today's date in UTC: the same daily deal on every computer at the same moment."""
    return datetime.now(timezone.utc).date()


def daily_code(day: date | None = None) -> str:
    return encode(daily_deal(day or today()))


def load_bests(paths: Paths | None = None) -> dict[str, int]:
    """Best total per ISO date; an unreadable or odd file is no bests (and is rewritten at
    the next best)."""
    try:
        data = parse_object(read_capped(daily_file(paths), 256 * 1024))
    except (OSError, FileProblem):
        return {}
    bests = data.get("bests")
    if not isinstance(bests, dict):
        return {}
    out: dict[str, int] = {}
    for key, value in bests.items():
        number = isinstance(value, int) and not isinstance(value, bool)
        if _is_day(key) and number and abs(value) <= SCORE_LIMIT:
            out[key] = value
    return out


def _is_day(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def note_result(code: str, total: int, paths: Paths | None = None, now: date | None = None) -> bool:
    """If ``code`` is today's (or yesterday's: a match begun before midnight) daily deal,
    keep ``total`` when it beats that day's best; whether it did. Never raises for the disk
    (logged): a best lost is not worth stopping the end of a match."""
    day = now or today()
    for candidate in (day, day - timedelta(days=1)):
        if daily_code(candidate) != code:
            continue
        bests = load_bests(paths)
        key = candidate.isoformat()
        if key in bests and bests[key] <= total:
            return False
        bests[key] = total
        kept = dict(sorted(bests.items())[-KEEP_DAYS:])
        try:
            atomic_write_bytes(daily_file(paths), dump({"bests": dict(kept)}))
        except OSError as err:
            log.warning("could not keep the daily deal's best: %s", err)
            return False
        return True
    return False
