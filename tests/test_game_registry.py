"""The two registries of games (games.py, ui/games.py) and the rule that keeps shared code from
testing which game is played: only the registries and each game's own folders may."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from carioca_desktop import games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "carioca_desktop"
REGISTRIES = {PACKAGE / "games.py", PACKAGE / "ui" / "games.py"}
GAME_TYPES = ("Game", "MatchSession", "MatchRecord")


def _names_a_game_type(node: ast.AST) -> bool:
    if isinstance(node, ast.Tuple):
        return any(_names_a_game_type(e) for e in node.elts)
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    prefixes = tuple(g.capitalize() for g in games.GAMES)
    return name in GAME_TYPES or name.startswith(prefixes)


def _is_game_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in games.GAMES


def dispatch_lines(source: str) -> list[int]:
    """Lines comparing with a game's name or checking isinstance against a game's class."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            inner = [
                e for o in operands if isinstance(o, ast.Tuple | ast.Set | ast.List) for e in o.elts
            ]
            if any(_is_game_name(o) for o in [*operands, *inner]):
                found.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "isinstance"
            and len(node.args) == 2
            and _names_a_game_type(node.args[1])
        ):
            found.append(node.lineno)
    return found


def _in_a_game_folder(path: Path) -> bool:
    return any(part in games.GAMES for part in path.relative_to(PACKAGE).parts[:-1])


def test_the_check_finds_what_it_looks_for() -> None:
    sample = (
        'if rules.get("game") == "buraco":\n    pass\n'
        "if isinstance(session, BuracoSession):\n    pass\n"
        'ok = game in ("carioca", "buraco")\n'
        "fine = game == name\n"
    )
    assert dispatch_lines(sample) == [1, 3, 5]


def test_only_the_registries_and_game_folders_test_which_game_is_played() -> None:
    found = []
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 150
    for path in modules:
        if path in REGISTRIES or _in_a_game_folder(path):
            continue
        lines = dispatch_lines(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(PACKAGE)}:{n}" for n in lines]
    assert found == [], "ask games.py or ui/games.py instead: " + ", ".join(found)


def test_every_game_has_a_folder_in_every_layer() -> None:
    for name in games.GAMES:
        for layer in ("rules", "bots", "play", "storage", "ui/scenes"):
            assert (PACKAGE / layer / name / "__init__.py").exists(), (layer, name)
        assert (PACKAGE / "conformance" / f"{name}.py").exists()
        assert (PACKAGE / "simulate" / f"{name}.py").exists()


def test_both_registries_list_the_same_games() -> None:
    pytest.importorskip("pygame")
    from carioca_desktop.ui.games import SCREENS

    assert tuple(SCREENS) == games.GAMES == ("carioca", "buraco")
    assert all(SCREENS[name].game is games.entry(name) for name in games.GAMES)


@pytest.mark.parametrize("name", games.GAMES)
def test_an_entry_names_modules_that_exist(name: str) -> None:
    entry = games.entry(name)
    rules_class = getattr(entry.module("rules"), entry.rules_class)
    assert rules_class.game == name
    assert entry.presets and entry.default_preset in entry.presets
    assert entry.default_preset == next(iter(entry.presets))
    assert entry.record_type.__name__ == entry.record_class
    assert entry.session_type.__name__ == entry.session_class
    assert callable(entry.module("simulate").main) and callable(entry.module("conformance").run)
    for module in games.modules():
        importlib.import_module(module)
    bot = entry.make_bot("easy", 1, 7)
    assert bot.seat == 1 and bot.level == "easy"


@pytest.mark.parametrize("name", games.GAMES)
def test_an_entry_names_its_replay_network_and_match_file_parts(name: str) -> None:
    from carioca_desktop.play.netgame import NetGame
    from carioca_desktop.storage.match_file import MatchFile
    from carioca_desktop.storage.records import PlayerRecord

    entry = games.entry(name)
    assert issubclass(entry.named("net_game_class"), NetGame)
    assert entry.named("replay_class").__name__.endswith("ReplaySession")
    assert callable(getattr(entry.module("driver"), entry.match_player))
    coach = entry.module("coach")
    assert callable(coach.judge) and callable(coach.coach_lines)
    for function in ("encode_action", "decode_action", "new_game", "place"):
        assert callable(entry.in_match_file(function)), function
    rules_class = getattr(entry.module("rules"), entry.rules_class)
    rules = rules_class.from_dict({**entry.presets[entry.default_preset], "game": name})
    names = [f"P{i}" for i in range(rules.players)]
    seats = tuple(PlayerRecord(n, "bot", "easy") for n in names)
    match = MatchFile(name, rules.to_dict(), seats, 5, "direct", (), (), "m", "")
    game = entry.in_match_file("new_game")(match, names)
    assert game.to_dict()["names"] == names
    assert entry.in_match_file("place")(match, 0, ()) is None  # no scores: no place


def test_each_game_names_its_presets_words() -> None:
    from carioca_desktop.i18n import tr

    for name in games.GAMES:
        for preset in games.entry(name).presets:
            key = f"{games.entry(name).preset_words}.{preset}"
            assert tr(key) != key, key


def game_maps(source: str) -> list[int]:
    """Lines of a dict keyed by a game's name, or of a string naming a game's own module:
    a map of the games kept beside the registry."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict) and any(
            k is not None and _is_game_name(k) for k in node.keys
        ):
            found.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [node.lineno] if any(f".{g}." in node.value for g in games.GAMES) else []
    return found


def test_the_map_check_finds_what_it_looks_for() -> None:
    sample = (
        '_G = {\n    "carioca": 1,\n}\nm = "carioca_desktop.bots.buraco.driver"\nok = {"a": 1}\n'
    )
    assert game_maps(sample) == [1, 4]


# Shared modules that once kept their own map of the games and now ask the registry.
THROUGH_THE_REGISTRY = (
    "play/versus.py",
    "ui/replay_viewer.py",
    "ui/nettable/scenes.py",
    "play/netgame.py",
    "play/replay_session.py",
    "replay_tool.py",
    "storage/history.py",
    "storage/replay_check.py",
    "ui/scenes/history/__init__.py",
)


@pytest.mark.parametrize("module", THROUGH_THE_REGISTRY)
def test_a_shared_module_keeps_no_map_of_the_games(module: str) -> None:
    assert game_maps((PACKAGE / module).read_text(encoding="utf-8")) == []


def test_lookups_by_rules_document_and_record() -> None:
    assert games.of_rules(None) is games.CARIOCA and games.of_rules({}) is games.CARIOCA
    assert games.of_rules({"game": "buraco"}) is games.BURACO
    assert games.of_rules({"game": "poker"}) is None and games.of_rules({"game": 3}) is None
    assert games.of_document({"format": games.BURACO.save_format}) is games.BURACO
    assert games.of_document({"format": "anything"}) is games.CARIOCA
    assert games.of_session(object()) is None
    with pytest.raises(TypeError):
        games.of_record(object())


def own_game(path: Path) -> str | None:
    """The game a module belongs to: a folder of its path (``storage/buraco/records.py``) or
    its own name (``conformance/buraco.py``) names it; None for a shared module."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return next((g for g in games.GAMES if g in parts), None)


def other_game_imports(path: Path, source: str | None = None) -> list[str]:
    """The modules of another game's folders (or modules) that one game's module imports,
    at its top or inside a function, absolute or relative."""
    own = own_game(path)
    if own is None:
        return []
    others = [f".{g}." for g in games.GAMES if g != own]
    package = ("carioca_desktop", *path.relative_to(PACKAGE).parts[:-1])
    found = []
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = [module] + [f"{module}.{a.name}" for a in node.names if node.level]
        found += [n for n in names if any(o in f"{n}." for o in others)]
    return found


def test_a_game_folder_imports_nothing_of_the_other_game() -> None:
    """Every layer: what both games share lives at the layer's top, named for what it is."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += [f"{path.relative_to(PACKAGE)}: {m}" for m in other_game_imports(path)]
    assert found == [], "share it from the layer's top instead: " + ", ".join(found)


def test_the_other_game_check_sees_one() -> None:
    records = PACKAGE / "storage" / "buraco" / "records.py"
    assert other_game_imports(PACKAGE / "play" / "buraco" / "session.py") == []
    # The import storage/buraco/records.py had before the shared parts moved up.
    borrowed = "from carioca_desktop.storage.carioca.records import PlayerRecord\n"
    assert other_game_imports(records, borrowed) == ["carioca_desktop.storage.carioca.records"]
    inside = "def f():\n    from ..carioca import summary\n"
    assert other_game_imports(records, inside) == [
        "carioca_desktop.storage.carioca",
        "carioca_desktop.storage.carioca.summary",
    ]
    solo = PACKAGE / "conformance" / "buraco.py"
    assert other_game_imports(solo, "import carioca_desktop.rules.carioca.game\n") != []
    shared = PACKAGE / "storage" / "records.py"
    assert other_game_imports(shared, borrowed) == []  # the layer's top may use either


def game_dicts(source: str) -> list[int]:
    """Lines of a dict literal keyed by a game's name: a map of the games."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Dict) and any(k is not None and _is_game_name(k) for k in node.keys)
    ]


# Shared modules that keep a map of the games: none. The last six (the replay and history
# work) ask games.py or ui/games.py now; the empty set forbids any new map.
KEEPS_A_MAP: set[str] = set()


def test_the_shared_maps_of_the_games_are_the_known_ones() -> None:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in REGISTRIES or own_game(path) is not None:
            continue
        if game_dicts(path.read_text(encoding="utf-8")):
            found.add(path.relative_to(PACKAGE).as_posix())
    assert found == KEEPS_A_MAP, "a new map of the games: ask the registry instead"
    assert game_dicts('X = {"buraco": 1}\nY = {"a": 1}\n') == [1]
