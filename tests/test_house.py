"""The house for several games (issue 13): the registry, the import rules, and a
third game added as a folder and nothing else."""

import ast
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sectionx.games as house
from sectionx.cli import app
from sectionx.console import Refusal
from sectionx.games import api
from sectionx.yamlsrc import LoadError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sectionx"
runner = CliRunner()


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute names (relative imports resolved)."""
    rel = path.relative_to(ROOT).with_suffix("")
    package = list(rel.parts if rel.name == "__init__" else rel.parts[:-1])
    if package and package[-1] == "__init__":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


GAME_FOLDERS = {p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")}


def _game_of(module: str) -> str | None:
    """The game whose folder ``module`` lies in, if any."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["sectionx", "games"] and parts[2] in GAME_FOLDERS else None


def test_the_registry_holds_both_games_with_section_x_the_default():
    names = house.names()
    assert names[0] == "sectionx" and "breakout" in names
    assert house.default().name == "sectionx"
    assert house.get("breakout").players == (2, 2)
    with pytest.raises(Refusal, match="the games are sectionx, breakout, hekla, tunnel"):
        house.get("chess")


def test_each_game_lives_in_the_folder_of_its_name():
    """A game's folder, its name and where its commands are agree (README, "Adding a
    game"): the module rules of tests below find a game's modules by its folder."""
    assert {g.name for g in house.games()} == GAME_FOLDERS
    for game in house.games():
        assert game.commands_at.startswith(f"sectionx.games.{game.name}."), game.name


def test_every_game_answers_every_command():
    wanted = {name for name in dir(api.Commands) if not name.startswith("_")}
    for game in house.games():
        commands = game.commands()
        assert {name for name in wanted if callable(getattr(commands, name, None))} == wanted, game.name


def test_shared_modules_name_no_game():
    """Shared code imports no game's module; the registry finds the games itself."""
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "games" and len(rel.parts) > 2:
            continue  # inside a game's folder
        games = {g for m in _imports(path) if (g := _game_of(m))}
        assert not games, f"{rel} imports {games}"


def test_the_command_line_imports_no_game():
    """Issue 26: every command goes through the registry, so a fourth game needs no
    change to cli.py.  (Also covered by the rule above; said on its own because it
    was the last exception.)"""
    games = {g for m in _imports(PACKAGE / "cli.py") if (g := _game_of(m))}
    assert not games, f"cli.py imports {games}"


def test_a_game_never_imports_another():
    for folder in (PACKAGE / "games").iterdir():
        if not (folder / "__init__.py").exists():
            continue
        for path in folder.rglob("*.py"):
            others = {g for m in _imports(path) if (g := _game_of(m)) and g != folder.name}
            assert not others, f"{path.relative_to(ROOT)} imports {others}"


def test_a_file_says_its_game_and_no_key_means_section_x(tmp_path):
    (tmp_path / "a.yaml").write_text("players: [red, blue]\n")
    (tmp_path / "b.yaml").write_text("game: breakout\nwall: ['.....', '.....', '.....', '.....', '.....']\n")
    (tmp_path / "c.yaml").write_text("# a comment\ngame: chess\n")
    assert house.read(tmp_path / "a.yaml")[1].name == "sectionx"
    assert house.read(tmp_path / "b.yaml")[1].name == "breakout"
    with pytest.raises(LoadError) as caught:
        house.read(tmp_path / "c.yaml")
    (d,) = caught.value.diagnostics
    assert (d.line, d.column) == (2, 7) and "not one sectionx knows: sectionx, breakout, hekla, tunnel" in d.message


TOY_INIT = '''
from .. import Game, register_game

register_game(Game(name="toy", title="Toy", players=(1, 1), commands_at="sectionx.games.toy.commands:COMMANDS"))
'''

TOY_COMMANDS = '''
from sectionx.console import Stop, say
from sectionx.games import api


class Toy:
    def check(self, path, doc):
        bad = [doc.diag(("pips",), "pips must be under 7 (T1)", "T1")] if doc.data.get("pips", 0) >= 7 else []
        return api.Report(str(path), "toy", bad, f"{doc.data.get('pips', 0)} pips")

    def bundled(self):
        return [api.Report("<bundled toy>", "toy", [], "the toy die")]

    def show(self, path, doc):
        say("o" * doc.data["pips"])

    def new(self, options):
        return f"game: toy\\npips: {options.seed or 1}\\n"

    def replay(self, path, doc, *, show):
        raise Stop(0)

    def play(self, options):
        return "game: toy\\npips: 6\\n"

    def simulate(self, options):
        say(f"{options.games} toy games")

    def solve(self, path, doc, options):
        say("toy solved")
        raise Stop(0)

    def render(self, path, doc, options):
        options.out.write_text("<svg/>")

    def kit(self, options):
        say(f"toy kit in {options.out}")

    def sheet(self, path, doc, options):
        say(f"toy sheet {options.kind} to {options.out}")

    def generate(self, options):
        say(f"{options.count} toy {options.difficulty} puzzles to {options.out}")

    def deck(self, files, options):
        say(f"toy deck of {len(files)} to {options.out}")

    def book(self, files, options):
        say(f"toy book of {len(files)} titled {options.title}")

    def illustrate(self, path, doc, options):
        say(f"toy figure holds; drawn to {options.out}")

    def manual(self, options):
        say(f"toy manual {options.lang} {options.kind} to {options.out}")


COMMANDS = Toy()
'''


@pytest.fixture
def toy_game(tmp_path, monkeypatch):
    """A third game, as a folder beside the real ones and nothing else."""
    folder = tmp_path / "games" / "toy"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(TOY_INIT))
    (folder / "commands.py").write_text(textwrap.dedent(TOY_COMMANDS))
    monkeypatch.setattr(house, "__path__", [*house.__path__, str(tmp_path / "games")])
    registered = dict(house._GAMES)
    house._discover.cache_clear()
    yield
    house._GAMES.clear()
    house._GAMES.update(registered)
    house._discover.cache_clear()
    import sys

    for name in [m for m in sys.modules if m.startswith("sectionx.games.toy")]:
        del sys.modules[name]


def test_a_third_game_is_a_folder_and_every_command_finds_it(toy_game, tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text("game: toy\npips: 3\n")
    bad.write_text("game: toy\npips: 9\n")
    assert "toy" in house.names()
    result = runner.invoke(app, ["validate", str(good), str(bad)])
    assert result.exit_code == 1
    assert f"{good}: ok, 3 pips" in result.output
    assert f"{bad}:2:7: pips must be under 7 (T1)" in result.output
    assert runner.invoke(app, ["validate", "--bundled"]).output.count("<bundled toy>: ok, the toy die") == 1
    assert runner.invoke(app, ["show", str(good)]).output == "ooo\n"
    assert runner.invoke(app, ["new", "--game", "toy", "--seed", "5"]).output == "game: toy\npips: 5\n"
    assert runner.invoke(app, ["play", "--game", "toy"]).output == "game: toy\npips: 6\n"
    assert runner.invoke(app, ["simulate", "--game", "toy", "--games", "4"]).output == "4 toy games\n"
    assert runner.invoke(app, ["solve", str(good)]).output == "toy solved\n"
    assert runner.invoke(app, ["replay", str(good)]).exit_code == 0
    assert runner.invoke(app, ["render", str(good), "-o", str(tmp_path / "t.svg")]).exit_code == 0
    assert (tmp_path / "t.svg").read_text() == "<svg/>"
    assert runner.invoke(app, ["kit", "--game", "toy", "-o", str(tmp_path / "k")]).output == f"toy kit in {tmp_path / 'k'}\n"
    # Issue 26: the print commands too, each handed the shared options.
    assert runner.invoke(app, ["sheet", str(good), "-o", str(tmp_path / "s.svg")]).output == \
        f"toy sheet svg to {tmp_path / 's.svg'}\n"
    assert runner.invoke(app, ["generate", "--game", "toy", "--count", "2", "-d", "expert", "-o", str(tmp_path / "p")]
                         ).output == f"2 toy expert puzzles to {tmp_path / 'p'}\n"
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "a.yaml").write_text("game: toy\npips: 1\n")
    (folder / "b.yaml").write_text("game: toy\npips: 2\n")
    assert runner.invoke(app, ["deck", str(folder), "-o", str(tmp_path / "d.pdf")]).output == \
        f"toy deck of 2 to {tmp_path / 'd.pdf'}\n"
    assert runner.invoke(app, ["book", str(folder), "-o", str(tmp_path / "b.pdf"), "--title", "Pips"]).output == \
        "toy book of 2 titled Pips\n"
    assert runner.invoke(app, ["illustrate", str(good), "-o", str(tmp_path / "f.svg")]).output == \
        f"toy figure holds; drawn to {tmp_path / 'f.svg'}\n"
    assert runner.invoke(app, ["manual", "--game", "toy", "-o", str(tmp_path / "m.html")]).output == \
        f"toy manual en html to {tmp_path / 'm.html'}\n"


def test_a_folder_of_two_games_puzzles_is_refused_in_one_line(toy_game, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.yaml").write_text("game: toy\npips: 1\n")
    (folder / "b.yaml").write_text("game: breakout\n")
    for command in ("deck", "book"):
        result = runner.invoke(app, [command, str(folder), "-o", str(tmp_path / "x.pdf")])
        assert result.exit_code == 1, result.output
        assert result.output.count("\n") == 1 and "one game's puzzles" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_an_unknown_game_is_one_line_for_files_and_for_game_options(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("game: chess\n")
    for args in (["validate", str(f)], ["show", str(f)], ["solve", str(f)], ["render", str(f), "-o", str(tmp_path / "x.svg")]):
        result = runner.invoke(app, args)
        assert result.exit_code != 0 and "Traceback" not in result.output
        assert f"{f}:1:7: game 'chess' is not one sectionx knows: sectionx, breakout, hekla, tunnel (no game: key means sectionx)" in result.output
    result = runner.invoke(app, ["new", "--game", "chess"])
    assert result.exit_code == 2 and result.output == "sectionx: --game 'chess': the games are sectionx, breakout, hekla, tunnel\n"
    assert not (tmp_path / "x.svg").exists()


def test_the_published_schema_is_made_from_the_games_parts():
    """Each game's definitions live in its folder (schema.json); the file editors and
    the checks read is made from them by scripts/make_schema.py."""
    import json
    import runpy

    made = runpy.run_path(str(ROOT / "scripts" / "make_schema.py"))["text"]()
    assert (PACKAGE / "data" / "schema" / "sectionx.schema.json").read_text(encoding="utf-8") == made, \
        "run scripts/make_schema.py: the published schema is not what its parts make"
    data = json.loads(made)
    assert _chain(data) == ["breakout", "hekla", "tunnel"] and _last(data) == {"$ref": "#/$defs/scenario"}
    for game in house.games():
        part = json.loads((PACKAGE / "games" / game.name / "schema.json").read_text(encoding="utf-8"))
        assert set(part["$defs"]) <= set(data["$defs"])


def test_a_third_games_schema_joins_the_published_one(toy_game, tmp_path):
    import json

    (tmp_path / "games" / "toy" / "schema.json").write_text(json.dumps(
        {"root": {"$ref": "#/$defs/toy"}, "$defs": {"toy": {"type": "object", "properties": {"pips": {"maximum": 6}}}}}))
    data = house.published_schema()
    assert "toy" in data["$defs"] and _chain(data) == ["breakout", "hekla", "toy", "tunnel"]
    assert _last(data) == {"$ref": "#/$defs/scenario"}
    (tmp_path / "games" / "toy" / "schema.json").write_text(json.dumps({"root": {}, "$defs": {"scenario": {}}}))
    with pytest.raises(ValueError, match=r"toy's schema\.json defines scenario again"):
        house.published_schema()


def _chain(root):
    """The games a published schema's root picks by ``game:``, in order."""
    out = []
    while "if" in root and "game" in root["if"].get("properties", {}):
        out.append(root["if"]["properties"]["game"]["const"])
        root = root["else"]
    return out


def _last(root):
    while "if" in root and "game" in root["if"].get("properties", {}):
        root = root["else"]
    return root
