"""A refused match file's reason is shown in the person's language (it was the English line
``carioca replay`` prints), for every kind of hostile file, in every language; the command
line keeps its English line."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop import i18n
from carioca_desktop.storage.match_file import MatchFileError, read_match_file
from carioca_desktop.storage.replay_check import replay
from carioca_desktop.ui.refusal_words import refusal_words, refused
from tests.storage.test_hostile_match_files import KINDS


def _refusal(tmp_path: Path, kind: str) -> MatchFileError:
    path = tmp_path / f"{kind}.json"
    path.write_bytes(KINDS[kind]())
    with pytest.raises(MatchFileError) as caught:
        replay(read_match_file(path))
    return caught.value


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_hostile_files_reason_is_translated(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "_current", lang)
    said: dict[str, str] = {}
    for kind in sorted(KINDS):
        err = _refusal(tmp_path, kind)
        assert i18n.has(f"replay.why_{err.why}", lang), (kind, err.why, err.reason)
        words = refusal_words(err)
        said[kind] = words
        assert "%{" not in words, (kind, words)
        assert words == i18n.tr(f"replay.why_{err.why}", **err.params)
        if lang != "en":
            assert words != err.reason and err.reason not in words, (kind, words)
    # The reasons say what is wrong: not one word for every kind.
    assert len(set(said.values())) >= 12, said
    assert said["newer_version"] != said["garbage"] and "2" in said["newer_version"]


def test_the_figures_in_a_reason_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_current", "es")
    err = _refusal(tmp_path, "refused_action")
    assert err.why == "refused" and err.params["n"] in refusal_words(err)
    err = _refusal(tmp_path, "action_after_the_end")
    assert err.why == "ends_early" and err.params["total"] in refusal_words(err)
    assert refused(err).startswith(i18n.tr("replay.failed", reason="")[:10])


def test_a_code_with_no_words_reads_as_a_damaged_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_current", "pt")
    odd = MatchFileError("something new", "a_code_from_tomorrow")
    assert refusal_words(odd) == i18n.tr("replay.why_corrupt")


def test_history_says_why_a_friends_file_was_refused_in_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.history import HistoryScene

    monkeypatch.setattr(i18n, "_current", "sv")
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    history = HistoryScene(app)
    app.reset(history)
    path = tmp_path / "friend.json"
    path.write_bytes(KINDS["newer_version"]())
    before = path.read_bytes()
    history.files.open(path)
    err = _refusal(tmp_path, "newer_version")
    assert history.message == refused(err) and "newer" not in history.message
    assert path.read_bytes() == before
