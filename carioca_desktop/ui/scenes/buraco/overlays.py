"""What the Buraco table puts over itself, or leaves for: the hot-seat privacy screen, the
round and final sheets (after the beat of ui/tablekit/round_end.py), the Pista, the keyboard
help, the pause menu and its rules, and the way out to the menu or to a new game.

A part of ``BuracoTableScene`` (scene.py): each method reaches the scene as ``table``."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import privacy_text
from carioca_desktop.ui.scenes.buraco import sheet
from carioca_desktop.ui.tablekit.privacy import ask_person

if TYPE_CHECKING:
    from carioca_desktop.ui.replay_end import Ends
    from carioca_desktop.ui.scene import Scene
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


class TableOverlays:
    """The screens and sheets over the Buraco table (mixed into ``BuracoTableScene``)."""

    def rules_scene(self) -> Scene:
        """The rules the pause menu opens over this table: Buraco's."""
        from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene

        table = _table(self)
        return BuracoRulesScene(table.app, table.session.game.rules)

    def ask_privacy(self) -> bool:
        """Hot seat: before a person's turn, the privacy screen (shared with Carioca) names
        them; True if shown."""
        table = _table(self)
        turn = table.hotseat.due()
        if turn is None:
            return False
        title = privacy_text(table.obs, table.names, turn)  # Buraco, the round, the score
        events = table.session.game.observation(turn).events
        ask_person(table.app, turn, table.names, title, events, table.reveal)
        return True

    def show_sheet(self) -> None:
        table = _table(self)
        table.toasts.clear()  # a hand's old words (a hint, a refusal) would show past the sheet
        if table.sheet is None:
            table.sheet = sheet.SheetWidgets(
                table.app.manager,
                table.layout,
                table.session.game.is_over,
                table.next_round,
                table.to_menu,
                [b for key, b in table.buttons.items() if key != "menu"],
                table.to_new_game,
                self.final_ends(),
            )
        table.app.dirty()

    def final_ends(self) -> Ends | None:
        """The final sheet's buttons instead of Menu and New game (the replay viewer's)."""
        return None

    def next_round(self) -> None:
        table = _table(self)
        if table.sheet is not None:
            table.sheet.kill()
            table.sheet = None
        table.session.next_round()
        table.sync()

    def to_menu(self) -> None:
        table = _table(self)
        table.app.reset(table.app.routes.menu())

    def to_new_game(self) -> None:
        """After the match: the new-game screen with Buraco already chosen."""
        table = _table(self)
        table.to_menu()
        table.app.push(table.app.routes.new_game(games.BURACO.name))

    def ask_hint(self) -> None:
        """The Pista: the hard bot's move in the person's place, said in words, its cards
        picked in the hand so the person has only to point at the target."""
        from carioca_desktop.play.buraco.hints import advise

        table = _table(self)
        anchor = table.layout.our_zone.midbottom
        advice = advise(table.session.game, table.viewer, table.session.seed)
        if advice is None:
            table.toast(tr("buraco.hint.not_now"), anchor)
            return
        table.moves.light(advice.cards, advice.melds)
        table.moves.advised = (advice.meld, advice.marked)  # a wild's end, as advised
        table.keys.aim(advice.meld)  # which meld an add or a swap goes to: the ring says
        table.toast(advice.words, anchor)
        table.sync()

    def show_keys(self) -> None:
        """F1 or ?: the keyboard help over the table, with Buraco's keys."""
        from carioca_desktop.ui.scenes.buraco.keys import help_rows

        table = _table(self)
        keys, clicks = help_rows(table.session.game.rules.players)
        table.app.push(table.app.routes.keys(keys, clicks))

    def open_pause(self) -> None:
        table = _table(self)
        table.app.push(table.app.routes.pause())


def _table(part: TableOverlays) -> BuracoTableHost:
    """The scene this part belongs to."""
    return cast("BuracoTableHost", part)
