"""Issue 36 (stop 39, round 3): what owners rejected or missed on the stop-39 held-out review, as
principles. Own text (no pool words); each rule with a case found and a look-alike not."""
from __future__ import annotations

from tui.core.judging.gates import secret_findings

UUID = "7c1e9a4b-3f2d-4e8a-b6c5-0d9f8e7a1b2c"
AIZA = "AIzaSyD8" + "qT4vR1xN7mK2pL9sW3eH6uJ0cB5fG1a"


def _secrets(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.confidence) for f in secret_findings("e", text)]


# -- 1. a key meant to be public is not a secret ---------------------------------------------------

def test_a_form_services_access_key_is_public_by_design():
    note = ("## Contact form\n"
            f"- Submissions go through Web3Forms (key: `{UUID}`)\n")
    code = ("```js\nconst body = new FormData(form);\n"
            f"body.append('access_key', '{UUID}');\n"
            "await fetch('https://api.web3forms.com/submit', {method: 'POST', body});\n```\n")
    assert _secrets(note) == []
    assert _secrets(code) == []


def test_the_same_value_under_an_ordinary_key_name_is_still_a_secret():
    text = f"## Billing\n- the payments API key: `{UUID.replace('-', '')}Zq`\n"
    assert [c for _, c in _secrets(text)] == ["high"]


def test_a_secret_named_beside_a_public_key_stays_a_secret():
    text = ("SUPABASE_ANON_KEY=pub-ok\n"
            f"SUPABASE_SERVICE_ROLE_KEY={UUID.replace('-', '')}Zq9\n")
    assert [c for _, c in _secrets(text)] == ["high"]


def test_a_google_key_in_a_web_config_could_be_either():
    text = ("const firebaseConfig = {\n"
            f"  apiKey: \"{AIZA}\",\n"
            "  authDomain: \"demo-app.firebaseapp.com\",\n};\n")
    assert _secrets(text) == [("gcp-api-key", "possible")]
    server = f"GOOGLE_API_KEY={AIZA}\n"
    assert _secrets(server) == [("gcp-api-key", "high")]


# -- 2. a link shown as syntax is no link; one missing entry is one finding -------------------------

FM = "---\nname: {0}\ndescription: {0} notes\ntype: reference\n---\n"


def _audit(tmp_path, files: dict[str, str], index: str):
    from conftest import write
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit_dir
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir(exist_ok=True)
    write(mem, "MEMORY.md", index)
    for rel, text in files.items():
        write(mem, rel, text)
    return audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings


def test_an_index_link_inside_inline_code_is_an_example_not_a_link(tmp_path):
    index = ("# Memory\nOne line per note: `- [Title](note.md) — hook`; pictures as `![](img/fig1.png)`.\n"
             "- [Deploy](deploy.md) — how we ship\n")
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship with make.\n"}, index)
    assert not [f for f in found if f.kind == "link-broken"]
    broken = index + "- [Gone](gone.md) — a note since deleted\n"
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship with make.\n"}, broken)
    assert [f.rule for f in found if f.kind == "link-broken"] == ["index-missing-file"]


def test_wiki_links_to_an_entry_the_index_also_misses_are_the_index_findings_cause(tmp_path):
    index = "# Memory\n- [Deploy](deploy.md) — how we ship\n- [Branch rules](branch-rules.md) — never push to main\n"
    files = {"deploy.md": FM.format("deploy") + "Ship with make; see [[branch-rules]].\n",
             "release.md": FM.format("release") + "Tag first ([[branch-rules]]); then [[changelog-style]].\n"}
    found = [f for f in _audit(tmp_path, files, index) if f.kind == "link-broken"]
    rules = sorted((f.rule, f.message) for f in found)
    assert [r for r, _ in rules] == ["index-missing-file", "wiki-link"]   # one per cause
    assert "changelog-style" in rules[1][1]


# -- 5. an OpenClaw workspace's memory/ named on its own is still OpenClaw's ------------------------

def test_a_workspaces_memory_folder_with_day_logs_is_read_as_openclaw(tmp_path):
    from conftest import write
    from tui.core.layouts import detect
    ws = tmp_path / "workspace"
    write(ws, "memory/MEMORY.md", "# Long-term\n## People\n- Ana runs the weekly sync\n## Decisions\n- Ship on Fridays\n")
    write(ws, "memory/NOW.md", "# Now\n- drafting the grant report\n")
    write(ws, "memory/2025-11-03.md", "# 2025-11-03\n- met Ana; moved the sync to Tuesday\n")
    seen = detect(ws / "memory")
    assert (seen.layout.name, seen.dir) == ("openclaw", ws)
    # OpenClaw's MEMORY.md names a day log from the workspace ("memory/2025-11-03.md"): no index link
    write(ws, "memory/MEMORY.md", "# Long-term\n- memory/2025-11-03.md holds the first meeting's notes\n")
    assert detect(ws / "memory").layout.name == "openclaw"
    write(ws, "memory/MEMORY.md", "# Long-term\n- 2025-11-03.md holds the first meeting's notes\n")
    assert detect(ws / "memory").layout.name == "claude-code"   # named as it sits: an index of its notes


def test_a_claude_memory_folder_that_indexes_a_dated_note_stays_claude(tmp_path):
    from conftest import write
    from tui.core.layouts import detect
    proj = tmp_path / "proj"
    write(proj, "memory/MEMORY.md", "# Memory\n- [Release retro](2025-11-03.md) — what broke\n")
    write(proj, "memory/2025-11-03.md", "---\nname: retro\n---\nThe migration ran twice.\n")
    assert detect(proj / "memory").layout.name == "claude-code"
    sessions = tmp_path / "claude-project"   # Claude Code's own folder: session logs beside memory/
    write(sessions, "memory/MEMORY.md", "# Memory\n- notes kept inline\n")
    write(sessions, "memory/2025-11-03.md", "The migration ran twice.\n")
    write(sessions, "3f2a.jsonl", "{}\n")
    assert detect(sessions / "memory").layout.name == "claude-code"


# -- 3. a secret a person chose, under a secret key's label in any language --------------------------

def test_a_secret_keys_label_in_another_language_finds_what_the_english_one_finds():
    from tui.core.secrets.detect import find_secrets
    for value in ("NorthwindJWTSigning2025Key99", "acmeofficesecret2024signingkeyxyz", "Zq8vT1xN7mK2pL9sW3eH6u"):
        english = [(h.rule, h.confidence) for h in find_secrets(f"- **signing secret**: {value}\n")]
        assert english, value
        for label in ("签名密钥", "秘钥", "署名鍵", "비밀키"):
            text = f"## Tokens\n- **{label}**: {value}\n- **有效期**: 24h\n"
            assert [(h.rule, h.confidence) for h in find_secrets(text)] == english, text
            assert value[4:12] not in "".join(f.message for f in secret_findings("e", text))   # never echoed


def test_run_together_words_with_a_year_under_a_secrets_name_are_worth_a_look():
    from tui.core.secrets.detect import find_secrets
    text = "jwt secret: acmeofficesecret2024signingkey\n"   # chosen, not drawn: possible, never sure
    assert [(h.rule, h.confidence) for h in find_secrets(text)] == [("generic-secret", "possible")]


def test_the_labels_words_and_names_are_not_secrets():
    from tui.core.secrets.detect import find_secrets
    for text in ("- 密钥: 放在环境变量 JWT_SECRET 里\n", "- 密钥长度: 38\n", "- **签名密钥**: 见 application.yml\n",
                 "secret_name: prod-db-credentials\n", "signing secret: GetSigningSecretFromVault\n",
                 "secret: projectname\n", "signing secret: getSigningKeyFromVault2025Loader\n"):
        assert find_secrets(text) == [], text


# -- 4. a dated progress log is process, one finding; a publication's name is no day ----------------

def test_a_dated_progress_log_is_one_process_finding(tmp_path):
    log = ("# 项目进度记录\n\n## 当前状态: 支付模块开发完成\n\n## 今日完成 (2025-10-14)\n- 订单接口联调通过\n- 修复退款金额精度\n\n"
           "## 待开发\n- 发票导出\n- 对账报表\n")
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship with make.\n", "支付进度.md": log},
                   "# Memory\n- [Deploy](deploy.md) — how we ship\n")
    about = [(f.kind, f.rule) for f in found if f.id == "支付进度.md"]
    assert about == [("process", "session-log")]   # no not-in-index, no no-frontmatter: the fix is to move it out


def test_a_progress_word_alone_in_a_topic_files_name_is_not_a_log(tmp_path):
    note = FM.format("进度条组件") + "进度条组件用 CSS 变量控制颜色，不要写死。\n"
    found = _audit(tmp_path, {"进度条组件.md": note}, "# Memory\n- [进度条](进度条组件.md) — 组件约定\n")
    assert not [f for f in found if f.kind == "process"]


def test_a_publications_name_ending_in_a_day_word_is_no_time_word():
    from tui.core.judging.wording import transient_findings
    sources = "# Sources\n- Garden Design Today — paywalled\n- Psychology Today: habit articles\n"
    assert transient_findings("sources.md", sources) == []
    for said in ("# State\nToday the build is red.\n", "# State\n- The build is red Today.\n"):
        assert len(transient_findings("state.md", said)) == 1
