"""Issue 37, stop 47 after the held-out reading: a memory-bank file never filled in (its headings and
placeholders only) is drop; a line of the moment in more shapes (a plan for tonight, an event 'this
Friday', a state 'at the moment' with its cause, 'today I'm testing') is edit of that line; a 'for
now' in a parenthesis of a joined paragraph decides nothing alone. All text written here."""
from __future__ import annotations

from conftest import NOW, triage_entry as entry
from tui.core.snapshots.memory import Memory
from tui.core.reports.audit import audit
from tui.core.reports.triage import Usage, triage
from tui.core.judging.blanks import template_only


def run(mem_dir, root):
    mem = Memory.load(mem_dir, root, now=NOW)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()


def _bank(tmp_path, files: dict[str, str]):
    from conftest import write
    from tui.core.layouts import detect
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    for name, text in files.items():
        write(bank, name, text)
    seen = detect(bank, None)
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()


_TECH = ("# techContext.md\n\nThis file records the stack, the tools and the constraints of the project.\n\n"
         "## Stack\n- (language / framework)\n\n## Tools\n- (editor, build tool)\n- (CI)\n\n"
         "## Constraints\n- (constraint 1)\n- (constraint 2)\n\n## Dependencies\n- [dependency 1]\n- [dependency 2]\n\n"
         "## Note\nKeep this file up to date as the project grows.\n")
_ACTIVE = ("# activeContext\n\nQuesto file tiene traccia del lavoro in corso.\n\n## Focus attuale\n<fill in the current focus>\n\n"
           "## Modifiche recenti\n- (modifica 1)\n- (modifica 2)\n\n## Prossimi passi\n- (passo 1)\n- (passo 2)\n\n"
           "## Decisioni\n- TBD\n")


def test_a_memory_bank_file_of_headings_and_placeholders_is_drop(tmp_path):
    got = _bank(tmp_path, {"projectbrief.md": "# Brief\n\nA bakery's order and delivery app.\n",
                           "techContext.md": _TECH, "activeContext.md": _ACTIVE})
    for i in ("techContext.md", "activeContext.md"):
        assert got[i].action == "drop", (i, got[i].action, got[i].reasons)
        assert "placeholder" in got[i].reasons[0], got[i].reasons
    assert got["projectbrief.md"].action != "drop"


def test_a_partly_filled_template_or_a_list_of_links_is_no_template():
    partly = ("# techContext\n\n## Stack\n- Python 3.12, FastAPI, Postgres 16\n\n## Tools\n- uv for the env, ruff for lint\n\n"
              "## Constraints\n- the API must answer within 300 ms\n\n## Dependencies\n- (dependency 1)\n")
    links = ("# References\n\n## Docs\n- [API guide](https://example.org/api)\n- [Style](docs/style.md)\n\n"
             "## Specs\n- [Payment flow](docs/pay.md)\n\n## Old\n- (none yet)\n")
    assert template_only(partly) is None
    assert template_only(links) is None
    assert template_only(_TECH) is not None


def test_a_line_of_the_moment_in_more_shapes_is_edit_of_that_line(mem_dir, root):
    entry(mem_dir, "import_resume.md", "`import` skips rows whose id is already in the table, so a stopped run can be\n"
          "started again with no flag.\nRight now 60% of the archive is imported; I'll resume it tonight.\n"
          "Rows with an empty date are written to rejects.csv, never dropped.", description="import is resumable")
    entry(mem_dir, "tile_source.md", "Use the 2022 map tiles; the 2019 set misses the new ring road.\n"
          "Today I'm also testing the 2019 set on the side to compare sizes.", description="Which tile set to use")
    entry(mem_dir, "tasting.md", "Guests prefer two sweet courses to one; a single dessert reads as a cut.\n"
          "The next tasting is this Thursday with six guests.", description="What tastings taught about the menu")
    entry(mem_dir, "build_box.md", "Builds run on a `debian-12` runner; the image lacks libjpeg, so Pillow is built from wheels.\n"
          "The build is broken at the moment because of the linter upgrade; ignore it until I fix it.",
          description="Build runner quirks")
    got = run(mem_dir, root)
    for i, n in (("import_resume.md", 9), ("tile_source.md", 8), ("tasting.md", 8), ("build_box.md", 8)):
        assert got[i].action == "edit" and got[i].lines == [n], (i, got[i].action, got[i].lines, got[i].reasons)


def test_lines_that_only_sound_like_the_moment_keep_the_entry(mem_dir, root):
    entry(mem_dir, "release_day.md", "Releases go out on Thursday; the tag is cut the evening before.\n"
          "Failing builds are retried once because the runners are flaky.", description="Release day")
    entry(mem_dir, "resume_rule.md", "When an import stops, it will resume from the last committed id; "
          "nothing is read twice.", description="Import resume rule")
    got = run(mem_dir, root)
    assert got["release_day.md"].action == "keep", got["release_day.md"].reasons
    assert got["resume_rule.md"].action == "keep", got["resume_rule.md"].reasons


def test_for_now_in_a_parenthesis_of_a_joined_paragraph_is_no_status(mem_dir, root):
    entry(mem_dir, "umlauts.md", "In the guessing rule a wrong \"o\" does not reveal \"ö\". The user chose this so that\n"
          "spelling is part of the game; the word list must therefore not favour words heavy with\n"
          "umlauts (cap: at most two per word, checked by hand for now).",
          description="Umlauts and plain vowels are different letters", type_="project")
    got = run(mem_dir, root)
    assert got["umlauts.md"].action == "keep", got["umlauts.md"].reasons


def test_settings_listed_in_one_wrapped_sentence_that_a_config_holds_are_drop(mem_dir, root):
    from conftest import write
    write(root, "conf/shop.toml", "[sync]\npoll_secs = 30\nbatch_size = 200\n\n[print]\npaper_mm = 80\n"
                                  "copies = 2\nmargin_mm = 3\nspool_dir = \"var/spool\"\n")
    entry(mem_dir, "sync_values.md", "Nightly sync polls the supplier every `poll_secs = 30` with `batch_size = 200`; receipt printing\n"
          "uses `paper_mm = 80`, `copies = 2` and `margin_mm = 3`, and the printer queues its jobs in\n`var/spool`.",
          description="Current sync and print limits", type_="reference")
    entry(mem_dir, "sync_why.md", "Sync polls every `poll_secs = 30` with `batch_size = 200` because the supplier's\n"
          "API bans clients that send more than ten requests a minute and answers slowly at night; keep both.",
          description="Why sync is slow on purpose", type_="reference")
    got = run(mem_dir, root)
    assert got["sync_values.md"].action == "drop", got["sync_values.md"].reasons
    assert any("conf/shop.toml:" in x for x in got["sync_values.md"].reasons), got["sync_values.md"].reasons
    assert got["sync_why.md"].action == "keep", got["sync_why.md"].reasons


def test_a_session_file_named_for_its_day_and_a_topic_is_that_days_record():
    import datetime as dt
    from tui.core.reports.triage_history import day_log
    now = dt.datetime(2026, 12, 7, 9, tzinfo=dt.timezone.utc)
    old = day_log("memory/2026-09-14-printer-timeout.md", now, [])
    assert old is not None and old.action == "archive" and "2026-09-14" in old.reasons[0]
    assert day_log("memory/2026-12-06-printer-timeout.md", now, []) is None   # yesterday's
    assert day_log("memory/printer-2026-09-14.md", now, []) is None           # a topic, dated: not a day's file


def test_a_timeline_of_one_incident_is_archive_and_a_schedule_is_not(mem_dir, root):
    entry(mem_dir, "outage_timeline.md", "2026-08-02 09:10 first timeouts; 09:14 queue backs up; 09:30 payments stop;\n"
          "09:41 worker restarted; 10:05 backlog drained. Root cause: the worker never released its lock.\n"
          "Fix shipped the same day.", description="Timeline of the 2026-08-02 payment outage")
    entry(mem_dir, "cron_times.md", "Backups run at 02:00, the price import at 06:30 and the report mail at 07:15;\n"
          "never move the import before the backup ends.", description="When the nightly jobs run")
    got = run(mem_dir, root)
    assert got["outage_timeline.md"].action == "archive", got["outage_timeline.md"].reasons
    assert "timeline" in got["outage_timeline.md"].reasons[0], got["outage_timeline.md"].reasons
    assert got["cron_times.md"].action != "archive", got["cron_times.md"].reasons


def test_a_headline_that_says_the_work_was_finished_on_a_day_is_its_report(mem_dir, root):
    body = ("# Checkout v3\n\n**Trigger**: the owner said checkout was slow and confusing\n\n## Idea\n\n"
            "- v2: one page per step, each saving the cart\n- v3: one page, the cart saved once at the end\n\n## Points\n\n"
            "1. The cart keeps prices in cents\n2. Payment runs after the stock check\n3. One screen instead of three\n\n"
            "## Files\n\n- cart.ts: cart and totals\n- pay.ts: payment and receipt\n")
    entry(mem_dir, "rewrite_en.md", body, description="Checkout rewrite — completed 2026-06-22")
    entry(mem_dir, "rewrite_zh.md", body, description="结算页重构——2026.6.22 完成")
    entry(mem_dir, "cents.md", "Prices are stored in cents everywhere; the UI formats them.",
          description="Prices in cents — decided 2026-06-22")
    got = run(mem_dir, root)
    for i in ("rewrite_en.md", "rewrite_zh.md"):
        assert got[i].action == "archive", (i, got[i].action, got[i].reasons)
    assert got["cents.md"].action == "keep", got["cents.md"].reasons


def test_a_current_focus_label_among_lasting_lines_is_edit_of_that_line(mem_dir, root):
    entry(mem_dir, "profile.md", "# Profile\n\n## Role\n- Lead of the billing service, owns its schema\n"
          "- Current focus: moving invoices to the new queue\n\n## Setup\n- macOS + zsh\n- Go 1.22 for services\n\n"
          "## Preferences\n- short answers, tables over prose\n- every change ships with a test\n",
          description="Who the user is and how they work", type_="user")
    entry(mem_dir, "profile_zh.md", "# 用户画像\n\n## 角色\n- 结算服务负责人，负责其数据结构\n"
          "- 当前重点：把发票迁移到新的队列\n\n## 环境\n- macOS + zsh\n- Go 1.22 开发服务\n\n"
          "## 偏好\n- 回答简短，表格优先\n- 每次改动都附带测试\n",
          description="用户角色与偏好", type_="user")
    entry(mem_dir, "focus_ring.md", "The current focus ring is drawn by the browser; never hide it with CSS.",
          description="Focus ring")
    got = run(mem_dir, root)
    assert got["profile.md"].action == "edit" and got["profile.md"].lines == [11], got["profile.md"].reasons
    assert got["profile_zh.md"].action == "edit" and got["profile_zh.md"].lines == [11], got["profile_zh.md"].reasons
    assert got["focus_ring.md"].action != "edit", got["focus_ring.md"].reasons
