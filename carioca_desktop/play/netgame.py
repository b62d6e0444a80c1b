"""The game as a network table's screen reads it: a facade over this computer's seats'
observations (play/netsession.py), one class per game where they differ.

Why a facade and not an engine game rebuilt from the observation: the client has no other
seat's cards, the stock's order or a morto, and a game built with stand-ins for them would
hold invented cards as if real (and a round's log, buys, undo history and offer to fake
besides). The table only ever shows ``observation(viewer)``, which here is exactly what the
host sent; the questions it asks of the engine about the person's moves are answered from the
host's open ``ask``: its ``legal`` list (the engine's own), and ``check`` lets through every
move of the asked seat that the list does not name (lay-downs and several-card adds, which
the engine never lists) or names not, so the host's engine judges it and its refusal is shown
in words, as at a local table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carioca_desktop import games
from carioca_desktop.rules.errors import Refusal

if TYPE_CHECKING:
    from carioca_desktop.play.netsession import NetSession

NOT_ASKED = Refusal("not_your_turn", "it is not this seat's turn")


class NetGame:
    """What both games' facades share: whose turn, the asks, the log's length."""

    def __init__(self, session: NetSession) -> None:
        self.session = session

    @property
    def _obs(self) -> Any:
        return self.session.feeds[0].obs

    def observation(self, seat: int) -> Any:
        """The host's observation of ``seat`` when it is played here, else the first's
        (a spectator's question, e.g. the round sheet: it reads only public events)."""
        return self.session.obs(seat)

    @property
    def players(self) -> int:
        return len(self._obs.hand_sizes)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.session.seats)

    @property
    def current_player(self) -> int | None:
        turn = self._obs.turn
        return turn if self._obs.phase in self.ACTING else None

    ACTING: tuple[str, ...] = ("draw", "play")

    @property
    def event_count(self) -> int:
        return len(self._obs.events)

    @property
    def round_over(self) -> bool:
        return self._obs.phase in ("round_over", "match_over")

    @property
    def is_over(self) -> bool:
        return bool(self._obs.phase == "match_over")

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The engine's legal actions of ``seat`` as the host listed them in its ask."""
        asked = self.current_player if seat is None else seat
        if asked is None:
            return []
        feed = self.session.feed(asked)
        ask = feed.ask
        if ask is None or (seat is not None and feed.seat != seat):
            return []
        return [self.session.kind.action_from_dict(a) for a in ask.legal]

    def check(self, action: Any) -> Refusal | None:
        """None for any move of a seat asked now (the host's engine judges it), else why
        not."""
        seat = getattr(action, "seat", None)
        if seat is None or not self.session.is_human(seat):
            return NOT_ASKED
        return None if self.session.feed(seat).ask is not None else NOT_ASKED

    def can_undo(self, seat: int) -> bool:
        return any(type(a).__name__ == "Undo" for a in self.legal_actions(seat))

    def clone(self) -> Any:
        """The table's look-ahead (rehearsing a bot's move) has nothing to copy here: a
        copy that applies nothing (the rehearsal then simply draws nothing ahead)."""
        return _NoCopy()


class _NoCopy:
    event_count = 0

    def apply(self, action: Any) -> Any:
        raise NotImplementedError("a network game's moves are the host's")


class NetCariocaGame(NetGame):
    """Carioca's questions: the phase as the engine's enum, the rounds' scores."""

    ACTING = ("draw", "play", "offer")

    @property
    def phase(self) -> Any:
        from carioca_desktop.rules.carioca.state import Phase

        return Phase(self._obs.phase)

    @property
    def current_player(self) -> int | None:
        obs = self._obs
        if obs.phase == "offer" and obs.offer is not None:
            return int(obs.offer.seat)
        return obs.turn if obs.phase in self.ACTING else None

    @property
    def rules(self) -> Any:
        return self._obs.rules

    @property
    def round_index(self) -> int:
        return int(self._obs.round_index)

    @property
    def rounds_scored(self) -> int:
        return len(self._obs.round_points)

    @property
    def round_points(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self._obs.round_points)

    @property
    def went_out(self) -> tuple[int | None, ...]:
        return tuple(self._obs.went_out)

    def outcome(self) -> Any:
        from carioca_desktop.rules.carioca.scoring import outcome

        obs = self._obs
        return outcome(self.players, obs.round_points, obs.went_out, obs.rules)


class NetBuracoGame(NetGame):
    """Buraco's questions: its rules as the engine's value."""

    def check(self, action: Any) -> Refusal | None:
        """As ``NetGame.check``, but a one-card add or swap the ask does not list while it
        lists another placing of that card on that meld (the swap for the wild it stands
        for, a wild at one end) is refused here, so the table sends the listed one as a
        local table does (ui/scenes/buraco/targets.py's ``placing``)."""
        refusal = super().check(action)
        if refusal is not None or not _one_card(action):
            return refusal
        legal = self.legal_actions(action.seat)
        if action in legal:
            return None
        card = _cards(action)[0].split("=")[0]
        listed = [a for a in legal if _one_card(a) and a.meld == action.meld
                  and _cards(a)[0].split("=")[0] == card]  # fmt: skip
        return Refusal("placed_otherwise", "placed as the host lists it") if listed else None

    @property
    def rules(self) -> Any:
        from carioca_desktop.rules.buraco.ruleset import BuracoRules

        return BuracoRules.from_dict(dict(self._obs.rules))

    @property
    def phase(self) -> Any:
        from carioca_desktop.rules.buraco.state import Phase

        return Phase(self._obs.phase)


def _cards(action: Any) -> tuple[str, ...]:
    cards = getattr(action, "cards", None)
    return tuple(cards) if cards is not None else (getattr(action, "card", ""),)


def _one_card(action: Any) -> bool:
    """A one-card add or a swap (the moves the engine lists one by one)."""
    name = type(action).__name__
    return (name == "Swap" or (name == "Add" and len(_cards(action)) == 1)) and hasattr(
        action, "meld"
    )


def net_game(session: NetSession) -> NetGame:
    """The facade of the session's game (by name, as play/replay_session.py's sessions)."""
    facade: NetGame = games.entry(session.GAME).named("net_game_class")(session)
    return facade
