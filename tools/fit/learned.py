"""The learned evaluation of a position: what a seat expects to score in the round (its
points, or its points less the mean of the others', as the file's ``info`` says; lower is
better) after a given discard before it has laid down, as a linear function of
``features.FEATURES`` with one weight vector per contract (``"3E"``, ``"4T"``...).

The weights are fitted offline by self-play (tools/fit/train_eval.py, ridge least squares) and
kept beside this file in ``eval.json``; evaluating them is a dot product in pure Python. A
missing or damaged file is reported once in the log and the bot plays as without it.

Switched off and not shipped (issue 23): on the same deals it measured no better than the
``hard`` bot's rules (the measurements are in the docs). ``LearnedHardBot`` is ``hard`` with
it, for the fitting and measuring scripts."""

from __future__ import annotations

import json
import logging
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import Choice
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.judge import View
from carioca_desktop.bots.carioca.normal import discard_codes
from carioca_desktop.rules.carioca.actions import Discard
from carioca_desktop.rules.carioca.observation import Observation
from tools.fit.features import FEATURES

log = logging.getLogger(__name__)

FORMAT = "carioca-eval"
VERSION = 1


class BadWeights(ValueError):
    """The weights file is not one this code can use."""


@dataclass(frozen=True)
class Model:
    """Weights per contract code, each in ``FEATURES`` order."""

    weights: Mapping[str, tuple[float, ...]]
    info: Mapping[str, Any]

    def knows(self, contract: str) -> bool:
        return contract in self.weights

    def value(self, contract: str, x: Sequence[float]) -> float:
        """The expected score of the round (lower is better)."""
        w = self.weights[contract]
        return math.fsum(a * b for a, b in zip(w, x, strict=True))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "features": list(FEATURES),
            "weights": {k: list(v) for k, v in sorted(self.weights.items())},
            "info": dict(self.info),
        }


def model_from_dict(data: Any) -> Model:
    """Check and read a weights document; ``BadWeights`` says what is wrong with it."""
    if not isinstance(data, dict):
        raise BadWeights("not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise BadWeights(f"format {data.get('format')!r} version {data.get('version')!r}")
    if data.get("features") != list(FEATURES):
        raise BadWeights("its features are not the ones this version computes")
    raw = data.get("weights")
    if not isinstance(raw, dict) or not raw:
        raise BadWeights("no weights")
    weights: dict[str, tuple[float, ...]] = {}
    for contract, values in raw.items():
        if not isinstance(values, list) or len(values) != len(FEATURES):
            raise BadWeights(f"{contract}: {len(FEATURES)} weights expected")
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            raise BadWeights(f"{contract}: a weight that is not a number")
        if not all(math.isfinite(v) for v in values):
            raise BadWeights(f"{contract}: a weight that is not finite")
        weights[str(contract)] = tuple(float(v) for v in values)
    info = data.get("info", {})
    return Model(weights, info if isinstance(info, dict) else {})


def load_model(path: Path) -> Model | None:
    """The model in ``path``, or None (logged as a warning) when it is missing or damaged."""
    try:
        return model_from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, BadWeights) as exc:
        log.warning("learned evaluation %s not used (%s): hard plays by its rules", path, exc)
        return None


def weights_path() -> Path:
    return Path(__file__).resolve().parent / "eval.json"


@cache
def shipped_model() -> Model | None:
    """The model shipped with the game, read once."""
    try:
        path = weights_path()
    except FileNotFoundError as exc:
        log.warning("learned evaluation not found (%s): hard plays by its rules", exc)
        return None
    return load_model(path)


class LearnedHardBot(HardBot):
    """``hard`` whose discard before laying down is the one the learned evaluation values best
    (lookahead.py); without the model (or weights for this contract), hard's own rules."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.model: Model | None = shipped_model()

    def discard(self, obs: Observation, discards: list[Discard], view: View) -> Choice:
        from tools.fit.lookahead import best_discard, scored_discards

        if self.model is not None and not obs.laid_down[obs.seat]:
            codes = discard_codes(obs, discards)
            if len(codes) > 1:
                scores = scored_discards(
                    obs,
                    codes,
                    view,
                    self.model,
                    self.hazard(obs),
                    lambda c: self.feed_risk(obs, view, c),
                )
                if scores:
                    return Discard(obs.seat, best_discard(scores))
        return super().discard(obs, discards, view)
