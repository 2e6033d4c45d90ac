"""Issue 37, stop 39 second read: a copied .env never prints its secret; a rule the entry says
must go (or is not yet) in an instruction file is not one already there; a bare 履歴 / 历史记录
is not a changelog. Every text here is written for the test (a made-up bicycle-repair shop)."""
from __future__ import annotations

import json

import pytest

from conftest import NOW, write
from test_triage_stop39 import entry, run

SECRET, KEY = "Sp0keW1reQz8vLx4Nc", "6LdRz9kqAAAAAKp3m1wV7Yt"
ENV = f"SHOP_DB_PASSWORD={SECRET}\nRECAPTCHA_SITE_KEY={KEY}\nSHOP_DB_HOST=localhost\nSHOP_DB_USER=till\n"


@pytest.mark.parametrize("as_json", [False, True])
def test_a_copied_env_file_never_prints_its_secret(mem_dir, root, capsys, monkeypatch, as_json):
    from tui.cli import main
    write(root, ".env", ENV)
    entry(mem_dir, "shop_env.md", ENV.strip(), "the shop's environment")
    monkeypatch.setenv("MEMTUI_NOW", NOW.isoformat() if hasattr(NOW, "isoformat") else str(NOW))
    main(["triage", *(["--json"] if as_json else []), "--dir", str(mem_dir), "--root", str(root)])
    out = capsys.readouterr().out
    if as_json:
        json.loads(out)
    assert SECRET not in out and KEY not in out, out
    got = run(mem_dir, root)["shop_env.md"]
    assert not any("copies a listing out of .env" in r for r in got.reasons), got.reasons   # the owner's values


def test_a_rule_that_must_still_go_into_the_instruction_file_is_not_placed(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n")
    write(root, "AGENTS.md", "# Shop\n")
    said = {"must_en.md": "Invoice totals must be documented in CLAUDE.md",
            "should_en.md": "The invoice rule should be moved to AGENTS.md",
            "notyet_en.md": "Round totals: not yet written into CLAUDE.md",
            "never_en.md": "Round totals; this was never recorded in CLAUDE.md",
            "de.md": "Die Regel muss noch in CLAUDE.md dokumentiert werden, steht noch nicht in CLAUDE.md",
            "es.md": "La regla debe estar en CLAUDE.md, todavía no está en CLAUDE.md",
            "zh.md": "这条规则应该写入 CLAUDE.md，尚未写入 CLAUDE.md",
            "ja.md": "このルールは CLAUDE.md に記載すべき",
            "ko.md": "이 규칙은 CLAUDE.md에 추가해야 함"}
    for name, desc in said.items():
        entry(mem_dir, name, "Round invoice totals, never line prices.\n\n**Why:** the user said so.", desc,
              type_="feedback")
    entry(mem_dir, "placed_en.md", "Round invoice totals.\n\n**Why:** the user said so.",
          "Round totals: already documented in CLAUDE.md", type_="feedback")
    got = run(mem_dir, root)
    for name in said:
        assert not any("already lives in" in r for r in got[name].reasons), (name, got[name].reasons)
    assert any("already lives in CLAUDE.md" in r for r in got["placed_en.md"].reasons), got["placed_en.md"].reasons


ROUNDS_JA = "## 2026-03-01\n\n案A。\n\n## 2026-03-08\n\n案B。\n\n## 2026-03-15\n\n案Cに決定。"


def test_a_bare_history_word_is_not_a_changelog(mem_dir, root):
    entry(mem_dir, "design_ja.md", ROUNDS_JA, "治具の設計の履歴", title="治具設計の履歴")
    entry(mem_dir, "design_zh.md", ROUNDS_JA, "夹具设计的历史记录", title="夹具设计历史记录")
    entry(mem_dir, "log_ja_why.md", ROUNDS_JA + "\n\n**Why:** 精度が出るため。", "治具の変更履歴")
    entry(mem_dir, "log_ja.md", ROUNDS_JA, "治具の更新履歴", title="治具の更新履歴")
    entry(mem_dir, "log_zh.md", ROUNDS_JA, "夹具的变更记录", title="夹具变更记录")
    got = run(mem_dir, root)
    for name in ("design_ja.md", "design_zh.md", "log_ja_why.md"):
        assert not any("dated rounds" in r for r in got[name].reasons), (name, got[name].reasons)
    for name in ("log_ja.md", "log_zh.md"):
        assert (got[name].action, got[name].test) == ("archive", 1), (name, got[name].reasons)
