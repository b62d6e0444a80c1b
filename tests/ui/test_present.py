"""The framebuffer choice made before the display exists (issue 16)."""

from __future__ import annotations

import pytest

from carioca_desktop.ui.present import HINT, choose_framebuffer


def test_the_override_wins() -> None:
    env = {"CARIOCA_FRAMEBUFFER": "software", HINT: "1"}
    assert choose_framebuffer(env).startswith("software") and env[HINT] == "0"
    env = {"CARIOCA_FRAMEBUFFER": "accelerated"}
    assert choose_framebuffer(env).startswith("accelerated") and env[HINT] == "1"


def test_a_hint_the_player_set_is_kept() -> None:
    env = {HINT: "1", "DISPLAY": ":0", "LIBGL_ALWAYS_SOFTWARE": "1"}
    choose_framebuffer(env)
    assert env[HINT] == "1"


@pytest.mark.parametrize(
    ("env", "software"),
    [
        ({"DISPLAY": ":0", "LIBGL_ALWAYS_SOFTWARE": "1"}, True),
        ({"DISPLAY": ":0", "GALLIUM_DRIVER": "llvmpipe"}, True),
        ({"SDL_VIDEODRIVER": "dummy", "LIBGL_ALWAYS_SOFTWARE": "1"}, False),
        ({"SDL_VIDEODRIVER": "wayland", "LIBGL_ALWAYS_SOFTWARE": "1"}, False),
        ({"LIBGL_ALWAYS_SOFTWARE": "1"}, False),  # no X display at all
    ],
)
def test_auto_turns_acceleration_off_only_for_software_gl_on_x11(
    env: dict[str, str], software: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    choose_framebuffer(env)
    assert (env.get(HINT) == "0") is software


def test_auto_without_a_gpu_device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setattr("glob.glob", lambda pattern: [])
    env = {"DISPLAY": ":0"}
    assert "no usable GPU" in choose_framebuffer(env) and env[HINT] == "0"
    monkeypatch.setattr("glob.glob", lambda pattern: ["/dev/null"])
    env = {"DISPLAY": ":0"}
    assert choose_framebuffer(env) == "SDL's default" and HINT not in env


def test_a_bad_value_means_auto() -> None:
    env = {"CARIOCA_FRAMEBUFFER": "fast", "SDL_VIDEODRIVER": "dummy"}
    assert choose_framebuffer(env) == "SDL's default"
