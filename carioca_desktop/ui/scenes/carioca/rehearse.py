"""A bot's move rehearsed in an idle frame, so the frame that applies it only blits.

The frame that shows a move draws its new words and panels: the seat that acted and the one
to act next (counts, the active border), the status, the log's lines (each fades a step),
the stock's count, and at a round's end every seat's score. Drawn there, they made the
slowest move frames (the round's end ~3.5 ms, a lay-down ~3.3 ms, against ~2 ms for a
move). Once the bot's decision is ready (play/botworker.py) and nothing moves, the scene
applies it to a copy of the game and draws what that position will show into the caches
(the text cache, the kept seat pictures), never on screen: the move's frame then finds
them drawn. A wrong guess (a person moves first, the window changes) only leaves unused
entries in bounded caches; what is on screen is drawn as before, from the same caches.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from carioca_desktop.i18n import tr
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.ui.scenes.carioca import kept, seatcache
from carioca_desktop.ui.scenes.carioca.describe import log_lines, table_text, told
from carioca_desktop.ui.scenes.carioca.model import LOG_LINES
from carioca_desktop.ui.tablekit.rehearsal import BotRehearsal
from carioca_desktop.ui.theme import GOLD, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.rules.carioca.actions import Action
    from carioca_desktop.rules.carioca.game import Game
    from carioca_desktop.rules.carioca.observation import Observation
    from carioca_desktop.ui.scenes.carioca.tablehost import TableHost

ARRIVING = ("draw", "buy")  # a card flies into the acting seat's fan: one back hidden


class Rehearsal(BotRehearsal):
    """Rehearses each bot move once (by the game's event count and round)."""

    def __init__(self, scene: TableHost) -> None:
        super().__init__()
        self.s = scene

    def _session(self) -> MatchSession:
        return self.s.session

    def _key(self) -> object:
        game = self.s.session.game
        return (game.round_index, game.event_count, self.s.model.viewer, id(self.s.layout))

    def _closed(self) -> bool:
        return self.s.session.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    def _ahead(self, action: Action) -> bool:
        s = self.s
        session, model = s.session, s.model
        game = session.game
        if s.view.layout is None:
            return False
        copy = game.clone()
        first = copy.event_count
        try:
            copy.apply(action)
        except Exception:  # the table applies it for real and reports what is wrong
            return False
        obs = copy.observation(model.viewer)
        old = model.obs
        log = deque(model.log_lines, maxlen=LOG_LINES)
        if obs.round_index == old.round_index:
            log.extend(log_lines(obs, session, len(old.events)))
        acting = {e.seat for e in obs.events[first:] if e.kind.value in ARRIVING}
        # The piles as the move's flights leave them: a discard flies over the card it
        # covers, then lies on top.
        self._draw(obs, log, [old.pozo_top, obs.pozo_top], acting if s.glide > 0 else set())
        return True

    def back(self, game: Game) -> bool:
        """Draw ahead what the table shows once ``game`` (the replay viewer's position one
        step back, built while idle) is its own: no flight, the log told back as ``sync``
        tells it. False if the table is not laid out yet."""
        s = self.s
        if s.view.layout is None:
            return False
        obs = game.observation(s.model.viewer)
        log = deque(s.model.log_lines, maxlen=LOG_LINES)
        told(log, s.model.obs, obs, s.session, s.seen_events)
        self._draw(obs, log, [obs.pozo_top], set())
        return True

    def _draw(
        self, obs: Observation, log: deque[str], tops: list[str | None], acting: set[int]
    ) -> None:
        """The words, piles and seat pictures the table will show for ``obs``, into the
        caches; ``acting``: the seats a card flies into (their fans drawn one back short)."""
        s = self.s
        session, model, layout = s.session, s.model, s.layout
        text = table_text(
            obs, session, model.hand_hidden, log, s.round_title(), hands_up=model.hands_up
        )
        texts = s.texts
        kept.draw_ahead(s.view, text)  # the top bar's and the log's pictures
        attention = model.playable and obs.my_turn and obs.phase == "draw"
        kept.piles_ahead(s.view, obs, list(dict.fromkeys(tops)), attention)
        before = {info.seat: info for info in model.text.seats}
        wanted = {(i.seat, 0) for i in text.seats if before.get(i.seat) != i}
        wanted |= {(seat, 1) for seat in acting}
        view = s.view
        seatcache.warm_seats(view.seat_pictures, view.base(), layout, obs.seat, text.seats,
                             wanted, texts, view.images)  # fmt: skip
        small = layout.upx(14)
        texts.render(tr("table.stock", n=obs.stock_size), small, TEXT_DIM)
        for name in obs.names:  # a first lay-down names its owner over the melds
            for colour in (GOLD, TEXT, (0, 0, 0)):
                texts.render(name, small, colour, bold=True)
