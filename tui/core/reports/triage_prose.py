"""Test 3 for settings said in prose, not quoted: "uses pnpm as its package manager" is
package.json's ``"packageManager": "pnpm@9.4.0"``; "single quotes, print width 100" is
.prettierrc's ``"singleQuote": true`` and ``"printWidth": 100``; "every push to main" is a
workflow's ``branches: [main]``; "ruff with a line length of 100" is pyproject's ``line-length = 100``.

A config line is said by an entry when the entry names its key (its words: ``printWidth`` is
print + width) and its value (a word or number of it; a yes/no value needs the whole key). The
entry is a drop only when it is short, has no reason, trap or rule of its own, every number it
gives is a matched value (another value is a disagreement, not a restatement), and what is left,
once the matched lines, the lines around them and their files' names are taken out, is at most two
words. The config files are read once a run (``Folder.config_lines``), never once an entry: an env
file's (``.env.example``), a JavaScript, Python, Rust or CI file's, and other stacks' (.NET's
appsettings.json and project files' ``<TargetFramework>`` properties, Spring's application files,
a config/ folder's files with PHP's ``'key' => value``, Gradle's and Maven's).
"""
from __future__ import annotations

import re
from functools import lru_cache

from .triage_facts import STRONG
from .triage_findings import Decision

# the files that hold a project's settings as key and value (not its code, not its docs)
CONFIG_FILE = re.compile(
    r"(?i)(?:^|/)(?:package\.json|\.prettierrc(?:\.\w+)?|prettier\.config\.\w+|\.editorconfig|pyproject\.toml|"
    r"setup\.cfg|tox\.ini|\.flake8|\.eslintrc(?:\.\w+)?|eslint\.config\.\w+|biome\.jsonc?|deno\.jsonc?|tsconfig[\w.-]*\.json|"
    r"\.tool-versions|\.npmrc|\.yarnrc(?:\.yml)?|rustfmt\.toml|\.rustfmt\.toml|\.clang-format|\.rubocop\.yml|"
    r"\.nvmrc|\.node-version|\.python-version|\.ruby-version|rust-toolchain|netlify\.toml|vercel\.json|fly\.toml|\.gitlab-ci\.yml|\.github/workflows/[^/]+\.ya?ml|\.circleci/config\.yml|"
    # the settings files of other stacks (stop 51): .NET's appsettings and project files, Spring's application
    # files, a config/ folder's files (Laravel's config/*.php, Rails' config/*.yml), Gradle's, Maven's
    r"appsettings[\w.-]*\.json|[\w.-]+\.(?:cs|fs|vb)proj|Directory\.Build\.props|application[\w-]*\.(?:ya?ml|properties)|"
    r"config/[\w-]+\.(?:php|ya?ml|json|toml)|gradle\.properties|build\.gradle(?:\.kts)?|pom\.xml|"
    r"\.env(?:\.(?:example|sample|template|dist|defaults))?)$")
# a value in an XML element of its own line (a project file's property): <TargetFramework>net8.0</TargetFramework>
_XML = re.compile(r"^\s*<([A-Za-z_][\w.-]*)>([^<>]{1,80})</\1>\s*$")
_KV = re.compile(r"""^\s*-?\s*["']?([A-Za-z_][\w.-]*)["']?\s*(?:=>|[:=])\s*(\S.*?)\s*,?\s*$""")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_TOKEN = re.compile(r"\d+(?:\.\d+)*|[a-z][a-z0-9+]*")
_BOOL = frozenset("true false yes no on off null none".split())
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)*(?!\w|\.\d)")
_FILLER = frozenset((
    "the a an this that these its it is are be was were as of to on in at by for and or not no with via through "
    "into from every each all any our we us here there repo repository project projects code app web use uses used "
    "using set setup configured config configuration happen happens run runs ran done do does handled handle "
    "formatting format formatted formatter style lint linted linter linting tool tools mode enabled version").split())
_OWN = re.compile(r"(?i)\b(?:because|so that|never|must|only|careful|beware|trap|instead|unless|except|but|however|"
                  r"avoid|don't|do not|breaks?|fails?|porque|nunca|evita|cuidado)\b|때문|주의|ため|注意|因为")
_ALIASES = {"github": ("actions", "ci"), "workflows": ("ci", "pipeline"), "gitlab": ("ci", "pipeline"),
            "circleci": ("ci", "pipeline"), "package": ("npm",), "tsconfig": ("typescript", "ts")}
_SINGLE = {".nvmrc": "node", ".node-version": "node", ".python-version": "python", ".ruby-version": "ruby",
           "rust-toolchain": "rust"}
_MOST_OWN = 2
_MOST_LINES = 6
_MOST_WORDS = 60


@lru_cache(maxsize=1 << 16)
def _stem(w: str) -> str:
    for suffix in ("ing", "ed", "s"):
        if len(w) > (3 if suffix == "s" else 4) and w.endswith(suffix) and not w.endswith("ss"):
            return w[:-len(suffix)]
    return w


def _key_words(key: str) -> list[str]:
    return [_stem(w) for w in re.split(r"[_.\-\s]+", _CAMEL.sub(" ", key).lower()) if len(w) >= 2]


_BARE = re.compile(r"""^(\s*)-?\s*["']?([A-Za-z_][\w.-]*)["']?\s*(?:=>|[:=])\s*[{\[]?\s*$""")


def config_lines(idx) -> list[tuple]:
    """(file, line, text, the key's words, the enclosing key's words, the value's tokens, the words of
    the lines around and the file's name) of each key-value line of the project's config files; a file
    that holds one value only (.nvmrc's ``20.11.1``) is keyed by its name."""
    out = []
    for f, rel in enumerate(idx.files):
        if not CONFIG_FILE.search(rel):
            continue
        text = idx._text_of(f)
        named = set()
        for part in re.split(r"[/._\-]+", rel.lower()):
            if part:
                named.add(_stem(part))
                named.add(part[:-2] if part.endswith("rc") and len(part) > 4 else part)
                named.update(_ALIASES.get(part, ()))
        single = _SINGLE.get(rel.rsplit("/", 1)[-1])
        parents: list[tuple[int, list[str]]] = []   # (indent, key words) of the open blocks
        for n, line in enumerate(text, 1):
            if line.lstrip().startswith(("#", "//", ";")) or not line.strip():
                continue
            indent = len(line) - len(line.lstrip(" -"))
            while parents and parents[-1][0] >= indent:
                parents.pop()
            if single and n == 1:
                key, value = single, line.strip()
            elif (b := _BARE.match(line)):
                parents.append((indent, _key_words(b.group(2))))
                continue
            elif (m := _KV.match(line) or _XML.match(line)):
                key, value = m.group(1), m.group(2)
            else:
                continue
            tokens = _TOKEN.findall(re.sub(r"\bv(?=\d)", "", value.strip().rstrip(",{[").lower()))
            if not tokens:
                continue
            around = " ".join(text[max(0, n - 4):n + 3])
            near = {_stem(w) for w in re.split(r"[^a-z0-9]+", _CAMEL.sub(" ", around).lower()) if w} | named
            out.append((rel, n, line, _key_words(key), parents[-1][1] if parents else [], tokens, frozenset(near)))
    return out


def _said(word: str, said: set[str]) -> bool:
    return word in said or len(word) >= 4 and any(w.startswith(word) for w in said)


def _value_said(tokens: list[str], said: set[str], numbers: set[str]) -> bool:
    for t in tokens:
        if t[0].isdigit():
            if any(t == x or t.startswith(x + ".") for x in numbers):
                return True
        elif t not in _BOOL and len(t) >= 2 and t in said:
            return True
    return False


def _whole(tokens: list[str], said: set[str], numbers: set[str]) -> bool:
    """Every token of a value said, a name and its version: ``bun@1.1.8`` by "Bun 1.1"."""
    names = [t for t in tokens if not t[0].isdigit()]
    versions = [t for t in tokens if t[0].isdigit()]
    return len(names) == 1 and len(versions) == 1 and len(names[0]) >= 3 and names[0] in said \
        and any(versions[0] == x or versions[0].startswith(x + ".") for x in numbers)


def _words_of(text: str) -> tuple[set[str], set[str]]:
    low = _CAMEL.sub(" ", text.replace("`", "")).lower()
    return {_stem(t) for t in _TOKEN.findall(low) if not t[0].isdigit()}, set(_NUMBER.findall(low))


def by_key_word(lines: list[tuple]) -> dict[str, list[int]]:
    """The config lines by the words of their keys and enclosing keys: an entry looks up only its own words."""
    out: dict[str, list[int]] = {}
    for i, item in enumerate(lines):
        names = [t for t in item[5] if not t[0].isdigit()]
        for k in {*item[3], *item[4], *(names if len(names) == 1 and len(item[5]) == 2 else ())}:
            if len(k) >= 3:   # and a value that is one name and its version ("bun@1.1.8"), by that name
                out.setdefault(k, []).append(i)
    return out


def _hits(text: str, lines: list[tuple], by_word: dict) -> list[tuple]:
    said, numbers = _words_of(text)
    near = set()
    for w in said:   # a key word is said when a word of the entry is it or starts with it (4 letters or more)
        near.update(by_word.get(w, ()))
        for end in range(4, len(w)):
            near.update(by_word.get(w[:end], ()))
    out = []
    for i in sorted(near):
        item = lines[i]
        key, parent, tokens = item[3], item[4], item[5]
        if not key:
            continue
        if not any(_said(k, said) for k in (*key, *parent) if len(k) >= 3):
            if _whole(tokens, said, numbers):
                out.append(item)   # "Bun 1.1" is "packageManager": "bun@1.1.8" by its value alone
            continue
        if all(t in _BOOL for t in tokens):
            if not all(_said(k, said) for k in key) or max(map(len, key)) < 4:
                continue
        elif not _value_said(tokens, said, numbers):
            continue
        out.append(item)
    return out


def said_in_prose(prepared, folder, looked=()) -> Decision | None:
    """Drop an entry that only says, in words, settings the project's config files hold (and facts
    the look-up found in named project lines): every line of it is one of them, nothing else."""
    r = prepared.reading
    content = r.content
    if not content or len(content) > _MOST_LINES or r.of("learned", "rule", "status", "final"):
        return None   # a why or a how to apply stays in: each of its lines, too, must be one of the settings
    if any(ln.kind == "code" for ln in content):
        return None
    text = " ".join(ln.text for ln in content).replace("`", "")
    if _OWN.search(text) or len(text.split()) > _MOST_WORDS or not folder.config_lines:
        return None
    if any(g.against or not g.lines and g.fact.kind in STRONG and g.fact.kind not in ("version", "number")
           for g in looked):
        return None   # a fact the project does not state, or states otherwise (an unfound number: checked below)
    told_why = r.of("why", "how")   # judged by their words alone: nothing of their own beside the settings
    found_at: dict[int, list] = {}
    for g in looked:
        found_at.setdefault(g.fact.line, []).append(g)
    hit, cited, told = [], [], []
    for ln in content:
        mine = _hits(ln.text, folder.config_lines, folder.config_by_word)
        if not mine and not found_at.get(ln.n) and ln not in told_why:
            return None   # a line that is none of the project's settings: something of its own
        hit += mine
        for g in found_at.get(ln.n, ()):
            cited += g.lines
            told += [pl.text + " " + pl.file.replace("/", " ") for pl in g.lines] + [g.fact.text]
    if not hit:
        return None
    said, numbers = _words_of(text)
    values = {t for item in hit for t in item[5] if t[0].isdigit()} | set(_NUMBER.findall(" ".join(told).lower()))
    if any(not any(v == x or v.startswith(x + ".") for v in values) for x in numbers):
        return None   # a number the project's lines do not hold: another value, or a fact of its own
    theirs = _words_of(" ".join(told))[0]
    for rel, n, line, key, parent, tokens, near in hit:
        theirs |= near | set(key) | set(parent) | {_stem(t) for t in tokens}
    heads = theirs | {t[:i] for t in theirs for i in range(4, len(t))}   # their words and their beginnings
    own = {w for w in said if w not in _FILLER and w not in heads and not any(w[:i] in theirs for i in range(4, len(w)))}
    if len(own) > _MOST_OWN:
        return None
    from ..judging.project_index import ProjectLine
    cited = [ProjectLine(rel, n, line) for rel, n, line, *_ in hit] + cited
    cited = sorted({(pl.file, pl.line): pl for pl in cited}.values(), key=lambda pl: (pl.file, pl.line))
    reasons = [pl.cite() for pl in cited[:3]]
    reasons.append("it says in words only what the project's config files set: reading them once tells the agent")
    return Decision("drop", 3, reasons, [ln.n for ln in content], cited[:6])
