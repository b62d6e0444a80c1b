"""Synthesises the game's sound effects with the standard library (a dev tool, not shipped).

`python tools/art/synth.py [FOLDER]` writes deal, draw, place, discard, refuse, round_end and
click as 16-bit mono 44.1 kHz WAV files (default: the assets' sounds folder). The random
generator has a fixed seed, so the files come out byte-identical every time:
`python tools/art/synth.py --check` exits 1 when a shipped sound is not what this writes.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

RATE = 44100
SAMPLE_WIDTH = 2  # bytes: 16-bit
CHANNELS = 1
NAMES: tuple[str, ...] = ("deal", "draw", "place", "discard", "refuse", "round_end", "click")

Signal = list[float]


def _n(seconds: float) -> int:
    return int(RATE * seconds)


def _noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def _lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass: takes the hiss out of noise so it sounds like card stock."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


def _highpass(sig: Signal, cutoff: float) -> Signal:
    low = _lowpass(sig, cutoff)
    return [x - lo for x, lo in zip(sig, low, strict=True)]


def _envelope(n: int, attack: float, decay: float) -> Signal:
    """Linear attack then exponential decay (decay = time constant in seconds)."""
    a = max(1, _n(attack))
    return [i / a if i < a else math.exp(-(i - a) / (RATE * decay)) for i in range(n)]


def _mul(sig: Signal, env: Signal) -> Signal:
    return [x * e for x, e in zip(sig, env, strict=False)]


def _tone(
    freq: float, seconds: float, partials: tuple[tuple[float, float], ...] = ((1, 1),)
) -> Signal:
    """A sum of sine partials given as (frequency ratio, amplitude)."""
    n = _n(seconds)
    w = 2 * math.pi * freq / RATE
    return [sum(a * math.sin(w * r * i) for r, a in partials) for i in range(n)]


def _mix(*parts: tuple[int, Signal]) -> Signal:
    """Overlay signals, each starting at a sample offset."""
    length = max(off + len(sig) for off, sig in parts)
    out = [0.0] * length
    for off, sig in parts:
        for i, x in enumerate(sig):
            out[off + i] += x
    return out


def _normalise(sig: Signal, peak: float) -> Signal:
    top = max(1e-9, max(abs(x) for x in sig))
    return [x * peak / top for x in sig]


def _fade_out(sig: Signal, seconds: float = 0.008) -> Signal:
    """Ends every sound at zero so it never clicks when it stops."""
    n = min(len(sig), _n(seconds))
    return sig[: len(sig) - n] + [x * (n - i) / n for i, x in enumerate(sig[len(sig) - n :])]


# --- The sounds ----------------------------------------------------------------------------------


def deal(rng: random.Random) -> Signal:
    """A quick flick of a card leaving the deck."""
    swish = _mul(
        _highpass(_lowpass(_noise(0.09, rng), 5000), 900), _envelope(_n(0.09), 0.004, 0.018)
    )
    return _normalise(swish, 0.5)


def draw(rng: random.Random) -> Signal:
    """A card sliding off the stock: a soft rising swell of filtered noise."""
    n = _n(0.16)
    slide = _lowpass(_highpass(_noise(0.16, rng), 400), 3000)
    env = [math.sin(math.pi * i / n) ** 1.5 for i in range(n)]
    return _normalise(_mul(slide, env), 0.42)


def place(rng: random.Random) -> Signal:
    """A card laid on the felt: a muffled tap with a little body."""
    tap = _mul(_lowpass(_noise(0.12, rng), 1800), _envelope(_n(0.12), 0.002, 0.02))
    body = _mul(_tone(140, 0.12, ((1, 1), (2.1, 0.3))), _envelope(_n(0.12), 0.002, 0.03))
    return _normalise(_mix((0, tap), (0, [b * 0.6 for b in body])), 0.6)


def discard(rng: random.Random) -> Signal:
    """A card tossed onto the pile: a flick followed by a crisper tap."""
    flick = deal(rng)
    tap = _mul(_highpass(_lowpass(_noise(0.08, rng), 3500), 300), _envelope(_n(0.08), 0.001, 0.012))
    return _normalise(_mix((0, [x * 0.6 for x in flick]), (_n(0.045), tap)), 0.6)


def refuse(rng: random.Random) -> Signal:
    """A soft low double buzz: "not allowed", without being harsh."""
    buzz_partials = ((1, 1.0), (2, 0.35), (3, 0.2), (4, 0.08))

    def one() -> Signal:
        n = _n(0.11)
        env = [min(1.0, i / _n(0.012), (n - i) / _n(0.03)) for i in range(n)]
        return _mul(_tone(118, 0.11, buzz_partials), env)

    del rng  # deterministic: no noise in this one
    return _normalise(_mix((0, one()), (_n(0.15), one())), 0.45)


def round_end(rng: random.Random) -> Signal:
    """A pleasant rising chime: C E G C as soft bells."""
    bell = ((1, 1.0), (2.0, 0.3), (3.01, 0.12), (4.2, 0.05))
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = []
    for k, freq in enumerate(notes):
        length = 0.62 - k * 0.09
        env = _envelope(_n(length), 0.004, 0.16 + 0.04 * k)
        parts.append((_n(0.08 * k), _mul(_tone(freq, length, bell), env)))
    del rng
    return _normalise(_mix(*parts), 0.5)


def click(rng: random.Random) -> Signal:
    """A tiny, soft UI click."""
    n = _n(0.03)
    blip = _mul(_tone(1900, 0.03, ((1, 1), (1.5, 0.3))), _envelope(n, 0.0008, 0.004))
    grit = _mul(_highpass(_noise(0.03, rng), 2000), _envelope(n, 0.0005, 0.002))
    return _normalise(_mix((0, blip), (0, [g * 0.3 for g in grit])), 0.35)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": deal,
    "draw": draw,
    "place": place,
    "discard": discard,
    "refuse": refuse,
    "round_end": round_end,
    "click": click,
}


def render(name: str) -> bytes:
    """The 16-bit little-endian PCM samples of one sound."""
    rng = random.Random(sum(map(ord, name)) * 7919)  # fixed per sound: stable output
    sig = _fade_out(SOUNDS[name](rng))
    pcm = array("h", (max(-32767, min(32767, round(x * 32767))) for x in sig))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def write(path: Path, name: str) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(CHANNELS)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(RATE)
        out.writeframes(render(name))


def stale(folder: Path) -> list[str]:
    """The sounds in ``folder`` whose samples are not what ``render`` makes now."""
    out = []
    for name in NAMES:
        with wave.open(str(folder / f"{name}.wav"), "rb") as w:
            if w.readframes(w.getnframes()) != render(name):
                out.append(name)
    return out


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        from carioca_desktop.resources import asset

        bad = stale(asset("sounds"))
        print(f"stale sounds: {', '.join(bad)}" if bad else "every sound is up to date")
        raise SystemExit(1 if bad else 0)
    if args:
        folder = Path(args[0])
    else:
        from carioca_desktop.resources import asset

        folder = asset("sounds")
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        target = folder / f"{name}.wav"
        write(target, name)
        print(f"{target}  {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
