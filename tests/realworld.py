"""The trust ledger's machinery: run the audit over the real memory folders of
``../shared/corpus/realworld-dev`` and key every finding so a person's verdict on it
survives rule changes.

A finding is one cause (SPEC §5), keyed by (folder, file, kind, hash of its first line):
never by the line's text, which is other people's and stays out of the project. A cause
that spans the folder (files without frontmatter, files the index does not list) has no
file and is keyed by its rule. The verdicts live in ``tests/ledger/findings.tsv`` (right /
wrong / partly, and why in a few words); what a careful reviewer would have flagged and the
audit did not, in ``tests/ledger/misses.tsv``. Every figure is given for the tune part and
the held-out part of the corpus apart (``tests/split.py``). Used by ``tests/test_ledger.py``
and ``tests/bench/ledger_report.py``; the definition of right is in tests/ledger/README.md.
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from split import part

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "realworld-dev"
LEDGER = HERE / "ledger"
FINDINGS_TSV = LEDGER / "findings.tsv"
MISSES_TSV = LEDGER / "misses.tsv"
IGNORED_KINDS = {"stale"}      # a clock, not a judgement: not reviewed
VERDICTS = ("right", "wrong", "partly")
FIELDS = ("folder", "file", "kind", "line_hash", "severity", "verdict", "why")
# a miss: what a reviewer reading a whole file would have flagged (status open / found), or a
# file read whole with nothing to flag (kind none, status clean)
MISS_FIELDS = ("folder", "file", "kind", "line_hash", "why", "status")


def corpus_folders() -> list[str]:
    if not CORPUS.is_dir():
        return []
    return sorted(p.name for p in CORPUS.iterdir() if (p / "memory").is_dir())


def line_hash(text: str | None) -> str:
    """12 hex digits of the line, its white space folded: a key, never the text."""
    norm = " ".join((text or "").split())
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()[:12]


def file_line(memory: Path, rel: str, line: int | None) -> str | None:
    if not rel or not line:
        return None
    try:
        lines = (memory / rel).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return lines[line - 1] if 0 < line <= len(lines) else None


@dataclass(frozen=True)
class Key:
    folder: str
    file: str
    kind: str
    line_hash: str


@dataclass
class Seen:
    """One finding of the audit on a corpus folder, with its key."""
    key: Key
    severity: str
    confidence: str
    rule: str
    line: int | None
    message: str
    related: str | None
    places: tuple = ()   # every (file, line) of a cause seen in several places; () for one place
    part: str = "tune"   # the corpus part its folder is in (tests/split.py)


def key_of(folder: str, memory: Path, f: dict) -> Key:
    rel = f.get("id") or ""
    text = file_line(memory, rel, f.get("line"))
    # a finding about a file as a whole (no line) is keyed by its rule and what it relates to
    basis = text if text is not None else f"{f.get('rule')}|{f.get('related') or ''}"
    return Key(folder, rel, f["kind"], line_hash(basis))


def skeleton(folder: str, into: Path) -> tuple[Path, Path]:
    """An empty copy of the repository's files (project-files.txt) with the real memory
    folder at its place in it: (memory dir, project root)."""
    src = CORPUS / folder
    meta = json.loads((src / "SOURCE.json").read_text())
    root = into / folder
    for rel in (src / "project-files.txt").read_text(encoding="utf-8").splitlines():
        rel = rel.strip()
        if not rel or rel.startswith("/") or ".." in Path(rel).parts:
            continue
        p = root / rel
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.touch()
        except OSError:   # a path that is a file in one place and a folder in another
            pass
    memory = root / meta["memory_path"]
    if memory.exists():
        shutil.rmtree(memory) if memory.is_dir() else memory.unlink()
    memory.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src / "memory", memory)
    return memory, root


def audit_folder(folder: str, into: Path, cli: bool = False) -> list[Seen]:
    """Every finding (but the ignored kinds) of the audit on one corpus folder. With ``cli``
    through the installed ``memtui audit --format json``, else in this process (the same code)."""
    memory, root = skeleton(folder, into)
    if cli:
        exe = shutil.which("memtui") or str(Path(sys.executable).with_name("memtui"))
        env = dict(os.environ, MEMTUI_NO_CACHE="1")
        p = subprocess.run([exe, "audit", "--dir", str(memory), "--root", str(root), "--format", "json",
                            "--fail-on", ""], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"{folder}: memtui audit exit {p.returncode}: {p.stderr.strip()[-500:]}")
        data = json.loads(p.stdout)["findings"]
    else:
        from tui.core.reports.audit import audit_dir
        from tui.core.reports.audit_format import to_json
        data = to_json(audit_dir(str(memory), str(root), git=False))["findings"]
    out = []
    for f in data:
        if f["kind"] in IGNORED_KINDS:
            continue
        locs = f.get("locations") or []
        places = tuple((loc["id"], loc["line"]) for loc in locs) if len(locs) > 1 else ()
        out.append(Seen(key_of(folder, memory, f), f["severity"], f.get("confidence", "high"), f["rule"],
                        f.get("line"), f["message"], f.get("related"), places, part(folder)))
    return out


def place_keys(memory: Path, s: Seen) -> list[Key]:
    """The keys each place of a cause had when every place was a finding of its own (the ledger's
    rows from before one finding per cause)."""
    return [key_of(s.key.folder, memory, {"id": i, "line": line, "kind": s.key.kind, "rule": s.rule,
                                          "related": s.related}) for i, line in s.places]


def audit_corpus(cli: bool = False, folders: list[str] | None = None) -> list[Seen]:
    with tempfile.TemporaryDirectory(prefix="memtui-ledger-") as tmp:
        seen: list[Seen] = []
        for folder in folders or corpus_folders():
            seen.extend(audit_folder(folder, Path(tmp), cli=cli))
        return seen


def read_ledger(path: Path = FINDINGS_TSV) -> dict[Key, dict]:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t")
        return {Key(r["folder"], r["file"], r["kind"], r["line_hash"]): r for r in rows}


def write_ledger(rows: list[dict], path: Path = FINDINGS_TSV, fields=FIELDS) -> None:
    rows = sorted(rows, key=lambda r: tuple(r[f] for f in fields[:4]))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, delimiter="\t", lineterminator="\n", extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


def read_misses(path: Path = MISSES_TSV) -> list[dict]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"))


@dataclass
class Judged:
    """The audit's findings on the corpus set against the ledger."""
    seen: list[Seen]
    ledger: dict[Key, dict]

    def verdict(self, s: Seen) -> str | None:
        row = self.ledger.get(s.key)
        return row["verdict"] if row else None

    def unapproved_errors(self) -> list[Seen]:
        """Error-severity findings the ledger does not mark right: each a bug."""
        return [s for s in self.seen if s.severity == "error" and self.verdict(s) != "right"]

    def lost_rights(self) -> list[Key]:
        """Findings the ledger marks right that the audit no longer gives."""
        now = {s.key for s in self.seen}
        return [k for k, r in self.ledger.items() if r["verdict"] == "right" and k not in now]

    def precision(self) -> dict[tuple[str, str, str], dict]:
        """Per (kind, confidence, part): found, reviewed, right, partly, wrong, precision (partly
        counts half)."""
        table: dict[tuple[str, str, str], Counter] = defaultdict(Counter)
        for s in self.seen:
            c = table[(s.key.kind, s.confidence, s.part)]
            c["found"] += 1
            v = self.verdict(s)
            if v in VERDICTS:
                c["reviewed"] += 1
                c[v] += 1
        out = {}
        for k, c in table.items():
            p = (c["right"] + 0.5 * c["partly"]) / c["reviewed"] if c["reviewed"] else None
            out[k] = {**{n: c[n] for n in ("found", "reviewed", *VERDICTS)}, "precision": p}
        return out

    def misses_caught(self, misses: list[dict]) -> list[dict]:
        """The ledger's misses the audit now finds (same folder, file, kind and line)."""
        now = {s.key for s in self.seen}
        return [m for m in misses if m["kind"] != "none" and Key(m["folder"], m["file"], m["kind"], m["line_hash"]) in now]


def judge(cli: bool = False) -> Judged:
    return Judged(audit_corpus(cli=cli), read_ledger())
