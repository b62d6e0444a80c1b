"""The coach in the replay viewer (C), for either game: the viewed seat's decisions in the
round (hand) on screen, judged by ``hard`` on a thread (play/carioca/coach.py,
play/buraco/coach.py), drawn as a panel over the table: each costly decision or blunder with
its estimated cost (± its 95% interval) and what ``hard`` would have done, and where the
round's points went. Each game says how its actions read (ui/scenes/<game>/coach_words.py).
While it is open the panel is a strip at the window's right and the table is laid out in the
rest (a panel over the table covered melds, wherever it stood)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import draw_text, fit, font, panel

SHOWN = 7  # decisions listed at most (the costliest)
Judge = Callable[[MatchFile, int, set[int]], list[Any]]  # (match, seat, rounds) -> judgements
Went = Callable[[list[Any]], dict[str, int]]  # judgements -> points lost per kind


class CoachPanel:
    """One judged round at a time; ``lines`` is what the panel shows."""

    def __init__(self, judge: Judge, went: Went, words: Callable[[Any], str]) -> None:
        self.judge, self.went, self.words = judge, went, words
        self.key: tuple[int, int] | None = None  # (seat, round)
        self.judged: list[Any] | None = None
        self._thread: threading.Thread | None = None
        self.open = False

    def ask(self, match: MatchFile, seat: int, round_index: int) -> None:
        self.open = True
        if self.key == (seat, round_index) or self.busy:
            return
        self.key, self.judged = (seat, round_index), None
        self._thread = threading.Thread(
            target=self._run, args=(match, seat, round_index), daemon=True
        )
        self._thread.start()

    def _run(self, match: MatchFile, seat: int, round_index: int) -> None:
        self.judged = self.judge(match, seat, {round_index})

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def lines(self) -> list[str]:
        if self.key is None:
            return []
        head = tr("replay.coach_title", round=self.key[1] + 1)
        if self.judged is None:
            return [head, tr("replay.coach_busy")]
        bad = sorted((j for j in self.judged if j.verdict != "fine"), key=lambda j: -j.cost)
        out = [head, tr("replay.coach_count", n=len(self.judged), bad=len(bad))]
        for j in bad[:SHOWN]:
            spread = getattr(j, "spread", None)  # the estimate's 95% interval, when it has one
            cost = j.cost if spread is None else f"{j.cost} ± {round(spread)}"
            out.append(tr("replay.coach_line", verdict=tr(f"replay.{j.verdict}"), cost=cost,
                          played=self.words(j.played), hard=self.words(j.hard)))  # fmt: skip
        went = self.went(self.judged)
        if went:
            parts = ", ".join(f"{tr(f'replay.k_{k}')} {v}" for k, v in sorted(went.items()))
            out.append(tr("replay.coach_went", parts=parts))
        return out

    def paint(
        self, surface: pygame.Surface, area: pygame.Rect | None = None, columns: int = 1
    ) -> pygame.Rect | None:
        """The panel in ``area`` (default: the strip at the window's right the viewer's
        table is laid out beside, ``side_rect``), its rows in ``columns``; its box."""
        if not self.open:
            return None
        w, h = surface.get_size()
        strip = side_rect((w, h)) if area is None else area
        surface.fill(theme.PANEL, strip)  # the table was laid out beside it: opaque
        body = font(max(12, round(15 * max(0.8, min(w / 1600, h / 900)))))
        box = strip.inflate(-2 * GAP, -2 * GAP)
        col_w = (box.w - 24 - (columns - 1) * 16) // columns
        step = body.get_linesize() + 2
        room = max(1, (box.h - 16) // step)
        panel(surface, box, alpha=235, border=theme.GOLD)
        for text, kind, (column, row) in self.placed(body, col_w, columns, room):
            colour = theme.GOLD if kind == 0 else theme.TEXT
            x, y = box.x + 12 + column * (col_w + 16), box.y + 8 + row * step
            width = col_w if kind or columns == 1 else box.w - 24  # the title: across
            draw_text(surface, fit(text, body, width), body, (x, y), colour)
        return strip

    def placed(
        self, body: pygame.font.Font, col_w: int, columns: int, room: int
    ) -> list[tuple[str, int, tuple[int, int]]]:
        """Each row to draw: (text, 0 the title or 1, (column, row)). A long line wraps (the
        words of "what hard would have done" were cut at 1920x1080). In columns (the band
        of a narrow window) the title takes the top row across, and the lines follow in
        columns of even height, a line's rows never split between two (they flowed down
        one column into the next, the title alone at the top of the first); a line that
        does not fit leaves "…" as the last row."""
        lines = [theme.wrap(text, body, col_w) or [""] for text in self.lines()]
        if not lines:
            return []
        if columns == 1:
            rows = [(row, 0 if i == 0 else 1) for i, parts in enumerate(lines) for row in parts]
            if len(rows) > room:
                rows = [*rows[: room - 1], ("…", 1)]
            return [(text, kind, (0, n)) for n, (text, kind) in enumerate(rows)]
        out = [(lines[0][0], 0, (0, 0))]
        rest, top = lines[1:], 1
        total = sum(len(parts) for parts in rest)
        tall = min(room - top, max(-(-total // columns), max((len(p) for p in rest), default=1)))
        column, row = 0, top
        for parts in rest:
            if row > top and row + len(parts) > top + tall:
                column, row = column + 1, top  # the next column: a line is not split
            if column >= columns or row + len(parts) > room:
                if column < columns and row < room:
                    out.append(("…", 1, (column, row)))
                else:  # the last row drawn says more was cut
                    out[-1] = ("…", 1, out[-1][2])
                break
            out += [(text, 1, (column, row + k)) for k, text in enumerate(parts)]
            row += len(parts)
        return out


SIDE = 0.27  # the share of the window's width the open panel takes at its right
SIDE_MIN = 250  # px: narrower, each decision's line wraps into too many rows
GAP = 8  # px between the strip's edge and the panel's border


def side_width(size: tuple[int, int]) -> int:
    """How wide the coach's strip is: the table is laid out in the rest of the window."""
    return max(SIDE_MIN, round(size[0] * SIDE))


def side_rect(size: tuple[int, int]) -> pygame.Rect:
    """The coach's strip at the window's right, top to bottom."""
    width = side_width(size)
    return pygame.Rect(size[0] - width, 0, width, size[1])
