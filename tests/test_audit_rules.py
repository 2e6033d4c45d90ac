"""One case per audit rule added for real folders: what is a path, transient and process
wording per language, wiki-link folding, e-mail look-alikes, conflicts."""
from __future__ import annotations

import pytest

from conftest import NOW, write

from tui.core.judging.gates import identifying_findings
from tui.core.mentions import as_path
from tui.core.judging.wording import process_findings, transient_findings

PATHS = [("src/api/server.ts", "src/api/server.ts"), ("`docs/`", "docs/"), ("registry.py::DEFAULT", "registry.py"),
         ("src/a.ts:10-20", "src/a.ts"), ("src/a.ts:380+", "src/a.ts"), ("docs/x.md#L12", "docs/x.md"),
         ("LOG=src/logs/app.log", "src/logs/app.log"), ('module="src/x.py"', "src/x.py"), ("./run.sh", "./run.sh"),
         ("`Makefile`", "Makefile"), ("lib/a/b/c", "lib/a/b/c")]
NOT_PATHS = ["xlsx/pdf/docx", "Left/Right/Ceiling/Floor", "feat/login", "origin/main", "anthropics/claude-code",
             "hover:bg-muted/50", "w-1/2", "2026/06/01", "https://a.io/b.ts", "github.com/a/b.ts", "v2/api",
             "@scope/pkg", "/mnt/c/dev/x.md", "and/or", "node.js", "console.log", "getty@tty1.service", "e.g.", "openclaw-gateway.service", "backup.timer"]


@pytest.mark.parametrize("raw, path", PATHS)
def test_is_a_path(raw, path):
    m = as_path(raw.strip("`"), backticked=raw.startswith("`"))
    assert m is not None and m.path == path, raw


@pytest.mark.parametrize("raw", NOT_PATHS)
def test_is_not_a_path(raw):
    assert as_path(raw) is None, raw


TRANSIENT = {
    "en": ("CI is red right now.", "Reports cut off at midnight, so 'today' means the UTC day."),
    "zh": ("目前测试还没跑通", "现代浏览器都支持这个 API"),
    "ja": ("いまは翻訳を確認しています。", "今後は英語で書く。"),
    "ko": ("현재 상태: 번역 점검 중", "화면에 현재 시각을 표시한다."),
    "es": ("Los cambios fueron aplicados hoy.", "Los hoyos se rellenan con ceros."),
    "pt": ("O deploy está pausado por enquanto.", "Agoraphobia não é uma palavra portuguesa."),
    "fr": ("Le cache est désactivé pour l'instant.", "Le momentum est calculé par lot."),
    "de": ("Der Build ist im Moment langsam.", "Eine gerade Zahl ist durch zwei teilbar."),
    "vi": ("Trạng thái hiện tại: đang chờ duyệt", "Dùng hàm tính tổng cho cột này."),
    "ru": ("Сейчас сборка идёт медленно.", "Сборка использует кэш по умолчанию."),
}


@pytest.mark.parametrize("lang", sorted(TRANSIENT))
def test_transient_in_every_language_with_a_near_miss(lang):
    yes, no = TRANSIENT[lang]
    assert transient_findings("a.md", yes), yes
    assert transient_findings("a.md", no) == [], no


def test_dialogue_and_possessives_are_not_statements():
    assert transient_findings("a.md", 'In the script JOHN says: "We leave tonight."') == []
    assert transient_findings("a.md", "Use today's date as the default.") == []


PROCESS_YES = ["## Session summary\nIn the last session we fixed the test.\n- [x] a\n- [x] b\n- [ ] c\n",
               "## 진행 상황\n- [x] 번역\n- [ ] 검수\n- [ ] 배포\n"]
PROCESS_NO = ["Progress bars use the shared component.\n",
              "Use `- [ ]` checklists in pull request descriptions.\n",
              "## Why\nThe session cookie is httpOnly.\n"]


@pytest.mark.parametrize("text", PROCESS_YES)
def test_process_found(text):
    assert [f.kind for f in process_findings("a.md", text)] == ["process"]


@pytest.mark.parametrize("text", PROCESS_NO)
def test_process_not_found(text):
    assert process_findings("notes.md", text) == []


def test_email_look_alikes():
    assert identifying_findings("a.md", "restart getty@tty1.service; ssh deploy@build.local; ssh ops@bastion") == []
    assert [f.rule for f in identifying_findings("a.md", "ask maria.lopez@acme.io")] == ["email"]


def test_wiki_links_fold_case_separators_and_type_prefix(mem_dir, root):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "reference_gsim_architecture.md", "---\nname: arch\n---\nx\n")
    write(mem_dir, "a.md", "---\nname: a\n---\nSee [[reference-gsim-architecture]], [[GSIM Architecture]], "
                           "[[gsim_architecture]] and [[nothing-here]].\n")
    rep = audit(Snapshot.load(mem_dir, root, NOW), git=False, jobs=1)
    assert [f.message for f in rep.findings if f.kind == "link-broken"] == ["[[nothing-here]] links to no entry"]


def test_conflicts_need_the_same_subject(mem_dir, root):
    from tui.core.judging.crossfile import conflict_findings
    from tui.core.snapshots.memory import Snapshot
    write(mem_dir, "a.md", "---\nname: a\n---\nScripts run on python 3.12; the api listens on port 8080.\n")
    write(mem_dir, "b.md", "---\nname: b\n---\nWe pin opencv-python 4.13; grafana listens on port 3000.\n")
    assert conflict_findings(Snapshot.load(mem_dir, root, NOW)) == []
    write(mem_dir, "c.md", "---\nname: c\n---\nScripts run on Python 3.11.\n")
    found = conflict_findings(Snapshot.load(mem_dir, root, NOW))
    assert len(found) == 1 and "3.12" in found[0].message and "3.11" in found[0].message


def test_rules_without_the_word_use_are_claims():
    """'stop using', 'never run', 'always run' and 不要用 name a rule with no 'use' in the text."""
    from tui.core.judging.crossfile import claims
    # (a rule's value carries its scope after '@' since stop 35; "never@" is a rule for everywhere)
    assert [c[:2] for c in claims("Stop using npm here.")] == [("use npm", "never@")]
    assert [c[:2] for c in claims("Never run webpack by hand.")] == [("use webpack", "never@")]
    assert [c[:2] for c in claims("Always run pytest before a commit.")] == [("use pytest", "always@")]
    assert [c[:2] for c in claims("以后不要用 npm 安装依赖。")] == [("use npm", "never@")]
