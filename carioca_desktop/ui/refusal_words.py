"""A refused match file's reason in the person's language (storage's ``MatchFileError``
carries an English line for logs and ``carioca replay``, and a stable code with its figures
for screens: ``replay.why_<code>`` in assets/i18n)."""

from __future__ import annotations

from carioca_desktop.i18n import has, tr
from carioca_desktop.storage.match_file import MatchFileError

GENERIC = "corrupt"  # a code no words were written for reads as a damaged file


def refusal_words(err: MatchFileError) -> str:
    """Why the file was refused, translated (never the English line)."""
    key = f"replay.why_{err.why}"
    if not has(key):
        return tr(f"replay.why_{GENERIC}")
    return tr(key, **err.params)


def refused(err: MatchFileError) -> str:
    """The whole message a screen shows: "This match could not be opened: <why>"."""
    return tr("replay.failed", reason=refusal_words(err))
