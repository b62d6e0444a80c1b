"""The command lines' argument parser (``carioca``, ``carioca simulate``, ``carioca host`` and
``join``): bad arguments give a one-line reason and the usage on stderr, and exit 2 (never a
window, never a traceback; INTERFACES.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


class CommandParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose error is one line ``SAID_AS: reason`` and the usage, exit 2.

    ``said_as`` names the command in that line (default: its ``prog``); ``fold``, when given,
    folds the reason's white space into single spaces and keeps its first ``fold`` characters
    (the network commands echo what a stranger typed, so a line stays a line)."""

    def __init__(self, *args: Any, said_as: str | None = None, fold: int | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.said_as = said_as or self.prog
        self.fold = fold

    def error(self, message: str) -> None:  # type: ignore[override]
        if self.fold is not None:
            message = " ".join(message.split())[: self.fold]
        sys.stderr.write(f"{self.said_as}: {message}\n")
        self.print_usage(sys.stderr)
        raise SystemExit(2)
