"""``carioca host`` and ``carioca join``: the network table without a window (INTERFACES.md).

Bad arguments: one line and exit 2. ``host`` prints where to join and the code, a line per
finished round and last ``match over: scores [...] winner ...``, and exits 0. ``join``
prints the same last line and exits 0; refused or losing the host: one line, exit 1.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import time
from pathlib import Path
from typing import Any

from carioca_desktop import version
from carioca_desktop.arguments import CommandParser
from carioca_desktop.net.admission import normal_code
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.seats import REMOTE, parse_seats

log = logging.getLogger(__name__)

DEFAULT_PORT = 47470


REASON_CAP = 300  # a bad argument's reason echoes what was typed: one line, this long at most


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value < 65536:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def _grace(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"grace is 0 to 3600 seconds, not {text}")
    return value


def _buy_seconds(text: str) -> float | None:
    if text.strip().lower() == "none":
        return None
    value = float(text)
    if not 1 <= value <= 600:
        raise argparse.ArgumentTypeError(f"a buy countdown is 1 to 600 seconds or none, not {text}")
    return value


def host_parser() -> argparse.ArgumentParser:
    p = CommandParser(
        prog="carioca host", description="Host a network table without a window.", fold=REASON_CAP
    )
    p.add_argument("--game", choices=sorted(KINDS), default=None)
    p.add_argument("--preset", default=None, help="rule preset of the game")
    p.add_argument("--rules", metavar="FILE", default=None, help="JSON rule-set file")
    p.add_argument("--seats", default=None, help="one a seat: remote or a bot level")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="resume the table whose match this computer saved; its people rejoin "
                   "with their tokens")  # fmt: skip
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help="0 picks a free port")
    p.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    p.add_argument("--code", default=None, help="the table code (6 letters and digits)")
    p.add_argument("--seed", type=int, default=None, help="random seed of the match")
    p.add_argument("--grace", type=_grace, default=60.0, help="seconds a dropped seat is kept")
    p.add_argument("--buy-seconds", type=_buy_seconds, default=10.0, metavar="N|none",
                   help="Carioca's buy offer: seconds a person has to answer before the host "
                   "passes for them (none: no limit)")  # fmt: skip
    p.add_argument("--stand-in", default="normal", help="the bot level that plays a seat "
                   "whose person has not come back within the grace")  # fmt: skip
    p.add_argument("--wait", type=_grace, default=None, metavar="S",
                   help="start after S seconds even if remote seats are open: bots of the "
                   "stand-in level take them (default: wait for every seat)")  # fmt: skip
    p.add_argument("--dump", metavar="PATH", default=None,
                   help="write the final game state here (tests compare matches)")  # fmt: skip
    p.add_argument("--name", default=None, help="who hosts, as the join list shows it "
                   "(default: this computer's user name, else Anfitrión)")  # fmt: skip
    return p


def default_host_name() -> str:
    """The computer's user name by the names rule, else "Anfitrión" (the game's name would
    tell a joiner nothing about who hosts)."""
    import getpass

    from carioca_desktop.rules.names import clean_name, name_problem

    try:
        name = clean_name(getpass.getuser())
    except (OSError, KeyError, ImportError):  # no user name to read (a bare container)
        name = ""
    return name if name_problem(name) is None else "Anfitrión"


def _host_name(args: argparse.Namespace, p: argparse.ArgumentParser) -> str:
    from carioca_desktop.rules.names import clean_name, name_problem

    if args.name is None:
        return default_host_name()
    name = clean_name(args.name)
    if name_problem(name) is not None:
        p.error("--name: a printable name of at most 24 characters")
    return name


def join_parser() -> argparse.ArgumentParser:
    p = CommandParser(
        prog="carioca join", description="Join a network table without a window.", fold=REASON_CAP
    )
    p.add_argument("address", metavar="HOST:PORT")
    p.add_argument("--code", required=True)
    p.add_argument("--name", default="Jugador")
    p.add_argument("--bot", required=True, help="the bot level that plays this seat")
    p.add_argument("--bot-seed", type=int, default=None, help="seed of that bot")
    return p


def _rules(args: argparse.Namespace, p: argparse.ArgumentParser, players: int) -> Any:
    from carioca_desktop.rules.errors import RulesError
    from carioca_desktop.simulate.tournament import RulesFileError, read_rules_file

    data: dict[str, Any] = {}
    if args.rules is not None:
        try:
            data.update(read_rules_file(args.rules))
        except RulesFileError as err:
            p.error(str(err))
    if args.preset is not None:
        data["preset"] = args.preset
    data["players"] = players
    try:
        return KINDS[args.game].load_rules(data)
    except RulesError as err:
        p.error(f"bad rules: {err.message}")


def host_main(argv: list[str]) -> int:
    p = host_parser()
    args = p.parse_args(argv)
    args.name = _host_name(args, p)
    if args.resume:
        return _resume(args, p)
    if args.game is None or args.seats is None:
        p.error("--game and --seats are needed (or --continue)")
    kind = KINDS[args.game]
    try:
        seats = parse_seats(args.seats, kind.levels)
    except ValueError as err:
        p.error(f"--seats: {err}")
    if args.stand_in not in kind.levels:
        p.error(f"--stand-in: choose from {', '.join(kind.levels)}")
    code = args.code
    if code is not None and normal_code(code) is None:
        p.error("--code: six letters and digits, without 0, O, 1, I or L")
    rules = _rules(args, p, len(seats))
    if rules.players != len(seats):
        p.error(f"{len(seats)} seats for a {rules.players}-player game")
    from carioca_desktop.net.host import TableHost

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    try:
        host = TableHost(args.game, rules, seats, seed, code=code and normal_code(code),
                         grace=args.grace, stand_in=args.stand_in, bind=args.bind,
                         port=args.port, app=version(),
                         buy_seconds=args.buy_seconds)  # fmt: skip
    except OSError as err:
        print(f"carioca host: cannot listen on port {args.port}: {err.strerror}", file=sys.stderr)
        return 1
    return _serve(host, args, sum(s.kind == REMOTE for s in seats))


def _resume(args: argparse.Namespace, p: argparse.ArgumentParser) -> int:
    from carioca_desktop.net.host import TableHost

    if args.game or args.seats or args.code or args.preset or args.rules or args.seed is not None:
        p.error(
            "--continue takes the table as it was saved: only --port, --bind, --name and --dump"
        )
    try:
        host = TableHost.resume(bind=args.bind, port=args.port, app=version())
    except ValueError as err:
        print(f"carioca host: cannot resume: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"carioca host: cannot listen on port {args.port}: {err.strerror}", file=sys.stderr)
        return 1
    return _serve(host, args, len(host.remote))


def _serve(host: Any, args: argparse.Namespace, remote: int) -> int:
    from carioca_desktop.net.discovery import Responder, own_addresses

    where = ", ".join(own_addresses()) or "this computer"
    print(f"listening on {args.bind}:{host.port} (addresses: {where})", flush=True)
    print(f"table code {host.code}; waiting for {remote} remote seat(s)", flush=True)
    responder = Responder.start(host, name=args.name)
    try:
        started = time.monotonic()
        if remote == 0:
            host.start_now()  # nobody to wait for
        while not host.finished:
            events = host.poll(0.2)
            wait = getattr(args, "wait", None)
            if host.session is None and wait is not None and time.monotonic() - started > wait:
                events += host.start_now()
            for event in events:
                print(event.line, flush=True)
        if args.dump:
            Path(args.dump).write_text(_dump(host.game), encoding="utf-8")
        _linger(host)
        return 0
    finally:
        if responder is not None:
            responder.stop()
        host.close()


def _linger(host: Any) -> None:
    """Give the last messages a moment to leave before the sockets close."""
    end = time.monotonic() + 1.0
    while time.monotonic() < end and any(
        not host.transport.flushed(c) for c in host.transport.connections()
    ):
        time.sleep(0.02)


def _dump(game: Any) -> str:
    import json

    return json.dumps(game.to_dict(), sort_keys=True, separators=(",", ":"))


def join_main(argv: list[str]) -> int:
    p = join_parser()
    args = p.parse_args(argv)
    from carioca_desktop.net.client import parse_address
    from carioca_desktop.rules.names import clean_name, name_problem

    try:
        parse_address(args.address)
    except ValueError as err:
        p.error(str(err))
    if normal_code(args.code) is None:
        p.error("--code: six letters and digits, without 0, O, 1, I or L")
    name = clean_name(args.name)
    if name_problem(name) is not None:
        p.error("--name: a printable name of at most 24 characters")
    if args.bot not in KINDS["carioca"].levels:
        p.error(f"--bot: choose from {', '.join(KINDS['carioca'].levels)}")
    from carioca_desktop.net.join import run_join

    seed = args.bot_seed if args.bot_seed is not None else random.randrange(2**31)
    return run_join(args.address, args.code, name, args.bot, seed, app=version())
