"""The rule changes the trust ledger asked for, each pinned on text written here (modelled on
what the real folders showed, never copied): what is never a secret, how sure a finding is,
time words as words, paths that are not this project's, conflicts that cannot both hold,
index lines the agent does read."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import NOW, REPO, write
from corpus import r
from tui.core.judging.wording import transient_findings

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _secrets(text: str) -> list[tuple[str, str]]:
    from tui.core.secrets.detect import find_secrets
    return [(h.rule, h.confidence) for h in find_secrets(text)]


@pytest.mark.parametrize("text", [
    "Persisted to cookie `${slug}-theme` on first load.",
    "Webhook dedup via Redis key `dedup:msg:{messageId}`, 24h TTL.",
    "| GitHub token | `\\bghp_[A-Za-z0-9]+` |",
    "| API key | `sk-[A-Za-z0-9_-]+` |",
    "3. Hub auth — pass (`/_hub/*` gated).",
    "- **Sanity PASS**: tilt=off matches the baseline.",
    "### Cache key (`cache.py:45-78`)",
    "const apiKey = (process.env.SERVICE_API_KEY ?? '').trim()",
    "vercel env pull writes empty values for every var (SERVICE_ROLE_KEY, NEXT_PUBLIC_*).",
    "- **Middleware auth**: `middleware/verifyJwt.js` checks membership",
    "- **KEY: member-SELECTION** beats weight tilt",
    "User says \"ran\" / \"done\"; I read the files and continue.",
    "Needs login (`/login`, `/onboarding`) on the app host.",
    "Six SSM secrets: `/proj/prod/board-*` (api-key, token)",
    "Wired env `BASKET_TOPN`/`BASKET_NAMECAP` into the builder.",
    "STRIPE_PUBLISHABLE_KEY=pk_live_" + "51Hx" + "Yz2eZvKYlo2C8a9Qw3rT5uV7yX1zB",
    "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    "token: REPLACE_WITH_YOUR_TOKEN",
])
def test_never_a_value(text):
    assert _secrets(text) == [], text


def test_a_random_value_is_high_and_a_word_like_password_is_possible():
    key = r(36)
    assert _secrets(f"- `MAILER_API_KEY` = `re_{key}`") == [("prefixed-token", "high")]   # a provider's shape (stop 40)
    assert _secrets("db_password = hunter2x9") == [("generic-secret", "possible")]
    # after an ordinary word of prose only a random value counts
    assert _secrets("auth: hunter2x9 for the hub") == []
    assert _secrets("auth: Wq7Lm2Xv9KpT4zRb8NcY3HdF6sJ1aG5e") == [("long-token", "high")]   # a token's shape keeps its level (stop 40)


def test_a_possible_secret_is_a_masked_warning_that_fails_only_when_asked(tmp_path):
    from tui.core.judging.gates import secret_findings
    f, = secret_findings("a.md", "db_password = hunter2x9\n")
    assert (f.confidence, f.severity) == ("possible", "warning") and "hunter2x9" not in f.message
    mem = tmp_path / "memory"
    write(mem, "db.md", "---\nname: db\ndescription: local db\n---\ndb_password = hunter2x9\n")
    run = lambda *a: subprocess.run([sys.executable, "-m", "tui", "audit", "--dir", str(mem), "--root", str(tmp_path),
                                     "--format", "json", *a], capture_output=True, text=True, cwd=REPO)
    plain = run()
    assert plain.returncode == 0 and "hunter2x9" not in plain.stdout
    found = [x for x in json.loads(plain.stdout)["findings"] if x["kind"] == "secret"]
    assert [(x["confidence"], x["severity"]) for x in found] == [("possible", "warning")]
    assert run("--fail-on", "secret:possible").returncode == 1
    assert run("--fail-on", "nonsense:possible").returncode == 2


@pytest.mark.parametrize("text, rule", [
    ("用户有糖尿病，每天要打胰岛素。", "health"), ("El usuario tiene diabetes.", "health"),
    ("田中さんはうつ病と診断された。", "health"), ("사용자는 당뇨가 있어요", "health"),
    ("Ana vota por Morena.", "politics"), ("Er ist Mitglied der AfD.", "politics"),
    ("Marco è musulmano.", "religion"), ("Il a été condamné en 2019.", "criminal-record"),
])
def test_sensitive_statements_in_other_languages(text, rule):
    from tui.core.judging.sensitive import sensitive_findings
    assert [f.rule for f in sensitive_findings("a.md", text)] == [rule]


@pytest.mark.parametrize("text", ["사용자는 암호를 입력한다", "私はがんばる", "Der Fehler wurde gestern diagnostiziert.",
                                  "el campo religión del formulario", "charge tok_4539578763621486x in test mode",
                                  "id=4539578763621486&mode=test"])
def test_sensitive_near_misses(text):
    from tui.core.judging.sensitive import sensitive_findings
    assert sensitive_findings("a.md", text) == []


def _transient(body: str, entry_id: str = "a.md") -> list[int]:
    from tui.core.judging.wording import transient_findings
    text = "---\nname: a\n---\n" + body
    return [f.line for f in transient_findings(entry_id, text, 4)]


def test_time_words_are_words_not_pieces_of_longer_ones():
    assert _transient("錯誤出現在第三步。\n樣本日數不足時跳過。\n현재 값을 저장한다.\n") == []
    assert _transient("現在デプロイが止まっている。\n") == [4]


def test_time_words_that_do_not_say_now():
    assert _transient("If the user currently holds a position, skip it.\n") == []
    assert _transient("- 成本線: 今日成本=(昨成本×持股)÷持股\n") == []
    assert _transient("Fast today, costly later: never skip the migration test.\n") == []
    assert _transient("## 2026-03-28 — deploy\n- today the VPS restarted twice\n") == []
    assert _transient("## Deploy\n- today the VPS restarted twice\n") == [5]


def test_the_present_named_by_its_day_or_week():
    assert _transient("For today's demo I'm using the staging bucket.\n") == [4]
    assert _transient("This week all PRs target the release branch.\n") == [4]


def test_a_soft_time_word_is_possible_and_says_less():
    from tui.core.judging.wording import transient_findings
    f, = transient_findings("a.md", "---\nname: a\n---\nThe export writes to a mock bucket for now.\n", 4)
    assert (f.confidence, f.severity) == ("possible", "info")
    # (stop 35, right = acted on) "no broker for now" is a deferral decided, true until revisited: no finding
    assert transient_findings("a.md", "---\nname: a\n---\nStay with the queue (no broker for now).\n", 4) == []


def test_in_code_never_counts_a_memory_and_points_at_both_lines(tmp_path):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    root = tmp_path / "proj"
    mem = root / ".claude-memory"
    body = ("the release automation annotates every production artifact, publishes checksums alongside "
            "immediately afterwards")
    write(root, "scripts/README.md", "intro\n\nmore\n" + body + "\n")
    write(mem, "a.md", f"---\nname: a\ndescription: release\n---\nsee scripts/README.md and b.md\n\n{body}\n")
    write(mem, "b.md", f"---\nname: b\ndescription: release again\n---\nsee .claude-memory/a.md\n\n{body}\n")
    found = [f for f in audit(Memory.load(mem, root, now=NOW), git=False).findings if f.kind == "in-code"]
    assert [(f.id, f.line) for f in found] == [("a.md", 7)]
    assert "scripts/README.md (line 4)" in found[0].message


def _paths(tmp_path, body: str, files=("src/app/main.py", "server/routes/auth.js", "db/migrations/067_owners.sql",
                                        "app/api/guest/[token]/route.js", "config/appsettings.Example.json")):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    root, mem = tmp_path / "proj", tmp_path / "proj" / "memory"
    for f in files:
        write(root, f, "x\n")
    write(mem, "a.md", "---\nname: a\ndescription: paths\n---\n" + body)
    # one finding per cause: each missing path is a place of it, with what its own finding said
    return [p.note or f.message for f in audit(Memory.load(mem, root, now=NOW), git=False).findings
            if f.kind == "path-missing" for p in f.locations]


def test_what_is_not_a_missing_path(tmp_path):
    body = ("Ratios ROE/PB/PE and win/loss 25.99/Sh1.67/Cal1.28; Vite→Next.js; uses Cytoscape.js.\n"
            "Routes live in `routes/auth.js`; the guest route is `app/api/guest/route.js`.\n"
            "Outputs go to data/results_v2.csv and .env.local; owners.sql has the table.\n"
            "The local `appsettings.json` holds the port.\n"
            "The old `src/legacy/loader.py` was removed in the refactor.\n")
    assert _paths(tmp_path, body) == []


def test_a_missing_path_is_still_found(tmp_path):
    found = _paths(tmp_path, "The entry point is `src/app/server.py`.\n")
    assert len(found) == 1 and "src/app/server.py" in found[0]


@pytest.mark.parametrize("body", [
    "Workspace files (IDENTITY.md, PERSONA.md) and `config.yaml` hold the bot's settings.\n",   # bare docs/config
    "Always Write(script.js) first, then run it; see also `server.js`.\n",                       # generic bare names
    "Columns `orders_log.ts` and `quotes.ts` are timestamptz.\n",                                # no .ts in the project
    "Old `landing.py` -> `home_page.py` (renamed in May).\n",                                    # renamed
    "The entry point is src/app/main.py, not `runner.py`.\n",                                    # named to say it is not
    "Bad pattern (what I did):\n- src/probe_one.py\n- src/probe_two.py\n",                      # a list led in as gone
    "Steps: `python -m pytest tests/test_FILE.py`; output in `src/path/to/job.py`.\n",           # placeholders
    "Backend: `billing-svc/src/api/hooks.ts` and `billing-svc/src/index.ts` (sibling repo).\n",  # another repo's folder
    "Exemplo: novo app `apps/mobile/`.\n",                                                        # an example
    "If it works: create `src/new_feature.py` next week.\n",                                     # a file to make
    "1. **`src/views/ThingView.jsx`** — create the view, then register it\n",
    "Branch `docs/cleanup-pass` -> main after review.\n",                                        # a branch
    "The state lives in `data/bot_state.json`; scratch `tmp_probe.py` and `.claude/settings.local.json`.\n",
    "Kernels: `fused_kernel_a.py`, `fused_kernel_b.py` in ~/vendor/kernels/ (not ours).\n",      # a place outside
    "Old script: `G:\\My Drive\\Tools\\Export for stocks.py`.\n",                               # a Windows path
    "背景：main.py 3298 行；`cohort_<Q>.csv` holds it; r.json() returns a dict.\n",              # CJK stops, templates, calls
    "Updates docs/plan/chapter files as it goes; `vet/VetVitalSignsComponent` renders it.\n",
    "Build output: `apps/web/dist/site/browser` after `ng build`.\n",
    "To add a layer: create `src/04_xxx/_config.json` and the app picks it up.\n",             # a template's xxx
])
def test_what_does_not_name_a_file_of_this_project(tmp_path, body):
    assert _paths(tmp_path, body, files=("src/app/main.py", "src/app/util.py", "docs/guide.md")) == []


def test_a_file_name_with_a_space_is_not_missing_for_its_tail(tmp_path):
    """`몽글이 시작.bat` in backticks is read as the word `시작.bat` (a held-out review): its file is there."""
    body = "- Run: `몽글이 시작.bat` → node server.js (port 8977)\n"
    assert _paths(tmp_path, body, files=("vtuber/몽글이 시작.bat", "vtuber/server.js")) == []


def test_missing_files_of_this_project_stay_found(tmp_path):
    body = ("Entry points: `src/app/main.py` and `src/app/util.py`.\n"   # the entry is about this project
            "The admin page lives in `src/pages/AdminPanel.py`.\n"     # its folder gone, a .py project
            "Helpers: `report_builder.py` builds the export.\n"        # a bare code name the project may hold
            "Routes were in `src/app/legacy_routes.py`.\n"
            "`src/app/seeder.py` will create the tables on start.\n")   # 'create' of something else
    found = _paths(tmp_path, body, files=("src/app/main.py", "src/app/util.py"))
    assert len(found) == 4, found


def _conflicts(tmp_path, a: str, b: str, ids=("a.md", "b.md")) -> int:
    from tui.core.judging.crossfile import conflict_findings
    from tui.core.snapshots.memory import Snapshot
    mem = tmp_path / "m"
    write(mem, ids[0], f"---\nname: a\n---\n{a}\n")
    write(mem, ids[1], f"---\nname: b\n---\n{b}\n")
    return len(conflict_findings(Snapshot.load(mem, tmp_path, NOW)))


def test_conflicts_only_between_claims_that_cannot_both_hold(tmp_path):
    assert _conflicts(tmp_path / "1", "The app runs on Node 20.", "The app runs on Node 22.") == 1
    assert _conflicts(tmp_path / "2", "We are on Next 14; upgrade to Next 15 pending.", "The app uses Next 15.") == 0
    assert _conflicts(tmp_path / "3", "The API is obsolete since .NET 9+.", "The solution runs on .NET 10.") == 0
    assert _conflicts(tmp_path / "4", "Too late to react 6 times.", "Too slow to react 3 times.") == 0
    assert _conflicts(tmp_path / "5", "Never use var(--text-xl) for headings.", "Must use var(--bg) on accents.") == 0
    assert _conflicts(tmp_path / "6", "The app runs on Node 18.", "The app runs on Node 22.",
                      ids=("session_2026-01-02.md", "b.md")) == 0


def test_index_lines_the_agent_reads(tmp_path):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    mem = tmp_path / "memory"
    write(mem, "a.md", "---\nname: a\ndescription: a\n---\nbody\n")
    write(mem, "b.md", "---\nname: b\ndescription: b\n---\nbody\n")
    write(mem, "README.md", "How this folder works.\n")
    write(mem, "MEMORY.md", "# Index\n- [Alpha ([v2] notes)](a.md) — first\n- See `b.md` for the second\n")
    kinds = {(f.kind, f.rule, f.id) for f in audit(Memory.load(mem, tmp_path, now=NOW), git=False).findings}
    assert not any(k in ("index-unlinked", "no-frontmatter") or r == "not-in-index" for k, r, _ in kinds), kinds


def test_a_banner_shared_with_an_instruction_file_is_no_duplicate(tmp_path):
    from tui.core.judging.crossfile import duplicate_findings
    from tui.core.snapshots.memory import Snapshot
    banner = "<!--\nAuthor: the platform team, generated by the docs tool for every file here\n-->\n"
    write(tmp_path, "CLAUDE.md", banner + "Run the linter before every commit to the main branch please.\n")
    mem = tmp_path / "memory"
    write(mem, "a.md", "---\nname: a\n---\n" + banner + "Deploys go through the staging cluster first.\n")
    write(mem, "b.md", "---\nname: b\n---\nnote\nRun the linter before every commit to the main branch please.\n")
    found = duplicate_findings(Snapshot.load(mem, tmp_path, NOW))
    assert [(f.id, f.rule, f.line) for f in found] == [("b.md", "in-instructions", 5)]


@pytest.mark.parametrize("text", [
    "postgres://app:supersecretpassword@db.internal/app", "password: Summer2024!", "ADMIN_PASSWORD=Winter2023",
    "DB_PASSWORD=Tr0ub*4dor&3x", 'api_secret: "Hx7*Pq2!Zm9#Wk4$"', "DB_PASSWORD=Xk9$QWERTz!7",
    "password: Hunter2.Secret", "DB_PASS=S3cure!Passw0rd", "mot de passe: S3cure!Passw0rd",
])
def test_passwords_that_look_like_words_or_hold_stars_are_still_secrets(text):
    assert [c for _, c in _secrets(text)] == ["high"], text


@pytest.mark.parametrize("text", [
    "El contenedor fue detenido tras el OOM.", "Le conteneur a été arrêté après le déploiement.",
    "Il container è stato arrestato dopo il deploy.", "Cada réplica vota al líder.",
    "We built a cancer screening dashboard for the clinic.", "у клиента ракетный двигатель",
    "La app es trans-plataforma.", "ユーザーは癌検診の予約画面を開く", "사용자는 암 진단 코드를 입력한다", "用户有糖尿病字段",
])
def test_technical_text_in_other_languages_is_not_personal_data(text):
    from tui.core.judging.sensitive import sensitive_findings
    assert sensitive_findings("a.md", text) == []


def test_clear_right_now_statements_stay_found():
    for body in ("The build is broken today, it worked yesterday.", "The API is down right now (since 12:30).",
                 "Staging is down right now, resolved the DNS part earlier.", "If you see this, CI is currently red."):
        assert _transient(body + "\n") == [4], body


def _identifying(text: str) -> list[str]:
    from tui.core.judging.gates import identifying_findings
    return [f.rule for f in identifying_findings("a.md", text)]


def test_addresses_published_or_seeded_are_not_someones():
    # an apex domain's A record is public by lookup; seeded logins of a demo tenant are nobody's mailbox
    assert _identifying("- `shop.example.it` (apex): add an A record `@` -> 198.18.7.21 at the registrar\n") == []
    assert _identifying("Old ingress 203.1.9.9 in the DNS instructions for apex domains no longer answers.\n") == []
    assert _identifying("## Demo logins (seeded)\n- Org admin: priya@acme-demo.in / <see .env>\n") == []
    # still found: a host of yours, a person's address under an ordinary heading
    assert _identifying("Deploy: ssh to the box at 203.1.9.9 and restart the worker.\n") == ["public-ip"]
    assert _identifying("## Contacts\nAsk priya@acme-demo.in about the invoices.\n") == ["email"]


def test_desks_services_examples_and_blocks_are_not_someones():
    # a customer-service desk in Portuguese / Vietnamese, seeded users named on their own line
    assert _identifying("SMTP_FROM=atendimento@lojabela.com.br\n") == []
    assert _identifying("Báo giá: liên hệ tuvan@datavn.vn.\n") == []
    assert _identifying("Default password for all test users is in .env; users: nurse@ward-demo.io, gp@ward-demo.io\n") == []
    assert _identifying("Senha padrão das contas de teste: ver .env (recepcao@ward-demo.io)\n") == []
    # a service login named for its stage, a web page under /home/, a stand-in name for the reader
    assert _identifying("Config: `/home/shopfront-production/pm2.config.js`\n") == []
    assert _identifying("Source: [Q3 notes](https://news.example.net/home/markets/q3-notes/)\n") == []
    assert _identifying("(e.g. if your folder is `C:\\Users\\giulia`, write `giulia`)\n") == []
    # a network's address block, a zone-file A line, DNS instructions in Italian word order
    assert _identifying("VNet 10.20.0.0/16 with a /24 per subnet\n") == []
    assert _identifying("Zone editor at the registrar: `A @ 198.18.7.21`\n") == []
    assert _identifying("le istruzioni DNS davano 198.18.7.21, ora spento\n") == []
    # still found: a person's mailbox beside the words apart ("sandbox … account"), a person's home,
    # a person-shaped login with a suffix outside the service list, a host on the block, a server's IP
    assert _identifying("Sandbox delivers only to the account owner (giulia.r@mailbox.it).\n") == ["email"]
    # (stop 50: a home path counts only when its account spells a full name; a first name alone or
    # with a suffix is the owner's own working path)
    assert _identifying("Config: `/home/giulia.ferri/pm2.config.js`\n") == ["home-path"]
    assert _identifying("Config: `/home/giulia_ferri/pm2.config.js`\n") == ["home-path"]
    assert _identifying("Config: `/home/giulia-dev/pm2.config.js`\n") == []
    assert _identifying("Repo cloned to `C:\\Users\\GiuliaFerri\\code\\shop`\n") == ["home-path"]
    assert _identifying("Repo cloned to `C:\\Users\\giulia\\code\\shop`\n") == []
    assert _identifying("Open file:///home/giulia.ferri/report.html in the browser\n") == ["home-path"]
    assert _identifying("DB at 10.20.0.7 inside VNet 10.20.0.0/16\n") == []   # a private address: no one's
    assert _identifying("ssh deploy@198.18.7.21 then restart the worker\n") == ["public-ip"]


def _time_words(entry_id: str, text: str) -> list[str]:
    from tui.core.judging.wording import transient_findings
    return [f.confidence for f in transient_findings(entry_id, text)]


def test_time_words_whose_when_is_written_down():
    # a section closed on a day, "this session" in a log its name dates, a timing rule in days, a tab's label
    assert _time_words("todo.md", "## Earlier state (closed 14/3)\n- Done today: the export wizard\n") == []
    assert _time_words("session_2026-02-11.md", "### Open items (from this session)\n- wire the gate\n") == []
    assert _time_words("rules.md", "Xác nhận cuối ngày hôm nay, vào lệnh phiên sau (T+2 từ đáy).\n") == []
    assert _time_words("ui.md", "2. **Open Orders** — currently open orders with live P&L\n") == []
    # still found: the same words stating the present
    # (stop 35, right = acted on) a day's name told of an event dates it as often as it says what
    # holds: found, as possible
    assert _time_words("todo.md", "## Next up\n- Done today: the export wizard\n") == ["possible"]
    assert _time_words("notes.md", "### Open items (from this session)\n- wire the gate\n") == ["high"]
    assert _time_words("ui.md", "The orders service is currently down.\n") == ["high"]


def _unlinked(tmp_path, index: str) -> list[int]:
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    mem = tmp_path / ".agent-memory"
    write(mem, "a.md", "---\nname: a\ndescription: a\n---\nbody\n")
    write(mem, "MEMORY.md", index)
    return [f.line for f in audit(Memory.load(mem, tmp_path, now=NOW), git=False).findings if f.kind == "index-unlinked"]


def test_a_title_s_preamble_and_pointers_into_the_folder_are_no_facts(tmp_path):
    index = ("# Memory index\n\nOne line per memory; open topic files on demand.\n\n## Entries\n- [A](a.md) — alpha\n\n"
             "**Sources:**\n- `.agent-memory/chat_dump.txt` — raw export, gitignored\n- `.agent-memory/brief.md` — brief\n")
    assert _unlinked(tmp_path / "1", index) == []
    # a fact written inline under an ordinary heading is written there on purpose (issue 36: true,
    # but not acted on); a bullet that lost its link in a list of links is still found
    assert _unlinked(tmp_path / "2", index + "\n## Ops\n- Deploys run from the laptop, never CI\n") == []
    links = "\n## More\n- [A](a.md) — alpha\n- [A again](a.md) — alpha, the long form\n- Beta — the lost one\n"
    assert _unlinked(tmp_path / "3", index + links) == [15]


def test_links_to_a_document_of_the_project_are_not_broken(tmp_path):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    root = tmp_path / "proj"
    mem = root / ".agent-memory"
    write(root, "docs/graph_model_notes.md", "x\n")
    write(root, "scripts/sync.sh", "x\n")
    write(mem, "a.md", "---\nname: a\ndescription: a\n---\nSee [[graph-model-notes]] and [[no-such-page]].\n")
    write(mem, "MEMORY.md", "- [A](a.md) — alpha\n- [Sync script](../scripts/sync.sh) — how we sync\n"
                            "- [Gone](../../elsewhere/nothing.md) — lost\n")
    found = sorted(f.message for f in audit(Memory.load(mem, root, now=NOW), git=False).findings if f.kind == "link-broken")
    assert len(found) == 2 and "[[no-such-page]]" in found[0] and "nothing.md" in found[1], found


# Transient: a retro is a record; a past tense is a cause; "every session … next session" is a rule.
# A possible finding says it is provisional (a check), not that it will be stale.
@pytest.mark.parametrize("name, text", [
    ("retros/retro_pr3.md", "Today the deploy failed and we rolled back."),
    ("changelog.md", "Added the genre seed in this session."),
    ("a.md", "- **Cause:** the alias non era ancora sul progetto."),
    ("a.md", "The fix was not yet deployed when the outage began."),
    ("a.md", "Every non-trivial session must leave a handoff: what the next session must know."),
])
def test_transient_not_in_records_causes_or_session_rules(name, text):
    assert transient_findings(name, text) == [], text


@pytest.mark.parametrize("text", [
    "Not yet deployed to the server.", "Stay on the old queue for now.", "Todo el backlog está listo. Próxima sesión: v1.1.",
    "i file `icon-192.png` non esistono ancora",
])
def test_transient_provisional_still_found_and_said_as_a_check(text):
    f = transient_findings("a.md", text)
    assert f and f[0].confidence == "possible" and "provisional" in f[0].message, text


# Transient: a time word that names, defines or recounts rather than states the moment (ledger
# shapes, own text): a set ("not yet" after a noun it qualifies), a label or list of names, a term
# of a formula or range, which day's ("di oggi", "今天的"), a recurring period, a struck-out line,
# a rule about any next session, a step done "temporarily", Vietnamese "current" after its noun.
@pytest.mark.parametrize("text", [
    "- Each month, move 5% of cash to watchlist names not yet bought.",
    "Never report on a build not yet finished — wait for the green check.",
    "Il bot avvisa chi non ha ancora la tessera.",
    "L'endpoint risponde anche per domini non ancora collegati.",
    "Same applies to any cards that currently hide on an empty value.",
    "- Parsing: hoy/mañana/pasado mañana in three languages",
    "Query the points for gammaFlip/TODAY within 10 pts of spot.",
    "- Tabs: Home / Now playing / Charts / Settings",
    "Tiles: Balance, Open Orders, Today Spend, Monthly Cap",
    "Paper trading lags on purpose (ends at today-1).",
    "Fees grow as the start date moves closer to today.",
    "Il cron deve produrre il file di oggi alle 5:00.",
    "- Tail the log: it must show `OK` with la fecha de hoy.",
    "不要用今天的执行去补过去的档案。",
    "- Weekly leaderboard: top players by points earned this week get a badge.",
    "- EOD digest: fills today, wins/losses, net P&L",
    "- 若 < 14:00 → 盘中，只能用昨日收盘估算",
    "- 今日 Top 5 买方在近 N 日 Top 5 出现的次数",
    "- ~~**Export**: today it downloads a CSV.~~ DONE (2026-05-01)",
    "**Why:** without writing this down, the next session won't know the importer is half done.",
    "3. **What the Next Session Must Know** — the five facts that save it an hour.",
    "If the run dies before the deploy, next session picks the task up.",
    "Backfill needs the live feed temporarily paused and a full redeploy.",
    "Mỗi lần chạy đọc NAV hiện tại rồi bật chế độ phòng thủ.",
    "| Apr 3 | Nova | 5120 floor today | Correct |",
    "| Apr 3 | Nova | 5120 target | Pending — not yet tested |",   # (stop 50: a dated row says when)
    "**Status (2026-02-01)**: not yet built.",                      # (stop 50: the date anchors it)
])
def test_transient_words_that_name_define_or_recount(text):
    assert transient_findings("notes.md", text) == [], text


@pytest.mark.parametrize("text", [
    "- Payments not yet wired to the new provider.",
    "Export is not yet done for domains.",
    "Il pagamento non è ancora collegato.",
    "Today the staging database is read-only.",
    "Oggi il backup gira solo a mano.",
    "Hệ thống hiện tại đang dùng bản cũ.",
    "Hiện tại chỉ chạy trên máy local.",
    "(latest hiện tại: 2026-05-11)",
    "Next session should start with the migration.",
    "- Sentry is temporarily disabled on staging.",
    "This week we are on the release branch.",
])
def test_transient_same_words_stating_the_moment_stay_found(text):
    assert transient_findings("notes.md", text), text


# Transient: a status said as one, with no time word — a label or a heading that says a thing is still open.
@pytest.mark.parametrize("text", [
    "**Status:** Not started. Run after the importer is live.",
    "**Status:** Pending (review takes about a week)",
    "**Estado en el panel:** la lista `SKIP_RULES` está **vacía**. Cuando llegue el primer extracto, decidir.",
    "**Stato:** il login funziona, ma bloccato dal captcha.",
    "## #3: Nightly reindex (AUTO-RUNNING)",
])
def test_transient_an_open_status_is_found_as_a_check(text):
    f, = transient_findings("notes.md", text)
    assert f.confidence == "possible" and "provisional" in f.message, text


@pytest.mark.parametrize("text", [
    "**Status:** Shipped in v2 (2026-03-02).",
    "**Status:** LOG-ONLY. Blocked from alerts in the live filter.",
    "## Retry job (done)",
    "The word pending means the review has not started.",
])
def test_transient_a_closed_status_or_a_gate_is_not(text):
    assert transient_findings("notes.md", text) == [], text


def test_transient_bare_now_after_a_stated_change_and_any_next_session():
    # "back then we added a banner, it was removed on 7/7 — now that part is gone": the state since a change
    assert transient_findings("a.md", "당시엔 배너를 붙였으나 7월 7일 전부 제거됐다 — 지금은 그 부분이 없다.") == []
    assert transient_findings("a.md", "지금은 배포가 멈춰 있다.")   # still found: no change told
    # a condition earlier in a long sentence still makes "next session" any next one
    assert transient_findings("a.md", "(1) commit, (2) if the importer is half done or has known bugs, note it in "
                                      "the commit and in a project record so it is visible next session.") == []


@pytest.mark.parametrize("text", [
    "Кнопки на пределе контраста, что допустимо в современном вебе.",   # временно inside a longer word
    "Оба сервиса обновляются одновременно.",
    "**Điều kiện:** Hôm qua là đáy được xác nhận:",
    "  - score[hôm qua] < score[hôm kia]",
    "- Mua hôm nay (close T+0) hay đợi T+1?",
    "So the sims mark to yesterday regardless of ingest (T+1, no look-ahead).",
    "- 從高點到今天減碼了多少 %",
    "So với DT5G hiện tại không?",
    "백필이 안 되니 지금 안 모으면 사라진다.",
])
def test_transient_words_inside_words_conditions_and_day_terms(text):
    assert transient_findings("notes.md", text) == [], text


@pytest.mark.parametrize("text", ["Сейчас сервис временно отключён.", "Hôm nay server đang bảo trì.",
                                  "지금 배포가 멈춰 있다.", "DT5G hiện tại đang ở trạng thái NEUTRAL."])
def test_transient_the_same_words_saying_now_stay(text):
    assert transient_findings("notes.md", text), text


@pytest.mark.parametrize("text", [
    "- **STRONG** (score ≥ 70): buy at the close today, full size",
    "**Status (2026-02-01, historical)**: design approved, not yet built.",
    "현재 설정과 비교해 확인한 뒤 적용하세요.",
])
def test_transient_a_threshold_rule_a_marked_history_an_instruction(text):
    assert transient_findings("notes.md", text) == [], text


@pytest.mark.parametrize("text", ["Today the queue is at 80% (≥ 70 alerts).", "**Status**: not yet built.",
                                  "현재 설정은 테스트 모드다."])
def test_transient_same_words_without_the_rule_or_history_stay(text):
    assert transient_findings("notes.md", text), text


def test_transient_a_past_event_told_as_this_session_is_a_check_saying_so():
    # (stop 50: in a reason line it is the story behind the rule, no finding; told elsewhere, a check)
    assert transient_findings("a.md", "**Why:** During this session, I reset the branch and lost two uncommitted pages.") == []
    f, = transient_findings("a.md", "During this session, I reset the branch and lost two uncommitted pages.")
    assert f.confidence == "possible" and "past event" in f.message and "a date" in f.fix
    # a present state beside it stays a 'right now' statement
    f, = transient_findings("a.md", "This session the importer is half done and the queue is paused.")
    assert f.confidence == "high"


@pytest.mark.parametrize("text, found", [
    ("## 盤前策略 — 找今日機會", False), ("- 補今日 Top N 買超分點", False), ("排除今日突破日，否則天花板被拉高", False),
    ("今日は本番が止まっている。", True), ("今日、デプロイが失敗している。", True), ("今日已部署新版本，仍在觀察。", True),
])
def test_transient_a_compound_of_jinri_is_one_word(text, found):
    assert bool(transient_findings("notes.md", text)) is found, text


@pytest.mark.parametrize("text, found", [
    ("(c) add the v2 paper-trade from today.", False), ("Il report parte da oggi con il nuovo formato.", False),
    ("Expected numbers (from `run_sim.py` today): 12 % CAGR", True), ("Since yesterday the API is down.", True),
])
def test_transient_from_today_on_is_what_holds_since(text, found):
    assert bool(transient_findings("notes.md", text)) is found, text


@pytest.mark.parametrize("text, found", [
    ("1. **Movers** — tickers crossing their trigger today, with distance to stop", False),
    ("- **Backend stats.js**: endpoint `GET /api/stats` — KPI + ordini oggi in 1 call", False),
    ("- **Movers** — the feed is down today.", True), ("- **Movers**: tickers crossing today", True),
    ("- **Export** — the button is hidden today.", True),
])
def test_transient_a_definition_s_day_is_each_day(text, found):
    assert bool(transient_findings("notes.md", text)) is found, text


# Held-out shapes (34d's note): "hiện tại" after a workspace noun is "the current repo"; a list item
# under a template/format heading names a field of every future report.
@pytest.mark.parametrize("text, found", [
    ("- [Tổng quan](a.md) — kiến trúc của repo hiện tại và các lệnh build", False),
    ("## 日报格式\n1. 📌 标题\n2. ✅ 完成 — 今天完成的工作项\n", False),
    ("## Standup template\n- Done — what shipped today\n", False),
    ("## Standup\n- Done — the export shipped today\n", True),
    ("## Standup template\nToday the template is being rewritten.\n", True),
])
def test_transient_heldout_shapes(text, found):
    assert bool(transient_findings("notes.md", text)) is found, text


def _process(entry_id: str, text: str) -> bool:
    from tui.core.judging.wording import process_findings
    return bool(process_findings(entry_id, text))


SPEC = "# Cache v3 spec\n\n{status}\n\n## Rollout\n- [ ] switch the reader\n- [ ] drop the old table\n- [ ] tell ops\n"


def test_a_status_field_labels_a_spec_and_a_status_section_reports():
    assert not _process("cache_spec.md", SPEC.format(status="**Status**: accepted, not yet deployed"))
    assert not _process("cache_spec.md", SPEC.format(status="**Cache status:** retired"))
    assert _process("cache_spec.md", SPEC.format(status="## Status\nhalf of the readers moved"))
    assert _process("cache_spec.md", SPEC.format(status="**Status (2031-02-03)**: half moved"))


def test_a_closed_checklist_records_outcomes_an_open_one_is_work():
    body = "# Sizing rules\n\n## Status\n- [x] flat sizing tried → rejected\n- [x] vol sizing tried → kept\n- [{c}] {t}\n"
    assert not _process("sizing.md", body.format(c=" ", t="~~per-sector caps~~ dropped"))
    assert not _process("sizing.md", body.format(c="x", t="kelly tried → rejected"))
    assert _process("sizing.md", body.format(c=" ", t="try kelly sizing next"))


def test_a_rule_the_user_gave_takes_a_third_sign():
    body = "---\nname: review rules\ntype: {t}\n---\nCheck before merging:\n- [ ] tests pass\n- [ ] docs updated\n- [ ] no debug prints\n"
    assert not _process("feedback_review_2031-02-03.md", body.format(t="feedback"))
    assert _process("feedback_review_2031-02-03.md", body.format(t="project"))
    assert _process("feedback_review_2031-02-03.md", body.format(t="feedback") + "\nIn the last session we fixed three.\n")


def test_one_date_said_twice_is_one_sign():
    assert not _process("plan.md", "# Plan\n\n## Status\n\nNot started as of 2031-02-03.\n")
    assert _process("plan.md", "# Plan\n\n## Status\n\nNot started.\n\nThe runner was moved as of 2031-02-03.\n")
    assert not _process("infra_2031-02-03.md", "## Infra state (as of 2031-02-03)\n- 3 nodes\n")
    assert _process("infra_2031-02-03.md", "Long session 2031-02-03: moved the nodes.\n")
