"""Issue 37, stop 37: contradictions and superseded rules go to review naming both entries;
rules and session logs in Korean, Japanese, Spanish and Portuguese are read as such."""
from __future__ import annotations

from conftest import NOW, write, triage_entry as entry, triaged as run
from tui.core.snapshots.memory import Memory
from tui.core.reports.audit import audit
from tui.core.reports.triage import Usage, triage


# -- 1. contradictions ---------------------------------------------------------------------------------

def test_two_values_of_one_named_setting_are_review_naming_both(mem_dir, root):
    entry(mem_dir, "timeout_a.md", "El timeout del cliente de pagos es de 2 s; más corto corta los reembolsos.")
    entry(mem_dir, "timeout_b.md", "The payments client timeout is 10 s: the provider asked for it in the contract.")
    got = run(mem_dir, root)
    for me, other in (("timeout_a.md", "timeout_b.md"), ("timeout_b.md", "timeout_a.md")):
        assert got[me].action == "review", got[me].reasons
        assert any(other in r and "line" in r for r in got[me].reasons)


def test_pool_sizes_across_languages_are_a_contradiction(mem_dir, root):
    entry(mem_dir, "pool_ko.md", "워커의 DB 커넥션 풀 크기는 8로 둔다. 더 크면 max_connections 에 걸린다.")
    entry(mem_dir, "pool_en.md", "The worker's database connection pool size is 40 since the batch import.")
    got = run(mem_dir, root)
    assert got["pool_ko.md"].action == got["pool_en.md"].action == "review"


def test_timeouts_of_different_things_are_no_contradiction(mem_dir, root):
    entry(mem_dir, "lock.md", "The advisory lock timeout is 5 s; the migration runner waits that long.")
    entry(mem_dir, "http.md", "The carrier HTTP client timeout is 30 s because label rendering is slow.")
    got = run(mem_dir, root)
    assert got["lock.md"].action != "review" and got["http.md"].action != "review"


def test_not_built_and_built_and_verified_are_review(mem_dir, root):
    entry(mem_dir, "invoice_pdf_a.md", "The invoice PDF renderer is not built; quotes go out as plain email.")
    entry(mem_dir, "invoice_pdf_b.md", "The invoice PDF renderer is built and verified against the tax office samples.")
    got = run(mem_dir, root)
    assert got["invoice_pdf_a.md"].action == got["invoice_pdf_b.md"].action == "review"


def test_a_client_library_version_against_a_server_version_is_no_conflict(mem_dir, root):
    entry(mem_dir, "client.md", "We talk to the cache with the redis-py client v5; its pipeline API is what we use.")
    entry(mem_dir, "server.md", "Production runs Redis 7 with persistence off: a restart empties the cache.")
    got = run(mem_dir, root)
    assert got["client.md"].action != "review" and got["server.md"].action != "review"


# -- 2. superseded rules -------------------------------------------------------------------------------

def test_an_early_rule_a_later_entry_replaced_is_review(mem_dir, root):
    entry(mem_dir, "pkg_early.md", "Always install packages with `npm ci`, never with yarn.", "Use npm",
          type_="feedback", modified="2026-03-01T10:00:00Z")
    entry(mem_dir, "pkg_now.md", "2026-09-02: we switched from npm to pnpm for the workspace; the lockfile is pnpm-lock.yaml.",
          "Package manager", modified="2026-09-02T10:00:00Z")
    got = run(mem_dir, root)
    assert got["pkg_early.md"].action == "review"
    assert any("pkg_now.md" in r and "superseded" in r for r in got["pkg_early.md"].reasons)
    assert got["pkg_now.md"].action != "review"


def test_a_count_the_later_entry_says_was_the_old_one_is_superseded(mem_dir, root):
    entry(mem_dir, "retry_old.md", "주문 웹훅 재시도는 항상 4회로 한다.", "주문 재시도", type_="feedback")
    entry(mem_dir, "retry_new.md", "Desde noviembre los webhooks de pedidos se reintentan 6 veces (antes eran 4).",
          "Reintentos")
    got = run(mem_dir, root)
    assert got["retry_old.md"].action == "review"
    assert got["retry_new.md"].action == "keep"


# -- 3. rules in every language ------------------------------------------------------------------------

def test_korean_japanese_spanish_imperatives_are_rules_to_promote(mem_dir, root):
    entry(mem_dir, "ko.md", "마이그레이션 파일은 직접 수정하지 마세요.", "마이그레이션 파일", type_="feedback")
    entry(mem_dir, "ja.md", "API のレスポンスは必ずスキーマで検証すること。", "レスポンス検証", type_="feedback")
    entry(mem_dir, "es.md", "No uses `datetime.now()` sin zona horaria en los servicios.", "Fechas", type_="feedback")
    got = run(mem_dir, root)
    for name in ("ko.md", "ja.md", "es.md"):
        assert got[name].action == "promote", (name, got[name].reasons)
        assert any("line" in r and "rule" in r for r in got[name].reasons)


# -- 4. session logs in every language -----------------------------------------------------------------

def test_session_logs_in_spanish_portuguese_korean_are_archived(mem_dir, root):
    entry(mem_dir, "es.md", "Sesión del 9 de octubre.\n\nHoy hicimos el importador de facturas y dos tests.\n\n"
          "Pendiente: revisar la paginación.", "Notas de octubre")
    entry(mem_dir, "pt.md", "Sessão de 14/10: hoje fizemos a tela de login.\n\nPróximos passos: testar no Android.",
          "Resumo")
    entry(mem_dir, "ko.md", "## 세션 요약\n\n오늘 작업: 정산 배치 리팩터링.\n\n다음 단계: 스테이징 확인.", "10월 작업")
    got = run(mem_dir, root)
    for name in ("es.md", "pt.md", "ko.md"):
        assert got[name].action == "archive", (name, got[name].reasons)


def test_a_korean_in_progress_line_among_durable_ones_is_an_edit(mem_dir, root):
    entry(mem_dir, "tax.md", "세금은 주문 합계에서 한 번만 반올림한다.\n\n라인별로 반올림하면 1원 차이가 난다.\n\n"
          "현재 진행 중: 부분 환불 리팩터링 (10월 2일 기준).", "세금 반올림")
    got = run(mem_dir, root)["tax.md"]
    assert got.action == "edit" and got.lines == [11]


# -- 5. keep names the line that holds; a description of code is drop -----------------------------------

def test_a_keep_names_the_durable_line(mem_dir, root):
    entry(mem_dir, "trap.md", "Refunds can only go back in the original currency.\n\n"
          "It turned out the acquirer rejects a refund in another currency with code R07.", "Refund currency")
    got = run(mem_dir, root)["trap.md"]
    assert got.action == "keep"
    assert got.reasons[0].startswith("holds: line 9 ") and got.lines == [9]


def test_an_entry_that_only_says_where_code_is_is_drop_with_the_files(mem_dir, root):
    (root / "src" / "shop").mkdir(parents=True)
    (root / "src" / "shop" / "settings.py").write_text("DEBUG = False\n")
    (root / "src" / "shop" / "main.py").write_text("app = None\n")
    entry(mem_dir, "layout.md", "`src/shop/settings.py` loads the settings from the environment.\n"
          "`src/shop/main.py` creates the web app.", "Where things are")
    entry(mem_dir, "layout_trap.md", "`src/shop/settings.py` is read before logging starts, so never log from it.",
          "Settings load early")
    got = run(mem_dir, root)
    assert got["layout.md"].action == "drop"
    assert any("src/shop/settings.py" in r and "exists" in r for r in got["layout.md"].reasons)
    assert got["layout_trap.md"].action != "drop"


def test_a_letta_resident_block_of_dated_bullets_is_archived(mem_dir, root):
    write(mem_dir, "system/persona.md", "---\ndescription: Who I am\n---\nI am the agent for the ledger service.\n")
    write(mem_dir, "system/estado.md", "---\ndescription: Estado del proyecto\n---\n"
          "- 2026-10-18 Migramos el importador a la cola de trabajos.\n"
          "- [2026-10-20] Se corrigió el redondeo del CSV.\n- Oct 22: desplegado en staging.\n")
    got = run(mem_dir, root)
    assert got["system/estado.md"].action == "archive", got["system/estado.md"].reasons
    assert got["system/persona.md"].action == "keep"


def test_numbers_that_are_no_versions_and_a_removal_are_no_conflict(mem_dir, root):
    entry(mem_dir, "margin_a.md", "Screen on NPM 28.5 or more for the commodity names; the rest is noise.")
    entry(mem_dir, "margin_b.md", "The registry flags NPM 0.45 as a forensic warning for the steel group.")
    entry(mem_dir, "api_a.md", "Fastify 500 errors on the upload route come from the body limit, not the handler.")
    entry(mem_dir, "api_b.md", "The API runs Fastify 4 with the multipart plugin registered first.")
    entry(mem_dir, "queue_a.md", "How to apply: the drinks hub was removed from the queue because of this rule.")
    entry(mem_dir, "queue_b.md", "Always link a new tool from its category hub page.", type_="feedback")
    got = run(mem_dir, root)
    assert all(s.action != "review" for s in got.values()), {k: s.reasons for k, s in got.items() if s.action == "review"}


def test_a_thing_that_is_gone_at_run_time_replaced_nothing(mem_dir, root):
    """'the pod is gone instantly' tells what happens at run time, not that a tool was replaced (stop 37)."""
    write(mem_dir, "deploy-notes.md", "---\nname: deploy notes\ndescription: how a worker node is set up\n"
          "type: project\nmodified: 2026-10-01\n---\n\nAlways delete the pod on the target node before the swap; never reuse it.\n")
    write(mem_dir, "speedup.md", "---\nname: speedup\ndescription: what the fast path changed\ntype: project\n"
          "modified: 2026-11-20\n---\n\n- Now: the pod is gone instantly in the swap step, and the replacement starts at once.\n")
    mem = Memory.load(mem_dir, root, now=NOW)
    got = triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()
    assert got["deploy-notes.md"].action != "review"
