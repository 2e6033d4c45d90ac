"""Issue 37, stop 39: principles that had to hold on more than one labelled pool before they
were kept (a trap named by its file, the record of one event, a note about one person).
Every text here is written for the test (a made-up bicycle-repair shop)."""
from __future__ import annotations

from conftest import write, triage_entry as entry, triaged as run


def test_a_trap_named_by_its_file_is_kept_not_promoted(mem_dir, root):
    # in Claude Code's shape (a first sentence, then Why / How to apply), but the file calls it a trap
    body = ("The parts API rounds prices to whole cents on its side.\n\n**Why:** invoices were off by a cent.\n\n"
            "**How to apply:** compare totals, not line prices.")
    entry(mem_dir, "trap_parts_api_rounding.md", body, "The parts API rounds prices itself", type_="feedback")
    entry(mem_dir, "near-miss-spoke-tension.md", "The tension gauge reads 10 % high above 30 °C.\n\n"
          "**Why:** two wheels were built too loose in July.\n\n**How to apply:** measure indoors.",
          "The tension gauge reads high when it is hot", type_="feedback")
    entry(mem_dir, "gotcha_tz_ja.md", "部品APIは価格を自社側で丸める。\n\n**Why:** 請求書が1円ずれた。",
          "部品APIは価格を自社側で丸める。", type_="feedback")
    got = run(mem_dir, root)
    for name in ("trap_parts_api_rounding.md", "near-miss-spoke-tension.md", "gotcha_tz_ja.md"):
        assert got[name].action == "keep", (name, got[name].action, got[name].reasons)
        assert any("learned, not set" in r for r in got[name].reasons), got[name].reasons


def test_a_rule_whose_file_name_merely_contains_trap_letters_still_promotes(mem_dir, root):
    entry(mem_dir, "feedback_strap_torque.md", "Always torque saddle straps to 5 Nm.\n\n**Why:** the user said so.",
          "Always torque saddle straps to 5 Nm", type_="feedback")
    got = run(mem_dir, root)
    assert got["feedback_strap_torque.md"].action == "promote", got["feedback_strap_torque.md"].reasons


def test_the_notes_of_one_session_or_meeting_are_archived(mem_dir, root):
    entry(mem_dir, "passation.md", "Où j'en suis : la branche feat/rayons compile, deux tests rouges.\n"
          "Reprendre par le test des rayons.", "Notes de fin de session", title="Passation — où j'en suis")
    entry(mem_dir, "meeting.md", "Attendees: Ana, Joe, the user.\nAgreed to look at winter prices in March.",
          "Notes from the spring planning call with the supplier", title="planning meeting 2026-03-02")
    got = run(mem_dir, root)
    for name in ("passation.md", "meeting.md"):
        assert got[name].action == "archive", (name, got[name].reasons)
        assert "records work" in got[name].reasons[0], got[name].reasons


def test_a_meeting_cadence_is_not_a_record_of_a_meeting(mem_dir, root):
    entry(mem_dir, "cadence.md", "The team meets the supplier every first Monday; prices change after it.\n\n"
          "**Why:** the supplier updates its list then.", "When supplier prices change")
    got = run(mem_dir, root)
    assert got["cadence.md"].action == "keep", got["cadence.md"].reasons


def test_what_one_person_likes_is_their_memory_not_a_rule_for_everyone(mem_dir, root):
    entry(mem_dir, "user_explain.md", "Step by step, with the mechanics behind each repair.\n用户希望先讲原理。",
          "用户偏好的讲解方式", type_="user")
    entry(mem_dir, "user_style.md", "The user likes short answers with one example.",
          "The user's preferences for explanations", type_="user")
    entry(mem_dir, "user_small_prs.md", "The user prefers pull requests under 300 changed lines.",
          "Keep pull requests small", type_="user")
    got = run(mem_dir, root)
    for name in ("user_explain.md", "user_style.md"):
        assert got[name].action == "keep", (name, got[name].action, got[name].reasons)
    assert got["user_small_prs.md"].action == "promote", got["user_small_prs.md"].reasons


def test_files_in_a_folder_the_project_lacks_are_not_called_gone(mem_dir, root):
    # the project we see is the backend; the entry names three frontend files: triage cannot see them
    write(root, "backend/app.py", "print('shop')\n")
    write(root, "web/old/.keep", "")
    body = ("When adding a page, touch these three places:\n1. `frontend/src/Layout.jsx` — the menu item\n"
            "2. `frontend/src/App.jsx` — the route\n3. `frontend/src/pages/Team.jsx` — the roles\n\n"
            "**Why:** a page missing from one of them cannot be opened by mechanics.")
    entry(mem_dir, "new_page.md", body, "Three places to touch for a new page")
    # files gone from folders the project has: the entry is about files that are no more
    entry(mem_dir, "old_web.md", "`web/old/index.html` and `web/old/cart.js` hold the shop's cart.",
          "Where the old cart lives")
    got = run(mem_dir, root)
    assert got["new_page.md"].action != "review", got["new_page.md"].reasons
    assert got["old_web.md"].action == "review", got["old_web.md"].reasons


SCHEMA = ('import sqlite3\n\nDDL = """\nCREATE TABLE repairs (\n    bike_id TEXT NOT NULL,\n    opened_at TEXT NOT NULL,\n'
          '    price_cents INTEGER NOT NULL,\n    PRIMARY KEY (bike_id, opened_at)\n);\n"""\n')


def test_a_listing_copied_out_of_one_project_file_is_drop_with_its_lines(mem_dir, root):
    write(root, "shop/db.py", SCHEMA)
    write(root, ".golangci.yml", "run:\n  timeout: 5m\nlinters:\n  enable:\n    - errcheck\n    - govet\n"
                                 "    - staticcheck\n    - gosec\n")
    entry(mem_dir, "schema.md", "The repairs table is created in `shop/db.py` with:\n\n    bike_id TEXT NOT NULL,\n"
          "    opened_at TEXT NOT NULL,\n    price_cents INTEGER NOT NULL,\n\nand a primary key on both.",
          "The SQLite table layout", type_="reference")
    # the number and its setting's name wrap onto two lines: one sentence
    entry(mem_dir, "linters.md", "golangci-lint runs errcheck, govet, staticcheck and gosec, with a 5 minute\n"
          "timeout for the whole run.", "Which linters run", type_="reference")
    got = run(mem_dir, root)
    for name, where in (("schema.md", "shop/db.py:5"), ("linters.md", ".golangci.yml:")):
        assert got[name].action == "drop", (name, got[name].action, got[name].reasons)
        assert where in got[name].reasons[0], got[name].reasons
    assert any(".golangci.yml:2" in r for r in got["linters.md"].reasons), got["linters.md"].reasons


def test_a_listing_with_a_reason_of_its_own_is_kept(mem_dir, root):
    write(root, "shop/db.py", SCHEMA)
    entry(mem_dir, "schema_why.md", "    bike_id TEXT NOT NULL,\n    opened_at TEXT NOT NULL,\n"
          "    price_cents INTEGER NOT NULL,\n\nPrices are cents because the till rounds floats wrongly.",
          "The repairs table", type_="reference")
    got = run(mem_dir, root)
    assert got["schema_why.md"].action == "keep", got["schema_why.md"].reasons


def test_a_headline_claude_md_holds_with_only_why_and_how_below_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n\n- 부품 가격은 공급사 시트 → Claude가 코드로 변환.\n- Run `make test` before a commit.\n")
    entry(mem_dir, "feedback_parts.md", "사용자는 공급사 시트를 통해 가격 → 코드 변환 방식을 선호함.\n\n"
          "**Why:** 가격 일관성을 위해.\n\n**How to apply:** 가격 작업 시 시트 링크를 먼저 받기.",
          "부품 가격은 공급사 시트에서 Claude가 코드로 변환하는 방식", type_="feedback")
    # the same headline, and a rule of its own the instruction lacks: not a restatement
    entry(mem_dir, "feedback_parts_rule.md", "사용자는 공급사 시트를 통해 가격 → 코드 변환 방식을 선호함.\n\n"
          "절대 할인 가격은 직접 입력하지 마세요.",
          "부품 가격은 공급사 시트에서 Claude가 코드로 변환하는 방식", type_="feedback")
    got = run(mem_dir, root)
    assert got["feedback_parts.md"].action == "drop", got["feedback_parts.md"].reasons
    assert "CLAUDE.md:3" in got["feedback_parts.md"].reasons[0], got["feedback_parts.md"].reasons
    assert got["feedback_parts_rule.md"].action != "drop", got["feedback_parts_rule.md"].reasons


def test_a_topic_headline_over_plain_notes_is_not_a_restated_rule(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n\n- Run the linter and the formatter before pushing.\n- Never edit generated files.\n"
                             "- Always test a repair price change.\n- Keep handlers small.\n- Never log card numbers.\n")
    entry(mem_dir, "format-runner.md", "When working on `shop/runner.py`, the fixture depends on the till.",
          "format runner notes for fixture")
    got = run(mem_dir, root)
    assert got["format-runner.md"].action != "drop", got["format-runner.md"].reasons


def test_a_feedback_topic_headline_over_plain_notes_is_not_a_restated_rule(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n\n- Always add a metrics label for each new queue worker.\n- Never edit generated files.\n"
                             "- Always test a repair price change.\n- Keep handlers small.\n- Never log card numbers.\n")
    entry(mem_dir, "queue-notes.md", "When working on `shop/queue.py`, the worker depends on the till export.",
          "queue notes for the worker", type_="feedback")
    got = run(mem_dir, root)
    assert got["queue-notes.md"].action != "drop", got["queue-notes.md"].reasons
