"""`memtui eval QUERIES_FILE`: hit rates of labelled prompts, and every miss with reasons; beside
every rate, a plain BM25 top-k's over the same entries in the same run (core/engine/bm25.py)."""
from __future__ import annotations

from pathlib import Path

from .common import UsageError, dump_json, resolve_dir
from ..core.config import limits
from ..core.engine.evaluate import KINDS, QueriesError, evaluate, parse_queries
from .preview import engine_for, listing_ahead
from ..core.engine.bm25 import BM25


def _entries(engine, directory, root, found):
    """Every entry of the folder, for the yardstick: the engine's own when it read the folder
    whole, else the folder read now (the kept index loads only the entries a prompt ranks)."""
    from ..core.engine.postings import DictPostings
    if isinstance(engine.index, DictPostings):
        return engine.entries
    from ..core.snapshots.memory import Memory
    return Memory.load(directory, root, mentions=False, layout=found.layout).entries

def _cell(hits: int, total: int) -> str:
    return f"{hits}/{total} [{'green' if hits == total else 'red'}]{hits / total:.0%}[/]" if total else "[dim]—[/]"


def _plain(hits: int, total: int) -> str:
    return f"{hits}/{total} {hits / total:.0%}" if total else "—"


LABEL = {"inject": "must inject", "not_inject": "must not inject", "first": "ranked first", "none": "inject nothing"}


def run(args) -> int:
    try:
        text = Path(args.queries).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {args.queries}: {e}") from None
    try:
        queries = parse_queries(text)
    except QueriesError as e:
        raise UsageError(f"{args.queries}: {e}") from None
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    ahead = listing_ahead(directory, found.layout)
    try:   # the kept index, as the hook and preview
        engine, known = engine_for(directory, root, found.layout, ahead)
    finally:
        if ahead is not None:
            ahead.close()
    count, chars = limits(args.max_count, args.max_chars)
    rep = evaluate(engine, queries, count, chars, known, baseline=BM25(_entries(engine, directory, root, found)))
    if args.json:
        dump_json(rep.as_json())
        return 0 if rep.ok else 1
    from rich.markup import escape
    from rich.table import Table
    from ..render import console as make_console
    con = make_console()
    table = Table(title=f"{rep.passed}/{rep.queries} prompts pass", title_justify="left", box=None,
                  header_style="bold")
    b = rep.baseline
    table.add_column("expectation")
    table.add_column("hits", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("BM25 top-k", justify="right", style="dim")
    for k in KINDS:
        if rep.total[k]:
            r = rep.rate(k)
            table.add_row(LABEL[k], f"{rep.hits[k]}/{rep.total[k]}", f"[{'green' if r == 1 else 'red'}]{r:.0%}[/]",
                          _plain(b.hits[k], rep.total[k]))
    for t, n in sorted(rep.tag_total.items()):
        p = rep.tag_pass.get(t, 0)
        table.add_row(f"[dim]tag[/] {t}", f"{p}/{n}", f"[{'green' if p == n else 'red'}]{p / n:.0%}[/]",
                      _plain(b.tag_pass.get(t, 0), n))
    con.print(table)
    for k, (n, h) in sorted(rep.by_policy.items()):   # (core/engine/evaluate.py: by_policy)
        con.print(f"[dim]{LABEL[k]}: {n} of {rep.total[k]} name an entry the policy never injects (a log, "
                  f"superseded, a broken or unsafe anchor), counted as misses; BM25 met {h} of them[/]")
    if rep.langs:
        langs = Table(title="per language (BM25 top-k beside each)", title_justify="left", box=None,
                      header_style="bold")
        langs.add_column("lang")
        for k in ("inject", "first", "none"):
            langs.add_column(LABEL[k], justify="right")
            langs.add_column("BM25", justify="right", style="dim")
        for lang, kinds in sorted(rep.langs.items()):
            cells = []
            for k in ("inject", "first", "none"):
                cells += [_cell(*kinds[k]), _plain(b.langs[lang][k][0], kinds[k][1])]
            langs.add_row(lang, *cells)
        con.print(langs)
    for m in rep.misses:
        con.print(f"\n[bold red]miss[/] line {m.line} [dim]({LABEL[m.kind]})[/] {escape(repr(m.query))}")
        con.print(f"  expected {escape(m.expected)}; injected: {escape(m.got)}")
        con.print(f"  [dim]{escape(m.why)}[/]", highlight=False)
    if rep.ok:
        con.print("\n[green]every expectation holds[/]")
    return 0 if rep.ok else 1
