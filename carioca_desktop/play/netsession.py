"""A network match as a session the real table (either game's) plays: the client's side of
a network table, without pygame.

The host runs the engine; this computer holds only its seats' observations (one
``SeatLink`` each: a hot-seat pair at one computer is two). The table reads the game through
a facade over those observations (play/netgame.py), never a game with invented cards. Moves
of the other seats arrive as ``state`` messages; each waits in its link's inbox until the
table asks for the next move (``pending_bot_action`` gives ``REMOTE``), so they are paced
and animated as a bot's move is. The person's own action goes out with the open ``ask``'s
number and ``apply`` returns at once (a round trip on a slow link must not stop the frames):
the move is ``sending`` until the host answers. Its new state then waits in the inbox and
is shown as the next move (``answer_due``); a refusal reopens the ask and goes to ``news``
(the engine's ``rule`` and ``params`` to translate), nothing changed."""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.net.client import (
    Asked,
    ClientEvent,
    Lost,
    MatchOver,
    Refusal,
    Refused,
    StateChanged,
)
from carioca_desktop.net.games import KINDS, GameKind
from carioca_desktop.net.link import SeatLink
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid
from carioca_desktop.net.protocol import PARTNER_FIRST
from carioca_desktop.play.arrangement import Arrangement
from carioca_desktop.play.netgame import NetGame, net_game
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.storage import Paths

log = logging.getLogger(__name__)

FIRST_STATE_WAIT = 10.0
REMOTE_PERSON = "remote"  # a seat kind: a person at another computer (not this one's)


class RemoteMove:
    """The next state another seat's move brought (the table "applies" it as a bot move)."""


REMOTE = RemoteMove()


class NetRefused(Exception):
    """The host changed nothing: ``refusal`` says why (``code``, the engine's ``rule``)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


@dataclass
class Sending:
    """The person's move on its way: the ask it answers, and what the table showed then."""

    feed: Feed
    ask: Asked
    shown: int
    action: dict[str, Any] = field(default_factory=dict)
    partner: bool = False  # Buraco: the host wants the partner asked first; asked, waiting
    since: float = field(default_factory=time.monotonic)


@dataclass
class Feed:
    """One link's stream: the observation shown, what arrived after it, its open ask."""

    link: SeatLink
    obs: Any = None
    inbox: deque[ClientEvent] = field(default_factory=deque)
    ask: Asked | None = None

    @property
    def seat(self) -> int:
        return self.link.welcomed.seat


class NetSession:
    """The client side of a network match (see the module's words)."""

    autosave = False  # the host keeps the match; this computer keeps nothing but statistics
    asked: int | None = None  # a bot asking its person partner: never here (the host's bots)
    hints = True
    recorded = False
    replay_problem: str | None = None  # why the host's replay was not kept (once checked)
    continued = False  # the sheet's Continue pressed while the next deal was on its way

    def __init__(self, links: Sequence[SeatLink], paths: Paths | None = None,
                 while_waiting: Callable[[], object] | None = None) -> None:  # fmt: skip
        if not links:
            raise ValueError("a network table needs one seat at least")
        self.links = list(links)
        self.paths = paths
        # Called while the first state is awaited: a host served by this same program (the
        # host's own person) answers only when it is polled.
        self.while_waiting = while_waiting
        first = links[0]
        self.kind: GameKind = KINDS[first.welcomed.game]
        self.GAME = first.welcomed.game
        self.match_id = first.started.match_id
        self.preset = first.started.preset
        self.seed = 0
        self.feeds = [Feed(link, inbox=deque(link.pending)) for link in links]
        ours = {f.seat for f in self.feeds}
        self.seats = tuple(_seat(i, s, ours) for i, s in enumerate(first.started.seats))
        self.arrangements: dict[int, Arrangement] = {}
        self.buy_seconds: float | None = None  # the host's buy countdown, from its asks
        self.status: dict[int, str] = {}  # remote seats: here / away / bot (from ``seat``)
        self.news: list[ClientEvent] = []  # for the screen: seats, reactions, faults, the end
        self.shown = -1  # the ``seq`` of the state the table shows
        self.lost: str | None = None
        self.sending: Sending | None = None  # the person's move, until the host answers
        self._answer_seq: int | None = None  # the state that answered it, until shown
        self._wait_first()
        self.game: NetGame = net_game(self)

    # ------------------------------------------------------------------ who is who
    @property
    def human_seats(self) -> list[int]:
        return [f.seat for f in self.feeds]

    @property
    def hot_seat(self) -> bool:
        return len(self.feeds) >= 2

    def is_human(self, seat: int) -> bool:
        return any(f.seat == seat for f in self.feeds)

    def viewer(self) -> int:
        turn = self.game.current_player
        return turn if turn is not None and self.is_human(turn) else self.feeds[0].seat

    def feed(self, seat: int) -> Feed:
        return next((f for f in self.feeds if f.seat == seat), self.feeds[0])

    def obs(self, seat: int) -> Any:
        return self.feed(seat).obs

    # ------------------------------------------------------------------ the network
    def _wait_first(self) -> None:
        """Each link's first state (the lobby hands the table over as ``start`` arrives)."""
        end = time.monotonic() + FIRST_STATE_WAIT
        for feed in self.feeds:
            while feed.obs is None and time.monotonic() < end and self.lost is None:
                if self.while_waiting is not None:
                    self.while_waiting()
                self._take(feed, first=True)
                if feed.obs is None:
                    feed.inbox.extend(feed.link.client.poll(0.05))
            if feed.obs is None:
                raise ConnectionError(self.lost or "the host sent no state")
        self.shown = max(0, self.shown)

    def pump(self) -> None:
        """What arrived since the last frame: read up to the next move to show."""
        for feed in self.feeds:
            feed.inbox.extend(feed.link.client.poll())
            self._take(feed)

    def _take(self, feed: Feed, first: bool = False) -> None:
        """Handle ``feed``'s inbox in order, up to a state the table has not shown yet."""
        while feed.inbox:
            event = feed.inbox[0]
            if self._answered(feed, event):
                feed.inbox.popleft()
                continue
            if isinstance(event, StateChanged):
                if not first and event.seq > self.shown:
                    return  # another seat's move: the table shows it in its turn
                feed.obs = event.obs  # the same move's state, or a rejoin's state again
                self.shown = max(self.shown, event.seq)
                first = False
            elif isinstance(event, Asked):
                if event.seat == feed.seat:
                    feed.ask = event
                    if event.seconds is not None or self.game_offer(feed):
                        self.buy_seconds = event.seconds
            else:
                self._note(event)
            feed.inbox.popleft()

    def game_offer(self, feed: Feed) -> bool:
        return bool(getattr(feed.obs, "phase", "") == "offer")

    def _note(self, event: ClientEvent) -> None:
        from carioca_desktop.net.client import SeatChanged

        if isinstance(event, SeatChanged):
            self.status[event.seat] = event.status
        elif isinstance(event, MatchOver):
            if not self.recorded:  # a hot-seat pair's second link: the match is kept already
                self._record(event.record)
                self._keep_replay(event)
        elif isinstance(event, (Lost, Refused)):
            self.lost = event.message
        elif isinstance(event, Refusal) and event.code == "stale":
            return  # an answer after the host's countdown passed for us: nothing to say
        self.news.append(event)

    def _record(self, data: dict[str, Any]) -> None:
        """The finished match into this computer's statistics, for its own person, once."""
        if self.recorded or not data:
            return
        from carioca_desktop.storage.notices import FileProblem
        from carioca_desktop.storage.stats import any_from_dict, append_match

        self.recorded = True
        # Each link gets the record with its own seat as the person; a hot-seat pair at
        # this computer is one match with both its people, as at a local table.
        data = {**data, "human_seats": self.human_seats}
        try:
            append_match(any_from_dict(data), self.paths)
        except (FileProblem, OSError, ValueError) as err:
            log.warning("the network match could not be recorded: %s", err)

    def _keep_replay(self, event: MatchOver) -> None:
        """The match's replay into this computer's History (net/replay.py), off the frame."""
        from carioca_desktop.net.replay import keep_later

        def told(problem: str | None) -> None:
            self.replay_problem = problem

        keep_later(event.replay, self.match_id, self.human_seats, self.paths, told)

    # ------------------------------------------------------------------ the table's asks
    def _next_seq(self) -> int | None:
        heads = [f.inbox[0].seq for f in self.feeds
                 if f.inbox and isinstance(f.inbox[0], StateChanged)]  # fmt: skip
        return min(heads) if heads else None

    def pending_bot_action(self) -> Any:
        """``REMOTE`` while another seat's move waits to be shown (never between rounds:
        the round sheet's Continue shows the next deal)."""
        if self.game.round_over:
            return None
        return REMOTE if self._next_seq() is not None else None

    def bot_action_ready(self) -> bool:
        return True

    def decide_ahead(self) -> None:
        """Nothing decides here: the host's bots decide on the host."""

    def release_decision(self) -> None:
        self.pump()

    def release_save(self) -> None:
        """Nothing is saved here."""

    def deal_code(self) -> str | None:
        return None

    def apply(self, action: Any) -> list[Any]:
        """Show the next move that came (another seat's, or the host's answer to the
        person's), or send the person's action (nothing changes now: its state comes later);
        returns the new events (of the first link's log). NetRefused: nothing was sent."""
        before = len(self.feeds[0].obs.events)
        if action is REMOTE:
            seq = self._next_seq()
            if seq is not None:
                self._show(seq)
        else:
            self._send(action)
        events = self.feeds[0].obs.events
        return list(events[before:]) if len(events) >= before else list(events)

    def _show(self, seq: int) -> None:
        for feed in self.feeds:
            while feed.inbox and isinstance(feed.inbox[0], StateChanged) \
                    and feed.inbox[0].seq <= seq:  # fmt: skip
                feed.obs = feed.inbox.popleft().obs  # type: ignore[union-attr]
        self.shown = seq
        if self._answer_seq is not None and self._answer_seq <= seq:
            self._answer_seq = None
        for feed in self.feeds:
            self._take(feed)

    def _send(self, action: Any) -> None:
        """Send the person's action on the open ask and return: the answer comes in later
        frames (``_answered``). NetRefused only for what is known here and now."""
        if self.sending is not None:
            raise NetRefused(Refusal("sending", "net.table.sending", "a move is on its way"))
        feed = self.feed(int(getattr(action, "seat", -1)))
        ask = feed.ask
        if ask is None or ask.seat != getattr(action, "seat", None):
            raise NetRefused(Refusal("not_your_turn", "net.error.not_your_turn", "not asked"))
        if not feed.link.client.send_action(ask.ask, self.kind.action_to_dict(action)):
            raise NetRefused(Refusal("offline", "net.table.offline", "not connected"))
        feed.ask = None  # nothing more to answer (the table's input waits) until the host says
        self.sending = Sending(feed, ask, self.shown, self.kind.action_to_dict(action))

    def _answered(self, feed: Feed, event: ClientEvent) -> bool:
        """Whether ``event`` answers the move on its way: its new state (shown as the next
        move), the host's refusal (the ask open again, the words in ``news``), the same ask
        again after a rejoin (the move never landed), or the host gone. True when the event
        is used up here (the host's "ask your partner first": the partner is asked)."""
        sending = self.sending
        if sending is None or sending.feed is not feed:
            return False
        if isinstance(event, StateChanged) and event.seq > sending.shown:
            self.sending, self._answer_seq = None, event.seq
        elif isinstance(event, Refusal) and event.ask == sending.ask.ask:
            if event.code == PARTNER_FIRST and not sending.partner:
                sending.partner = feed.link.client.send_partner_ask(sending.ask.ask)
                return sending.partner
            self._reopen(feed, sending, event.code != "stale")
        elif isinstance(event, PartnerSaid) and sending.partner and event.seat == feed.seat:
            sending.partner = False
            if event.yes and feed.link.client.send_action(sending.ask.ask, sending.action):
                return False  # the going out goes again; the answer's words are news
            self._reopen(feed, sending, True)
        elif isinstance(event, (Lost, Refused)) or (
            isinstance(event, Asked) and event.seat == feed.seat
        ):
            self.sending = None  # asked again (the move never landed), or the host gone
        return False

    def _reopen(self, feed: Feed, sending: Sending, still_open: bool) -> None:
        """The move did not happen: the ask is open again (unless the host passed)."""
        self.sending = None
        if still_open:
            feed.ask = sending.ask  # the host changed nothing

    def answer_question(self, question: PartnerQuestion, yes: bool) -> bool:
        """This computer's answer to a partner's question (Buraco's house rule)."""
        seat = (question.seat + 2) % 4
        feed = next((f for f in self.feeds if f.seat == seat), None)
        return feed is not None and feed.link.client.send_partner_answer(question.question, yes)

    @property
    def answer_due(self) -> bool:
        """Whether the next state to show is the answer to this computer's own move."""
        return self._answer_seq is not None and self._next_seq() == self._answer_seq

    def next_round(self) -> None:
        """The round sheet's Continue: the host dealt the next round itself; show it."""
        self.pump()
        seq = self._next_seq()
        self.continued = seq is None  # pressed before the next deal came: shown on arrival
        if seq is not None:
            self._show(seq)

    def deal_arrived(self) -> bool:
        """The next deal, once it comes after the sheet's Continue was pressed; True when
        it was shown now (the table then syncs)."""
        if not self.continued:
            return False
        self.pump()
        seq = self._next_seq()
        if seq is None:
            return False
        self.continued = False
        self._show(seq)
        return True

    def can_undo(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.is_human(seat) and self.game.can_undo(seat)

    def undo(self) -> Any:
        seat = self.game.current_player
        if seat is None or not self.can_undo():
            return None
        from carioca_desktop.rules.carioca.actions import Undo

        events = self.apply(Undo(seat))
        return events[-1] if events else None

    def arrange(self, seat: int, hand: Sequence[str], staged: Sequence[Sequence[str]] = ()) -> None:
        """The person's hand order, kept for this screen (a reconnection keeps it)."""
        if self.is_human(seat):
            self.arrangements[seat] = Arrangement(tuple(hand), tuple(tuple(g) for g in staged))

    def react(self, key: str) -> bool:
        """Send one reaction for this computer's (first) seat."""
        return self.feeds[0].link.client.send_reaction(key)

    def close(self) -> None:
        for feed in self.feeds:
            feed.link.client.close()


def _seat(index: int, data: dict[str, Any], ours: set[int]) -> SeatConfig:
    """A seat as the table names it: this computer's people, people elsewhere, bots."""
    name = str(data.get("name") or f"Player {index + 1}")
    if index in ours:
        return SeatConfig(name, "human")
    if data.get("kind") == "bot":
        level = data.get("level")
        return SeatConfig(name, "bot", level if isinstance(level, str) else "normal")
    return SeatConfig(name, REMOTE_PERSON)
