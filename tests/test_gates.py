"""The gates (SPEC §5) against a labelled corpus: positives, and hard negatives that must stay quiet."""
import pytest

from tui.core.judging.anchors import AnchorChecker
from tui.core.judging.gates import (identifying_findings, in_code_findings, secret_findings, sensitive_findings,
                            transient_findings, traversal_findings)
from tui.core.snapshots.memory import Memory
from tui.core.secrets.detect import entropy, find_secrets, redact

from conftest import NOW, write
from corpus import HARD_NEGATIVES, SECRETS


@pytest.mark.parametrize("label, text, value", SECRETS, ids=[s[0] for s in SECRETS])
def test_secret_found(label, text, value):
    hits = find_secrets(text)
    assert hits, label
    masked = redact(text)
    for i in range(0, max(1, len(value) - 7)):
        assert value[i:i + 8] not in masked, f"{label}: a piece of the secret survived redaction"


@pytest.mark.parametrize("label, text", HARD_NEGATIVES, ids=[n[0] for n in HARD_NEGATIVES])
def test_hard_negative_not_flagged(label, text):
    assert find_secrets(text) == [], label


def test_precision_and_recall_on_the_corpus():
    tp = sum(bool(find_secrets(t)) for _, t, _ in SECRETS)
    fp = sum(bool(find_secrets(t)) for _, t in HARD_NEGATIVES)
    assert tp / len(SECRETS) >= 0.97 and fp == 0


def test_token_ends_where_its_alphabet_ends():
    tok = "ghp_" + "q7Rz2LmX9vTb4NcW8kYd3PsH6fJa1GuE5oVi"
    for after in (",", ".", "，", "。", ")", "'", '"', " "):
        hits = find_secrets(f"x {tok}{after} y")
        assert len(hits) == 1 and hits[0].length == len(tok), after


def test_entropy_is_only_a_second_test():
    # an integrity hash is very random, but no shape matched it
    assert entropy("sha512-" + "Zx9" * 20) > 2 and find_secrets("integrity sha512-" + "aZ9+/" * 17) == []


def test_secret_finding_never_echoes_and_says_rotate():
    for label, text, value in SECRETS:
        for f in secret_findings("a.md", text):
            blob = f.message + f.fix + f.rule
            assert all(value[i:i + 8] not in blob for i in range(max(1, len(value) - 7)))
            assert "rotate" in f.fix


SENSITIVE_POS = [
    "Maria came out as trans to the team last spring.",
    "The user was diagnosed with diabetes last year.",
    "Dana is pregnant, so no late meetings.",
    "He is a devout Muslim and observes Ramadan.",
    "Her political views are left-leaning; she votes for Labour.",
    "The user is gay and mentioned it in chat.",
    "His SSN is 123-45-6789.",
    "His passport number: X12345678, keep it for the visa trip",
    "She has a criminal record from 2015.",
    "He is on an H-1B visa and worried about his immigration status.",
    "Card: 4539 1488 0343 6467 for the team lunch",
    "用户确诊了抑郁症，说话注意语气",
    "他的宗教信仰是佛教",
    "用户的政治立场比较保守",
    "他的身份证号是 11010519491231002X",
    "老板有犯罪记录",
    "她的签证状态还没下来",
    "用户的性取向不要提",
]
SENSITIVE_NEG = [
    "Add Visa and Mastercard support to the checkout.",
    "Use the black formatter for Python files.",
    "The race condition in the cache is fixed by a lock.",
    "Tests run on every push; the build is healthy.",
    "Document the religion field in the survey schema as optional.",
    "Order ids look like 4242-4242 in the fixtures.",
    "Use the Stripe test card 4242 4242 4242 4242.",
    "The health check endpoint is /healthz.",
    "passport number on file for the visa trip",
    "The undocumented API returns 500 on empty bodies.",
    "Add an ethnicity field to the signup form (optional, free text).",
    "The gender identity select must offer a free-text option.",
    "Map immigration_status values to the enum in schema.ts.",
    "Use the medical-history table only through the audited view.",
    "The export came out as a 12-second loop after the trim.",      # a clip, not a person
    "民族 ID 字段在表单里是可选的",  # a field name, but still flagged? see below
]


@pytest.mark.parametrize("text", SENSITIVE_POS)
def test_sensitive_found(text):
    assert sensitive_findings("a.md", text), text


@pytest.mark.parametrize("text", SENSITIVE_NEG[:-1])
def test_sensitive_negatives(text):
    assert sensitive_findings("a.md", text) == [], text


TRANSIENT_POS = ["CI is red right now on main.", "The API is currently down.", "At the moment the cache is off.",
                 "Today the deploy failed.", "For now we skip the flaky test.", "现在主分支的 CI 是红的",
                 "目前测试还没跑通", "刚才部署失败了", "今天数据库很慢"]
TRANSIENT_NEG = ["The API returns 404 for unknown ids.", "Use `date.today()` for the report date.",
                 "Run tests concurrently with --jobs.", "The currency field is ISO 4217.", "现代浏览器都支持这个 API",
                 "发现在 Safari 上要加前缀"]


@pytest.mark.parametrize("text", TRANSIENT_POS)
def test_transient_found_with_a_fix(text):
    f = transient_findings("a.md", text)
    assert f and "rewrite" in f[0].fix


@pytest.mark.parametrize("text", TRANSIENT_NEG)
def test_transient_negatives(text):
    assert transient_findings("a.md", text) == [], text


def test_in_code_only_reads_named_files_and_needs_a_long_fragment(mem_dir, root):
    write(root, "package.json", '{"scripts": {"test": "node --test test/", "lint": "eslint --max-warnings=0 src test"}}\n')
    write(root, "src/app.ts", "export function handleRequest(req, res) { return router.dispatch(req, res, { strict: true }); }\n")
    write(mem_dir, "short.md", "---\nname: s\n---\nTests must use node --test, see package.json.\n")
    write(mem_dir, "copied.md", "---\nname: c\n---\nIn src/app.ts: export function handleRequest(req, res) { return "
                                "router.dispatch(req, res, { strict: true }); }\n")
    write(mem_dir, "unnamed.md", "---\nname: u\n---\nexport function handleRequest(req, res) { return "
                                 "router.dispatch(req, res, { strict: true }); }\n")
    mem = Memory.load(mem_dir, root, now=NOW)
    chk = AnchorChecker(root)
    assert in_code_findings(mem.entries["short.md"], chk) == []
    f = in_code_findings(mem.entries["copied.md"], chk)
    assert f and "src/app.ts" in f[0].message and "anchor" in f[0].fix
    assert in_code_findings(mem.entries["unnamed.md"], chk) == []   # names no file: nothing is read


def test_traversal(mem_dir, root):
    write(mem_dir, "a.md", "---\npaths: [../../etc, src/ok.ts]\nanchor: {file: '%2e%2e%2fsecrets.env'}\n---\nx\n")
    mem = Memory.load(mem_dir, root, now=NOW)
    kinds = sorted(f.rule for f in traversal_findings(mem.entries["a.md"], AnchorChecker(root)))
    assert kinds == ["anchor-escapes-root", "path-escapes-root"]


def test_identifying():
    text = "Ask dana.okafor@tally.dev; db at 10.0.3.7; logs in /home/dana.okafor/tally. Not noreply@github.com, /home/user."
    # a private LAN address identifies no one (SPEC §5: right means the owner would act on it)
    assert sorted(f.rule for f in identifying_findings("a.md", text)) == ["email", "home-path"]


def test_public_ip_addresses_are_identifying_but_not_resolvers_versions_or_examples():
    hits = identifying_findings("a.md", "ssh deploy@79.22.139.142; staging is 34.201.12.8:8080")
    assert [f.rule for f in hits] == ["public-ip", "public-ip"]
    for text in ("dns 8.8.8.8 and 1.1.1.1", "version 2.10.3.1", "v1.20.3.4", "see section 3.2.1.4",
                 "docs use 203.0.113.7", "1.2.3.4.5", "52.0.0.0/8", "server = 10.0.0.12",
                 "ssh root@111.111.111.111", "python 3.11.7.1"):
        assert [f.rule for f in identifying_findings("a.md", text) if f.rule == "public-ip"] == [], text
