"""Storage notices (a file set aside, repaired, too new) as short translated sentences, for the
screens that report them (the menu, the statistics)."""

from __future__ import annotations

from pathlib import Path

from carioca_desktop.i18n import tr
from carioca_desktop.storage import Notice

# Problem codes grouped by what the player needs to hear.
_GROUPS = {
    "bad_value": "repaired",
    "newer_version": "newer",
    "unknown_version": "newer",
    "invalid_game": "invalid",
    "finished": "finished",
}


def notice_text(notice: Notice) -> str:
    """One storage notice as a short translated sentence."""
    group = _GROUPS.get(notice.problem, "damaged")
    text = tr(f"notice.{notice.file}_{group}")
    if notice.moved_to:
        text += " " + tr("notice.moved", file=Path(notice.moved_to).name)
    return text
