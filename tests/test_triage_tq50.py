"""Issue 37, test 3 at stop 50: facts said in prose, not quoted, that the project states — the
package manager package.json's "packageManager" pins, the test runner its scripts run, the formatter
settings .prettierrc / .editorconfig / pyproject's [tool.*] hold, a deploy workflow's trigger, a
framework's version a manifest pins. Drop, citing the project line, only when the entry says nothing
those lines do not; with a reason or a trap of its own it stays. (Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run, write

PACKAGE = """{
  "name": "quillpost",
  "private": true,
  "packageManager": "pnpm@9.4.0",
  "scripts": {
    "dev": "next dev",
    "test": "vitest run",
    "lint": "eslint ."
  },
  "dependencies": {
    "next": "14.2.3",
    "react": "18.3.1"
  },
  "devDependencies": {
    "vitest": "^1.6.0"
  }
}
"""
PRETTIER = '{\n  "semi": false,\n  "singleQuote": true,\n  "printWidth": 100\n}\n'
EDITOR = "root = true\n\n[*]\nindent_style = space\nindent_size = 2\n"
DEPLOY = """name: deploy
on:
  push:
    branches: [main]
jobs:
  ship:
    runs-on: ubuntu-latest
    steps:
      - run: pnpm install
"""
PYPROJECT = """[project]
name = "quillpost-tools"

[tool.ruff]
line-length = 100

[tool.black]
line-length = 100
"""


def _project(root):
    write(root, "package.json", PACKAGE)
    write(root, ".prettierrc", PRETTIER)
    write(root, ".editorconfig", EDITOR)
    write(root, ".github/workflows/deploy.yml", DEPLOY)
    write(root, "tools/pyproject.toml", PYPROJECT)
    write(root, "src/index.ts", "export const hello = () => 'hi'\n")


def _cites(got, name):
    return any(p["file"].endswith(name) for p in got.evidence.get("project", []))


def test_the_package_manager_said_in_words_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "pkg_manager.md", "This repo uses pnpm as its package manager, not npm or yarn.",
                 "Package manager", "project")
    got = run(mem_dir, root)["pkg_manager.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "package.json"), got.evidence


def test_the_test_runner_said_in_words_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "test_runner.md", "Unit tests run with Vitest; the test script calls it.",
                 "Test runner", "project")
    got = run(mem_dir, root)["test_runner.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "package.json"), got.evidence


def test_formatter_settings_said_in_words_are_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "code_style.md", "Formatting: Prettier with single quotes, no semicolons, print width 100. "
                 "Indent with 2 spaces.", "Code style", "project")
    got = run(mem_dir, root)["code_style.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, ".prettierrc") or _cites(got, ".editorconfig"), got.evidence


def test_the_deploy_trigger_said_in_words_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "deploy.md", "Deploys happen through GitHub Actions on every push to the main branch.",
                 "How deploys run", "project")
    got = run(mem_dir, root)["deploy.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "deploy.yml"), got.evidence


def test_the_framework_version_said_in_words_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "framework.md", "The web app is built on Next.js 14.2 with React 18.",
                 "Framework", "project")
    got = run(mem_dir, root)["framework.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "package.json"), got.evidence


def test_the_ruff_line_length_said_in_words_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "py_style.md", "The Python tools are linted by ruff with a line length of 100.",
                 "Python lint", "project")
    got = run(mem_dir, root)["py_style.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "pyproject.toml"), got.evidence


def test_the_same_facts_with_a_trap_or_another_value_stay(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "pnpm_trap.md", "This repo uses pnpm, but the deploy box only has npm 8, so the lockfile "
                 "must be regenerated before each release or the build breaks.", "pnpm on the deploy box", "project")
    triage_entry(mem_dir, "deploy_other.md", "Deploys happen through GitHub Actions on every push to the release branch.",
                 "How deploys run", "project")
    triage_entry(mem_dir, "width_other.md", "Formatting: Prettier with double quotes and a print width of 80.",
                 "Code style", "project")
    got = run(mem_dir, root)
    for i in ("pnpm_trap.md", "deploy_other.md", "width_other.md"):
        assert got[i].action != "drop", (i, got[i].reasons)


def test_a_short_list_of_such_settings_with_the_runtime_a_version_file_pins_is_drop(mem_dir, root):
    _project(root)
    write(root, ".nvmrc", "20.11.1\n")
    write(root, "tsconfig.json", '{\n  "compilerOptions": {\n    "strict": true,\n    "target": "ES2022"\n  }\n}\n')
    triage_entry(mem_dir, "toolchain.md", "- Node 20\n- pnpm for packages\n- Vitest for unit tests\n"
                 "- TypeScript in strict mode", "Toolchain", "project")
    got = run(mem_dir, root)["toolchain.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, ".nvmrc") and _cites(got, "package.json"), got.evidence


def test_the_trigger_said_by_its_event_without_the_key_is_drop(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "ship.md", "Every push to main deploys via GitHub Actions.", "Shipping", "project")
    got = run(mem_dir, root)["ship.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, "deploy.yml"), got.evidence


def test_a_list_with_one_line_of_its_own_stays(mem_dir, root):
    _project(root)
    write(root, ".nvmrc", "20.11.1\n")
    triage_entry(mem_dir, "toolchain_own.md", "- Node 20\n- pnpm for packages\n- Vitest for unit tests\n"
                 "- the snapshot files are regenerated by hand after a locale change, the runner cannot see them",
                 "Toolchain", "project")
    triage_entry(mem_dir, "node_other.md", "- Node 18\n- pnpm for packages", "Toolchain", "project")
    got = run(mem_dir, root)
    for i in ("toolchain_own.md", "node_other.md"):
        assert got[i].action != "drop", (i, got[i].reasons)


def test_the_runtime_a_version_file_pins_is_found_there(mem_dir, root):
    write(root, ".nvmrc", "v22.3.0\n")
    write(root, "src/main.js", "console.log('hi')\n")
    triage_entry(mem_dir, "runtime.md", "Runtime is Node 22.", "Runtime", "project")
    got = run(mem_dir, root)["runtime.md"]
    assert got.action == "drop", got.reasons
    assert _cites(got, ".nvmrc"), got.evidence


def test_a_why_that_only_points_at_the_manifest_is_no_reason_of_its_own(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "pm_why.md", "Package manager is pnpm.\n\n**Why:** package.json pins it as its packageManager.",
                 "Package manager", "project")
    triage_entry(mem_dir, "pm_why_own.md", "Package manager is pnpm.\n\n**Why:** the CI runners cache its store; "
                 "installs with the other one took 6 minutes.", "Package manager", "project")
    got = run(mem_dir, root)
    assert got["pm_why.md"].action == "drop", got["pm_why.md"].reasons
    assert got["pm_why_own.md"].action != "drop", got["pm_why_own.md"].reasons


def test_a_value_said_whole_with_its_version_needs_no_key_and_a_plural_is_its_value(mem_dir, root):
    write(root, "package.json", '{\n  "name": "tidepool",\n  "packageManager": "bun@1.1.8"\n}\n')
    write(root, ".editorconfig", "root = true\n\n[*.go]\nindent_style = tab\n")
    triage_entry(mem_dir, "bun.md", "Bun 1.1 is the runtime and the package manager.", "Runtime", "project")
    triage_entry(mem_dir, "tabs.md", "Go files: indentation with tabs.", "Indent", "project")
    triage_entry(mem_dir, "bun_nokey.md", "Bun 1.1 everywhere.", "Runtime", "project")
    triage_entry(mem_dir, "bun_other.md", "Bun 1.2 is the runtime.", "Runtime", "project")
    got = run(mem_dir, root)
    assert got["bun.md"].action == "drop", got["bun.md"].reasons
    assert got["tabs.md"].action == "drop", got["tabs.md"].reasons
    assert got["bun_nokey.md"].action == "drop", got["bun_nokey.md"].reasons
    assert got["bun_other.md"].action != "drop", got["bun_other.md"].reasons
