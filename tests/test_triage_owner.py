"""Issue 37, stop 38: what a careful owner would do with records of work, lessons and rules,
in several languages. Every text here is written for the test (a made-up bakery app)."""
from __future__ import annotations

from conftest import write, triage_entry as entry, triaged as run


# -- test 1: records of work are archive, whatever language the headline is in --------------------------

def test_weekly_logs_handovers_and_sprint_goals_are_archived(mem_dir, root):
    entry(mem_dir, "woche.md", "- Mo: Kassenexport repariert.\n- Di: Rabattcodes ergänzt.\n- Mi: Review PR-42.",
          "Arbeitsprotokoll der Kalenderwoche", title="Arbeitsprotokoll")
    entry(mem_dir, "vertretung.md", "Stand Donnerstag: Filialimport halb fertig, Branch feat/filialen.\n"
          "Montag zuerst die Testdaten reparieren.", "Übergabenotizen für die Urlaubsvertretung", title="Übergabe")
    entry(mem_dir, "sprint.md", "Sprint 12: Bestellhistorie, Push-Spike, Preisimport.", "Goals for sprint 12",
          title="Sprint 12 goals")
    entry(mem_dir, "semana.md", "Lunes: migración de precios. Martes: pantalla de pedidos.",
          "Informe semanal del equipo de caja")
    entry(mem_dir, "zhou.md", "周一:修复收银导出。周二:加了折扣码。", "收银组周报")
    got = run(mem_dir, root)
    for name in ("woche.md", "vertretung.md", "sprint.md", "semana.md", "zhou.md"):
        assert got[name].action == "archive", (name, got[name].reasons)
        assert "records work" in got[name].reasons[0], got[name].reasons


def test_a_phase_implemented_and_a_closed_matter_are_archived(mem_dir, root):
    entry(mem_dir, "fase2.md", "FASE 2 implantada em 2026-10-02: cardápio por filial e migração executada.\n\n"
          "**Why:** cada filial vende produtos diferentes.", "FASE 2 implantada em 2026-10-02 — cardápio por filial")
    entry(mem_dir, "hornos.md", "**Cerrada el 3/10.** Probamos tres drivers de horno; quedó el de serie.\n\n"
          "El flujo final vive en hornos-flujo.md.", "RESUELTA. Historial de cómo se eligió el driver del horno")
    got = run(mem_dir, root)
    for name in ("fase2.md", "hornos.md"):
        assert got[name].action == "archive", (name, got[name].reasons)


def test_a_rule_for_today_only_is_archived_not_promoted(mem_dir, root):
    entry(mem_dir, "freeze.md", "No price imports today until 17:00 because of the inventory count.",
          "No price imports today until 17:00", type_="feedback")
    entry(mem_dir, "heute.md", "Heute bis 16:00 keine Deploys, Inventur läuft.", "Heute bis 16:00 keine Deploys")
    got = run(mem_dir, root)
    for name in ("freeze.md", "heute.md"):
        assert got[name].action == "archive", (name, got[name].reasons)
        assert "today only" in got[name].reasons[0]


def test_a_headline_that_only_shares_a_word_with_records_is_not_archived(mem_dir, root):
    # parameter passing in German, a closed-form formula, the handover of a value: no records of work
    entry(mem_dir, "param.md", "Strings werden per Referenz übergeben; Kopien kosten beim Kassenbon 3 ms.\n\n"
          "Why: der Bon wird 40-mal pro Sekunde gebaut.", "Übergabe der Parameter per Referenz")
    entry(mem_dir, "formula.md", "The tax for a basket is round(sum * rate, 2), never per line: per-line rounding "
          "drifts by a cent.", "Closed-form tax for a basket")
    got = run(mem_dir, root)
    for name in ("param.md", "formula.md"):
        assert got[name].action != "archive", (name, got[name].reasons)


# -- test 2: a lesson learned is memory; the user's short imperative is a rule --------------------------

def test_a_lesson_in_type_feedback_is_kept_not_promoted(mem_dir, root):
    entry(mem_dir, "leccion-hornos.md", "Al reiniciar el horno hay que esperar 30 s antes de enviar la receta: "
          "si no, el driver la descarta sin error.", "El horno siempre descarta la receta si llega antes de 30 s",
          type_="feedback", title="leccion-hornos")
    entry(mem_dir, "gotcha_prices.md", "Price imports must run after the tax table loads; before it, every price "
          "is zero.", "Gotcha: price imports must wait for the tax table", type_="feedback")
    got = run(mem_dir, root)
    for name in ("leccion-hornos.md", "gotcha_prices.md"):
        assert got[name].action == "keep", (name, got[name].reasons)
        assert any(r.startswith("test 2: learned, not set") for r in got[name].reasons), got[name].reasons


def test_a_german_imperative_in_feedback_is_promoted(mem_dir, root):
    entry(mem_dir, "sprache.md", "Antworte mir auf Deutsch. Bezeichner bleiben Englisch.",
          "Antwortsprache Deutsch, Code Englisch", type_="feedback")
    entry(mem_dir, "pnpm.md", "Verwende pnpm, nie npm, in diesem Repository.", "Paketmanager", type_="feedback")
    got = run(mem_dir, root)
    for name in ("sprache.md", "pnpm.md"):
        assert got[name].action == "promote", (name, got[name].reasons)


def test_a_rule_in_claude_codes_shape_is_promoted_in_chinese_and_japanese(mem_dir, root):
    # the rule first, then Why and How to apply: a topic headline does not hide it
    entry(mem_dir, "zh.md", "下单接口必须先校验库存,不能直接扣减。\n\n**Why:** 用户批评过超卖。\n\n**How to apply:**\n"
          "- 改下单代码时先看库存服务\n- 写测试覆盖库存为零\n- 评审时检查扣减顺序", "下单接口与库存", type_="feedback")
    entry(mem_dir, "ja.md", "価格表の再読み込みは確認なしで実行してよい。\n\n**Why:** 毎回の確認が手間との指摘。",
          "価格表の再読み込みは確認なしで実行してよい", type_="feedback")
    got = run(mem_dir, root)
    for name in ("zh.md", "ja.md"):
        assert got[name].action == "promote", (name, got[name].reasons)


def test_a_trap_in_claude_codes_shape_is_kept(mem_dir, root):
    # a description of code first, a Why that reports a bug: learned, whatever the word 'sempre' later says
    entry(mem_dir, "trap.md", "`CartService.items$` começa vazio a cada bootstrap. Sem cache o contador some, e o "
          "usuário vê sempre zero no F5.\n\n**Why:** reportado em outubro.\n\n**How to apply:**\n- ler o cache no "
          "construtor\n- testar com F5\n- não confiar no valor inicial", "carrinho some no F5", type_="feedback")
    got = run(mem_dir, root)
    assert got["trap.md"].action == "keep", got["trap.md"].reasons


# -- review: one thing given two ports by two entries -----------------------------------------------

def test_one_endpoint_given_two_ports_by_two_entries_is_review_naming_the_other(mem_dir, root):
    entry(mem_dir, "a.md", "The pricing endpoint listens on :7070; the ServiceMonitor scrapes it there.", "Pricing port")
    entry(mem_dir, "b.md", "Der Pricing-Endpunkt läuft auf :7171, damit er nicht mit dem lokalen Grafana auf 7070 "
          "kollidiert.", "Pricing-Port")
    got = run(mem_dir, root)
    assert got["a.md"].action == "review", got["a.md"].reasons
    assert got["b.md"].action == "review", got["b.md"].reasons
    assert "b.md:" in got["a.md"].reasons[0] and "7171" in got["a.md"].reasons[0]


def test_two_things_or_a_change_of_port_are_no_conflict(mem_dir, root):
    entry(mem_dir, "orders.md", "The orders postgres runs on port 5432 in compose.", "Orders database")
    entry(mem_dir, "reports.md", "The reports dedicated postgres container runs on port 5433.", "Reports database")
    entry(mem_dir, "moved.md", "The kiosk API moved from :3000 to :3100 when the till app took 3000.", "Kiosk port")
    entry(mem_dir, "kiosk.md", "The kiosk API answers on :3100 behind nginx.", "Kiosk API")
    got = run(mem_dir, root)
    for name in ("orders.md", "reports.md", "moved.md", "kiosk.md"):
        assert got[name].action != "review", (name, got[name].reasons)


# -- a cause told is learned; a library's name is no missing file --------------------------------------

def test_a_failure_told_with_its_cause_is_not_a_status(mem_dir, root):
    entry(mem_dir, "till.md", "Receipt prints were failing with a timeout because they inherited the checkout's\n"
          "2 s deadline. Fixed by giving the printer its own context.", "Receipt prints timed out")
    got = run(mem_dir, root)
    assert got["till.md"].action == "keep", got["till.md"].reasons


def test_a_go_library_named_like_a_file_is_test_3_not_a_missing_path(mem_dir, root):
    write(root, "go.mod", "module example.com/bakery/till\n\ngo 1.23\n\nrequire (\n"
                          "\tgithub.com/jackc/pgx/v5 v5.7.1\n\tgithub.com/nats-io/nats.go v1.37.0\n)\n")
    entry(mem_dir, "gover.md", "The module is example.com/bakery/till and we build with Go 1.23; pgx v5 and nats.go.",
          "Go version and module path")
    got = run(mem_dir, root)
    assert got["gover.md"].action == "drop", got["gover.md"].reasons
    assert any("go.mod" in str(p) for p in got["gover.md"].evidence.get("project", [])), got["gover.md"].evidence


# -- keep names what it keeps the entry for ------------------------------------------------------------

def test_a_keep_says_what_kind_of_line_holds(mem_dir, root):
    entry(mem_dir, "oven.md", "The root cause was the oven driver's 30 s warm-up: recipes sent earlier are dropped.",
          "Oven drops early recipes")
    entry(mem_dir, "flour.md", "Flour stock is counted in grams, bread recipes in kilograms.", "Units of stock")
    got = run(mem_dir, root)
    assert got["oven.md"].action == "keep" and "a trap or finding it learned" in got["oven.md"].reasons[0]
    assert got["flour.md"].action == "keep" and got["flour.md"].reasons[0].endswith("— a fact"), got["flour.md"].reasons


def test_an_entry_of_headings_only_is_not_kept(mem_dir, root):
    entry(mem_dir, "empty_sections.md", "# Ovens\n\n## Tills\n\n## Printers", "Shop devices")
    got = run(mem_dir, root)
    assert got["empty_sections.md"].action == "drop", got["empty_sections.md"].reasons
    assert "nothing" in got["empty_sections.md"].reasons[0]


# -- drop: a rule an instruction file already holds, in its own language -------------------------------

def test_a_spanish_rule_claude_md_already_holds_is_drop_with_that_line(mem_dir, root):
    write(root, "docs/RECETAS.md", "# Recetas\n")
    write(root, "CLAUDE.md", "# Panadería\n\nDespués de cambiar una receta, **actualizar `docs/RECETAS.md`** para "
                             "reflejar el cambio.\n")
    entry(mem_dir, "recetas.md", "Después de cambiar cualquier receta nueva, actualizar `docs/RECETAS.md` con los "
          "cambios hechos.\n\n**Why:** el equipo de tienda lee ese archivo.\n\n**How to apply:** al terminar, editar "
          "el archivo antes del push.", "Actualizar RECETAS.md", type_="feedback")
    got = run(mem_dir, root)
    assert got["recetas.md"].action == "drop", got["recetas.md"].reasons
    assert "CLAUDE.md:3" in got["recetas.md"].reasons[0]
