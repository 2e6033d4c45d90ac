"""Issue 37, stop 40: test 1 read from an entry's shape, in any language — a table keyed by dates
is a log, an item struck out is done; a static table and a correction struck inside a sentence
are neither. All text written here."""
from __future__ import annotations

from conftest import growth, triage_entry as entry, triaged
from tui.core.reports.triage_lines import read_body
from tui.core.reports.triage_shape import dated_table_row, struck


def test_a_row_whose_first_cell_is_a_date_is_a_log_row_in_any_date_form():
    for row in ("| 2026-03-04 | 缓存目录迁移 | 旧目录已删除 |", "| 3/7 | Kundentermin | erledigt |",
                "| 2026年3月4日 | 配置更新 | 完成 |", "| **2026-02-10-12** | Workshop | notes sent |",
                "| Mar 4 | moved the bucket | ok |"):
        assert dated_table_row(row), row
    for row in ("| port | 8080 | the API |", "| Date | Event | Result |", "| v2.3 | 21% | 1.5 |",
                "2026-03-04: moved the bucket"):
        assert not dated_table_row(row), row


def test_an_item_struck_out_is_done_but_a_correction_inside_a_sentence_is_not():
    assert struck("- ~~P1 — reproduce on the laptop~~ — 완료")
    assert struck("## ~~Phase 2: import~~ done")
    assert not struck("Use the ~~old~~ new endpoint for uploads.")
    assert not struck("- the ~~v1~~ client is gone")


def test_a_dated_log_table_is_archive_though_a_row_names_a_pitfall(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    rows = "\n".join(f"| 2026-05-{d:02d} | 任务{d} | 已处理，记录在案 |" for d in range(1, 9))
    entry(mem, "ops_log.md", "# 操作记录\n\n| 日期 | 事项 | 摘要 |\n| --- | --- | --- |\n" + rows +
          "\n| 2026-05-09 | 踩坑记录功能上线 | 新表保存手工日志 |", description="操作")
    s = triaged(mem, root)["ops_log.md"]
    assert s.action == "archive", s.reasons
    assert "2026-05-01" in s.reasons[0]


def test_a_static_reference_table_is_no_log(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "ports.md", "| service | port | note |\n|---|---|---|\n| api | 8080 | public |\n"
          "| worker | 9090 | internal only |\n| db | 5432 | never exposed |", description="which service listens where")
    assert triaged(mem, root)["ports.md"].action != "archive"


def test_struck_items_count_as_done_lines():
    r = read_body("- ~~build the parser~~ — done\n- ~~wire the CLI~~\n- write the docs\n", 5)
    assert [ln.kind for ln in r.lines][:2] == ["final", "final"]


def test_a_file_named_by_its_day_alone_is_that_days_record(tmp_path):
    from tui.core.reports.triage_history import day_of
    from tui.core.reports.triage_rules import record_name
    assert record_name("memory/2026-02-22.md") and record_name("2026_04_18.md") and record_name("20260418.md")
    assert not record_name("decisions/cache-split-2026-04-20.md") and not record_name("2026-roadmap.md")
    assert day_of("memory/2026-02-30.md") is None
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "2026-10-02.md", "# 2026-10-02\n\n- ✅ 見積もりを送付\n- 顧客と打ち合わせ、来週に再確認\n"
          "- 次回: デモ環境を準備する", description="作業メモ")
    assert triaged(mem, root)["2026-10-02.md"].action == "archive"


def test_an_openclaw_day_log_is_archived_once_the_agent_no_longer_reads_it(tmp_path):
    import datetime as dt
    from tui.core.reports.triage_history import day_log
    now = dt.datetime(2026, 12, 7, 9, tzinfo=dt.timezone.utc)
    assert day_log("memory/2026-12-06.md", now, []) is None          # yesterday's: read at the start
    old = day_log("memory/2026-11-20.md", now, ["line 4: process: a rule"])
    assert old.action == "archive" and "2026-11-20" in old.reasons[0] and "line 4" in old.reasons[1]


def test_a_status_file_is_weighed_archive_when_it_only_tells_where_work_stood(tmp_path):
    from conftest import write
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    write(bank, "projectbrief.md", "# Brief\n\nA tool that sorts scanned receipts by shop.\n")
    write(bank, "activeContext.md", "# Текущий контекст\n\n## Сейчас\n\n- Переносим импорт в новый модуль.\n"
          "- Следующий шаг: проверить экспорт.\n- Тесты импорта пока красные.\n")
    write(bank, "progress.md", "# Progress\n\n- Always run the import twice: the first pass only fills the cache.\n"
          "- Never write receipts to the shared drive: its quota silently drops files.\n"
          "- Why: the owner lost a month of scans that way.\n- Root cause of the slow export: one query per row.\n"
          "- Import: in progress.\n")
    from conftest import NOW
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    seen = detect(bank, None)
    assert seen.layout.name == "cline"
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    got = triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()
    assert got["activeContext.md"].action == "archive", got["activeContext.md"].reasons
    assert got["progress.md"].action == "edit", got["progress.md"].reasons      # lasting lines among the status
    assert "4 of its 5 lines hold" in " ".join(got["progress.md"].reasons)


def test_a_file_named_for_the_moment_is_a_record_of_it(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "NOW.md", "- 目標: 見積もりの提出状況を確認\n- 次: 倉庫の下見\n- 懸念: 締め切りが不明", description="")
    s = triaged(mem, root)["NOW.md"]
    assert s.action == "archive", s.reasons


def test_a_status_file_worded_as_a_rule_is_edited_and_says_so(tmp_path):
    from conftest import NOW, write
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    write(bank, "projectbrief.md", "# Brief\n\nA tool that sorts scanned receipts by shop.\n")
    write(bank, "activeContext.md", "---\nname: Always check the import first\ndescription: Always check the import first\n"
          "---\n\nThe importer is the part being rewritten.\n")
    seen = detect(bank, None)
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    got = triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()["activeContext.md"]
    assert got.action in ("edit", "archive") and got.reasons


TOUR = """## Pantallas

### Inicio (`app/screens/Home.tsx`)
- Lista de recibos agrupados por tienda
- Botón para escanear uno nuevo
- Filtro por mes en la cabecera

### Detalle (`app/screens/Detail.tsx`)
- Foto del recibo y sus líneas
- Total con impuestos aparte
- Compartir como imagen

### Servicios
- `app/services/api.ts`: llamadas al backend
- Tema oscuro y claro según el sistema
- Iconos de la librería estándar
- Textos en español e inglés
"""


def test_a_tour_of_files_the_project_has_is_drop_citing_them(tmp_path):
    from conftest import write
    mem, root = tmp_path / "mem", tmp_path / "root"
    for rel in ("app/screens/Home.tsx", "app/screens/Detail.tsx", "app/services/api.ts"):
        write(root, rel, "")
    entry(mem, "project_app.md", TOUR, description="pantallas y servicios de la app")
    s = triaged(mem, root)["project_app.md"]
    assert s.action == "drop", s.reasons
    assert "app/screens/Home.tsx (the file exists)" in s.reasons[0]
    why, dated = tmp_path / "why", tmp_path / "dated"   # (apart: two copies of one text are a duplicate)
    entry(why, "project_app.md", TOUR + "\n**Why:** el detalle se separó para poder compartirlo sin abrir la lista.\n",
          description="pantallas y servicios de la app")
    entry(dated, "decisions/screens-2026-04-20.md", TOUR, description="pantallas y servicios de la app")
    assert triaged(why, root)["project_app.md"].action != "drop"
    assert triaged(dated, root)["decisions/screens-2026-04-20.md"].action != "drop"


def test_a_tour_of_files_the_project_lacks_is_no_drop(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "project_app.md", TOUR, description="pantallas y servicios de la app")
    assert triaged(mem, root)["project_app.md"].action != "drop"


def test_a_wrapped_sentence_is_one_item_and_a_list_is_not_joined():
    r = read_body("The importer skips a row without a date\nand writes nothing to the log. It is not stuck.\n"
                  "- first item\n- second item\nNext:\n- write the docs\n## Title\nText under it\n", 5)
    kinds = [(ln.n, ln.kind) for ln in r.lines]
    assert kinds[:2] == [(5, "plain"), (6, "cont")]
    assert r.lines[0].text.endswith("It is not stuck.")          # the item's text is the whole sentence
    assert [ln.kind for ln in r.lines][2:4] == ["plain", "plain"]
    assert len(r.content) == 6                                  # the wrapped line is no item of its own


def test_a_trap_on_the_second_line_of_a_wrapped_sentence_is_read():
    r = read_body("키를 두 번 쓰면 중복이 생긴다: 원인은\n캐시가 키를 지우지 않기 때문이다 — it turned out the cache keeps it\n", 1)
    assert r.lines[0].kind == "learned"


def test_one_common_word_is_no_lesson_learned():
    for text in ("La solución usa una cola por tienda.", "Причина выбора: цена.", "La causa del cliente es otra.",
                 "Урок математики по средам.", "Nguyên nhân chính của dự án", "Una lezione di prova"):
        assert read_body(text, 1).lines[0].kind != "learned", text
    for text in ("La solución fue reiniciar el worker.", "Причина была в кэше.", "La causa fue el huso horario."):
        assert read_body(text, 1).lines[0].kind == "learned", text


def test_a_headline_alone_does_not_archive_lessons_with_no_line_of_process(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    body = ("The parser drops rows whose date has a trailing space; the fix was to strip before parsing.\n\n"
            "It turned out the cache key ignored the locale, so two languages shared one entry.\n\n"
            "Root cause of the slow export: one query per row instead of one per page.\n\n"
            "The export writes UTF-8 with a BOM for the spreadsheet users.\n\n"
            "Pages are 200 rows; the viewer shows 50 at a time.\n\n" +
            "".join(f"Shop {k} sends its receipts as one PDF per month.\n\n" for k in range(8)))
    entry(mem, "summary.md", body, description="수입 도구 PoC — 지금까지 진행 상황과 발견한 버그 요약")
    s = triaged(mem, root)["summary.md"]
    assert s.action != "archive", s.reasons


def test_a_paragraph_wrapped_over_four_lines_is_one_item():
    """read_body joined only the first wrapped line: the line after a 'cont' started an item of its
    own, so a paragraph of four wrapped lines counted as two items (and a trap across the second
    seam went unread)."""
    r = read_body("The cache is warmed by the nightly job which reads\nthe tenant list from the admin database and then\n"
                  "fills redis with each tenant's settings so that\nthe first request of the day is fast.\n- Next: fix it\n", 1)
    assert [ln.kind for ln in r.lines][:4] == ["plain", "cont", "cont", "cont"]
    assert r.lines[0].text.endswith("the first request of the day is fast.") and len(r.content) == 2


def test_a_long_unpunctuated_dump_is_read_in_linear_time():
    def dump(n):
        return "\n".join(f"row {i} of the export has the tenant and its plan and the region" for i in range(n))
    small, big = dump(1500), dump(6000)
    # four times the lines: linear reading takes about four times as long, joins that chain
    # without WRAP_MAX sixteen
    assert growth(lambda body: read_body(body, 1), small, big) < 8
