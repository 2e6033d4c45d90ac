"""Stop 49 (issue 36): statements of the state of work with a time anchor, by their shape — the last
commit named by its hash, a thing done and the next step waiting, "next step is …" said in a
sentence, a status heading dated by its month — and their look-alikes. Texts
written for these tests, modelled on the shapes seen, none copied."""
from tui.core.judging.status_blocks import status_block_findings
from tui.core.judging.wording import transient_findings


def _blocks(text, entry="notes.md"):
    return [f for f in status_block_findings(entry, text, text) if f.rule == "status-block"]


def _words(text, entry="notes.md"):
    return [f for f in transient_findings(entry, text) if f.rule == "time-word"]


HEAD = "---\nname: invoice tool\ndescription: how the invoice tool builds its PDFs\ntype: project\n---\n\n"


# -- the last commit, named by its hash ------------------------------------------------------------

def test_last_commit_heading_with_a_hash_is_a_status():
    from tui.core.textutil import without_code
    text = HEAD + ("# Invoice tool\n\nPDFs are built from the orders table.\n\n## Last commit\n"
                   "`c41e09b` – \"Round the totals in the summary\" (2026-05-02)\n")
    found = [f for f in status_block_findings("notes.md", text, without_code(text)) if f.rule == "status-block"]
    assert [f.line for f in found] == [11]


def test_last_commit_label_in_german_is_a_status():
    text = HEAD + "# Rechnungen\n\n- Letzter Commit: 9be41d7 (2026-04-11), danach nichts gepusht\n- Build: make pdf\n"
    assert [f.line for f in _blocks(text)] == [9]


def test_last_commit_without_a_hash_is_no_status():
    text = HEAD + ("# Rules\n\n- Always name the last commit in the PR description.\n"
                   "- The last commit of a release branch is tagged by CI.\n")
    assert _blocks(text) == []


# -- a thing done and the next one waiting ---------------------------------------------------------

def test_done_and_pending_steps_in_chinese_is_a_status():
    text = HEAD + "## 任务\n\n- 内容：导出接口改造。\n- 状态：本地实现和测试已完成，待提交、推送和部署。\n"
    assert [f.line for f in _blocks(text)] == [10]


def test_pending_list_name_alone_is_no_status():
    text = HEAD + "## 约定\n\n- 待办事项统一写在 TODO.md 里，完成后删掉那一行。\n"
    assert _blocks(text) == []


# -- "next step is …" said in a sentence -----------------------------------------------------------

def test_next_step_said_in_a_sentence_is_a_status():
    text = HEAD + ("Ana writes the thesis with the agent as a reviewer.\n\n"
                   "**Why:** The abstract is due on 2026-03-27. Próximo passo é a Ana escrever o resumo.\n")
    assert [f.line for f in _blocks(text)] == [9]


def test_next_step_in_a_rule_is_no_status():
    text = HEAD + ("- If the build fails, the next step is to read the whole log before retrying.\n"
                   "- Always end a review with the next step: what to run and where.\n")
    assert _blocks(text) == []


# -- "currently" in Chinese said as a statement ---------------------------------------------------

def test_dangqian_as_a_statement():
    assert [f.line for f in _words("# 项目\n\n用户在 `e:/work/shop`（当前为完全空目录）里练习。\n")] == [3]
    assert _words("# 约定\n\n当前版本号写在 VERSION 文件里，发布前更新。\n") == []


def test_not_yet_in_a_when_clause_is_no_statement():
    assert _words("# 部署\n\n- 脚本可能在容器已停止但备份尚未开始时提前退出，需要先看日志。\n") == []


# -- a status heading dated by its month -------------------------------------------------------------

def test_status_heading_dated_by_month_is_a_status():
    text = HEAD + "## Web vitals - Estado Marzo 2026\n\n- LCP: 3.6s\n- CLS: 0.02\n"
    assert [f.line for f in _blocks(text)] == [7]


# -- an open state standing alone as a heading or an item's label ----------------------------------

def test_still_pending_heading_is_a_status():
    text = HEAD + "# Indexer\n\n## Done\n- sync job\n\n## Still pending\n- preview variants\n- job polling in the UI\n"
    assert [f.line for f in _blocks(text)] == [12]
    text = HEAD + "# Tests\n\n- Pendiente: 1 test de reintentos sigue fallando (espera 4 llamadas, recibe 12).\n"
    assert [f.line for f in _blocks(text)] == [9]


def test_a_heading_naming_pending_things_is_no_status():
    text = HEAD + "# Queue\n\n## Pending migrations\n- run `make migrate` before deploying\n"
    assert _blocks(text) == []
    # an index's group of files
    index = "# Memory\n\n## Pending\n- [ads_api.md](ads_api.md) — the API access request and what to do once approved\n"
    assert _blocks(index, "MEMORY.md") == []


# -- a progress table: done rows and open rows under a status column ---------------------------------

def test_progress_table_with_done_and_open_rows_is_a_status():
    text = HEAD + ("# Phase 1\n\n| Task | Status |\n|---|---|\n| Domain entities | ✅ Done |\n"
                   "| Repository interfaces | 🟡 Todo — next |\n| Cache keys | 🟡 Todo |\n")
    assert [f.line for f in _blocks(text)] == [12]


def test_tables_that_are_no_progress():
    delivered = HEAD + "# Release 2\n\n| Feature | Status |\n|---|---|\n| Export | ✅ Done |\n| Import | ✅ Done |\n"
    states = HEAD + ("# Orders\n\n| Status | Meaning |\n|---|---|\n| pending | not paid yet |\n"
                     "| done | paid and shipped |\n")
    assert _blocks(delivered) == [] and _blocks(states) == []


# -- a sprint's progress list, this week, a job left half done --------------------------------------------

def test_a_sprint_progress_list_is_a_log():
    from tui.core.judging.wording import process_findings
    text = HEAD + "Sprint 7 (until 2026-11-29):\n- [x] availability endpoint\n- [x] free unpaid bookings\n- [ ] SMS\n"
    assert [f.rule for f in process_findings("progreso_sprint_7.md", text)] == ["session-log"]
    assert process_findings("sprint_rules.md", HEAD + "- Sprints last two weeks.\n- Demo on Fridays.\n") == []


def test_this_week_and_half_done_work():
    assert [f.line for f in _words("# Avisos\n\nTODO esta semana: añadir el aviso por SMS.\n")] == [3]
    assert [f.line for f in _words("# Export\n\nI'm halfway through the CSV export; continue from the admin action.\n")] == [3]
    assert [f.line for f in _words("# Avisos\n\nEstoy a medias con el envío de SMS en la rama feat/sms.\n")] == [3]
    # a rule of every week, a share of a route
    assert _words("# Reglas\n\nCada lunes se revisa lo que entra esta semana y la anterior.\n") == []
    assert _words("# Route\n\nThe bus stops halfway through the route at the depot.\n") == []


# -- a status file by design: its one finding names the lines that say a moment ------------------

def test_a_status_files_finding_lists_its_moments(tmp_path):
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit_dir
    mem, root = tmp_path / "memory-bank", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    (mem / "projectbrief.md").write_text("# Brief\nA booking site for a padel club.\n", encoding="utf-8")
    (mem / "activeContext.md").write_text(
        "# Active context\n\n## Work\n- Refunds now go through the payments service.\n"
        "- Pendiente: 1 retry test still fails (expects 4 calls, gets 12).\n\n"
        "### 7) Estado actual de los servicios (compose up)\n| Port | Service | State |\n|---|---|---|\n"
        "| 3000 | web | 200 |\n", encoding="utf-8")
    found = [f for f in audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings
             if f.kind == "process"]
    assert [(f.id, f.rule) for f in found] == [("activeContext.md", "process-file")]
    assert [p.line for p in found[0].places] == [5, 7]


def test_japanese_status_heading_of_now_is_a_status():
    text = HEAD + "# 概要\n\n## 現在のステータス\n\n- フェーズ: テスト開始\n- 進み具合: 約 30%\n"
    assert [f.line for f in _blocks(text)] == [9]
    assert _blocks(HEAD + "# API\n\n## ステータスコード\n\n- 404: 見つからない\n") == []
