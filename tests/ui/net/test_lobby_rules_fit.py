"""The Carioca lobby at 1280x720 shows every rule, down to the buy rule, in Spanish,
Portuguese and Italian (it stopped before the buy rule: a joiner could not see that buying
was allowed): two columns, or smaller lines, before any "…"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carioca_desktop import i18n
from carioca_desktop.net.client import LobbyChanged, Welcomed
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.ui.joining import Joining
from carioca_desktop.ui.scenes.net import lobby as lobby_module
from carioca_desktop.ui.scenes.net.lobby import LobbyScene
from tests.ui.net.netscreens import frames, new_app
from tests.ui.net.test_rejoin_no_lobby import Batches

SEATS = tuple({"name": n, "kind": "remote", "status": "here", "ready": False}
              for n in ("Ana", "Bea", "Caro", "Dani"))  # fmt: skip


@pytest.mark.usefixtures("lang")
@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_every_carioca_rule_fits_the_lobby_at_1280x720(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", language)
    app = new_app(tmp_path, (1280, 720))
    i18n.set_language(language)
    rules = CariocaRules.from_dict({"players": 4})
    joining = Joining(Batches(), "127.0.0.1:1", "ABC123", "Ana")  # type: ignore[arg-type]
    joining.welcomed = Welcomed(0, "tok", "carioca", 60.0)
    joining.lobby = LobbyChanged("carioca", "classic", rules.to_dict(), SEATS)
    rows = app.routes.game("carioca").rules_words(rules)
    cut: list[bool] = []
    paint = lobby_module.paint_rules

    def kept(*args: Any, **kw: Any) -> bool:
        cut.append(paint(*args, **kw))
        return cut[-1]

    monkeypatch.setattr(lobby_module, "paint_rules", kept)
    app.push(LobbyScene(app, joining))
    frames(app)
    buy = i18n.tr("houserules.key.buy")
    assert any(label == buy for label, _ in rows), "the buy rule is among the rules"
    assert cut and not any(cut), f"rules cut in {language}"


@pytest.mark.usefixtures("lang")
@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_buracos_rules_fit_the_lobby_at_1280x720(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Buraco's rules are prose under short labels: the labels' column shrinks to them."""
    from carioca_desktop.net.games import KINDS

    monkeypatch.setenv("CARIOCA_LANG", language)
    app = new_app(tmp_path, (1280, 720))
    i18n.set_language(language)
    rules = KINDS["buraco"].load_rules({"preset": "brasileiro", "players": 4})
    joining = Joining(Batches(), "127.0.0.1:1", "ABC123", "Ana")  # type: ignore[arg-type]
    joining.welcomed = Welcomed(0, "tok", "buraco", 60.0)
    joining.lobby = LobbyChanged("buraco", "brasileiro", rules.to_dict(), SEATS)
    cut: list[bool] = []
    paint = lobby_module.paint_rules
    monkeypatch.setattr(lobby_module, "paint_rules",
                        lambda *a, **kw: cut.append(paint(*a, **kw)) or cut[-1])  # fmt: skip
    app.push(LobbyScene(app, joining))
    frames(app)
    assert cut and not any(cut), f"rules cut in {language}"
