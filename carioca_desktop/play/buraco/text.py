"""Words and figures for the Buraco table, pygame-free: side names, move-log lines, the status
line, and each side's round sheet rebuilt from what every seat may see (BURACO.md §7, §9)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from carioca_desktop.i18n import has, tr
from carioca_desktop.play.text import card_label
from carioca_desktop.rules.buraco.observation import BuracoObservation, EventView
from carioca_desktop.rules.buraco.ruleset import BuracoRules


def rules_of(obs: BuracoObservation) -> BuracoRules:
    """The observation's rule set as the engine's object (the dict holds only the changes)."""
    return _rules(json.dumps(obs.rules, sort_keys=True))


@lru_cache(maxsize=8)
def _rules(text: str) -> BuracoRules:
    return BuracoRules.from_dict(json.loads(text))


def side_of(seat: int) -> int:
    return seat % 2


def side_seats(players: int, side: int) -> list[int]:
    return [s for s in range(players) if s % 2 == side]


def side_name(names: Sequence[str], side: int) -> str:
    """ "Ana & Carla" (partners), or one name in the 2-player game."""
    return " & ".join(names[s] for s in side_seats(len(names), side))


def winner_text(names: Sequence[str], side: int) -> str:
    """ "Ana & Carla win the match!", or "Beto wins the match!" in the 2-player game."""
    key = "winner" if len(names) > 2 else "winner_one"
    return tr(f"buraco.sheet.{key}", names=side_name(names, side))


def for_players(key: str, players: int) -> str:
    """``key``'s 2-player wording (``<key>_two``: "your melds", not "your pair's") when the
    game has two players and the language has one."""
    return f"{key}_two" if players == 2 and has(f"{key}_two") else key


def target_text(n: int) -> str:
    """ "Target: 1500 points", singular for 1 (the rules allow any target from 1)."""
    return tr("buraco.target_one") if n == 1 else tr("buraco.target", n=n)


def level_name(level: str | None) -> str:
    return tr(f"buraco.level.{level}") if level else tr("buraco.person")


def cards_text(cards: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in cards)


_TOLD_TO_YOU = frozenset({"draw", "take_pile", "lay_down", "add", "swap", "discard", "morto",
                          "go_out"})  # fmt: skip


def log_line(event: EventView, names: Sequence[str], viewer: int, you: bool = True) -> str | None:
    """One move in words, or None for events the log leaves out (each seat's deal). With
    ``you`` (a person watches) the viewer's own moves speak to them ("Robaste del monte"):
    a name conjugated in the third person read "Tú robó"."""
    kind = event.kind
    name = names[event.seat] if 0 <= event.seat < len(names) else ""
    if kind == "deal":
        return None
    if you and event.seat == viewer and kind in _TOLD_TO_YOU:
        kind = f"{kind}_you"
    base = kind.removesuffix("_you")
    return _told(kind, base, event, name)


def _told(kind: str, base: str, event: EventView, name: str) -> str | None:
    """The line of ``base`` (an event's kind) under the key ``kind`` (maybe its "_you")."""
    key = f"buraco.log.{kind}"
    if base == "upcard":
        return tr(key, card=cards_text(event.cards)) if event.cards else None
    if base in ("draw", "morto", "go_out"):
        return tr(key, name=name)
    if base == "take_pile":
        return tr(key, name=name, n=len(event.cards))
    if base == "lay_down":
        melds = " · ".join(cards_text(m) for m in event.melds)  # where each meld ends
        return tr(key, name=name, cards=melds)
    if base == "add":
        return tr(key, name=name, cards=cards_text(event.cards))
    if base in ("swap", "discard"):
        cards = event.cards[:1] if base == "swap" else event.cards
        return tr(key, name=name, card=cards_text(cards))
    if base in ("morto_to_stock", "stock_out"):
        return tr(key)
    return None


def status_line(obs: BuracoObservation, names: Sequence[str], human: bool) -> str:
    """What the table waits for, in words."""
    if obs.turn is None:
        if obs.phase == "match_over":
            return tr("buraco_look.match_over")
        return tr("buraco.status.round_over")
    if obs.turn != obs.seat or not human:
        return tr("buraco.status.wait", name=names[obs.turn])
    if obs.phase == "draw":
        return tr("buraco.status.draw")
    return tr("buraco.status.play")


def privacy_text(obs: BuracoObservation, names: Sequence[str], seat: int) -> str:
    """What a hot seat's privacy screen says under the person's name, all of it public: the
    game, its preset and the round (as the table's title), then the score, ``seat``'s side
    first, and the target."""
    title = tr("buraco.title", preset=tr(f"buraco.preset.{rules_of(obs).preset}"),
               n=obs.round_number)  # fmt: skip
    mine, theirs = side_of(seat), 1 - side_of(seat)
    score = (f"{side_name(names, mine)}: {obs.scores[mine]} — "
             f"{side_name(names, theirs)}: {obs.scores[theirs]}")  # fmt: skip
    return f"{title}\n{score} · {target_text(obs.target)}"


def first_meld_minimum(obs: BuracoObservation) -> int:
    """The points the viewer's side still needs in its first lay-down (0: none applies)."""
    minimum = rules_of(obs).first_meld_min
    return 0 if obs.opened[side_of(obs.seat)] else minimum


# --------------------------------------------------------------------------- the round sheet
@dataclass(frozen=True)
class SideSheet:
    """One side's round, line by line (BURACO.md §7)."""

    side: int
    name: str
    meld_points: int
    limpos: int
    sujos: int
    bonus: int  # the buracos' bonus points
    going_out: int
    hands: int  # minus the cards left in the side's hands (a non-positive number)
    morto: int  # minus the no-morto penalty (0 or negative)
    total: int
    running: int


def round_sheets(obs: BuracoObservation, names: Sequence[str]) -> list[SideSheet]:
    """Each side's sheet for the round just ended. The hands are hidden from the viewer, so
    their points are what is left of the round's total once the public terms are taken out;
    the engine's total (``history``) stays the truth."""
    rules = rules_of(obs)
    points, bonuses = rules.points, rules.bonuses
    totals = obs.history[-1] if obs.history else (0, 0)
    went_out = _went_out(obs)
    out = []
    for side in (0, 1):
        melds = [m for m in obs.table if m.side == side]
        cards = sum(points[_rank(c)] for m in melds for c in m.cards)
        limpos = sum(1 for m in melds if m.buraco == "limpo")
        sujos = sum(1 for m in melds if m.buraco == "sujo")
        bonus = limpos * bonuses["limpo"] + sujos * bonuses["sujo"]
        gone = bonuses["going_out"] if went_out is not None and went_out % 2 == side else 0
        morto = 0 if obs.took_morto[side] > 0 else -bonuses["no_morto"]
        total = totals[side]
        hands = total - (cards + bonus + gone + morto)
        if hands > 0:  # a morto left unplayed under "not_taken": its penalty, not hand points
            morto, hands = morto + hands, 0
        out.append(
            SideSheet(
                side,
                side_name(names, side),
                cards,
                limpos,
                sujos,
                bonus,
                gone,
                hands,
                morto,
                total,
                obs.scores[side],
            )
        )
    return out


def _went_out(obs: BuracoObservation) -> int | None:
    for event in reversed(obs.events):
        if event.kind == "go_out":
            return event.seat
        if event.kind in ("stock_out", "deal"):
            return None
    return None


def _rank(card: str) -> str:
    head = card.split("=", 1)[0]
    return "JK" if head == "JK" else head[:-1]
