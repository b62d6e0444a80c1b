"""History: the kept matches of both games (date, game, variant, players, result, the
person's place, the deal code), filtered by game and sorted; star or delete one; and "Play a
deal": a typed code, or today's deal with its best total, dealt again against bots."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextEntryLine

from carioca_desktop import games
from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import tr
from carioca_desktop.rules.names import clean_name
from carioca_desktop.storage import has_autosave
from carioca_desktop.storage.daily import daily_code, load_bests, today
from carioca_desktop.storage.deal_codes import DealCodeError
from carioca_desktop.storage.history import Row, rows
from carioca_desktop.storage.replays import delete_kept, set_starred
from carioca_desktop.ui import theme
from carioca_desktop.ui.focus import Focusable
from carioca_desktop.ui.grownlist import GrownList
from carioca_desktop.ui.hintentry import HintEntry
from carioca_desktop.ui.scenes.history.hard import answer_whole
from carioca_desktop.ui.widgets import Stepper, UIScene, draw_text, fit, font, gold_title, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

FILTERS: tuple[str | None, ...] = (None, *games.GAMES)
LIST_FONT = 15  # the theme's selection_list.button font size (assets/theme.json), before scale


def game_name(game: str) -> str:
    return game.capitalize()  # "Carioca", "Buraco": names, the same in every language


def variant_name(row: Row) -> str:
    """The variant, and "en red" for a match played at a network table (as Statistics)."""
    words = tr(f"{games.entry(row.header.game).preset_words}.{row.preset}")
    if row.header.network is not None:
        words += f" · {tr('net.table.network_match')}"
    return words


def row_text(row: Row) -> str:
    """One line of the list: date, game, variant, players, result and place."""
    h = row.header
    when = h.finished_at[:16].replace("T", " ")
    names = ", ".join(p.name for p in h.seats)
    star = "★ " if row.kept.starred else ""
    return (
        f"{star}{when} · {game_name(h.game)} · {variant_name(row)} · {names} · {result_text(row)}"
    )


def fitted_row(row: Row, words: pygame.font.Font, room: int) -> str:
    """``row_text`` within ``room`` pixels: the players' names shortened with "…" (six names
    pushed the result and the place past the list's edge), then, if still too long, the end."""
    text = row_text(row)
    over = words.size(text)[0] - room
    names = ", ".join(p.name for p in row.header.seats)
    if over > 0 and names in text:
        short = fit(names, words, max(words.size("…")[0], words.size(names)[0] - over))
        text = text.replace(names, short, 1)
    return fit(text, words, room)


def result_text(row: Row) -> str:
    h = row.header
    if len(h.final_scores) != len(h.seats):  # a score per side (Buraco's)
        scores = " – ".join(str(s) for s in h.final_scores)
    else:  # a score per seat: the person's
        humans = h.people_here  # at a network table, this computer's person
        seat = humans[0] if humans else 0
        scores = tr("common.pts", n=h.final_scores[seat])
    if row.place is None:
        return scores
    return f"{scores} · {tr('history.place', n=row.place)}"


class HistoryScene(UIScene):
    """The list on the left, the chosen match and "Play a deal" on the right."""

    def __init__(self, app: Host, game: str | None = None) -> None:
        super().__init__(app)
        self.filter = game
        self.newest = True
        self.rows: list[Row] = []
        self.chosen = 0
        self.level = "normal"
        self.code_text = ""
        self.message = ""
        self.asked_delete = False
        self.entry: UITextEntryLine | None = None
        self.listing: UISelectionList | None = None
        from carioca_desktop.ui.scenes.history.files import MatchFiles

        self.files = MatchFiles(self)
        from carioca_desktop.ui.scenes.history.hard import HardComparison

        self.versus = HardComparison()
        self.waiting = False  # a comparison runs: repaint when it is done
        self.chosen_lines: list[pygame.Rect] = []  # the chosen match's lines, as last drawn
        self.deal_lines: list[pygame.Rect] = []  # the daily deal's and the message's
        self._load()

    def _load(self) -> None:
        self.rows = rows(self.app.paths, self.filter, self.newest)
        self.chosen = min(self.chosen, max(0, len(self.rows) - 1))

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The list, the chosen match's panel, the deal panel."""
        w, h = self.size
        m = round(22 * self.k)
        # Under the tabs' row, whose buttons do not shrink with the window as far as it does
        # (at 1024x600 "Abrir archivo de partida…" stood over the chosen match's border).
        top = max(round(150 * self.k), round(92 * self.k) + round(44 * self.u) + m // 2)
        right_w = round((w - 3 * m) * 0.36)
        listing = pygame.Rect(m, top, w - 3 * m - right_w, h - top - m)
        split = round(listing.h * 0.56)  # the match, its buttons and "how would hard have done"
        chosen = pygame.Rect(listing.right + m, top, right_w, split)
        deal = pygame.Rect(chosen.x, chosen.bottom + m, right_w, listing.bottom - chosen.bottom - m)
        return listing, chosen, deal

    def build(self) -> None:
        w, _ = self.size
        bh, m = round(44 * self.u), round(22 * self.k)
        bw = min(round(200 * self.u), w // 4)
        self.button(pygame.Rect(w - bw - m, round(24 * self.k), bw, bh), tr("common.back"),
                    self.back)  # fmt: skip
        self._tabs(pygame.Rect(m, round(92 * self.k), 0, bh))
        listing, chosen, deal = self._areas()
        self._list(listing)
        self._chosen_buttons(chosen)
        self._deal_widgets(deal)

    def _tabs(self, row: pygame.Rect) -> None:
        width = round(150 * self.u)
        x = row.x
        for game in FILTERS:
            label = tr("history.all") if game is None else game_name(game)
            kind = "primary" if game == self.filter else None
            rect = pygame.Rect(x, row.y, width, row.h)
            self.button(rect, label, partial(self._set_filter, game), kind)
            x += width + 8
        sort = tr("history.newest") if self.newest else tr("history.oldest")
        wide = round(240 * self.u)
        self.button(pygame.Rect(x + 16, row.y, wide, row.h), sort, self._sort)
        self.button(pygame.Rect(x + 32 + wide, row.y, wide, row.h), tr("history.open"),
                    self.files.ask_open)  # fmt: skip

    def _list(self, rect: pygame.Rect) -> None:
        if not self.rows:
            return
        words, room = font(round(LIST_FONT * self.u)), rect.w - round(28 * self.u)
        items: list[str | tuple[str, str]] = [
            (fitted_row(r, words, room), f"#row_{i}") for i, r in enumerate(self.rows)
        ]
        chosen = items[self.chosen]
        self.listing = self.add(
            GrownList(
                rect,
                items,
                self.app.manager,
                starting_height=self.height,
                default_selection=chosen,
                grow=self.app.screen_grow,
            )
        )

    def _chosen_buttons(self, box: pygame.Rect) -> None:
        """Six buttons in two columns (three a row cut "Ver repetición" and "Jugar este
        reparto" at 1280x720, and longer words in other languages)."""
        if not self.rows:
            return
        row = self.rows[self.chosen]
        bh, gap = round(40 * self.u), 10
        half = (box.w - 28 - gap) // 2
        star = tr("history.unstar") if row.kept.starred else tr("history.star")
        delete = tr("history.delete_sure") if self.asked_delete else tr("history.delete")
        buttons = [
            (tr("replay.watch"), self._watch, "primary"),
            (tr("history.play_this"), self._play_this, None),
            (tr("history.save"), lambda: self.files.ask_save(row), None),
            (tr("history.hard"), self._ask_hard, None),
            (star, self._star, None),
            (delete, self._delete, None),
        ]
        top = self._buttons_top(box)
        made = []
        for n, (words, action, kind) in enumerate(buttons):
            x, y = box.x + 14 + (n % 2) * (half + gap), top + (n // 2) * (bh + gap)
            made.append(self.button(pygame.Rect(x, y, half, bh), words, action, kind))
        if row.code is None:
            made[1].disable()

    def _buttons_top(self, box: pygame.Rect) -> int:
        """Where the chosen match's three rows of buttons start."""
        return box.bottom - 14 - 3 * round(40 * self.u) - 2 * 10

    def _deal_widgets(self, box: pygame.Rect) -> None:
        bh, pad = round(40 * self.u), 14
        y = box.y + round(44 * self.t)
        holder = self.holder(pygame.Rect(box.x + pad, y, box.w - 2 * pad, bh))
        entry = HintEntry(pygame.Rect(0, 0, box.w - 2 * pad, bh), self.app.manager, holder,
                                initial_text=self.code_text,
                                placeholder_text=tr("history.code_placeholder"))  # fmt: skip
        entry.set_text_length_limit(24)
        self.focus.add(Focusable(self.add(entry)))
        self.entry = entry
        y += bh + 10
        half = (box.w - 2 * pad - 10) // 2
        self.button(pygame.Rect(box.x + pad, y, half, bh), tr("history.play"), self._play_typed,
                    "primary")  # fmt: skip
        self.button(pygame.Rect(box.x + pad + half + 10, y, half, bh), tr("history.daily"),
                    self._play_daily)  # fmt: skip
        y += bh + 10
        options = [(tr("history.opponents", level=tr(f"common.level_{lv}")), lv) for lv in LEVELS]
        Stepper(self, pygame.Rect(box.x + pad, y, box.w - 2 * pad, bh), options, self.level,
                self._set_level)  # fmt: skip

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        title = gold_title(tr("history.title"), round(40 * self.k))
        surface.blit(title, title.get_rect(midleft=(round(22 * self.k), round(48 * self.k))))
        listing, chosen, deal = self._areas()
        for box in (chosen, deal):
            panel(surface, box, border=theme.GOLD)
        if not self.rows:
            panel(surface, listing)
            draw_text(surface, tr("history.empty"), font(round(22 * self.t)), listing.center,
                      theme.TEXT_DIM, "center")  # fmt: skip
        else:
            self._paint_chosen(surface, chosen)
        self._paint_deal(surface, deal)

    def _paint_chosen(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        row = self.rows[self.chosen]
        h = row.header
        body, head = font(round(17 * self.t)), font(round(20 * self.t), bold=True)
        x, y, width = box.x + 16, box.y + 12, box.w - 32
        lines = [
            (head, f"{game_name(h.game)} · {variant_name(row)}", theme.GOLD),
            (body, h.finished_at[:16].replace("T", " "), theme.TEXT_DIM),
            (body, ", ".join(p.name for p in h.seats), theme.TEXT),
            (body, result_text(row), theme.TEXT),
            (body, tr("history.code", code=row.code or "—"), theme.GOLD),
        ]
        room, gap = self._buttons_top(box) - y - 4, 4
        versus = self.versus.lines(row.match_id)
        wrapped = [part for text in versus for part in theme.wrap(text, body, width)]
        tall = sum(f.get_linesize() + gap for f, _t, _c in lines)
        if tall + len(wrapped) * (body.get_linesize() + gap) <= room:
            versus = wrapped  # the rounds' figures whole, where there is room (they ended in …)
        lines += [(body, text, theme.TEXT_DIM) for text in versus]
        if sum(f.get_linesize() + gap for f, _t, _c in lines) > room:
            # A short window: the date beside the players, the code beside the result ("how
            # would hard have done" was drawn under the buttons at 1024x600).
            (when, players, result, code) = lines[1:5]
            lines[1:5] = [(body, f"{when[1]} · {players[1]}", theme.TEXT),
                          (body, f"{result[1]} · {code[1]}", theme.TEXT)]  # fmt: skip
            gap = 1
            lines = answer_whole(lines, wrapped, room, gap) if versus else lines
        self.chosen_lines = []
        for fnt, text, colour in lines:
            draw_text(surface, fit(text, fnt, width), fnt, (x, y), colour)
            self.chosen_lines.append(pygame.Rect(x, y, width, fnt.get_linesize()))
            y += fnt.get_linesize() + gap

    def _ask_hard(self) -> None:
        self.versus.ask(self.rows[self.chosen].kept)
        self.waiting = True
        self.repaint()

    def update(self, dt: float) -> bool:
        busy = super().update(dt)
        if self.waiting and not self.versus.busy:
            self.waiting = False
            self.repaint()
        return busy or self.waiting

    def _paint_deal(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        head, body = font(round(20 * self.t), bold=True), font(round(16 * self.t))
        x, width = box.x + 16, box.w - 32
        draw_text(surface, tr("history.deal_title"), head, (x, box.y + 10), theme.GOLD)
        best = load_bests(self.app.paths).get(today().isoformat())
        daily = tr("history.daily_code", code=daily_code())
        daily += " · " + (tr("history.daily_best", n=best) if best is not None
                          else tr("history.daily_none"))  # fmt: skip
        # Under the stepper (at 1024x600 the daily line was drawn behind it): the message
        # in its place when there is no room for both.
        under = box.y + round(44 * self.t) + 3 * round(40 * self.u) + 20 + 2
        y = max(box.bottom - 2 * body.get_linesize() - 12, under)
        both = y + 2 * body.get_linesize() + 2 <= box.bottom - 2
        self.deal_lines = []
        for text, colour in [(daily, theme.TEXT_DIM), (self.message, theme.RED_BAD)]:
            if not text or (not both and self.message and text == daily):
                continue
            draw_text(surface, fit(text, body, width), body, (x, y), colour)
            self.deal_lines.append(pygame.Rect(x, y, width, body.get_linesize()))
            y += body.get_linesize() + 2

    # ------------------------------------------------------------------ behaviour
    def exit(self) -> None:
        self.files.close()
        super().exit()

    def say(self, message: str) -> None:
        self.message = message
        self.repaint()

    def reload(self) -> None:
        self._load()
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.files.handle(event):
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.listing is not None:
            picked = self.listing.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple) and picked[1].startswith("#row_"):
                self._choose(int(picked[1][5:]))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._todo.append(self._play_typed)
            return True
        return super().handle_event(event)

    def _choose(self, index: int) -> None:
        if index != self.chosen:
            self.chosen, self.asked_delete = index, False
            self._todo.append(self.rebuild)

    def _set_filter(self, game: str | None) -> None:
        self.filter, self.chosen, self.asked_delete = game, 0, False
        self._load()
        self.rebuild()

    def _sort(self) -> None:
        self.newest, self.chosen = not self.newest, 0
        self._load()
        self.rebuild()

    def _set_level(self, value: object) -> bool:
        self.level = str(value)
        return True

    def _star(self) -> None:
        row = self.rows[self.chosen]
        try:
            set_starred(row.match_id, not row.kept.starred, self.app.paths)
        except OSError:
            self.message = tr("history.disk_failed")
        self._load()
        self.rebuild()

    def _delete(self) -> None:
        if not self.asked_delete:  # a second press deletes: nothing is lost to one slip
            self.asked_delete = True
            self.rebuild()
            return
        delete_kept(self.rows[self.chosen].match_id, self.app.paths)
        self.asked_delete = False
        self._load()
        self.rebuild()

    def _watch(self) -> None:
        """The chosen match in the replay viewer; one that fails its replay is set aside
        (storage/replays.py) and the reason shown."""
        from carioca_desktop.storage.match_file import MatchFileError
        from carioca_desktop.storage.replays import open_kept
        from carioca_desktop.ui.refusal_words import refused
        from carioca_desktop.ui.replay_viewer import open_viewer

        try:
            replayed = open_kept(self.rows[self.chosen].kept, self.app.paths)
        except MatchFileError as err:
            self.message = refused(err)
            self._load()
            self.rebuild()
            return
        self.app.push(open_viewer(self.app, replayed.match))

    def _play_this(self) -> None:
        code = self.rows[self.chosen].code
        if code is not None:
            self._start(code)

    def _play_typed(self) -> None:
        self.code_text = self.entry.get_text() if self.entry is not None else self.code_text
        self._start(self.code_text)

    def play_code(self, code: str) -> None:
        """Deal ``code`` against the chosen opponents (the replay viewer's "Play this deal")."""
        self._start(code)

    def _play_daily(self) -> None:
        self._start(daily_code())

    def _start(self, code: str, abandon: bool = False) -> None:
        """Deal the code's cards against bots of the chosen level (see play/deals.py); a
        match in progress is abandoned only after the person says so (as New game asks)."""
        from carioca_desktop.play.deals import start_deal
        from carioca_desktop.storage.deal_codes import decode

        try:
            decode(code)
        except DealCodeError as err:
            self.message = tr(f"history.code_{err.kind}")
            self.repaint()
            return
        if not abandon and has_autosave(self.app.paths):
            self.app.push(self.app.routes.confirm(tr("newgame.abandon_title"),
                                       [tr("newgame.abandon_lost")], tr("newgame.abandon_yes"),
                                       tr("newgame.abandon_no"),
                                       lambda: self._start(code, abandon=True)))  # fmt: skip
            return

        settings = self.app.settings
        known: list[dict[str, Any]] = [dict(settings.house_rules), dict(settings.buraco_rules)]
        known += [r.header.rules for r in self.rows]
        person = clean_name(settings.player_name) or tr("common.you")
        try:
            session = start_deal(code, person, [self.level], known, self.app.paths)
        except DealCodeError as err:
            self.message = tr(f"history.code_{err.kind}")
            self.repaint()
            return
        self.app.replace(self.app.routes.table(session))
