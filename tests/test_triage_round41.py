"""Issue 37, stop 47: the rules a user set are promoted though their headline is a topic (Claude
Code's feedback shape: the rule, then a **Why:** that says who wanted it, then **How to apply:**),
and a technical note filed as feedback stays memory; a status file (Cline) is weighed by its
sections. All text written here."""
from __future__ import annotations

from conftest import NOW, triage_entry as entry
from tui.core.snapshots.memory import Memory
from tui.core.reports.audit import audit
from tui.core.reports.triage import Usage, triage


def run(mem_dir, root):
    mem = Memory.load(mem_dir, root, now=NOW)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()


def test_feedback_whose_why_says_who_wanted_it_is_promoted(mem_dir, root):
    entry(mem_dir, "answers_inline.md",
          "Answers belong in the conversation, not in files on disk. Short tables are fine.\n\n"
          "**Why:** she rejected two written reports in a row; she reads everything in the terminal.\n\n"
          "**How to apply:**\n- reply inline\n- write a file only when asked for one",
          description="Where the answers go", type_="feedback")
    entry(mem_dir, "respuestas_chat.md",
          "Todo el análisis se entrega en el chat. El usuario no quiere abrir cuadernos ni paneles.\n\n"
          "**Why:** lo dijo explícitamente al empezar el proyecto.\n\n"
          "**How to apply:** scripts que corro yo, resultados como tablas en el chat.",
          description="El análisis se consume dentro de la conversación", type_="feedback")
    entry(mem_dir, "one_step.md",
          "用户的时间比等待更宝贵。能决定的事直接做，不要每次都列三个选项让用户挑。\n\n"
          "**Why:** 用户明确说过不想每轮都做选择题。\n\n"
          "**How to apply:** 只有删除数据或花钱时才先问。",
          description="用户明确说过：少问多做", type_="feedback")
    got = run(mem_dir, root)
    for i in ("answers_inline.md", "respuestas_chat.md", "one_step.md"):
        assert got[i].action == "promote", (i, got[i].action, got[i].reasons)
        assert got[i].reasons[0].startswith(("line ", "its headline")), got[i].reasons


def test_a_technical_note_filed_as_feedback_stays_memory(mem_dir, root):
    entry(mem_dir, "profile_flicker.md",
          "`Session.profile$` starts as `null` at every boot and `loadProfile()` fills it after `GET /me`; "
          "after a reload the header hides the team chip and, if the call fails, it never comes back.\n\n"
          "**Why:** reported 2026-04-02; the user said the team name disappears on reload.\n\n"
          "**How to apply:**\n1. cache the profile in `localStorage`\n2. read the cache in the constructor",
          description="profile$ starts null on reload; cache it", type_="feedback")
    entry(mem_dir, "font_subset.md",
          "The web export ships a font subset without arrows or box drawing.\n\n"
          "**Why:** the browser build cannot use colour fonts; the desktop falls back to the system fonts.\n\n"
          "**How to apply:** swap those symbols for images in labels.",
          description="Symbols missing in the web export", type_="feedback")
    got = run(mem_dir, root)
    assert got["profile_flicker.md"].action == "keep", got["profile_flicker.md"].reasons
    assert got["font_subset.md"].action == "keep", got["font_subset.md"].reasons


def _cline(tmp_path, active: str):
    from conftest import write
    from tui.core.layouts import detect
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    write(bank, "projectbrief.md", "# Brief\n\nA small shop's till and stock app.\n")
    write(bank, "activeContext.md", active)
    seen = detect(bank, None)
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()["activeContext.md"]


def test_a_status_file_whose_decisions_hold_is_edit_naming_the_recent_lines(tmp_path):
    got = _cline(tmp_path, "# Active context\n\n## Decisions\n\n- Prices are stored in cents.\n"
                 "- Stock changes go through one service that writes the movement row.\n"
                 "- The receipt prints from a preview page, never straight from the cart.\n"
                 "- Staff log in on their own page; customers log in by phone number.\n\n"
                 "## Recent changes\n\n- Moved the QR payment to after the cash is counted.\n"
                 "- Added a draft button to the cart.\n")
    assert got.action == "edit", got.reasons
    assert got.lines == [12, 13] and "2 of its 6 lines report where work stood" in " ".join(got.reasons)


def test_a_status_file_of_focus_recent_and_next_only_is_archive(tmp_path):
    got = _cline(tmp_path, "# Active context\n\n## Current focus\n\nSetting up the memory bank for the shop app.\n\n"
                 "## Recent changes\n\n- Wrote the brief.\n- Wrote the tech context.\n\n"
                 "## Next steps\n\n1. Write progress.md.\n2. Show the files to the owner.\n")
    assert got.action == "archive", got.reasons


def test_a_line_of_the_work_going_on_now_among_lines_that_hold_is_edit_of_that_line(mem_dir, root):
    entry(mem_dir, "scale.md", "The kitchen scale sends its weight as ASCII over serial at 9600 baud, grams, newline-ended.\n"
          "Readings that repeat three times in a row are stable; anything else is still settling.\n"
          "Currently debugging the tare button on branch scale-tare, back to it tomorrow.",
          description="Kitchen scale protocol", type_="reference")
    entry(mem_dir, "labels.md", "Shelf labels show the price in bold and the unit price underneath.\n"
          "Will check the new label printer again tomorrow.", description="Shelf label layout")
    entry(mem_dir, "tare_debug.md", "Compared the raw serial dump with the UI: the tare command is sent twice. "
          "Still investigating which handler fires first.", description="Debugging notes: tare sent twice")
    got = run(mem_dir, root)
    assert got["scale.md"].action == "edit" and got["scale.md"].lines == [9], got["scale.md"].reasons
    assert got["labels.md"].action == "edit" and got["labels.md"].lines == [8], got["labels.md"].reasons
    assert got["tare_debug.md"].action == "archive", got["tare_debug.md"].reasons


def test_words_of_now_that_are_no_work_in_progress_keep_the_entry(mem_dir, root):
    entry(mem_dir, "tz.md", "The shop's clock is Asia/Ho_Chi_Minh; 'today' in reports means the shop's day, not UTC.\n"
          "Orders placed after 22:00 count for the next day.", description="What 'today' means")
    entry(mem_dir, "retry.md", "If the printer is offline the job is kept and retried when it comes back.\n"
          "Currently the queue holds at most 50 jobs.", description="Print queue")
    got = run(mem_dir, root)
    assert got["tz.md"].action == "keep", got["tz.md"].reasons
    assert got["retry.md"].action == "keep", got["retry.md"].reasons


def test_a_list_of_this_weeks_tasks_is_archive(mem_dir, root):
    entry(mem_dir, "week.md", "- price the new rice bags\n- call the supplier about crates\n- reprint the drinks labels",
          description="This week's to-dos")
    entry(mem_dir, "semana.md", "- revisar el cierre de caja\n- subir las fotos del catálogo",
          description="Tareas de esta semana")
    entry(mem_dir, "opening.md", "- count the float\n- switch on the scale\n- check the printer paper",
          description="Opening checklist for the counter")
    got = run(mem_dir, root)
    assert got["week.md"].action == "archive", got["week.md"].reasons
    assert got["semana.md"].action == "archive", got["semana.md"].reasons
    assert got["opening.md"].action == "keep", got["opening.md"].reasons   # a checklist for every day holds


def test_a_map_of_files_that_states_contracts_the_files_do_not_hold_is_no_tour(mem_dir, root):
    from conftest import write
    write(root, "src/app/page.tsx", "export default function Page() { return null }\n")
    write(root, "src/data/seed.ts", "export const fixtures = []\n")
    write(root, "src/lib/news.ts", "export async function news() { return [] }\n")
    write(root, "src/lib/signup.ts", "export async function signup() {}\n")
    entry(mem_dir, "patterns.md", "\n".join([
        "## Layout", "Routes under `src/app` stay the public slug; `/en` and `/pt` redirect 308 to the same path.",
        "Props use an `I*Props` interface beside the component.",
        "## Data", "Seed lives in `src/data/seed.ts`; the league table is derived from signed fixtures.",
        "- A win is 3 points, a draw `1`; `GD` is goal difference.", "- Friendly matches do not enter the table.",
        "## News", "`src/lib/news.ts` reads `GET {CMS_URL}/articles?site={SITE_KEY}` and maps it onto `IArticle`.",
        "Articles with `state=needs_review` stay off the page.",
        "## Signup", "`src/lib/signup.ts` posts `{ email, site }` to `/subscriptions/subscribe`; 200 and 201 show the thanks line.",
        "A 404 or 500 shows the contract copy, not the raw error text.", "Emails are trimmed and sent as typed."]), description="System patterns")
    got = run(mem_dir, root)
    assert got["patterns.md"].action == "keep", got["patterns.md"].reasons


def test_a_file_named_as_a_logbook_in_any_language_is_archive(mem_dir, root):
    from conftest import write
    write(mem_dir, "bitacora.md", "# Bitácora\n\n> Una línea por entrada: qué se hizo, qué falló.\n\n"
          "- 2026-09-14 · Se movió la copia nocturna a un temporizador y se probó el restaurado.\n")
    write(mem_dir, "devlog.md", "# Devlog\n\n- 2026-09-15 · Rewired the backup timer, restore tested on the spare disk.\n")
    got = run(mem_dir, root)
    assert got["bitacora.md"].action == "archive", got["bitacora.md"].reasons
    assert got["devlog.md"].action == "archive", got["devlog.md"].reasons


def test_work_left_unfinished_in_any_language_is_a_status_line_and_a_description_is_not():
    from tui.core.reports.triage_lines import read_body
    status = ["I'm in the middle of rewriting the price list import.", "Still need to test the rounding on old receipts.",
              "Debugging the drawer kick now.", "Todavía estoy probando la báscula nueva.", "Je suis en train de corriger le ticket.",
              "現在、在庫画面を実装中です。", "지금 영수증 화면 작업 중입니다.", "Đang sửa máy in hoá đơn.", "Сейчас переписываю импорт цен."]
    plain = ["テスト中にタイムアウトが起きる。", "Users who haven't finished the tour see it again.",
             "Testing against the live till is not allowed."]
    assert [read_body(t, 1).lines[0].kind for t in status] == ["status"] * len(status)
    assert all(read_body(t, 1).lines[0].kind != "status" for t in plain)


def test_a_thing_that_will_do_something_is_no_person_wanting_it():
    from tui.core.reports.triage_rules import will
    assert will("Why: Docker will restart the container") is None
    assert will("the client wants a JSON body") is None and will("they require a token") is None
    assert will("Alex wants one step at a time") and will("El usuario no quiere cuadernos")
