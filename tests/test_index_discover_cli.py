"""MEMORY.md cut, discovery order, and the `memtui list` contract."""
import json
import os
import subprocess
import sys

from tui.cli import main
from tui.core.reading.discover import claude_slug, default_root, discover, sample_dir, sample_root
from tui.core.reading.index import parse_index
from tui.core.snapshots.memory import Memory

from conftest import NOW, REPO, write


def test_index_cut_by_lines():
    text = "\n".join(f"- [e{i}](e{i}.md) — x" for i in range(1, 251)) + "\n"
    idx = parse_index(text)
    assert idx.cut_line == 200 and idx.cut_reason == "lines"
    assert idx.load_of("e200.md") == "resident"
    assert idx.load_of("e201.md") == "beyond-index-cut"
    assert idx.load_of("nope.md") == "on-demand"


def test_index_cut_by_bytes():
    line = "- [e{0}](e{0}.md) — " + "x" * 480
    text = "\n".join(line.format(i) for i in range(1, 101)) + "\n"
    idx = parse_index(text)
    assert idx.cut_reason == "bytes" and idx.cut_line < 100
    assert idx.load_of(f"e{idx.cut_line}.md") == "resident"
    assert idx.load_of(f"e{idx.cut_line + 1}.md") == "beyond-index-cut"
    used = sum(len(ln.encode()) + 1 for ln in text.split("\n")[: idx.cut_line])
    assert used <= 25_000 < used + len(text.split("\n")[idx.cut_line].encode()) + 1


def test_index_comments_stripped_before_cut():
    comment = "<!--\n" + "hidden\n" * 300 + "-->\n"
    idx = parse_index(comment + "- [a](a.md)\n")
    assert idx.load_of("a.md") == "resident" and idx.total_lines == 2


def test_index_links_without_link_folders_and_outside():
    idx = parse_index("- plain line, no link\n- [n](notes/)\n- [x](../outside.md)\n- [u](https://x.y/a.md)\n"
                      "- [e](./sub/%20e.md)\n", is_dir=lambda i: i == "notes")
    assert idx.load_of("notes/a.md") == "resident"
    assert idx.load_of("sub/ e.md") == "resident"
    assert idx.lines[2].ids == ("",) and idx.lines[3].ids == ("",)


def test_slug():
    assert claude_slug("/home/u/my.repo_x") == "-home-u-my-repo-x"


def test_discovery_order(tmp_path):
    home = tmp_path / "home"
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    sub = proj / "pkg"
    sub.mkdir()
    env = {"HOME": str(home)}
    assert discover(sub, env).how == "sample"
    (sub / ".memories").mkdir()
    assert discover(sub, env).how == "./.memories"
    (sub / "memory").mkdir()
    assert discover(sub, env).how == "./memory"
    claude = home / ".claude" / "projects" / claude_slug(proj.resolve()) / "memory"
    claude.mkdir(parents=True)
    found = discover(sub, env)
    assert found.how == "claude-code" and found.dir == claude
    cfg = tmp_path / "cfg"
    env2 = dict(env, CLAUDE_CONFIG_DIR=str(cfg))
    assert discover(sub, env2).how == "./memory"   # CLAUDE_CONFIG_DIR replaces ~/.claude
    (cfg / "projects" / claude_slug(proj.resolve()) / "memory").mkdir(parents=True)
    assert discover(sub, env2).how == "claude-code"
    env3 = dict(env2, MEMTUI_DIR=str(tmp_path / "x"))
    assert discover(sub, env3).how == "env"


def test_sample_fallback_says_so_and_roots_at_demo_project(tmp_path):
    found = discover(tmp_path, {"HOME": str(tmp_path)})
    assert found.is_sample and "bundled sample" in found.note
    assert default_root(sample_dir()) == sample_root()
    assert (sample_root() / "package.json").is_file()


def test_list_json_shape(sample, capsys):
    mem_dir, root = sample
    assert main(["list", "--dir", str(mem_dir), "--root", str(root), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    need = {"id", "name", "type", "source", "age_days", "anchor", "anchor_detail", "load", "chars",
            "mentioned", "error"}
    assert data["entries"] and all(need <= set(e) for e in data["entries"])
    by_id = {e["id"]: e for e in data["entries"]}
    assert by_id["webpack-loaders.md"]["anchor_detail"] == "file missing: webpack.config.js"
    assert by_id["server-port.md"]["anchor_detail"] == "quote not found in src/server.ts"
    assert by_id["session-notes.md"]["error"].startswith("bad YAML at line 3")
    assert set(by_id["pnpm-only.md"]["mentioned"]) >= {"total", "missing"}   # fields may be added, never renamed


def test_list_text_and_missing_dir(sample, tmp_path, capsys):
    mem_dir, root = sample
    assert main(["list", "--dir", str(mem_dir), "--root", str(root)]) == 0
    out = capsys.readouterr().out
    assert "webpack-loaders.md" in out and "unreadable" in out
    assert main(["list", "--dir", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err


def test_list_empty_dir(mem_dir, capsys):
    assert main(["list", "--dir", str(mem_dir)]) == 0
    assert "empty" in capsys.readouterr().out


def test_console_script_and_module_entry(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("MEMTUI_DIR", "CLAUDE_CONFIG_DIR")}
    env["HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "tui", "list", "--json"], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "bundled sample" in out.stderr
    ids = [e["id"] for e in json.loads(out.stdout)["entries"]]
    assert "test-runner.md" in ids and "MEMORY.md" not in ids


def test_hostile_folder_never_reads_outside(tmp_path):
    mem_dir = tmp_path / "mem"
    root = tmp_path / "root"
    root.mkdir()
    write(tmp_path, "outside.txt", "SECRET-OUTSIDE\n")
    write(mem_dir, "a.md", "---\nanchor: {file: ../outside.txt, quote: SECRET}\n---\n")
    write(mem_dir, "b.md", "---\nanchor: {file: '%2e%2e%2foutside.txt', quote: SECRET}\n---\n")
    write(mem_dir, "c.md", f"---\nanchor: {{file: {tmp_path / 'outside.txt'}, quote: SECRET}}\n---\n")
    os.symlink(tmp_path / "outside.txt", root / "link.txt")
    write(mem_dir, "d.md", "---\nanchor: {file: link.txt, quote: SECRET}\n---\n")
    mem = Memory.load(mem_dir, root, now=NOW)
    assert [mem.status[i].anchor for i in sorted(mem.entries)] == ["unsafe"] * 4
    assert REPO.exists()


def test_discovery_finds_a_memory_bank_and_the_folder_it_stands_in(tmp_path):
    """A Cline user runs `memtui` in the project (./memory-bank, or a variant's folder) or inside
    the memory folder itself: both open that memory, not the sample; ./memory keeps precedence."""
    env = {"HOME": str(tmp_path / "home")}
    proj = tmp_path / "proj"
    (proj / ".roo" / "memory-bank").mkdir(parents=True)
    (proj / ".roo" / "memory-bank" / "activeContext.md").write_text("# Active context\n")
    found = discover(proj, env)
    assert found.how == "./.roo/memory-bank" and found.dir == proj / ".roo" / "memory-bank"
    (proj / "memory-bank").mkdir()
    (proj / "memory-bank" / "projectbrief.md").write_text("# Brief\n")
    assert discover(proj, env).how == "./memory-bank"
    (proj / "memory").mkdir()
    assert discover(proj, env).how == "./memory"
    inside = discover(proj / "memory-bank", env)
    assert inside.how == "." and inside.dir == proj / "memory-bank"
    # an empty folder named memory-bank, or an ordinary folder of notes, is no memory to open
    (tmp_path / "memory-bank").mkdir()
    assert discover(tmp_path / "memory-bank", env).how == "sample"
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text("x\n")
    assert discover(tmp_path / "notes", env).how == "sample"
