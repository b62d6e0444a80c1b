"""The coach in the replay viewer (C): the viewed seat's decisions in the round on screen,
judged by ``hard`` on a thread (play/carioca/coach.py), drawn as a panel over the table: each costly
decision or blunder with its estimated cost and what ``hard`` would have done, and where the
round's points went."""

from __future__ import annotations

import threading

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.coach import Judgement, judge, where_points_went
from carioca_desktop.play.text import card_label
from carioca_desktop.rules.carioca.actions import Action, Buy, Discard, Draw, LayDown, Pass
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import draw_text, fit, font, panel

SHOWN = 7  # decisions listed at most (the costliest)


def action_words(action: Action) -> str:
    if isinstance(action, Discard):
        return tr("replay.w_discard", card=card_label(action.card))
    if isinstance(action, Draw):
        return tr("replay.w_pozo") if action.source == "pozo" else tr("replay.w_stock")
    if isinstance(action, (Buy, Pass)):
        return tr("replay.w_buy") if isinstance(action, Buy) else tr("replay.w_pass")
    if isinstance(action, LayDown):
        return tr("replay.w_lay_down")
    return tr("replay.w_add")


class CoachPanel:
    """One judged round at a time; ``lines`` is what the panel shows."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None  # (seat, round)
        self.judged: list[Judgement] | None = None
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
        self.judged = judge(match, seat, {round_index})

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
            out.append(tr("replay.coach_line", verdict=tr(f"replay.{j.verdict}"), cost=j.cost,
                          played=action_words(j.played), hard=action_words(j.hard)))  # fmt: skip
        went = where_points_went(self.judged)
        if went:
            parts = ", ".join(f"{tr(f'replay.k_{k}')} {v}" for k, v in sorted(went.items()))
            out.append(tr("replay.coach_went", parts=parts))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        lines = self.lines()
        w, h = surface.get_size()
        body = font(max(12, round(15 * max(0.8, w / 1600))))
        width = min(620, w // 2)
        tall = 16 + len(lines) * (body.get_linesize() + 2)
        box = pygame.Rect(w - width - 16, round(h * 0.19), width, tall)  # under the top seats
        panel(surface, box, alpha=230, border=theme.GOLD)
        y = box.y + 8
        for i, text in enumerate(lines):
            colour = theme.GOLD if i == 0 else theme.TEXT
            draw_text(surface, fit(text, body, box.w - 24), body, (box.x + 12, y), colour)
            y += body.get_linesize() + 2
