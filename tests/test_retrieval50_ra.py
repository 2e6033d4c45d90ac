"""Issue 40, stop 50 (after the held-out read): two shapes of prompt, each case written before the change.

1. A Chinese directional complement ('打印出来', '看起来', '接下来', '写下去') is grammar glued to any
   verb, as '了' or '过' is: it says nothing of the subject, so a body that holds it is no evidence
   and it never outranks the entry whose description answers. (Japanese '出来る', 'can', is grammar too.)
2. A slash command written in the prompt ('/deploy', '/goal') is a name, as an identifier is: the
   agent's command, not a word of the sentence. A body that holds the command answers alone when
   few entries hold it; a path ('/usr/bin', 'src/app') and 'and/or' are not commands.
"""
import pytest

from tui.core.engine.names import name_tokens
from tui.core.engine.tokens import terms

from test_retrieval_cases import entry, injected


@pytest.mark.parametrize("text, grammar", [
    ("发票金额打印出来不对", "出来"),
    ("页面看起来有点乱", "起来"),
    ("接下来要做哪一步", "下来"),
    ("这个方案还要写下去吗", "下去"),
    ("ここで設定が出来ない", "出来"),
])
def test_a_directional_complement_is_no_term(text, grammar):
    assert grammar not in terms(text), terms(text)


@pytest.mark.parametrize("text, content", [
    ("发票金额打印出来不对", "发票"),
    ("页面看起来有点乱", "页面"),
])
def test_the_words_beside_it_stay(text, content):
    assert terms(content) <= terms(text), (terms(content), terms(text))


def test_a_complement_in_a_body_does_not_outrank_the_description(mem_dir, root):
    entry(mem_dir, "review-errors", name="合同审核的错误", description="OCR 识别的千分号常被认成百分号，先对照原件")
    entry(mem_dir, "legal-work", name="合同与法务工作", description="正在处理的劳动合同和法律事务",
          body="把 OCR 扫描出来的文本整理好，再交给律师。")
    entry(mem_dir, "review-method", name="合同审核方法", description="先看条款结构，再看金额")
    entry(mem_dir, "resume", name="简历", description="作品集和简历的更新")
    assert injected(mem_dir, root, "ocr出来写的是6%o，是合同写错了吗")[:1] == ["review-errors.md"]


@pytest.mark.parametrize("text, names", [
    ("what does /goal do exactly", ["goal"]),
    ("/deploy fails on staging", ["deploy"]),
    ("run /review-pr before merging", ["review-pr"]),
    ("look in /usr/bin for it", []),
    ("tests and/or docs", []),
    ("open src/app first", []),
])
def test_a_slash_command_is_a_name(text, names):
    assert name_tokens(text) == names


def test_a_body_holding_the_command_answers_alone(mem_dir, root):
    entry(mem_dir, "tools", name="dev-environment", description="how the local tools are set up",
          body="Node 20 via nvm, pnpm for packages.\n\nThe `/goal` command writes the current goal to "
               "GOAL.md and prints its progress.\n\nThe database runs in docker compose.")
    entry(mem_dir, "tone", name="answer-style", description="short answers, code first")
    entry(mem_dir, "release", name="release-steps", description="tag, build, upload the bundle")
    entry(mem_dir, "plans", name="planning", description="the goal for each week is written on Monday")
    entry(mem_dir, "okrs", name="quarterly-okrs", description="the quarter's goal and key results")
    assert "tools.md" in injected(mem_dir, root, "what does /goal do exactly and how do I see where it's at")
