"""Issue 40, stop 50: the text side of retrieval, each case written before the change.

1. A count bound to its counter is one term however the number is written: '每12章一次' and
   '写完十二章' (digits against Han numerals) meet on '12章'; 'one' (一) is too much a word of
   the language to be read as a number, and '十分' is an adverb ('very'), never ten minutes.
2. A link is one concept across languages ('links' against '链接', 'リンク', 'ссылки').
3. A bullet entry of a shared file is found by its section heading's words: '## Deploy' over
   '- run the migrations by hand first' answers "how do we deploy?" (OpenClaw's MEMORY.md, where
   the heading is what the bullets are about and none of them repeats it).
"""
import pytest

from tui.core.engine.tokens import terms

from conftest import write
from test_lazyindex import index, same
from test_retrieval_cases import decide, entry, injected


@pytest.mark.parametrize("a, b, meet", [
    ("每12章一次复盘", "写完十二章之后做什么", True),
    ("第3步要先备份", "第三步是什么", True),
    ("每二十集一个大事件", "20集以内", True),
    ("5本の記事を書く", "五本目", True),
    ("十分重要的配置", "每10分钟同步一次", False),
    ("一次", "1次", False),
    ("第三步", "第四步", False),
])
def test_a_count_meets_however_its_number_is_written(a, b, meet):
    assert bool(terms(a) & terms(b)) is meet, (terms(a), terms(b))


def test_a_prompt_with_han_numerals_finds_the_rule_written_with_digits(mem_dir, root):
    entry(mem_dir, "cadence", name="review-cadence", description="每12章做一次整体复盘，再写下一卷大纲")
    entry(mem_dir, "tone", name="tone", description="对白要口语化，避免书面语")
    entry(mem_dir, "names", name="names", description="人物名字不超过三个字")
    assert injected(mem_dir, root, "写完十二章以后干嘛")[:1] == ["cadence.md"]


@pytest.mark.parametrize("word", ["链接", "リンク", "ссылки", "링크", "enlaces"])
def test_a_link_is_one_concept(word):
    assert "link" in terms(word), terms(word)


def test_an_english_prompt_finds_a_chinese_rule_about_links(mem_dir, root):
    entry(mem_dir, "inline", name="链接要写进句子里", description="不要把链接单独放一行")
    entry(mem_dir, "images", name="图片路径", description="图片统一放在 assets 目录")
    entry(mem_dir, "title", name="标题格式", description="标题不加句号")
    assert injected(mem_dir, root, "where should links go in a post?")[:1] == ["inline.md"]


OPENCLAW = """# MEMORY.md

## Deploy
- run the migrations by hand first, the pipeline skips them
- the staging box is rebuilt every Monday night

## Preferences
- answers short, code first
- no emoji in commit messages
"""


def test_a_bullet_is_found_by_its_sections_heading(tmp_path):
    folder = tmp_path / "ws"
    write(folder, "MEMORY.md", OPENCLAW)
    (folder / "memory").mkdir()
    write(folder / "memory", "2026-03-01.md", "- looked at the logs\n")
    from tui.core.engine.select import Engine
    from tui.core.snapshots.memory import Memory
    from conftest import NOW
    from tui.core.layouts import get
    mem = Memory.load(folder, tmp_path, now=NOW, layout=get("openclaw"))
    assert any(i.startswith("MEMORY.md#run-the-migrations") for i in mem.entries), list(mem.entries)
    d = Engine.from_memory(mem).decide("how do we deploy?")
    got = [c.id for c in d.injected]
    assert got and got[0].startswith("MEMORY.md#run-the-migrations"), d.injected
    # the heading's words weigh as a description's, never as the bullet's own name
    why = [r.detail for r in d.injected[0].reasons]
    assert any("deploy" in w and "description" in w for w in why), why
    # a bullet says nothing of its section to a prompt about another section
    d = Engine.from_memory(mem).decide("any preferences for commit messages?")
    assert [c.id for c in d.injected][:1] == ["MEMORY.md#no-emoji-in-commit-messages"], d.injected


@pytest.mark.parametrize("text, head", [
    ("sửa cấu hình nginx", "config"), ("gửi thông báo cho khách", "notification"),
    ("bảng người dùng", "user"), ("máy chủ bị treo", "server"), ("lỗi xác thực", "auth"),
    ("cài đặt lại gói", "install"), ("tìm kiếm sản phẩm", "search"),
])
def test_a_vietnamese_phrase_of_the_glossary_meets_as_written(text, head):
    """A Vietnamese word whose only mark is one French has too ('hình', 'máy', 'dùng') folds as a
    Latin word does, alone; a phrase of the glossary is folded word by word alike, or 'cấu hình'
    (kept whole for its 'ấ') never met the prompt's 'cấu' 'hinh'."""
    assert head in terms(text), terms(text)


def test_a_korean_compound_keeps_the_word_after_a_glossary_form():
    """'서버재시작' (server restart, written as one word) is both concepts; '배포스크립트' is deploy
    and the script; the form must start the word ('블로그' holds no log)."""
    assert {"server", "restart"} <= terms("서버재시작하면 돼?")
    assert {"deploy", "스크립트"} <= terms("배포스크립트를 고쳤어")
    assert terms("배포스크립트") & terms("배포 스크립트") == {"deploy", "스크립트"}
    assert "log" not in terms("블로그 글")


@pytest.mark.parametrize("a, b", [
    ("ＡＷＳの設定を見て", "AWS settings"), ("ＧｉｔＨｕｂに上げる", "github"), ("ｻｰﾊﾞｰが落ちた", "サーバーが落ちた"),
    ("フォルダーの構成", "フォルダ構成"), ("ユーザーテーブル", "ユーザ"), ("メモリーの使用量", "メモリ"),
])
def test_japanese_writes_one_word_several_ways(a, b):
    """Full-width Latin letters and half-width katakana are the same letters (NFKC); a katakana
    word's final long mark is a spelling choice ('フォルダー' / 'フォルダ', JIS style)."""
    assert terms(a) & terms(b), (terms(a), terms(b))


@pytest.mark.parametrize("word, head", [
    ("プリンターの設定", "lint"), ("ダイアログを閉じる", "log"), ("ブログ記事", "log"),
    ("キャッシュレス決済", None), ("コンテストの応募", "test"),
])
def test_a_katakana_form_inside_another_word_is_not_it(word, head):
    """A katakana glossary form starts a katakana word ('エラーログ' is error and log) and is
    never read from inside another ('プリンター' holds 'リンター', a printer is no linter)."""
    if head:
        assert head not in terms(word), terms(word)


def test_a_katakana_compound_of_forms_is_each():
    assert {"error", "log"} <= terms("エラーログを見る")
    assert {"deploy"} <= terms("デプロイスクリプト")


@pytest.mark.parametrize("upper, lower", [
    ("SIRALAMA", "sıralama"), ("ÇIKIŞ BUTONU", "çıkış butonu"), ("KULLANICILAR", "kullanıcılar"),
    ("VERİTABANI YEDEĞİ", "veritabanı yedeği"),
])
def test_turkish_in_capitals_meets_it_in_lower_case(upper, lower):
    """Turkish writes the capital of 'ı' as 'I', which lower-cases to 'i': the dotless ı is read as
    an i once its suffixes are cut, so a heading in capitals meets the sentence."""
    assert terms(upper) == terms(lower), (terms(upper), terms(lower))


def test_turkish_filler_in_capitals_is_filler():
    assert terms("NASIL") == terms("nasıl") == set()


NESTED = """# Notes

## Payments
### Refunds
Refunds go through the admin page only; the API endpoint is disabled.

Never refund twice from the terminal.

### Invoices
- invoices are numbered per year
  and never reused

## Team
- Ana reviews every database change
"""


def test_a_subsection_is_found_by_the_section_it_sits_in(tmp_path):
    """A subsection read as an entry of its own ('### Refunds' under '## Payments'), and a bullet
    under a subsection, keep the words of every heading above them (down to the sections' level)."""
    from conftest import NOW
    from tui.core.engine.select import Engine
    from tui.core.layouts import get
    from tui.core.snapshots.memory import Memory
    folder = tmp_path / "ws"
    write(folder, "MEMORY.md", NESTED)
    mem = Memory.load(folder, tmp_path, now=NOW, layout=get("openclaw"))
    about = {i: e.about for i, e in mem.entries.items()}
    refunds = next(i for i in about if i.startswith("MEMORY.md#refunds"))
    assert "Payments" in about[refunds], about
    assert "Team" not in about[refunds] and "Notes" not in about[refunds], about
    got = [c.id for c in Engine.from_memory(mem).decide("anything to know about payments?").injected]
    assert refunds in got, got
