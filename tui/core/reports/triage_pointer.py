"""Test 3 for a note about the instruction file itself: promoting it would be circular.

Two shapes, both drop (never promote, SPEC §6 test 3):

- **A pointer to the instruction file**: its headline is the file ("CLAUDE.md is the project's
  entry point", "Read AGENTS.md first", a file named ``reference_claude_md``). The agent reads that
  file every session already; copying "read it" into it adds a line that points at itself.
- **A rule the entry says already lives in a file the agent loads**: "already written into
  `.claude/skills/x/SKILL.md`", "the team rules are in CLAUDE.md" (in the description, or in a
  feedback/user entry, which states one rule). Promoting it would make a second copy.

A line that only asks to keep the file up to date ("update CLAUDE.md after changing the flow")
is neither: it names no rule already placed. Words are matched in en, de, es, fr, pt, ru, zh, ja, ko.
"""
from __future__ import annotations

import re

from .triage_findings import Decision
from .triage_lines import quote

# a file the agent loads at every session (or when a skill applies): its name as written in text
_LOADED = re.compile(r"(?i)(?<![A-Za-z0-9_.-])(?:[\w./~-]*/)?(CLAUDE(?:\.local)?\.md|AGENTS\.md|GEMINI\.md|copilot-instructions\.md"
                     r"|\.cursorrules|\.clinerules|\.windsurfrules|SKILL\.md|\.cursor/rules/[\w./-]+)(?![A-Za-z0-9_-])")
_STEM = re.compile(r"(?i)(?:^|_)(claude|agents|gemini)[_.]md$")
_STEM_FILE = {"claude": "CLAUDE.md", "agents": "AGENTS.md", "gemini": "GEMINI.md"}
# "the rule is already there", the entry's own word that it has been placed in the file: said just
# before the file's name ("already written into X", 已写入 X) or just after it (Xに記載済み, X에 있음)
_BEFORE = re.compile(
    r"(?i)(?:\balready\b[^.;]{0,30}?\b(?:in|into|to)|\b(?:is|are|lives?)\s+(?:now\s+|already\s+)?(?:in|part of)"
    r"|\b(?:documented|recorded|written|captured|codified|moved|promoted)\s+(?:in|into|to)"
    r"|\bbereits\s+(?:in|im)|\bsteht\b[^.;]{0,20}\bin|\bya\s+(?:est[áa]|figura|consta)\s+en"
    r"|\bj[áa]\s+(?:est[áa]|consta)\s+(?:em|no|na)|\bd[ée]j[àa]\s+(?:dans|en)"
    r"|(?<!\w)(?:уже\s+)?(?:прописан\w*|записан\w*|описан\w*|зафиксирован\w*|закреплен\w*|есть)\s+(?:в|во)|(?<!\w)уже\s+(?:в|во)"
    r"|已(?:经)?(?:写入|写进|记录(?:到|在|于)?|加入(?:到)?|同步(?:到|至)?|移入|移到|迁移到|收录(?:到|在|于)?|纳入|在)|写在|记录在)"
    r"[\s`'\"「『(（]*(?:the\s+|die\s+|der\s+|el\s+|la\s+|o\s+|a\s+|le\s+)?(?:project'?s\s+)?$")
_AFTER = re.compile(r"(?i)^[\s`'\"」』)）]*(?:(?:的|の)?「[^」]{0,30}」(?:节|節|セクション)?\s*)?"
                    r"(?:に(?:記載|記述|書(?:か|い)|追記|移(?:し|動))|にある|에\s*(?:있|기록|명시|반영|추가|정리)"
                    r"|(?:中|里|裡)(?:已|有)|已(?:写|寫|记录|記錄|包含|收录|收錄|有)"
                    r"|(?:也|亦)(?:有|写了|寫了|记了|記了)(?:此|这|這|同|相同|该|該|规定|規定)"
                    r"|\s*already\s+(?:has|holds|covers|states|says)|\s*also\s+(?:has|holds|states)\s+(?:this|it|the same))")
# ...but a modal, a negation or "not yet" in the same clause says it is still to be placed ("must be
# documented in CLAUDE.md", "noch nicht in", "todavía no está en", 尚未写入, に記載すべき, 에 추가해야)
_UNPLACED_BEFORE = re.compile(
    r"(?i)\b(?:must|should|shall|needs?|has to|have to|ought|to be|will|would|could|may|might|going to|todo|"
    r"not|never|no|yet|isn'?t|aren'?t|wasn'?t|weren'?t|hasn'?t|haven'?t|hadn'?t|doesn'?t|don'?t|didn'?t|"
    r"muss|müssen|musst|soll|sollte|sollen|noch nicht|nicht|nie|kein\w*|"
    r"debe\w*|deber[íi]a\w*|hay que|tiene que|tienen que|todav[íi]a no|a[úu]n no|nunca|"
    r"doit|doivent|devrait|pas encore|jamais|ne|deve\w*|deveria\w*|precisa\w*|ainda n[ãa]o|n[ãa]o|"
    r"не|нет|нужно|надо|должн\w*|следует|ещ[её])\b"
    r"|应|應|需要|要|必须|必須|得|尚未|还没|還沒|未|没有|沒有|不|待")
_UNPLACED_AFTER = re.compile(r"べき|必要|予定|ない|未|まだ|ず|해야|필요|않|없|아직|예정|할 것|待|尚未|未|没有|沒有|应|需要")
_CLAUSE = re.compile(r"[.;:!?。；：！？\n,，、]")
_WORD = re.compile(r"\w+")
_TYPES_ONE_RULE = ("feedback", "user")


def _placed(text: str) -> str | None:
    """The loaded file this text says already holds its rule."""
    for m in _LOADED.finditer(text or ""):
        before = _CLAUSE.split(text[max(0, m.start() - 40):m.start()])[-1]
        after = _CLAUSE.split(text[m.end():m.end() + 40])[0]
        if _UNPLACED_BEFORE.search(before) or _UNPLACED_AFTER.search(after):
            continue   # still to be placed there, not placed
        if _BEFORE.search(text[max(0, m.start() - 40):m.start()]) or _AFTER.search(text[m.end():m.end() + 40]):
            return m.group(0)
    return None


def _pointer(name: str, stem: str, exists) -> str | None:
    """The instruction file the headline is about, when the project holds it."""
    m = _LOADED.search(name or "")
    by_stem = _STEM.search(stem.replace("-", "_"))
    base = m.group(1) if m else _STEM_FILE[by_stem.group(1).lower()] if by_stem else None
    if base is None or base.lower() == "skill.md" or not exists(base):
        return None
    if m is not None:   # its subject: the name starts with the file, or says little else ("Read CLAUDE.md first")
        rest = _WORD.findall((name[:m.start()] + " " + name[m.end():]))
        if m.start() > 0 and len(rest) > 4 and not by_stem:
            return None
    return base


def circular(prepared, stem: str, exists) -> Decision | None:
    """Drop when promoting the entry would put into an instruction file a note about that file."""
    r = prepared.reading
    base = _pointer(prepared.name or "", stem, exists)
    if base is not None:
        at = next((ln for ln in r.content if base.lower() in ln.text.lower()), None)
        where = f"line {at.n}" if at else "its name"
        return Decision("drop", 3, [f"{where} points at {base} '{quote(at.text if at else prepared.name, 8)}', "
                                    "a file the agent already reads every session",
                                    "a note to read it adds nothing there: never promote it"],
                        [at.n] if at else [])
    said_where = [(None, prepared.description)]
    if (prepared.type or "").lower() in _TYPES_ONE_RULE:
        said_where += [(ln.n, ln.text) for ln in r.content]
    n, text, file = next(((n, t, f) for n, t in said_where if (f := _placed(t))), (None, "", None))
    if file is None:
        return None
    where = f"line {n}" if n else "its description"
    said = "" if exists(file.lstrip("/")) else " (not in this checkout: check it is there)"
    return Decision("drop", 3, [f"{where} says its rule already lives in {file}{said}: "
                                f"'{quote(text, 10)}'",
                                "that file is what the agent loads: a promotion would be a second copy"],
                    [n] if n else [])


# a document named by its path or its file alone (C:\…\STYLE_GUIDE.md, docs/style-guide.md)
_DOC_PATH = re.compile(r"(?i)(?<![\w.-])(?:[^\s`'\"()\[\]<>|]*[\\/])?(?P<base>(?P<stem>[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)"
                       r"\.(?:md|mdx|txt|rst|adoc|html?|pdf|docx?))(?![a-z0-9])")
_OWN = ("why", "learned", "how")   # a reason, a lesson or a way to apply: what a summary of a document does not hold


def _squash(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def mirrored(prepared, stem: str, exists) -> Decision | None:
    """Drop when the entry is named for a project document it opens by naming ("style-guide.md",
    first line "File: C:\\…\\STYLE_GUIDE.md", which the project holds at its top) and holds no
    reason, lesson or way to apply of its own (a document named further down, "details in
    docs/x.md", is where more is read, not the entry's subject): a summary of that document, which
    is read there and which it lets go stale. (Instruction files are ``circular``'s; a document the project lacks decides nothing.)"""
    r = prepared.reading
    if not r.content or any(ln.kind in _OWN for ln in r.lines):
        return None
    want = _squash(stem)
    if len(want) < 4:
        return None
    first = [ln for ln in r.content if ln.kind != "heading"][:1]   # what it opens with names its subject
    for ln in first:
        for m in _DOC_PATH.finditer(ln.text):
            base, rel = m.group("base"), m.group(0)
            if _squash(m.group("stem")) != want or _LOADED.fullmatch(base) \
                    or not (exists(base) or not re.match(r"(?i)[a-z]:|[\\/~]", rel) and exists(rel.replace("\\", "/"))):
                continue
            return Decision("drop", 3, [f"line {ln.n} names {base}, the project's document this entry is named for: "
                                        f"'{quote(ln.text, 8)}'",
                                        "it holds no reason or lesson of its own: a summary of that document, which "
                                        "the agent reads there — the copy only goes stale"], [ln.n])
    return None
