"""Network table figures on loopback (a report, never a pass/fail: the machine is shared).

1. latency: four clients (``random`` bots, in this process) play a Carioca match; for each
   action, the time from the acting client's send to the moment every client holds the new
   observation: p50 and p99 (goal p99 <= 10 ms).
2. idle CPU: a ``carioca host`` process with four connected clients that never answer; its
   CPU time over 10 s (no busy polling: it should be near zero).
3. match time: a 4-bot network match (a host process and four ``carioca join`` processes)
   beside the same seeded match played locally by one session (goal ratio <= 1.5); and the
   CPU seconds each used (the five processes' from the match's start, the local session's
   process time), which a loaded machine changes far less than the wall-clock times. The
   joiners run through ``net_probe.py`` (the same command), which counts the CPU each spent
   on the messages that asked it to act: with the host's CPU, the match's critical path
   ("path CPU"), shown beside half the five processes' CPU (what two cores must run at
   least): another view of the match, labelled as such, never in place of the plain ratio.

    python tools/bench/bench_net.py [--json PATH] [--matches N] [--compare REF]

``--compare REF`` measures the tree of git revision REF (extracted with ``git archive``) and
this tree side by side in one run, each with its own code, one after the other, and prints
both columns (the load is printed with them: the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]
# The code measured: this tree, or (``--compare``) an older one, measured by this script.
ROOT = Path(os.environ.get("BENCH_NET_TREE", HERE))
sys.path.insert(0, str(ROOT))
os.environ.setdefault("CARIOCA_HOME", tempfile.mkdtemp(prefix="bench-net-"))
os.environ.setdefault("CARIOCA_DISCOVERY", "127.0.0.1")

from carioca_desktop.net.client import Asked, MatchOver, NetClient, StateChanged  # noqa: E402
from carioca_desktop.net.games import KINDS, bot_seed  # noqa: E402
from carioca_desktop.net.join import JoinBot  # noqa: E402
from carioca_desktop.net.seats import SeatSpec  # noqa: E402

RULES = {"preset": "chico", "buy": True, "players": 4}
CODE = "ABCDEF"


def _client_loop(client: NetClient, bot: JoinBot, sent: dict[int, float],
                 got: dict[int, float], done: threading.Event,
                 asked: dict[int, float] | None = None) -> None:  # fmt: skip
    seq = 0
    while not done.is_set():
        for event in client.poll(0.5):
            if isinstance(event, StateChanged):
                seq, bot.obs = event.seq, event.obs
                got[seq] = time.perf_counter()
            elif isinstance(event, Asked):
                if asked is not None:  # the turn handed over: the next seat holds its ask
                    asked[seq] = time.perf_counter()
                action = bot.choose(event)
                sent[seq + 1] = time.perf_counter()
                client.send_action(event.ask, action)
            elif isinstance(event, MatchOver):
                return


def latency(seed: int) -> dict[str, Any]:
    from carioca_desktop.net.host import TableHost

    kind = KINDS["carioca"]
    host = TableHost("carioca", kind.load_rules(RULES), [SeatSpec("remote")] * 4, seed,
                     code=CODE, autosave=True)  # fmt: skip
    sent: dict[int, float] = {}
    asked: dict[int, float] = {}
    gots: list[dict[int, float]] = [{} for _ in range(4)]
    done, threads = threading.Event(), []
    for s in range(4):
        client = NetClient(f"127.0.0.1:{host.port}", CODE, f"P{s}")
        while s not in [r for r, x in host.remote.items() if x.token_hash]:
            host.poll(0.01)
        bot = JoinBot(kind, "random", bot_seed(seed, s))
        bot.restore(s, {})
        t = threading.Thread(target=_client_loop, args=(client, bot, sent, gots[s], done, asked))
        t.start()
        threads.append(t)
    while not host.finished:
        host.poll(0.05)
    for t in threads:
        t.join(10)
    done.set()
    host.close()
    lat = sorted(max(g.get(q, float("inf")) for g in gots) - t0 for q, t0 in sent.items())
    lat = [x * 1000 for x in lat if x != float("inf")]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    # The match's critical path: an action leaving its seat to the next seat's ask reaching
    # that seat (the host's work, the round trip; the other seats' news may come later).
    hand = sorted((asked[q] - t0) * 1000 for q, t0 in sent.items() if q in asked)
    return {"actions": len(lat), "p50_ms": statistics.median(lat), "p99_ms": p99,
            "goal_p99_ms": 10.0, "handoff_p50_ms": statistics.median(hand),
            "handoff_mean_ms": statistics.fmean(hand)}  # fmt: skip


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _env(home: str) -> dict[str, str]:
    return dict(os.environ, CARIOCA_HOME=home, PYTHONPATH=str(ROOT), CARIOCA_DISCOVERY="off")


def _host(args: list[str], home: str) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, "-m", "carioca_desktop", "host", "--bind",
                             "127.0.0.1", "--port", "0", "--code", CODE, *args],
                            stdout=subprocess.PIPE, text=True, env=_env(home))  # fmt: skip
    assert proc.stdout is not None
    return proc, int(proc.stdout.readline().split()[2].split(":")[1])


def idle_cpu(seconds: float = 10.0) -> dict[str, Any]:
    proc, port = _host(["--game", "carioca", "--seats", "remote,remote,remote,remote"],
                       tempfile.mkdtemp())  # fmt: skip
    clients = [NetClient(f"127.0.0.1:{port}", CODE, f"I{s}") for s in range(4)]
    time.sleep(2.0)  # all joined, the match started, seat to act asked (and never answers)
    before = _proc_cpu(proc.pid)
    time.sleep(seconds)
    used = _proc_cpu(proc.pid) - before
    for c in clients:
        c.close()
    proc.kill()
    proc.wait()
    return {"seconds": seconds, "host_cpu_s": used, "cpu_share": used / seconds}


def match_times(seed: int) -> dict[str, Any]:
    home = tempfile.mkdtemp()
    proc, port = _host(["--game", "carioca", "--rules", _rules_file(home), "--seats",
                        "remote,remote,remote,remote", "--seed", str(seed)], home)  # fmt: skip
    joins, probes = [], [Path(home) / f"probe{s}.json" for s in range(4)]
    for s in range(4):
        # The probe runs the same ``carioca join`` and counts its client's CPU per message.
        command = [sys.executable, str(HERE / "tools" / "bench" / "net_probe.py"), "join",
                   f"127.0.0.1:{port}", "--code", CODE, "--name", f"N{s}", "--bot", "normal",
                   "--bot-seed", str(bot_seed(seed, s))]  # fmt: skip
        env = dict(_env(f"{home}/j{s}"), NET_PROBE_OUT=str(probes[s]))
        j = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        assert j.stdout is not None
        j.stdout.readline()  # joined as seat s
        joins.append(j)
    start = time.perf_counter()
    started = {p.pid: _proc_cpu(p.pid) for p in (proc, *joins)}  # their start-up: not counted
    host_cpu = _reap(proc) - started[proc.pid]
    network = time.perf_counter() - start
    joins_cpu = sum(_reap(j) - started[j.pid] for j in joins)
    cpu_start = time.process_time()
    local, actions = _local(seed, home)
    local_cpu = time.process_time() - cpu_start
    turns = sum(json.loads(f.read_text(encoding="utf-8"))["turn_cpu_s"] for f in probes)
    return {"network_s": network, "local_s": local, "ratio": network / local, "goal_ratio": 1.5,
            "network_cpu_s": host_cpu + joins_cpu, "host_cpu_s": host_cpu,
            "joins_cpu_s": joins_cpu, "local_cpu_s": local_cpu, "actions": actions,
            "turns_cpu_s": turns, "path_cpu_s": host_cpu + turns}  # fmt: skip


def _reap(proc: subprocess.Popen[str]) -> float:
    """Wait for a process to end; the CPU seconds it used in all (its own rusage)."""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return float(usage.ru_utime + usage.ru_stime)


def _rules_file(home: str) -> str:
    path = Path(home) / "rules.json"
    path.write_text(json.dumps(RULES), encoding="utf-8")
    return str(path)


def _local(seed: int, home: str) -> tuple[float, int]:
    """The same match by one local session (autosave on, as the host's): its time and its
    count of actions (the network match's too: it is the same match)."""
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.storage import Paths

    kind = KINDS["carioca"]
    seats = [SeatConfig(f"N{s}", "bot", "normal") for s in range(4)]
    start, actions = time.perf_counter(), 0
    session = kind.new_session(kind.load_rules(RULES), seats, seed,
                               Paths.under(Path(home) / "local"), True)  # fmt: skip
    while not session.game.is_over:
        actions += 1
        if session.game.round_over:
            session.next_round()
        else:
            session.apply(session.pending_bot_action())
    return time.perf_counter() - start, actions


def compare(ref: str, matches: int) -> dict[str, Any]:
    """This bench run on REF's tree and on this one, one after the other."""
    old = Path(tempfile.mkdtemp(prefix="bench-net-ref-"))
    archive = subprocess.run(["git", "archive", ref], cwd=HERE, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    out: dict[str, Any] = {}
    for name, tree in ((ref, old), ("this tree", HERE)):
        result = Path(tempfile.mkdtemp()) / "figures.json"
        subprocess.run([sys.executable, __file__, "--matches", str(matches), "--json",
                        str(result)], cwd=tree, check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, CARIOCA_HOME=tempfile.mkdtemp(),
                                BENCH_NET_TREE=str(tree)))  # fmt: skip
        out[name] = json.loads(result.read_text(encoding="utf-8"))
    rows = [("load before", "load_before", None), ("p50 ms", "latency", "p50_ms"),
            ("p99 ms", "latency", "p99_ms"), ("hand-off p50 ms", "latency", "handoff_p50_ms"),
            ("hand-off mean ms", "latency", "handoff_mean_ms"),
            ("idle host CPU s", "idle", "host_cpu_s"),
            ("network match s", "match", "network_s"), ("local match s", "match", "local_s"),
            ("network / local", "match", "ratio"), ("network CPU s", "match", "network_cpu_s"),
            ("  host CPU s", "match", "host_cpu_s"), ("  joins CPU s", "match", "joins_cpu_s"),
            ("local CPU s", "match", "local_cpu_s"), ("actions", "match", "actions"),
            ("joins' turns CPU s", "match", "turns_cpu_s"),
            ("path CPU s (host+turns)", "match", "path_cpu_s"),
            ("network CPU / 2 cores s", "match", "two_cores_s"),
            ("CPU over local, ms/action", "match", "overhead_ms"),
            ("host CPU ms/action", "match", "host_ms"),
            ("joins CPU ms/action", "match", "joins_ms"),
            ("load after", "load_after", None)]  # fmt: skip
    print(f"{'':26}{ref:>14}{'this tree':>14}")
    for label, key, sub in rows:
        vals = [out[n][key] if sub is None else out[n][key][sub] for n in (ref, "this tree")]
        print(f"{label:26}{vals[0]:14.2f}{vals[1]:14.2f}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default=None)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--compare", metavar="REF", default=None,
                        help="also measure git revision REF's tree, side by side")  # fmt: skip
    args = parser.parse_args()
    if args.compare:
        figures = compare(args.compare, args.matches)
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        return 0
    figures: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    figures["latency"] = latency(5)
    figures["idle"] = idle_cpu()
    runs = [match_times(100 + k) for k in range(args.matches)]
    figures["match"] = {
        key: sum(r.get(key, 0.0) for r in runs)
        for key in (
            "network_s",
            "local_s",
            "network_cpu_s",
            "host_cpu_s",
            "joins_cpu_s",
            "local_cpu_s",
            "actions",
            "turns_cpu_s",
            "path_cpu_s",
        )
    }
    m = figures["match"]
    m["matches"] = len(runs)
    m["ratio"] = m["network_s"] / m["local_s"]
    # Another view, labelled as such (the plain ratio above stands): the match is sequential,
    # so its wall time is at least the CPU on its critical path (the host's, all counted, and
    # each joiner's on the messages that asked it to act), and on two cores at least half of
    # the five processes' CPU.
    m["two_cores_s"] = m["network_cpu_s"] / 2
    m["path_ratio"] = m["path_cpu_s"] / m["local_cpu_s"]
    # Extra views (the figures above stand): the CPU the network adds to each action
    # over the local match's, and the host's and the joiners' CPU an action (the host runs
    # the engine and the session as the local match does, the joiners the bots).
    m["overhead_ms"] = (m["network_cpu_s"] - m["local_cpu_s"]) / m["actions"] * 1000
    m["host_ms"] = m["host_cpu_s"] / m["actions"] * 1000
    m["joins_ms"] = m["joins_cpu_s"] / m["actions"] * 1000
    figures["load_after"] = os.getloadavg()[0]
    print(json.dumps(figures, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
