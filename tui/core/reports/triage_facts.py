"""Test 3 with evidence: the facts an entry states, and the project lines that state them too.

An entry's *facts* are what reading the project once could tell: a command or value in
backticks, a script (`pnpm test`, `make migrate`), a port, a version of a named runtime or
library, a number with its unit (a timeout, a retry count), an environment variable. Each is
looked up in the ``ProjectIndex`` (judging/project_index) and, when found, comes with the line
that states it (``package.json:7 "test": "node --test"``) — or with the line that states
*another* value (a port or a version the project disagrees on).

Plain numbers, common words and prose are never facts: a fact must have a shape the project
could hold verbatim or in an equivalent unit (``30s`` ↔ ``30000`` with the same word nearby).
The rule lines an instruction file already holds are matched here too (``held_rules``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..judging.manifests import PACKAGE_MANIFESTS
from ..judging.project_index import _FACT_FILE as _FACTS, ProjectIndex, ProjectLine, rule_words, words
from .triage_keys import named_elsewhere
from .triage_said import says_more  # noqa: F401 (triage_knowable and the tests read it here)
from .triage_made import made_path

_DIGIT = re.compile(r"\d")
_SPAN = re.compile(r"`([^`\n]{2,100})`")
# (a make target may be given the variables it reads: ``make plan ENV=prod``)
_SCRIPT = re.compile(r"^(?:npm|pnpm|yarn|bun)(?:\s+run)?\s+([\w:.\-]+)$|^(?:make|just)\s+([\w.\-]+)((?:\s+[A-Za-z_]\w*=\S*)*)$|"
                     r"^(?:bundle exec\s+)?(fastlane|rake)\s+(?:ios\s+|android\s+)?([\w:.\-]+)$")
_ASSIGN = re.compile(r"^([A-Za-z_][\w.]*)\s*[=:]\s*(\S.*)$")
_PATHLIKE = re.compile(r"^[\w.@~\-]*(?:/[\w.@\-\[\]()]+)+/?$|^[\w\-]+\.[A-Za-z]{1,5}$")
_PORT = re.compile(r"(?i)\b(?:ports?|puertos?|portas?|porte|порт\w*|cổng)\s*(?:is|=|:|of|on|el|la|do|da|de|es)?\s*(\d{2,5})\b|"
                   r"(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\s*:\s*(\d{2,5})\b|"
                   r"(?:ポート|端口|포트)(?:番号|号|번호)?\s*[:：はがは是는은가이]{0,2}\s*(?:は|是|为|為)?\s*(\d{2,5})(?!\d)|"
                   r"(?i:\b(?:postgres(?:ql)?|pgbouncer|nats|redis|mysql|mariadb|mongo(?:db)?|kafka|rabbitmq|nginx|grafana|"
                   r"prometheus|minio|api|server|service|dienst|servidor|serviço|frontend|backend)\b(?:(?!was\b|were\b)[^\d\n,;]){0,24}?"
                   r"\b(?:on|auf|en|em|na|no|sur|at)\s+:?(\d{4,5})\b)")
_SUBJECTS = ("ios|ipados|macos|watchos|tvos|xcode|android|node|nodejs|node\\.js|python|go|golang|java|ruby|php|rust|deno|bun|typescript|react|react native|"
             "next|next\\.js|nextjs|vue|nuxt|angular|svelte|vite|django|flask|fastapi|rails|spring boot|laravel|"
             "postgres|postgresql|mysql|redis|mongodb|mongo|sqlite|expo|expo sdk|electron|tauri|flutter|dart|"
             "kotlin|swift|\\.net|dotnet|prisma|drizzle|tailwind|tailwindcss|jest|vitest|pytest|eslint|webpack|"
             "nestjs|express|fastify|ubuntu|debian|alpine|terraform|kubernetes|k8s|docker compose|godot|unity|"
             "pandas|numpy|pytorch|torch|tensorflow|cuda|gradle|maven|pnpm|npm|yarn|elixir|erlang|scala|zig")
_VERSION = re.compile(rf"(?i)(?<![\w./-])({_SUBJECTS}|[a-z][a-z0-9]*(?:[-/][a-z0-9]+)+(?=\s+v\d)|[A-Z][\w]+ SDK|SDK)\s*(?:v(?:ersion)?\.?\s*|@|:)?\s*v?"
                      rf"(\d+(?:\.\d+){{0,2}})(?!\w|\.\d|\+\w)")
_UNIT = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)(?:\s*|-)(ms|milliseconds?|s|secs?|seconds?|min|mins|minutes?|h|hrs?|hours?|d|days?|"
    r"minutos?|segundos?|horas?|días?|dias?|minuten|sekunden|stunden|tage|heures?|jours?|"
    r"kb|mb|gb|tb|%|retries|attempts|tries|times|workers|threads|connections|replicas|requests|rows|items|"
    r"entries|jobs|concurrent|per (?:second|minute|hour))(?![\w])")
# a number and its unit where no space or word boundary follows (Korean, Chinese, Japanese)
_UNIT_CJK = re.compile(r"(?<![\d.A-Za-z])(\d+(?:\.\d+)?)\s*(分钟|分鐘|分間|分|秒|小时|小時|時間|시간|분|초|回|번|회|次)")
_CJK_UNIT = {"分钟": "min", "分鐘": "min", "分間": "min", "分": "min", "秒": "s", "小时": "h", "小時": "h", "時間": "h",
             "시간": "h", "분": "min", "초": "s", "回": "times", "번": "times", "회": "times", "次": "times"}
_LATIN_UNIT = {"minuto": "min", "minutos": "min", "segundo": "s", "segundos": "s", "hora": "h", "horas": "h",
               "día": "d", "días": "d", "dia": "d", "dias": "d", "minuten": "min", "sekunden": "s", "stunden": "h",
               "tage": "d", "heure": "h", "heures": "h", "jour": "d", "jours": "d"}
# the words a setting is named by in other languages, so "타임아웃은 5분" meets `timeout: 5m`
_KEY_WORDS = {"timeout": ("타임아웃", "タイムアウト", "超时", "超時", "tiempo de espera", "délai", "zeitüberschreitung",
                          "tempo limite"),
              "ttl": ("유효기간", "有効期限", "过期时间", "caducidad"),
              "cache": ("caché", "캐시", "キャッシュ", "缓存"),
              "retries": ("재시도", "reintent", "再試行", "リトライ", "重试", "tentativ", "wiederhol"),
              "limit": ("límite", "한도", "제한", "上限", "限制", "grenze"),
              "port": ("포트", "ポート", "端口", "puerto"),
              "batch": ("lote", "배치", "バッチ", "批"),
              "interval": ("間隔", "간격", "intervalo", "intervall", "间隔", "周期", "주기")}
_CURRENCY = re.compile(r"(?<![\w$])(EUR|USD|GBP|JPY|KRW|CNY|CHF|BRL|MXN|INR|CAD|AUD)(?![\w])")
_URL = re.compile(r"https?://([\w.-]+\.[a-z]{2,}(?:/[\w.~%-]+)+)")
# a reverse-DNS identifier written bare (an app's bundle id, an Android package): the project states it verbatim
_RDNS = re.compile(r"(?<![\w./@-])((?:com|org|net|io|dev|app|co|me|de|fr|es|uk)\.[a-z0-9][\w-]*(?:\.[A-Za-z0-9][\w-]*)+)(?![\w/@-])")
_CI = re.compile(r"(?i)\b(?:ci|github actions|workflows?|pipeline|gitlab)\b")


def _key_words(text: str) -> set[str]:
    low = text.lower()
    return {k for k, forms in _KEY_WORDS.items() if any(f in low for f in forms)}


_KEYED = re.compile(
    r"(?i)\b(concurrency|timeout|ttl|max(?:imum)?|limit|pool(?: size)?|workers?|retries|attempts|batch size|"
    r"page size|interval|replicas|threads)\s*(?:is|of|=|:|to|at|set to)?\s*(\d+)(?![\d.%\w])")
# a setting named by its key as a config file spells it ("line-length 100", "max_connections = 20")
_CONFIG_KEY = re.compile(r"(?<![\w./\[-])([a-z][a-z]*(?:[-_][a-z]+)+)`?(?:\s+(?:is|of|to|at|set to)\s+|\s*[=:]\s*|\s+)`?"
                         r"(\d+)(?![\d%\w\]-]|\.\d)")
_ENV = re.compile(r"(?<![\w$])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w])")
_SCALE = {"ms": (1, 0.001), "millisecond": (1, 0.001), "s": (1, 1000), "sec": (1, 1000), "second": (1, 1000),
          "min": (1, 60, 60_000), "minute": (1, 60, 60_000), "h": (1, 60, 3600, 3_600_000), "hr": (1, 60, 3600, 3_600_000),
          "hour": (1, 60, 3600, 3_600_000), "d": (1, 24, 86_400, 86_400_000), "day": (1, 24, 86_400, 86_400_000),
          "kb": (1, 1024, 1000), "mb": (1, 1024, 1_048_576, 1_000_000), "gb": (1, 1024, 1_073_741_824, 1_000_000_000)}
_SYNONYM = {"node": ("node", "nodejs", "engines", ".nvmrc", ".node-version"), "nodejs": ("node",), "node.js": ("node",),
            "python": ("python", "requires-python", "python_requires", ".python-version", "py"),
            "postgres": ("postgres", "postgresql", "pg"), "postgresql": ("postgres", "postgresql", "pg"),
            "go": ("go", "golang"), "golang": ("go", "golang"), "expo sdk": ("expo",), "next.js": ("next",),
            "nextjs": ("next",), "mongo": ("mongo", "mongodb"), "tailwind": ("tailwindcss", "tailwind")}
_VERSION_FILES = {"node": (".nvmrc", ".node-version"), "python": (".python-version",), "ruby": (".ruby-version",)}
STRONG = ("span", "script", "port", "version", "number", "env")
# a server named in a package manifest is its client library ("postgres": "^3.4.4" is postgres.js): never its version
_SERVERS = frozenset("postgres postgresql mysql redis mongodb mongo sqlite elasticsearch rabbitmq kafka nginx".split())


@dataclass(frozen=True)
class Fact:
    kind: str        # span | script | port | version | number | env | path
    text: str        # as the entry writes it
    line: int        # the entry's file line
    value: str = ""  # the port, version or number
    subject: str = ""   # what the version or number is of
    context: frozenset = frozenset()   # the words around it in the entry's line


@dataclass
class Found:
    fact: Fact
    lines: list[ProjectLine] = field(default_factory=list)     # project lines that state it
    against: list[ProjectLine] = field(default_factory=list)   # lines that state another value


def facts_of(text: str, n: int) -> list[Fact]:
    """The facts one line of an entry states (``n``: its file line), in time linear in its length."""
    out: list[Fact] = []
    seen_spans = []
    ci = "ci" if "`" in text and _CI.search(text) else ""
    for m in _SPAN.finditer(text):
        span = " ".join(m.group(1).split())
        seen_spans.append(m.span())
        s = _SCRIPT.match(span)
        if s:
            out.append(Fact("script", span, n, value=s.group(1) or s.group(2) or s.group(5),
                            subject=s.group(4) or ("make" if s.group(2) else "npm"),
                            context=frozenset(re.findall(r"([A-Za-z_]\w*)=", s.group(3) or ""))))
        elif _PATHLIKE.match(span) and " " not in span and not span.startswith("/"):
            out.append(Fact("path", span, n))
        elif len(span) >= 3 and not span.isdigit():
            out.append(Fact("span", span, n, subject=ci))
    prose = _blank(text, seen_spans)
    out += [Fact("span", m.group(1), n) for m in _CURRENCY.finditer(prose)]
    out += [Fact("span", m.group(1).rstrip("."), n) for m in _URL.finditer(prose)]
    out += [Fact("span", m.group(1).rstrip("."), n) for m in _RDNS.finditer(prose)]   # a bundle id, a package name
    if "_" in prose:
        spans_text = " ".join(f.text for f in out if f.kind in ("span", "script"))
        quoted = {k: k in spans_text for k in set(_ENV.findall(prose))}
        out += [Fact("env", m.group(1), n, value=m.group(1)) for m in _ENV.finditer(prose) if not quoted[m.group(1)]]
    if not _DIGIT.search(text):   # ports, versions and numbers all have digits (most lines have none)
        return out
    ctx = frozenset(w for w in rule_words(re.sub(r"\d+", " ", prose)) if not w.isdigit()) | _key_words(prose)
    for m in _PORT.finditer(prose):
        out.append(Fact("port", m.group(0).strip(), n, value=next(g for g in m.groups() if g), subject="port",
                        context=ctx))
    ports = {f.value for f in out if f.kind == "port"}
    for m in _VERSION.finditer(text):
        subject = m.group(1).lower().removesuffix(" sdk") if m.group(1).lower() != "sdk" else "sdk"
        if subject in ("npm", "pnpm", "yarn") and not m.group(2).count("."):
            continue   # "npm 3 times" is no version
        out.append(Fact("version", m.group(0).strip(), n, value=m.group(2), subject=subject))
    for m in (u for u in _UNIT.finditer(prose) if u.group(1) not in ports):   # a port is no number
        unit = m.group(2).lower()
        out.append(Fact("number", m.group(0).strip(), n, value=m.group(1), subject=_LATIN_UNIT.get(unit, unit), context=ctx))
    values = {f.value for f in out}   # (every fact here is of line n; ``add`` answers None: a value's first time)
    if not prose.isascii():
        for m in _UNIT_CJK.finditer(prose):
            if m.group(1) not in values and not values.add(m.group(1)):
                out.append(Fact("number", m.group(0).strip(), n, value=m.group(1), subject=_CJK_UNIT[m.group(2)],
                                context=ctx))
    for m in [*_KEYED.finditer(prose), *_CONFIG_KEY.finditer(prose)]:   # (a config key: its parts and itself)
        if m.group(2) not in values and not values.add(m.group(2)):
            key = frozenset(rule_words(m.group(1)) | set(re.split(r"[-_]", m.group(1))) | {m.group(1)}) | ctx
            out.append(Fact("number", m.group(0).strip(), n, value=m.group(2), subject="", context=key))
    return _restated_spans(out)


def _restated_spans(facts: list[Fact]) -> list[Fact]:
    """A number that glosses a value the same line quotes (`POLL_MS=900000` (15 min)) is that value."""
    quoted = " ".join(f.text for f in facts if f.kind == "span")
    if not quoted or not any(f.kind == "number" for f in facts):
        return facts
    held = set(re.findall(r"\d[\d_]*", quoted.replace("_", "")))
    return [f for f in facts if f.kind != "number" or not set(_values(f)) & held]


def _values(fact: Fact) -> list[str]:
    """The ways a number with its unit may be written: 30 s → 30, 30000 (ms)."""
    try:
        x = float(fact.value)
    except ValueError:
        return []
    unit = fact.subject.rstrip("s") if fact.subject not in ("s", "ms", "%") else fact.subject
    out = []
    for k in _SCALE.get(unit, (1,)):
        v = x * k
        if v == int(v):
            out.append(str(int(v)))
    return out


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


# -- looking a fact up ---------------------------------------------------------------------------------

# a path that is a command: run from the checkout (./x) or an installed tool's bin/ folder
_COMMAND_PATH = re.compile(r"^\./|(?:^|/)bin/[^/]+$")


def find(fact: Fact, idx: ProjectIndex, exists=None) -> Found:
    """The project lines that state ``fact`` (and, for a port or a version, those stating another
    value). ``exists(path) -> bool`` answers path facts."""
    got = Found(fact)
    if fact.kind == "path":
        if exists is not None and exists(fact.text):
            got.lines.append(ProjectLine(fact.text.rstrip("/"), 0, "(the file exists)"))
        elif _COMMAND_PATH.search(fact.text):   # a command run by its path (./vendor/bin/pint): a folder
            run = re.compile(rf"`{re.escape(fact.text)}(?:[`\s])")   # the repository leaves out, or a build makes
            got.lines += [ProjectLine(r.file, r.line, r.text) for r in idx.rules if run.search(r.text)][:2]
        else:   # a path made at run time (a cache, an output): written whole, or its folder and its name as values
            got.lines += made_path(fact.text.rstrip("/"), idx)
        return got
    finder = {"span": _span, "script": _script, "port": _port, "version": _version, "number": _number,
              "env": _env}[fact.kind]
    finder(fact, idx, got)
    return got


_WORKFLOW = re.compile(r"(?:^|/)(?:\.github/workflows/|\.gitlab-ci\.yml$|\.circleci/|azure-pipelines|Jenkinsfile)")


def _cite(idx: ProjectIndex, ids, test, got: Found, most: int = 2, ci: bool = False) -> None:
    """Add the lines among ``ids`` that pass ``test`` (the project's fact files first: a
    manifest or an env file says it more plainly than a source line that uses it; a CI
    workflow first when the entry's line is about CI)."""
    def rank(i):
        name = idx.file_name(i)
        return (ci and not _WORKFLOW.search(name), not _FACTS.search(name))
    for i in sorted(ids, key=rank):
        pl = idx.line(i)
        if test(pl, i):
            got.lines.append(pl)
            if len(got.lines) >= most:
                return


def _squash(s: str) -> str:
    return " ".join(s.replace('"', "").replace("'", "").split()).lower()


def _span(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    want = _squash(fact.text)
    ws = [w for w in words(fact.text) if len(w) >= 2]
    if not ws:
        return
    m = _ASSIGN.match(fact.text)
    if m and re.fullmatch(r"[A-Z][A-Z0-9_]+", m.group(1)):   # KEY=value: the same key with the same value
        key, val = m.group(1), _squash(m.group(2))
        _cite(idx, idx.lines_with(key.lower()), lambda pl, i: re.match(rf"\s*(?:export\s+)?{re.escape(key)}\s*[=:]", pl.text)
              and val in _squash(pl.text), got)
        return
    _cite(idx, idx.lines_with(*sorted(set(ws), key=len, reverse=True)[:4]), lambda pl, i: want in _squash(pl.text), got,
          ci=fact.subject == "ci")
    if not got.lines:   # a route, a path of keys: written another way than the project writes them
        got.lines += named_elsewhere(fact.text, idx)


def _script(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    name = fact.value
    if fact.subject in ("fastlane", "rake"):   # a lane of the Fastfile, a task of the Rakefile
        _cite(idx, idx.lines_with(*words(name)[:1]), lambda pl, i: pl.file.rsplit("/", 1)[-1].lower() in
              ("fastfile", "rakefile") and re.match(rf"\s*(?:private_)?(?:lane|task)\s*\(?\s*:{re.escape(name)}\b", pl.text),
              got)
        return
    if fact.subject == "make":
        def target(pl, i):   # the target, in a Makefile that reads every variable the command gives it
            if pl.file.rsplit("/", 1)[-1].lower() not in ("makefile", "gnumakefile", "justfile") \
                    or not re.match(rf"{re.escape(name)}\s*:", pl.text):
                return False
            f, _n = idx.where(i)
            text = "\n".join(idx._text_of(f))
            return all(re.search(rf"(?<![\w]){re.escape(v)}(?![\w])(?!\s*:)", text) for v in fact.context)
        _cite(idx, idx.lines_with(*words(name)[:1]), target, got)
        return
    _cite(idx, idx.lines_with(*words(name)[:1]), lambda pl, i: pl.file.endswith("package.json")
          and re.search(rf'"{re.escape(name)}"\s*:', pl.text), got)


def _port(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    num = fact.value
    near = re.compile(rf"(?i)port|listen|expose|:\s*{num}\b|\b{num}\s*:|{num}\s*[,)]")
    _cite(idx, idx.lines_with(num), lambda pl, i: re.search(rf"(?<![\d.]){num}(?![\d.])", pl.text)
          and bool(near.search(idx.neighbours(i, 1)) or _infra(pl.file)), got)
    if not got.lines:   # the project's own port, stated as another number
        _cite(idx, idx.lines_with("port"), lambda pl, i: bool(re.search(r"(?i)\bport\w*\b[\"']?\s*[=:]\s*[\"']?(\d{2,5})\b",
              pl.text)) and _config(pl.file) and num not in pl.text, Found(fact, got.against), most=2)


def _infra(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1].lower()
    return name.startswith(("dockerfile", "docker-compose", "compose", "procfile", "fly.toml", ".env")) or ".env" in name


def _config(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1].lower()
    return _infra(rel) or "config" in rel.lower() or name.endswith((".json", ".toml", ".yaml", ".yml", ".ini", ".env"))


def _version(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    subject, value = fact.subject, fact.value
    names = _SYNONYM.get(subject, (subject,))
    major = value.split(".")[0]
    pattern = re.compile(rf"(?<![\d.])[~^>=<v]*{re.escape(value)}(?![\d])")

    def names_it(pl: ProjectLine, i: int) -> bool:
        low = (pl.file.rsplit("/", 1)[-1] + " " + idx.neighbours(i, 0)).lower()
        return any(re.search(rf"(?<![a-z0-9-]){re.escape(n)}(?![a-z0-9])(?!/(?!v\d)[a-z])", low) for n in names)
    for n in names:
        keys = [p for p in re.split(r"[-/]", n) if p] if re.search(r"\w[-/]\w", n) else [major, *words(n)[:1]]
        _cite(idx, idx.lines_with(*keys), lambda pl, i: bool(pattern.search(pl.text)) and names_it(pl, i), got)
        if not got.lines and keys[0] == major:   # written as one word with its 'v' (SwiftPM's .iOS(.v17), go.mod's v9)
            _cite(idx, idx.lines_with(f"v{major}", *keys[1:]), lambda pl, i: bool(pattern.search(pl.text))
                  and names_it(pl, i), got)
        if got.lines:
            return
    for rel_name in _VERSION_FILES.get(names[0] if subject in ("nodejs", "node.js") else subject, ()):   # a file that holds only the version: named for its subject
        for i in idx.lines_with(major) + idx.lines_with(f"v{major}"):
            pl = idx.line(i)
            if (pl.file == rel_name or pl.file.endswith("/" + rel_name)) and pattern.search(pl.text):
                got.lines.append(pl)
                return
    for n in names[:1]:   # the same subject at another major version, right after its name: the project disagrees
        near = re.compile(rf"(?i)(?<![a-z0-9-]){re.escape(n)}(?![a-z0-9])(?!/(?!v\d)[a-z])(?:[-_ ]?version)?[\s\"':@=,]{{0,5}}"
                          rf"[~^>=<v]*(\d+)(?:\.\d+)*")
        for i in idx.lines_with(*words(n)[:1]):
            pl = idx.line(i)
            m = near.search(pl.text)
            if m and _config(pl.file) and m.group(1) != major and not pattern.search(pl.text) and len(got.against) < 2 \
                    and not (subject in _SERVERS and pl.file.rsplit("/", 1)[-1] in PACKAGE_MANIFESTS):
                got.against.append(pl)


def _number(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    try:
        x = float(fact.value)
    except ValueError:
        return
    unit = fact.subject.rstrip("s") if fact.subject not in ("s", "ms", "%") else fact.subject
    scales = _SCALE.get(unit, (1,))
    values = []
    for k in scales:
        v = x * k
        if v == int(v):
            v = int(v)
            values.append(str(v))
            if v >= 1000:
                values.append(f"{v:_}")
        elif k < 1:
            continue
        else:
            values.append(f"{v:g}")
    short = _SHORT.get(unit)   # a config writes a duration as 30m, 5s, 12h
    if short and x == int(x):
        values += [f"{int(x)}{u}" for u in short]
    ctx = fact.context
    raw = values[0] if values else ""
    best: list[tuple[int, int]] = []   # (score, line id): the line that shares most of the entry's words wins
    for v in dict.fromkeys(values):
        pattern = re.compile(rf"(?<![\d.]){re.escape(v)}(?![\d.])")
        for i in idx.lines_with(v):
            own = len(ctx & _split_words(idx.neighbours(i, 0)))
            near = len(ctx & _split_words(idx.neighbours(i, 2)))
            if not pattern.search(idx.line(i).text) or not near or v == raw and len(v) == 1 and not own:
                continue   # a bare small number must share a word on its own line
            best.append((2 * own + near, -i))
    if best:
        got.lines.append(idx.line(-max(best)[1]))


_SHORT = {"ms": ("ms",), "millisecond": ("ms",), "s": ("s",), "sec": ("s",), "second": ("s",), "min": ("m", "min"),
          "minute": ("m", "min"), "h": ("h",), "hr": ("h",), "hour": ("h",), "d": ("d",), "day": ("d",)}


@lru_cache(maxsize=64)
def _split_words(text: str) -> frozenset[str]:
    """Content words with identifiers split (``RETRY_DELAYS_MS`` → retry, delays; ``maxRetries`` → max, retries);
    kept for the next number of the entry whose value that project line holds too (each number read a long
    line's words again: quadratic)."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text).replace("_", " ")
    return frozenset(rule_words(spaced))


def _env(fact: Fact, idx: ProjectIndex, got: Found) -> None:
    name = fact.value
    _cite(idx, idx.lines_with(name.lower()), lambda pl, i: re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", pl.text)
          is not None, got)
