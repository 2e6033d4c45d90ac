"""The README is a newcomer's first minutes: short, naming only files a clone has, starting with the
two set-up commands CI runs, touring every key of the action table, and showing the JSON shapes
the commands really print. Its screenshot is a snapshot test: redrawn, and looked at, whenever the
screen changes."""
import json
import re

from tui.cli import main
from tui.screens.main import keys

from conftest import REPO, make_app, settle

README = (REPO / "README.md").read_text(encoding="utf-8")
SCREENSHOT = "tests/__snapshots__/test_readme/test_screenshot.svg"


def test_screenshot(snap_compare, sample, tmp_path):
    async def typed(pilot):
        await settle(pilot)
        await pilot.press("p")
        pilot.app.query_one("#query").value = "how are the API routes versioned?"   # (typed, it takes seconds)
        await pilot.press("enter")
        await settle(pilot)
    assert snap_compare(make_app(*sample, tmp_path), terminal_size=(120, 32), run_before=typed)


def test_short_and_naming_only_what_a_clone_has():
    assert len(README.splitlines()) < 460   # (stop 51: +a first-minutes path and a heading for the figures, moved)
    for gone in ("SPEC.md", "../shared", "seeds/"):
        assert gone not in README
    named = set(re.findall(r"(?<![\w./~-])((?:tui|tests|themes|sample_memories|\.ci)/[\w./\[\]-]*|"
                           r"\.pre-commit-hooks\.yaml|pyproject\.toml)", README))
    assert SCREENSHOT in named
    for path in named:
        assert (REPO / path.rstrip(".")).exists(), path


def test_it_starts_with_the_two_set_up_commands_ci_runs():
    first = re.search(r"```sh\n(.*?)```", README, re.S).group(1).strip().splitlines()
    assert first == ["python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/memtui",
                     "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest"]
    assert "pip install -q -e '.[test]' && .venv/bin/pytest" in (REPO / ".ci" / "run").read_text()


def test_the_tour_names_every_key_of_the_action_table():
    tour = README[README.index("## The app's keys"):README.index("## Commands")]
    for a in keys.ACTIONS:
        if a.keys and a.action:
            assert f"`{a.shown or a.keys}`" in tour, a.keys


def _shape(name: str) -> dict:
    """The README's JSON shape of one command (its block of the JSON shapes section)."""
    block = README[README.index("## JSON shapes"):]
    text = re.search(rf"// {name}\n(.*?)(?=\n//|\n```)", block, re.S).group(1)
    return json.loads(text.replace("…", ""))


def test_the_json_shapes_are_what_the_commands_print(sample, capsys):
    mem_dir, root = sample
    common = ["--dir", str(mem_dir), "--root", str(root)]
    for name, argv in (("list", ["list", "--json"]), ("preview", ["preview", "why does the Makefile run a backup?",
                       "--json"]), ("audit", ["audit", "--format", "json"]), ("triage", ["triage", "--json"])):
        main([*argv, *common])
        out, shape = json.loads(capsys.readouterr().out), _shape(name)
        assert set(shape) <= set(out), (name, set(shape) - set(out))
        for key, value in shape.items():
            if isinstance(value, list) and value and isinstance(value[0], dict) and out[key]:
                assert set(value[0]) <= set(out[key][0]), (name, key, set(value[0]) - set(out[key][0]))


def test_a_newcomer_reads_the_first_minutes_before_any_benchmark_figure():
    """newcomer51: the set-up commands first, then what it is, the first command and five keys,
    and only then the measured figures, in a section of their own below (none of them deleted)."""
    first = README.index("```sh\npython3 -m venv .venv")
    path = README.index("**Your first minutes.**")
    figures = README.index("## How well it does")
    assert first < path < README.index("## The app's keys") < figures
    assert "stop 4" not in README[:figures]   # no stop's figure before it
    for key in ("`j` `k`", "`enter`", "`p`", "`A`", "`T`", "`?`"):
        assert key in README[path:README.index("## Wire it into Claude Code")]
    for figure in ("68 of 90 wanted entries", "129, 97, 17, 32, 145", "`high` right 23 of 41 times",
                   "contradictions 1 of 7", "26 of 41 and 22 of 53", "(53) and 44 of 63"):
        assert figure in " ".join(README[figures:].split()), figure
