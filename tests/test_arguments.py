"""One argument parser for every command line (carioca_desktop/arguments.py): a bad argument
is one line naming the command, then the usage, exit 2; the network commands fold and cap
the reason (it echoes what a stranger typed)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from carioca_desktop.__main__ import play_parser
from carioca_desktop.arguments import CommandParser
from carioca_desktop.net.cli import REASON_CAP, host_parser, join_parser
from carioca_desktop.simulate import buraco as simulate_buraco
from carioca_desktop.simulate import carioca as simulate_carioca


def refused(make: Callable[[], argparse.ArgumentParser], argv: list[str],
            capsys: pytest.CaptureFixture[str]) -> list[str]:  # fmt: skip
    """The lines a parser writes on stderr when it refuses ``argv`` (it must exit 2)."""
    with pytest.raises(SystemExit) as stop:
        make().parse_args(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    return err.splitlines()


@pytest.mark.parametrize(
    ("make", "argv", "line", "usage"),
    [
        (play_parser, ["--players", "9"],
         "carioca: argument --players: players must be 2 to 8, not 9", "usage: carioca "),
        (simulate_carioca.parser, ["--games", "0"],
         "carioca simulate: argument --games: must be at least 1, not 0",
         "usage: carioca simulate "),
        (simulate_buraco.parser, ["--bots", "nope"],
         "carioca simulate --game buraco: argument --bots: unknown bot level (nope); "
         "use random, beginner, easy, normal, hard", "usage: carioca simulate --game buraco "),
        (host_parser, ["--port", "70000"],
         "carioca host: argument --port: a port is 0 to 65535, not 70000",
         "usage: carioca host "),
        (join_parser, [], "carioca join: the following arguments are required: HOST:PORT, "
         "--code, --bot", "usage: carioca join "),
    ],
)  # fmt: skip
def test_each_command_refuses_in_one_line_then_its_usage(
    make: Callable[[], argparse.ArgumentParser],
    argv: list[str],
    line: str,
    usage: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = refused(make, argv, capsys)
    assert said[0] == line
    assert said[1].startswith(usage)


def test_the_network_commands_fold_and_cap_a_long_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = "--" + "x" * 1000
    said = refused(join_parser, ["h:1", "--code", "A", "--bot", "easy", typed], capsys)
    assert said[0] == ("carioca join: " + f"unrecognized arguments: {typed}"[:REASON_CAP])
    assert said[1].startswith("usage: carioca join ")


def test_the_parser_folds_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    for fold, line in ((None, "x: a  b"), (3, "x: a b")):
        with pytest.raises(SystemExit):
            CommandParser(prog="x", fold=fold).error("a  b\n c")
        err = capsys.readouterr().err
        assert err.startswith(line + ("\n c\n" if fold is None else "\n"))
    with pytest.raises(SystemExit):
        CommandParser(prog="carioca host", said_as="host").error("no")
    assert capsys.readouterr().err.startswith("host: no\nusage: carioca host")
