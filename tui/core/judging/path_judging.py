"""Judging a path a memory mentions against the project: which mentions say nothing when their
file is not there (build output, data, scratch folders, another repo's files, a plan), and which
written forms name a file that is there (a route with folders left out). Each rule was found on
real memory folders (tests/ledger); status.py asks these when a mentioned path does not exist."""
from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from ..instructions import INSTRUCTION_FILES
from ..textutil import line_span

if TYPE_CHECKING:
    from .anchors import AnchorChecker

# file names every folder has: a file of that name elsewhere says nothing of where one went
GENERIC_NAMES = {"readme", "index", "route", "routes", "page", "layout", "main", "app", "init", "__init__", "mod", "lib",
                  "package", "config", "settings", "utils", "types", "test", "tests",
                  "setup", "makefile", "dockerfile", "changelog", "license", "todo", "notes", "memory", "schema"}




_DYNAMIC_SEG = re.compile(r"\[[^/\]]+\]|\([^/)]+\)")


def in_order(segs: list[str], theirs: list[str]) -> bool:
    """``segs`` stand in ``theirs`` in order, the file name last, at most two folders left out
    (a dynamic [param] or (group), a sub-folder people skip when they say a route)."""
    if len(segs) < 2 or theirs[-1] != segs[-1] or segs[0] not in theirs:
        return False
    theirs = theirs[len(theirs) - 1 - theirs[::-1].index(segs[0]):]   # from where it starts (a sub-project before is fine)
    if len(theirs) - len(segs) > 2:
        return False
    it, skipped = iter(theirs), []
    for x in segs:
        for y in it:
            if x == y:
                break
            skipped.append(y)
        else:
            return False
    plain = [y for y in skipped if not _DYNAMIC_SEG.fullmatch(y)]
    # a plain folder left out only of a longer route (src/agents.py is not src/registry/agents.py)
    return not plain or len(plain) == 1 and len(segs) >= 3
INSTRUCTION_NAMES = {n.rsplit("/", 1)[-1].lower() for n in INSTRUCTION_FILES}   # their file names, any case


GENERATED = {"dist", "build", "out", "target", "node_modules", ".next", ".nuxt", "coverage", "__pycache__", ".venv",
              "venv", ".cache", "tmp"}
# below the top only the folders no one names for sources ("build" and "tmp" often hold scripts)
_BUILT_BELOW = GENERATED - {"build", "tmp"}


# "`/docs/*` is gitignored (local files)", "nativephp/ e' gitignorata": a folder the entry says git ignores
_IGNORED_FOLDER = re.compile(r"(?i)(?<![\w./-])/?([\w][\w.-]*)/\*{0,2}[`'\"]?[^\n/]{0,40}?(?:git-?ignor|ignored by git|"
                             r"in \.gitignore|\buntracked|not in git|non (?:è )?in git|no está en git|não está no git)")


def ignored_folders(body: str) -> set[str]:
    """The first folders of the project the entry itself says git ignores: their files are
    local, so their absence from a checkout says nothing."""
    if "ignor" not in body and "git" not in body:
        return set()
    return {m.group(1) for m in _IGNORED_FOLDER.finditer(body)}


def built_below(path: str) -> bool:
    """A build's output under a sub-project: landing/out/, packages/web/dist/app.js."""
    segs = path.rstrip("/").split("/")
    folders = segs if path.endswith("/") else segs[:-1]
    return any(s in _BUILT_BELOW for s in folders[1:])


_GONE_WORDS = re.compile(r"(?i)remov|delet|retir|dropp|\bgone\b|eliminat|deprecat|archiv|rimoss|elimin|borrad|"
                         r"cancellat|\bmorto\b|bad pattern|merged into|consolidat|replaced by|superseded|"
                         r"apagad|supprim|удал|삭제|削除|删除|刪除|廃止|xóa|gelöscht|entfernt|"
                         # renamed, unused, said not to exist: the memory itself does not claim the file
                         r"renam|rinomin|renombr|umbenann|\bunused\b|orphan|"
                         r"(?:doesn'?t|does not|do not|non|no|não|nao|n'|nicht) (?:exist|esiste|existe)|不存在|존재하지 않|存在しない|"
                         # never saved: the entry says the file was not kept (stop 37, held-out review)
                         r"\b(?:never|not|wasn'?t|was not|weren'?t|were not) (?:saved|written|committed|persisted|kept)\b|"
                         r"\bunsaved\b|no se guard|nunca se guard|não foi salv|nunca foi salv|nicht gespeichert|"
                         r"pas (?:été )?sauvegard|没有保存|未保存|沒有保存|保存されていない|保存していない|저장되지 않|저장 안|"
                         r"не (?:был[аио]? )?(?:сохран|закоммич|записан)|не збереж|kaydedilmedi|nie (?:został[aoy]? )?zapisan")
# "the entry point is server/index.js, not server.js": the path is named to say it is not the one
_NOT_BEFORE = re.compile(r"(?i)(?:\bnot|\bno|\bnon|\bnão|\bnao|\bnicht|\bkein|\bnunca|\bnever|\bnot in|\binstead of|"
                         r"\brather than|\ben vez de|\ben lugar de|\bem vez de|\bao invés de|\bau lieu de|\bpas|"
                         r"\b(?:an)?statt|\binvece di|\bвместо|\bне|\bthay vì|\bkhông phải|而非|而不是|不是|并非|並非|"
                         r"不要用|别用)[ \t]*[`*\"']*$")
# "`middleware.ts` ではなく", "`middleware.ts`가 아니라", "`middleware.ts` değil": the negation after it
_NOT_AFTER = re.compile(r"(?i)[`*\"']*[ \t]*(?:ではなく|じゃなく|では無く|(?:가|이)[ \t]*아니라|대신|değil|yerine|"
                        r"(?:is|was)[ \t]+(?:not|no longer)[ \t]+(?:used|needed|the one))")
# "moved `tools/a.sh` to tools/test/", "`tools/a.sh`를 `tools/test/`로 이동": the old place of a moved file
_MOVED_FROM = re.compile(r"(?i)\b(?:moved|relocated|movid[oa]|spostat[oa]|déplacée?|verschoben)[ \t]+(?:the[ \t]+)?[`*\"']*$")
_MOVED_AWAY = re.compile(r"[`*\"']*[ \t]*(?:를|을|を)?[^\n]{0,40}?(?:(?:로|으로|へ|に)[ \t]*(?:이동|移動|移し)|移到|移至|移动到|挪到|搬到)")
# `old.md` → `new.md`: renamed or replaced by what the arrow points at
_CHANGED_TO = re.compile(r"[`*'\"]*[ \t]*(?:→|->|=>)[ \t]*[`*'\"]*[\w./-]+\.\w+")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]")


def _line_span(body: str, path: str) -> tuple[int, int] | None:
    """Where the line that first names ``path`` starts and ends in ``body``."""
    i = body.find(path)
    return line_span(body, i) if i >= 0 else None


def said_gone(body: str, path: str) -> bool:
    """The sentence that names the path says it was removed (or retired, deleted, renamed, never
    there…), or names it to say it is not the one; a list item, also the sentence that leads the list
    in ("Bad pattern:", "Removed:")."""
    i = body.find(path)
    if i < 0:
        return False
    start, end = line_span(body, i)
    if _GONE_WORDS.search(body, start, end) or _NOT_BEFORE.search(body, max(start, i - 16), i) \
            or _NOT_AFTER.match(body, i + len(path), end) \
            or _CHANGED_TO.match(body, i + len(path)) or _MOVED_FROM.search(body, max(start, i - 16), i) \
            or _MOVED_AWAY.match(body, i + len(path), end):
        return True
    while _LIST_ITEM.match(body, start) and start > 0:   # up the list to the line that leads it in
        start, end = line_span(body, start - 1)
    return start != line_span(body, i)[0] and _GONE_WORDS.search(body, start, end) is not None


# outputs and local files: data, logs, media, archives, environments, caches (gitignored as a rule)
_DATA_EXTS = {"csv", "tsv", "log", "pkl", "pickle", "parquet", "feather", "npy", "npz", "h5", "hdf5", "db", "sqlite",
              "sqlite3", "jsonl", "ndjson", "png", "jpg", "jpeg", "gif", "webp", "svg", "pdf", "mp4", "mp3", "wav",
              "zip", "gz", "tar", "tgz", "7z", "exe", "dll", "so", "whl", "pt", "pth", "ckpt", "onnx", "bin", "xlsx",
              "xls", "docx", "pptx", "out", "tmp", "bak", "pid", "lock", "duckdb", "glb", "gltf", "fbx", "obj", "blend",
              "scid", "avro", "orc", "arrow", "safetensors", "gguf"}
_LOCAL_SEGMENTS = {".env", ".auth", ".venv", "venv", "node_modules", ".next", ".nuxt", "dist", "__pycache__", ".cache", "tmp",
                   "output", "outputs", "results", ".pytest_cache", "coverage", "cache"}


# dot-folders people commit; any other (.debug/, .local/) is a scratch place kept out of git
_COMMITTED_DOTS = {".github", ".claude", ".vscode", ".cursor", ".gemini", ".codex", ".devcontainer", ".husky",
                   ".circleci", ".gitlab", ".storybook", ".changeset", ".config"}
# the parts inside an Office file (docProps/app.xml, ppt/slides/…): not the project's files
_OOXML = {"docprops", "ppt", "word", "xl", "_rels", "customxml"}


# a tool's machine-local folder wherever it sits (client/.vercel/project.json): its own docs say ignore it
_TOOL_STATE = {".vercel", ".netlify", ".turbo", ".expo", ".gradle", ".idea", ".terraform", ".serverless", ".wrangler",
               ".svelte-kit", ".angular", ".parcel-cache", ".docusaurus", ".firebase", ".dart_tool", ".pytest_cache"}


def made_not_kept(path: str) -> bool:
    segs = [x.lower() for x in path.rstrip("/").split("/") if x]
    if any(x in _TOOL_STATE for x in segs):
        return True
    if segs and (segs[0].startswith(".") and segs[0] not in _COMMITTED_DOTS and segs[0] not in (".", "..")
                 or segs[0] in _OOXML and len(segs) > 1):
        return True
    last = segs[-1] if segs else ""
    ext = last.rsplit(".", 1)[-1] if "." in last.strip(".") else ""
    if ext in ("html", "htm") and len(segs) == 1:
        return True   # a bare page name: a report a script writes, or a page of another site
    if _SCRATCH.match(last) or ".local." in last or (ext in _STATE_EXTS or not ext) and any(x in _DATA_FOLDERS for x in segs[:-1]):
        return True   # tmp_backtest.py, data/bot_state.json: a scratch script, a state file a program writes
    return ext in _DATA_EXTS or any(x in _LOCAL_SEGMENTS or x.startswith(".env") for x in segs)


_SCRATCH = re.compile(r"(?:tmp|temp|scratch)[_-]")
_STATE_EXTS = {"json", "yaml", "yml", "toml", "txt", "md"}
_DATA_FOLDERS = {"data", "state", "runtime", "var", "artifacts", "reports", "cache", "caches"}


# a bare name says nothing of where it is, and of these kinds is mostly not this project's: another
# tool's config (IDENTITY.md, config.yaml), a state or report file a script writes, a document of
# another repository, another memory (tests/ledger: none of those found missing was a project file)
_BARE_SAYS_NOTHING = {"md", "mdx", "markdown", "txt", "rst", "json", "jsonc", "json5", "yaml", "yml", "toml", "ini",
                      "cfg", "conf", "env", "xml", "plist", "properties"}


def bare_says_nothing(name: str) -> bool:
    """A bare name (no folder) of a document, config or state file, or one every project may have
    (script.py, server.js): nothing to check it against."""
    stem, _, ext = name.lower().rpartition(".")
    return ext in _BARE_SAYS_NOTHING or stem in GENERIC_NAMES or stem in ("script", "server", "service", "run", "final_script")


def has_extension(path: str) -> bool:
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return "." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum()


# the line or its section says the file is not this project's committed tree: ignored, local, planned, another repo
_ELSEWHERE_LINE = re.compile(r"(?i)gitignor|not in git|untracked|local only|local-only|no (?:viaja|va) (?:por|en) git|"
                             # an example, a file to make, a branch: not a claim that the file is here
                             r"\be\.g\.|\bexample|\bexemplo|\bejemplo|\besempio|\bbeispiel|例如|예시|"
                             # a naming convention shown by a sample name: "Python files use snake_case: `a_b.py`"
                             r"snake_case|camel ?case|pascal ?case|kebab-case|naming convention|下划线|驼峰|命名规[范则]|"
                             r"\bpr[oó]xim|\bprossim|"
                             r"\bbranch\b|(?:→|->) ?`?(?:main|master|develop)\b|not found|"
                             r"\b(?:to port|porting|portar|portare|portieren)\b|"
                             r"non (?:è )?in git|sibling|other repo|another repo|outro repo|otro repo|altro repo|"
                             r"submodul|\bon (?:the |a |that |this )?(?:server|vps|host)\b|remote (?:host|server)|"
                             # a script that runs on another machine: said so in the languages memory is written in
                             r"\bssh\b|\bcron(?:tab)?\b|\bsystemd\b|\bno servidor\b|\ben el servidor\b|\bsur le serveur\b|"
                             r"\bauf dem server\b|\bsul server\b|на сервере|서버에서|サーバー(?:上|で)|服务器上|伺服器上|"
                             r"trên server|sunucuda")
# a file the entry says will be made (by a first run, a later step), said right after its name: not there yet
_MADE_LATER = re.compile(r"(?i)[`*\"']*[ \t]*[(—–:-]?[ \t]*(?:(?:will|is going to|is to|has to|needs to) be|to be|gets|is|are)"
                         r"[ \t]+(?:created|generated|written|added|made)\b|[`*\"']*[ \t]*\(?(?:created|generated) on "
                         r"(?:the )?first run|[`*\"']*[ \t]*[(（]?[ \t]*(?:se crear[áa]|ser[áa] criad[oa]|wird (?:erstellt|"
                         r"angelegt|erzeugt)|sera créée?|verrà creat[oa]|将(?:会)?(?:创建|生成)|(?:を|は)?作成予定|"
                         r"(?:가|이|을|를|는)?[ \t]*(?:생성될|생성 예정|만들 예정))")
# "create `src/x.py`", "Implement `a/b.ts` for …": a file to make, named right after the verb
_TO_MAKE = re.compile(r"(?i)\b(?:create|implement|crear|criar|creare|erstellen)[ \t]+(?:an? |the |new |un |una |o |a )?"
                      r"[`*\"']*$")
_MADE_NEXT = re.compile(r"(?i)[`*\"']*[ \t]*[—–:-]+[ \t]*(?:create|crea|criar|crear|erstelle)\b")   # "`x.jsx` — create the view"
# (and a section of the files to make: "Files to create", "ФАЙЛЫ ДЛЯ СОЗДАНИЯ", "Archivos a crear", "待创建文件";
# never "Files created" nor "New files", whose files should be there)
_PLAN_HEADING = re.compile(r"(?im)^[ \t]{0,3}#{1,6}[^\n]*(?:plan|proposal|proposed|roadmap|todo|to-do|future|"
                           r"next steps|draft|wishlist|propuesta|proposta|계획|計画|计划|"
                           r"\bto (?:be )?(?:create|add|write)\b|для создания|\bсоздать\b|\b(?:a|por) crear\b|\ba criar\b|"
                           r"\bà créer\b|\bzu erstellen\b|待创建|要创建|新規作成|作成する|생성할)"
                           r"[^\n]*$")


_HEADING = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t][^\n]*$")


def elsewhere(body: str, path: str) -> bool:
    """The line that names the path says it is not in this project's tree (gitignored, local, on a
    server, in another repo), or it stands under a plan's heading."""
    span = _line_span(body, path)
    if span is None:
        return False
    start = span[0]
    at = body.find(path)
    if _ELSEWHERE_LINE.search(body, *span) or _TO_MAKE.search(body, max(span[0], at - 30), at) \
            or _MADE_NEXT.match(body, at + len(path)) or _MADE_LATER.match(body, at + len(path)):
        return True   # (the line of the first mention, as _line_span found it)
    heading = None
    for h in _HEADING.finditer(body, 0, start):   # the last heading above the line
        heading = h
    return heading is not None and _PLAN_HEADING.match(heading.group(0)) is not None


# "`feat/x` → main": a line of a list of branches merged somewhere
_MERGED_BRANCH = re.compile(r"(?:→|->) ?`?(?:main|master|develop)\b")
# "the page concept_charts regenerates", "重生成 dashboard.html": made by a script, not kept
_MADE_BY = re.compile(r"(?i)\bre-?generat|\bauto-?generat|重生成|重新生成|自动生成|自動生成|재생성")
# "break_infinity.js on CDN", "the xterm library": a library the project loads, not a file of it
_LIBRARY_WORDS = re.compile(r"(?i)\bCDN\b|\bnpm (?:i|install|add)\b|\blibrary\b|\blibrer[ií]a|\bbiblioth?[eè][qc]")
# a product's name as it is written ("Three.js r160", "built with Chart.js", "Node.js 20"): one capitalised
# word, and a version after it or a word of using before it (a component is named by its path or alone)
_PRODUCT = re.compile(r"[A-Z][a-z0-9]{1,14}\.(?:js|io|sh|ai|dev|app)")
_VERSION_AFTER = re.compile(r"[`*]*[ \t]+(?:v?\d+(?:\.\d+)*\b|r\d+\b)")
_USING_BEFORE = re.compile(r"(?i)\b(?:with|using|uses|via|on|powered by|built (?:with|on)|based on|con|com|avec|mit|"
                           r"usando|utilise|benutzt)[ \t]+[`*]*$")


def among_branches(body: str, path: str) -> bool:
    """An extensionless path on a line next to lines of branches merged into main (`feat/a` → main):
    one more branch of the list (`docs/finalize`), not a folder."""
    span = _line_span(body, path)
    if span is None or has_extension(path):
        return False
    start, end = span
    before = line_span(body, start - 1) if start > 0 else None
    after = line_span(body, end + 1) if end + 1 < len(body) else None
    return any(s is not None and _MERGED_BRANCH.search(body, *s) for s in (span, before, after))


def made_by_a_script(body: str, path: str) -> bool:
    """The line that names the file says a script or job makes it again (regenerates, auto-generates):
    an output, whose absence from a checkout says nothing."""
    span = _line_span(body, path)
    return span is not None and _MADE_BY.search(body, *span) is not None


def a_library(body: str, name: str) -> bool:
    """A bare name the entry speaks of as a library (on a CDN, installed with npm, "the … library")
    on any line that names it, or a lower-case `x.js` alone in parentheses, a label of what a thing is
    built on (`terminal (xterm.js)`; a component in parentheses, `(MiniSitoPage.jsx)`, is a file)."""
    labels = name.endswith(".js") and name == name.lower()
    i = body.find(name)
    while i >= 0:
        start, end = line_span(body, i)
        if _LIBRARY_WORDS.search(body, start, end) or labels and body[i - 1:i] == "(" \
                and body[i + len(name):i + len(name) + 1] == ")":
            return True
        if _PRODUCT.fullmatch(name) and (_VERSION_AFTER.match(body, i + len(name), end)
                                         or _USING_BEFORE.search(body, max(start, i - 24), i)):
            return True   # "Three.js r160", "built with Chart.js": the product, not a file of the project
        i = body.find(name, end)
    return False


def named_file(path: str) -> bool:
    """The path ends in a file name with an extension (or is written as a folder, `x/`)."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return path.endswith("/") or ("." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum())


def shorthand(name: str, mentions) -> bool:
    """A bare name written as the tail of another the entry names: `ew_v1.py` for `state_ew_v1.py`,
    `_phase2.py` after `research_phase1.py` (a name that starts with '_' or '-' continues one)."""
    low = name.lower()
    ext = low.rsplit(".", 1)[-1]
    for m in mentions:
        other = m.path.rstrip("/").rsplit("/", 1)[-1].lower()
        if other != low and (other.endswith(low) or low[0] in "_-" and other.endswith("." + ext)):
            return True
    return False


# a folder outside the project: a home or absolute path, a Windows drive
_OUTSIDE = re.compile(r"(?:^|[\s`'\"(])(?:~/|/(?:home|Users|opt|srv|var|etc|usr|mnt)/|[A-Za-z]:\\)")


def works_outside(body: str) -> bool:
    """The entry names a place outside the project (`~/tools/x/`, `C:\\Users\\…`): its bare names
    may be that place's files, not the project's."""
    return _OUTSIDE.search(body) is not None


def under_a_file(checker: AnchorChecker, path: str) -> bool:
    """A folder of the path is a file, or an empty folder: a submodule's place, not checked out."""
    segs = [s for s in path.rstrip("/").split("/") if s not in ("", ".")]
    for i in range(1, len(segs)):
        c = checker.confine("/".join(segs[:i]))
        kind = checker.kind(c.path) if c.path is not None and not c.unsafe else None
        if kind is None:
            return False
        if kind == "file" or kind == "dir" and _empty(c.path):
            return True
    return False


def flattened(checker: AnchorChecker, path: str) -> bool:
    """The folder's parent holds files named after it (`x-a.js`, `x_b.py`): the same things, kept flat."""
    parent, _, name = path.rstrip("/").rpartition("/")
    c = checker.confine(parent)
    if not name or c.unsafe or c.path is None or checker.kind(c.path) != "dir":
        return False
    try:
        with os.scandir(c.path) as it:
            return any(e.name.startswith((name + "-", name + "_", name + ".")) for e in it)
    except OSError:
        return False


def _empty(folder) -> bool:
    try:
        with os.scandir(folder) as it:
            return next(it, None) is None
    except OSError:
        return False


_SUFFIX = re.compile(r"(?:::.*|:\d+(?:[-+]\d*)?)$")


def beside_its_siblings(root_files, memory_dir, root, entries, written: str) -> bool:
    """A file named and not found is news only in a part of the project this copy holds: a folder of
    its first folder's name is there with files of the project under it (``src/old/main.ts`` beside a
    ``src/new/``; ``components/x.jsx`` written from a sub-project, ``web/components/``; a bare name,
    in a project with any file). A first folder that is not there, or holds no file of the project
    (``.claude/`` with only the memory in it, a root with nothing but the memory), is
    another checkout's, a plan's, or a part of the repository this copy lacks: its absence says
    nothing the owner can act on (fresh pools: 1 right of 15 plain missing paths, nearly all where
    the copy lacked the folder). ``written`` is a mention as the status keeps it (``src/a.ts:12``);
    ``entries`` the memory's ids, relative to ``memory_dir``: its files are never the project's."""
    path = _SUFFIX.sub("", written).strip().rstrip("/")
    while path.startswith("./"):
        path = path[2:]
    got = getattr(root_files, "_holding", None)
    if got is None:   # the names of the project's folders that hold a file that is not a memory, once a reading
        rel = os.path.relpath(os.path.realpath(memory_dir), os.path.realpath(root)).replace(os.sep, "/")
        inside = None if rel == ".." or rel.startswith("../") else ("" if rel == "." else rel + "/")
        mine = {inside + i for i in entries} if inside is not None else set()
        got = set()
        for f in root_files.files():
            if not (inside and f.startswith(inside)) and f not in mine:
                got.add("")
                got.update(f.split("/")[:-1])
        root_files._holding = got
    return path.split("/", 1)[0] in got if "/" in path else bool(got)
