"""Benchmark (a script, not a test): the beginner's mistake profile. Plays matches of
``easy`` bots and, at every decision, also asks a ``beginner`` in the same seat what it
would do, then counts how often it differs from easy in the ways a learner does.

Run: python tools/bench/bench_mistakes.py [--matches 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures.mistakes import positions, profile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = list(positions(CariocaRules(), args.matches, args.seed))
    result = profile(found, args.seed)
    print(f"beginner vs easy on {len(found)} decisions of {args.matches} easy matches")
    print("| mistake | rate | times / chances |\n|---|---|---|")
    for kind, (made, chances) in result.items():
        rate = made / chances if chances else float("nan")
        print(f"| {kind} | {rate:.2f} | {made} / {chances} |")


if __name__ == "__main__":
    main()
