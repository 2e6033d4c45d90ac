"""Two entries that each choose a different tool for one role (issue 36 point 6, stop 50): "run the
tests with Jest (`npm test`)" here, "Tests: `deno test`" there; "the data layer is Drizzle (not
Prisma)" against "run `npx prisma generate`". conflicts.py pairs these claims (kind ``tool``).

A role is a job one tool does for a project: its JavaScript test runner, linter, formatter,
package manager, its ORM; and one preference read the same way, how long the user wants replies
(concise / detailed, said plainly: with no negation and no condition on the line). A line names a tool of a role only where the line also speaks of the
role (a test, lint, format, package, database word: Polish "to jest" and a café's "mocha" name no
test runner) or writes the tool as a command or code span; a package manager only by its
commands ("published on npm" chooses nothing). A tool after "not", "instead of", "rather than"
(or before ではなく …) is rejected there, and a line that tells history (was, switched, →) chooses
nothing. An entry chooses a tool of a role when it names exactly one of that role plainly.

Two entries disagree when they choose two tools of one role, in the same scope (the same part of
the project named on both lines, or none on either: "frontend tests with Vitest", "backend tests
with Jest" are two scopes), and the folder's entries choose no third tool of that role (a folder
comparing or spanning many is not one project's choice). An entry that also names the other's
tool without rejecting it (a comparison, a migration) is no side. Where one tool has one or two
entries and the other more, each odd entry pairs with the first of the others: one cause, one pair.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .. import hints
from .history_words import HISTORY

# role → ((tool, its pattern), …); a pattern is case-sensitive where the name is also a word
_I = "(?i)"
_TOOLS = {
    "test runner": (("jest", r"(?<![\w@/.-])(?:Jest|(?<=`)jest|(?<=npx )jest|jest(?=\.config|\s+--))(?![\w-])"), ("vitest", _I + r"(?<![\w@/.-])vitest(?![\w-])"),
                    ("mocha", r"(?<![\w@/.-])(?:Mocha|mocha(?=`|\s+--|\s+test))(?![\w-])"),
                    ("jasmine", r"(?<![\w@/.-])(?:Jasmine|jasmine(?=`))(?![\w-])"),
                    ("deno test", _I + r"(?<![\w@/.-])deno\s+test(?![\w-])"),
                    ("bun test", _I + r"(?<![\w@/.-])bun\s+test(?![\w-])"),
                    ("node --test", r"(?<![\w@/.-])node\s+--test\b|\bnode:test\b")),
    "linter": (("eslint", _I + r"(?<![\w@/.-])eslint(?![\w-])"), ("deno lint", _I + r"(?<![\w@/.-])deno\s+lint(?![\w-])"),
               ("oxlint", _I + r"(?<![\w@/.-])oxlint(?![\w-])"), ("tslint", _I + r"(?<![\w@/.-])tslint(?![\w-])")),
    "formatter": (("prettier", r"(?<![\w@/.-])(?:Prettier|(?<=`)prettier|(?<=npx )prettier)(?![\w-])"),
                  ("deno fmt", _I + r"(?<![\w@/.-])deno\s+(?:fmt|format)(?![\w-])"),
                  ("dprint", _I + r"(?<![\w@/.-])dprint(?![\w-])")),
    "package manager": (("npm", r"(?<![\w@/.-])npm\s+(?:install|i|ci|run|test|start|add)\b(?!\s+(?:-g|--global)\b)"),
                        ("pnpm", r"(?<![\w@/.-])pnpm\s+(?:install|i|run|test|add|dev|build|start|exec)\b"),
                        ("yarn", r"(?<![\w@/.-])yarn\s+(?:install|run|test|add|dev|build|start)\b")),
    "orm": (("prisma", _I + r"(?<![\w@/.-])prisma(?![\w-])"), ("drizzle", r"(?<![\w@/.-])(?:Drizzle|drizzle(?=[-`]))(?![\w])"),
            ("typeorm", _I + r"(?<![\w@/.-])typeorm(?![\w-])"), ("sequelize", _I + r"(?<![\w@/.-])sequelize(?![\w-])"),
            ("kysely", _I + r"(?<![\w@/.-])kysely(?![\w-])"), ("mikro-orm", _I + r"(?<![\w@/.-])mikro-?orm(?![\w-])"),
            ("sqlalchemy", _I + r"(?<![\w@/.-])sqlalchemy(?![\w-])"), ("peewee", r"(?<![\w@/.-])(?:Peewee|peewee(?=`))(?![\w-])"),
            ("tortoise", _I + r"(?<![\w@/.-])tortoise[- ]orm(?![\w-])")),
}
# how long the user wants replies: a preference two entries may state two ways ("简洁回复" / "喜欢详细回复")
_TOOLS["reply length"] = (
    ("concise", r"(?i)\b(?:concise|brief|short|terse|succinct|conciso|breve|court|kurz)\w*|简洁|简短|简明|簡潔|簡短|"
                r"手短|短く|간결|짧게|кратк"),
    ("detailed", r"(?i)\b(?:detailed|thorough|verbose|in-depth|lengthy|long|detallad|detalhad|détaillé|ausführlich)\w*|"
                 r"详细|詳細|詳しく|자세|상세|подробн"))
_RX = {role: tuple((tool, re.compile(rx)) for tool, rx in tools) for role, tools in _TOOLS.items()}
# the words that say a line speaks of the role (lower-cased substrings)
_ROLE_WORDS = {
    "test runner": ("test", "spec", "テスト", "测试", "測試", "테스트", "prueba", "teste", "тест"),
    "linter": ("lint", "リント", "린트", "检查"),
    "formatter": ("format", "fmt", "style", "スタイル", "整形", "格式", "포맷", "フォーマット"),
    "package manager": ("",),
    "reply length": ("reply", "replies", "response", "respond", "answer", "explanation", "回复", "回答", "答复", "返答",
                     "返信", "답변", "응답", "respuesta", "resposta", "réponse", "antwort", "ответ"),
    "orm": ("orm", "database", "db", "schema", "migrat", "model", "query", "データベース", "数据库", "데이터베이스",
            "base de datos", "banco de dados", "prisma", "drizzle", "sqlalchemy"),
}
# the names looked for (lower-cased) before any pattern runs: one scan of the line
HINTS = ("jest", "vitest", "mocha", "jasmine", "deno", "bun test", "node --test", "node:test", "eslint", "oxlint",
         "tslint", "prettier", "dprint", "npm ", "pnpm ", "yarn ", "prisma", "drizzle", "typeorm", "sequelize",
         "kysely", "mikro", "sqlalchemy", "peewee", "tortoise") + _ROLE_WORDS["reply length"]
_HINT_RX = re.compile(hints.trie_pattern(HINTS))
# a tool rejected where it stands: after "not", "instead of" …, or before ではなく / 而非 …
_REJECT_BEFORE = re.compile(r"(?i)(?:\bnot|\bno|\bnever|\binstead\s+of|\brather\s+than|\bwithout|\bavoid|\bnunca|"
                            r"\bsin|\bem\s+vez\s+de|\ben\s+lugar\s+de|\bstatt|\bpas|不是|不用|而非|别用|不要用|禁止)"
                            r"[\s`'\"(（]*(?:\w+[\s`]+){0,1}$")
_REJECT_AFTER = re.compile(r"(?i)^[\s`'\")）]*(?:ではなく|ではない|じゃなく|は使わない|を使わない|は不要|不要|禁止|"
                           r"is\s+not\b|isn't|is\s+no\s+longer|are\s+not\b)")
_HISTORY = HISTORY
# the part of a project a line speaks of: two parts, two scopes
_PART = re.compile(r"(?i)\b(front[- ]?end|back[- ]?end|mobile|admin|worker|e2e|end[- ]to[- ]end|integration|unit|"
                   r"(?:apps|packages|services)/[\w.-]+)\b|(前端|后端|後端|フロント|バックエンド|프론트|백엔드)")
_PART_ROOT = (("front", "frontend"), ("back", "backend"), ("end", "e2e"), ("前端", "frontend"), ("フロント", "frontend"),
              ("프론트", "frontend"), ("后端", "backend"), ("後端", "backend"), ("バックエンド", "backend"),
              ("백엔드", "backend"))


# a preference said with a negation or a condition ("only when asked", "don't write long replies")
_NOT_PLAIN = re.compile(r"(?i)\b(?:not|no|never|don'?t|avoid|when|whenever|if|unless|except|only|nunca|cuando|si|quand|"
                        r"wenn|nicht)\b|不要|别|不|如果|时|場合|時|ない|때|않")


class Said(NamedTuple):
    """What one line says of one role: the tools it names plainly and those it rejects."""
    role: str
    chosen: frozenset
    rejected: frozenset
    parts: frozenset
    history: bool


def might_name(low: str) -> bool:
    return _HINT_RX.search(low) is not None


def _parts(text: str) -> frozenset:
    out = set()
    for m in _PART.finditer(text):
        w = (m.group(1) or m.group(2)).lower()
        out.add(next((root for p, root in _PART_ROOT if w.startswith(p)), w))
    return frozenset(out - {"unit"}) if out != {"unit"} else frozenset()


def said(text: str) -> list[Said]:
    """The roles one line names a tool of (none unless a tool's name is in it)."""
    low = text.lower()
    if not might_name(low):
        return []
    out = []
    history = _HISTORY.search(text) is not None
    for role, tools in _RX.items():
        words = _ROLE_WORDS[role]
        if role == "reply length":
            if any(w in low for w in words) and not _NOT_PLAIN.search(text):
                got = {tool for tool, rx in tools if rx.search(text)}
                if got:
                    out.append(Said(role, frozenset(got), frozenset(), frozenset(), history))
            continue
        coded = "`" in text
        if not (coded or any(w in low for w in words)):
            continue
        chosen, rejected = set(), set()
        for tool, rx in tools:
            for m in rx.finditer(text):
                if not (any(w in low for w in words) or "`" in text[max(0, m.start() - 1):m.end() + 1]
                        or text[max(0, m.start() - 5):m.start()].lower().endswith(("npx ", "npm "))):
                    continue
                if _REJECT_BEFORE.search(text[max(0, m.start() - 24):m.start()]) or _REJECT_AFTER.match(text[m.end():m.end() + 16]):
                    rejected.add(tool)
                else:
                    chosen.add(tool)
        if chosen or rejected:
            out.append(Said(role, frozenset(chosen - rejected), frozenset(rejected), _parts(text), history))
    return out


def tool_pairs(tools: dict[str, list], Pair) -> list:
    """``tools``: role → the conflicts.Claim (kind "tool") of every entry's lines, ``said`` a Said.
    The pairs of entries that choose two tools of one role (see above): an odd entry meets one
    other entry however many roles they differ on (the one that differs on most), one cause."""
    odd: dict[str, list] = {}   # odd entry → [(role, its tool, its claim, {partner: (tool, claim)})]
    for role, cs in tools.items():
        per: dict[str, list] = {}
        for c in cs:
            per.setdefault(c.entry, []).append(c)
        choice: dict[str, tuple] = {}   # entry → (its tool, its first line's claim)
        named: dict[str, set] = {}
        for eid, mine in per.items():
            plain = {t for c in mine if not c.said.history for t in c.said.chosen}
            named[eid] = {t for c in mine for t in c.said.chosen} | {t for c in mine for t in c.said.rejected
                                                                       if c.said.history}
            if len(plain) == 1:
                tool = next(iter(plain))
                choice[eid] = (tool, next(c for c in mine if not c.said.history and tool in c.said.chosen))
        by_tool: dict[str, list[str]] = {}
        for eid in sorted(choice):
            by_tool.setdefault(choice[eid][0], []).append(eid)
        if len(by_tool) != 2:
            continue   # one tool everywhere, or a folder spanning three or more
        (t1, e1), (t2, e2) = sorted(by_tool.items(), key=lambda kv: (len(kv[1]), kv[0]))
        if len(e1) > 2:
            continue   # many on both sides: a folder of several projects, not one stale entry
        for x in e1:
            a = choice[x][1]
            partners = {y: choice[y] for y in e2 if t1 not in named[y] and t2 not in named[x]
                        and choice[y][1].said.parts == a.said.parts}
            if partners:
                odd.setdefault(x, []).append((role, t1, a, partners))
    out = []
    for x, said in sorted(odd.items()):
        counts: dict[str, int] = {}
        for *_, partners in said:
            for y in partners:
                counts[y] = counts.get(y, 0) + 1
        y = min(counts, key=lambda k: (-counts[k], k))
        for role, t1, a, partners in sorted(said, key=lambda s: s[2].line):
            if y in partners:
                t2, b = partners[y]
                why = lambda p, q, tp, tq, role=role: (f"line {p.line} says the {role} is {tp}; {q.entry}:{q.line} "
                                                       f"says {tq} — which holds?")
                out.append(Pair(a, b, why(a, b, t1, t2), why(b, a, t2, t1)))
    return out
