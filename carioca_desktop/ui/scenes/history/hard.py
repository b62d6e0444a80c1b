"""History's "How would hard have done?": the chosen match's deal played again with the
person's seat played by ``hard`` (play/versus.py), on a thread of its own (a match of bots
takes a second or two), then its lines shown round by round beside the person's."""

from __future__ import annotations

import threading

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import for_players
from carioca_desktop.play.versus import Versus, versus_hard
from carioca_desktop.storage.match_file import MatchFileError
from carioca_desktop.storage.replays import Kept, open_kept
from carioca_desktop.ui import theme
from carioca_desktop.ui.refusal_words import refusal_words


class HardComparison:
    """One comparison at a time: asked for a kept match, ready when its thread ends."""

    def __init__(self) -> None:
        self.match_id: str | None = None
        self.result: Versus | None = None
        self.failed: str | None = None
        self._thread: threading.Thread | None = None

    def ask(self, kept: Kept) -> None:
        if self.busy:
            return
        self.match_id, self.result, self.failed = kept.match_id, None, None
        self._thread = threading.Thread(target=self._run, args=(kept,), daemon=True)
        self._thread.start()

    def _run(self, kept: Kept) -> None:
        try:
            self.result = versus_hard(open_kept(kept).match)
        except MatchFileError as err:
            self.failed = refusal_words(err)

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def lines(self, match_id: str) -> list[str]:
        """What the chosen match's panel shows (nothing for another match)."""
        if self.match_id != match_id:
            return []
        if self.busy:
            return [tr("history.hard_busy")]
        if self.failed is not None:
            return [tr("replay.failed", reason=self.failed)]
        v = self.result
        if v is None:
            return []
        mine, hard = v.totals
        rounds = " · ".join(f"{p}/{h}" for p, h in zip(v.played, v.hard, strict=False))
        return [
            tr(for_players(f"history.hard_{v.game}", v.players), mine=mine, hard=hard),
            tr("history.hard_rounds", rounds=rounds),
        ]


Line = tuple[pygame.font.Font, str, tuple[int, int, int]]  # (font, text, colour)


def answer_whole(lines: list[Line], wrapped: list[str], room: int, gap: int) -> list[Line]:
    """In a short window (History's panel: the title, date and players, result and code,
    then the answer), "how would hard have done" whole (at 1024x600 its rounds ended in
    "…": the answer the person asked for), before the date and the players, then the result
    and the code (the list's row shows them): the lines that fit in ``room`` px."""
    head, when_players, result_code = lines[0], lines[1], lines[2]
    answer = [(result_code[0], text, theme.TEXT_DIM) for text in wrapped]
    for kept in ([when_players, result_code], [result_code], []):
        trial = [head, *kept, *answer]
        if sum(f.get_linesize() + gap for f, _t, _c in trial) <= room:
            return trial
    return lines
