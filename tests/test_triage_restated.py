"""Issue 37, stop 36: a rule the instruction file already holds is drop in any wording or
language; an entry that adds a condition is not a restatement; test 3 finds config values with
their units in other languages; versions conflict only for the same named thing."""
from __future__ import annotations

import pytest

from conftest import write, triage_entry, triaged as run
from tui.core.judging.project_index import RuleLine
from tui.core.reports.triage_meaning import Meanings


def entry(mem_dir, name, body, description="a note", type_="feedback"):
    triage_entry(mem_dir, name, body, description, type_)


CLAUDE = """# rules

- Never run SQL against the production database directly; use a migration.
- Always ask before changing code outside the task.
- Ask before adding a new dependency.
- All timestamps are stored in UTC, never in local time.
- Small fixes (typos, lint warnings) may be made without asking first.
"""


def book():
    return Meanings([RuleLine("CLAUDE.md", n, t, frozenset()) for n, t in enumerate(CLAUDE.splitlines(), 1)])


@pytest.mark.parametrize("text, line", [
    ("Nunca ejecutes SQL directamente contra la base de datos de producción; usa una migración.", 3),
    ("本番のデータベースで直接SQLを実行しないこと。", 3),
    ("Never change code outside the task without asking.", 4),          # the same rule said the other way round
    ("새 의존성을 추가하기 전에 반드시 먼저 물어볼 것.", 5),
    ("오타나 린트 경고 같은 작은 수정은 묻지 말고 바로 고쳐도 된다.", 7),
])
def test_a_restatement_in_other_words_or_another_language_is_found(text, line):
    got = book().restated(text)
    assert got is not None and got.line == line


@pytest.mark.parametrize("text", [
    "Nunca ejecutes SQL en producción, salvo durante un incidente P1 con la aprobación del on-call.",   # an exception
    "Store timestamps in UTC, except the audit table, which keeps local time.",
    "Change code outside the task freely, without asking.",             # the opposite way round
    "Never run migrations on production on Fridays.",                   # a topic shared, not the rule
    "Usa siempre campos estructurados de `slog` en los logs.",
])
def test_an_entry_that_adds_a_condition_or_says_another_rule_is_not_a_restatement(text):
    assert book().restated(text) is None


def test_a_restated_rule_is_dropped_with_the_instruction_line_never_promoted(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE)
    entry(mem_dir, "prod_es.md", "Nunca ejecutes SQL directamente contra la base de datos de producción.",
          "Nada de SQL directo en producción")
    entry(mem_dir, "prod_p1.md", "Nunca ejecutes SQL directamente en producción, salvo en un incidente P1 "
          "con la aprobación del on-call.", "SQL en producción solo en un incidente P1")
    got = run(mem_dir, root)
    assert (got["prod_es.md"].action, got["prod_es.md"].test) == ("drop", 3)
    assert any("CLAUDE.md:3" in r for r in got["prod_es.md"].reasons)
    assert got["prod_p1.md"].action != "drop"   # it adds an exception: a rule of its own


def test_an_entry_whose_frontmatter_does_not_parse_is_for_a_person(mem_dir, root):
    write(mem_dir, "retries.md", "---\nname: retries\ndescription: \"retries: three, with backoff: 30s\n  bad: [\n---\n"
          "Webhook retries back off exponentially.\n")
    got = run(mem_dir, root)["retries.md"]
    assert got.action == "review" and "fix it" in got.reasons[0]


def go_project(root):
    write(root, "go.mod", "module github.com/acme/tollgate\n\ngo 1.22\n\nrequire github.com/redis/go-redis/v9 v9.5.1\n")
    write(root, "compose.yaml", "services:\n  cache:\n    image: redis:7.2\n")
    write(root, "settings.example.yaml", "server:\n  port: 8088\nsessions:\n  ttl: 30m\nbilling:\n  currency: USD\n")
    write(root, ".golangci.yml", "run:\n  timeout: 3m\n")
    write(root, ".github/workflows/checks.yml", "name: checks\njobs:\n  vet:\n    runs-on: ubuntu-latest\n"
          "  unit:\n    runs-on: ubuntu-latest\n")
    write(root, "Makefile", "vet:\n\tgo vet ./...\nunit:\n\tgo test ./...\n")


@pytest.mark.parametrize("body, cited", [
    ("La API escucha en el puerto 8088.", "settings.example.yaml:2"),
    ("세션 TTL은 30분이다.", "settings.example.yaml:4"),
    ("セッションのTTLは30分。", "settings.example.yaml:4"),
    ("golangci-lint has a 3-minute timeout.", ".golangci.yml:2"),
    ("El timeout de golangci-lint es de 3 minutos.", ".golangci.yml:2"),
    ("Invoices are billed in USD.", "settings.example.yaml:6"),
    ("CI runs the `vet` and `unit` jobs.", ".github/workflows/checks.yml:3"),
    ("Repo: https://github.com/acme/tollgate", "go.mod:1"),
])
def test_a_config_value_with_its_unit_in_any_language_is_dropped_with_its_line(mem_dir, root, body, cited):
    go_project(root)
    entry(mem_dir, "fact.md", body, "a project fact", type_="project")
    got = run(mem_dir, root)["fact.md"]
    assert got.action == "drop", got.reasons
    assert any(cited in r for r in got.reasons), got.reasons


def test_a_client_library_version_is_not_the_server_image_version(mem_dir, root):
    go_project(root)
    entry(mem_dir, "redis.md", "The client is go-redis v9.5.1; the cache server runs redis 7.2.", "Redis versions",
          type_="project")
    entry(mem_dir, "trap.md", "With go-redis v9 a failed command inside `TxPipelined` only shows in `Exec`'s error; "
          "check every `Cmd.Err()` or a failed write goes unnoticed.", "go-redis pipeline trap", type_="project")
    got = run(mem_dir, root)
    assert got["redis.md"].action == "drop", got["redis.md"].reasons
    assert got["trap.md"].action == "keep", got["trap.md"].reasons


def test_a_database_package_in_the_manifest_is_not_the_server(mem_dir, root):
    """package.json's "postgres" is postgres.js 3, not PostgreSQL 3; the compose image is the server."""
    write(root, "package.json", '{"dependencies": {"postgres": "^3.4.4"}}\n')
    entry(mem_dir, "db.md", "Production runs PostgreSQL 16; `pg_dump` needs the matching client.", "Database server",
          type_="project")
    assert run(mem_dir, root)["db.md"].action != "review"
    write(root, "compose.yaml", "services:\n  db:\n    image: postgres:15\n")
    got = run(mem_dir, root)["db.md"]
    assert got.action == "review" and "compose.yaml" in " ".join(got.reasons), got.reasons


@pytest.mark.parametrize("status", [
    "Stand 2026-11-22: der Umbau der Exportseite ist noch offen.",
    "現状: 11月24日時点でテンプレート修正はまだ途中。",
    "진행 중: 11월 25일 기준 재발급 스크립트 작성 중.",
    "Pendiente: revisar con Marta el lunes el caso de Canarias.",
])
def test_one_status_line_in_any_language_among_durable_ones_is_an_edit(mem_dir, root, status):
    entry(mem_dir, "export.md", "The CSV export writes times in UTC; the UI shows local time.\n\n"
          "Customers in Australia therefore see the previous day; that is intended.\n\n"
          f"The column is `created_at_utc`, not `created_at`.\n\n{status}", "Time zones in the export", type_="project")
    got = run(mem_dir, root)["export.md"]
    assert (got.action, got.lines) == ("edit", [13]), got.reasons


def test_a_guide_to_copying_the_memory_folder_is_dropped(mem_dir, root):
    entry(mem_dir, "moving.md", "1. rsync `~/.claude/projects/-home-me-shop/memory/` to the new laptop.\n"
          "2. Keep the folder's name: Claude Code finds it by the project path.\n3. Check that MEMORY.md lists every file.",
          "Moving this memory folder to a new machine", type_="reference")
    entry(mem_dir, "paths.md", "The shop's uploads live under `storage/uploads`; copy them with rsync before a restore.",
          "Where uploads live", type_="project")
    got = run(mem_dir, root)
    assert got["moving.md"].action == "drop"
    assert got["paths.md"].action != "drop"


def test_finished_coursework_is_archived(mem_dir, root):
    entry(mem_dir, "essay.md", "Ensayo para la universidad sobre árboles B y su coste en disco.\n\n"
          "Entregado el 2026-10-30; nota: 8,5.", "Trabajo de la asignatura de bases de datos", type_="project")
    assert run(mem_dir, root)["essay.md"].action == "archive"


@pytest.mark.parametrize("name, record", [("carrier_status_codes.md", False), ("http-status-map.md", False),
                                          ("status_2026-03.md", True), ("project_status.md", True)])
def test_a_table_of_status_codes_is_no_status_report(name, record):
    """A held-out review: a static table of a carrier's status codes was archived by its name."""
    from tui.core.reports.triage_rules import record_name
    assert record_name(name) is record


RULES_37 = """# rules
- Never commit directly to `main`; open a pull request.
- Use `uv add` to add dependencies; never edit `requirements.lock` by hand.
- Do not log request bodies: they may hold card data.
- Every database migration needs a downgrade step.
"""


@pytest.mark.parametrize("text, line", [
    ("No edites `requirements.lock` a mano; usa siempre `uv add`.", 3),               # "a mano" is "by hand"
    ("リクエストボディをログに出さないこと。カード情報が含まれている可能性がある。", 4),   # one katakana run, two concepts
    ("main 브랜치에 직접 커밋하지 마세요. 항상 PR을 여세요.", 2),
])
def test_stop_37_restatements_in_korean_japanese_spanish_are_found(text, line):
    rules = Meanings([RuleLine("CLAUDE.md", n, t, frozenset()) for n, t in enumerate(RULES_37.splitlines(), 1)])
    got = rules.restated(text)
    assert got is not None and got.line == line


def test_a_rule_about_a_file_the_project_lacks_yet_is_not_sent_to_review(mem_dir, root):
    write(root, "app/main.py", "print()\n")
    entry(mem_dir, "fixtures.md", "No uses fixtures globales en `conftest.py`; define siempre la fixture en el "
          "módulo de test que la usa.", description="Fixtures de pytest")
    assert run(mem_dir, root)["fixtures.md"].action != "review"


@pytest.mark.parametrize("description, body", [
    ("推測をログで確かめてから修正に入る。確かめずに結論を出して手を動かしてはいけない。",
     "Why: 推測のまま直して二度手戻りした。"),                                   # ja: a rule in the second sentence
    ("長い調査の途中結果はファイルに書き出しておく", "Why: セッションが切れても続きから再開できるように。"),   # ja: 〜ておく
    ("用户希望被称为 Lin 工，而不是“用户”", "**规则：** 对话里称呼对方为 Lin 工，避免使用“用户”。"),          # zh: the user wants
    ("Usuario quer respostas curtas - evitar reler arquivos já lidos", "Pediu isso depois de uma sessão longa."),  # pt
])
def test_feedback_whose_headline_is_a_rule_or_says_the_user_wants_it_is_promoted(mem_dir, root, description, body):
    entry(mem_dir, "feedback_x.md", body, description=description)
    assert run(mem_dir, root)["feedback_x.md"].action == "promote"


@pytest.mark.parametrize("description", [
    "FASE 7 concluída — agendamento de posts e upload de mídia",
    "Rediseño de la portada — dónde está, en qué punto quedó y por dónde se retoma",
    "Phase 2 done: the importer reads CSV and XLSX",
])
def test_a_finished_phase_or_a_handoff_is_archived(mem_dir, root, description):
    entry(mem_dir, "phase.md", "The scheduler keeps posts in the `OrganicPost` table.\nThe upload page sends media to "
          "object storage under `uploads/organic/`.",
          description=description, type_="project")
    assert run(mem_dir, root)["phase.md"].action == "archive"


def test_a_phase_named_in_a_rule_is_not_a_report(mem_dir, root):
    entry(mem_dir, "phases.md", "Run the three phases in order; never skip the dry run.",
          description="Fase 3 del despliegue: usar siempre el dry run primero", type_="feedback")
    assert run(mem_dir, root)["phases.md"].action != "archive"


def test_services_ports_the_compose_file_publishes_are_dropped_with_its_lines(mem_dir, root):
    write(root, "docker-compose.yml", 'services:\n  postgres:\n    image: postgres:16\n    ports:\n      - "5433:5432"\n'
          '  nats:\n    image: nats:2.10\n    ports:\n      - "4222:4222"\n')
    entry(mem_dir, "ports.md", "Locally Postgres is on 5433 and NATS on 4222.", description="Ports of the local services",
          type_="project")
    got = run(mem_dir, root)["ports.md"]
    assert got.action == "drop" and "docker-compose.yml" in " ".join(got.reasons)


def test_a_port_in_a_story_of_what_went_wrong_is_no_fact_to_drop(mem_dir, root):
    write(root, "docker-compose.yml", 'services:\n  postgres:\n    ports:\n      - "5433:5432"\n')
    entry(mem_dir, "trap.md", "Tests hung because a system Postgres was listening on 5432 and the suite connected "
          "there first; stop it before running them.", description="a local Postgres on 5432 hangs the tests",
          type_="project")
    assert run(mem_dir, root)["trap.md"].action != "drop"
