"""What a frame of the Buraco table draws, gathered from the scene into one ``Picture``
(paint.py draws it; the rehearsal of a bot's move builds the next one ahead)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.news import news
from carioca_desktop.play.buraco.text import first_meld_minimum, level_name, rules_of, status_line
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.ui.scenes.buraco.paint import Picture, mortos_of

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


def table_picture(
    scene: BuracoTableHost, obs: BuracoObservation, log_lines: list[str] | None = None
) -> Picture:
    """What the table ``scene`` draws of ``obs``: with the scene's own log, or with
    ``log_lines`` (what it will show once a rehearsed bot's move is its own)."""
    rules = rules_of(obs)
    lines = {
        s: (
            tr("buraco.you")
            if s == scene.viewer and scene.session.is_human(s)
            else level_name(scene.session.seats[s].level)
        )
        for s in range(obs.players)
    }
    return Picture(
        layout=scene.layout,
        images=scene.images,
        texts=scene.texts,
        obs=obs,
        names=scene.names,
        seat_lines=lines,
        title=tr("buraco.title", preset=tr(f"buraco.preset.{rules.preset}"), n=obs.round_number),
        status=status_line(obs, scene.names, scene.session.is_human(scene.viewer)),
        log=scene.log_lines if log_lines is None else log_lines,
        mortos=mortos_of(obs, rules.mortos),
        pile_all=rules.pile_visible == "all",
        first_min=first_meld_minimum(obs),
        hand=scene.moves.hand_rows(),
        hand_hidden=scene.hand_hidden,
        staged=scene.moves.staged_codes(),
        accepts=scene.moves.accepts(),
        pointer=scene.pointer,
        toasts=() if scene.sheet is not None else tuple(scene.toasts),  # none under the sheet
        pile_in_flight=scene.animator.hidden()[("pile",)] > 0,
        drag=scene.moves.drag_card(),
        ring=scene.keys.focus_rect(),
        focus_meld=scene.keys.focus_meld(),
        news=news(obs.events, obs.seat),
        hands_up=scene.hands_up,
    )
