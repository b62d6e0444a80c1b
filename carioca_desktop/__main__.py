"""Command line: play (default), ``--autoplay``, ``--selftest``, ``simulate`` (INTERFACES.md)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence

from carioca_desktop import games, version
from carioca_desktop.arguments import CommandParser

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for our own output


class _Presets:
    """Every game's preset names, for ``--preset``: read from the rule sets (through the
    registry) only when argparse needs them, so ``--version`` and a plain start stay quick."""

    def __iter__(self) -> Iterator[str]:
        for game in games.REGISTRY.values():
            yield from game.presets

    def __contains__(self, name: object) -> bool:
        return name in set(self)


class _VersionAction(argparse.Action):
    """``--version``, with the version looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"carioca {version()}")
        parser.exit()


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _players(text: str) -> int:
    value = int(text)
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError(f"players must be 2 to 8, not {value}")
    return value


def play_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="carioca",
        description="Carioca, the Chilean contract rummy.",
        epilog=(
            "other commands:\n"
            "  carioca simulate --players K --bots L1,L2,... --games G [--seed N]\n"
            "                   [--preset NAME] [--rules FILE] [--json PATH]\n"
            "      a bot tournament without a window (carioca simulate --help)\n"
            "  carioca replay PATH\n"
            "      replays a match file without a window and prints its final scores"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="every seat a bot, top speed; play R rounds and quit",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="with --autoplay: resume the saved game, every seat a bot, to the end of the match "
        "(an unusable save is set aside with a notice on stderr, and nothing is played)",
    )
    parser.add_argument(
        "--selftest", action="store_true", help="headless check of assets, scenes and one bot round"
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed of the match")
    parser.add_argument("--players", type=_players, default=4, help="seats (2-8) in autoplay")
    parser.add_argument(
        "--game", choices=games.GAMES, default=games.DEFAULT, help="the game to autoplay"
    )
    parser.add_argument(
        "--preset",
        choices=_Presets(),
        default=None,
        help="rule preset (Carioca's, or with --game buraco Buraco's)",
    )
    parser.add_argument("--rounds", type=_positive, default=1, help="rounds to autoplay")
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        default=None,
        help="autoplay: save the table mid-round to PATH and at the end to PATH with -end "
        "before its extension (shot.png and shot-end.png)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "simulate":
        from carioca_desktop.simulate import main as simulate_main

        return simulate_main(args_list[1:])
    if args_list and args_list[0] in ("host", "join"):
        from carioca_desktop.net import cli

        return (cli.host_main if args_list[0] == "host" else cli.join_main)(args_list[1:])
    if args_list and args_list[0] == "replay":
        from carioca_desktop.replay_tool import main as replay_main

        return replay_main(args_list[1:])
    args = play_parser().parse_args(args_list)
    if args.selftest:
        from carioca_desktop.selftest import main as selftest_main

        return selftest_main()
    if args.screenshot and not args.autoplay:
        play_parser().error("--screenshot needs --autoplay")
    if args.resume and not args.autoplay:
        play_parser().error("--continue needs --autoplay")
    game = games.entry(args.game)
    if args.preset is not None and args.preset not in game.presets:
        play_parser().error(f"--preset {args.preset} is not a {args.game} preset")
    if game.needs_menu and not args.autoplay:
        play_parser().error(f"--game {args.game} needs --autoplay (choose the game in New game)")
    from carioca_desktop.ui.app import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
