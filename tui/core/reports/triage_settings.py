"""Test 3 for an entry that lists the project's settings in words: the keys of one env file."""
from __future__ import annotations

import re

from .triage_findings import Decision
from .triage_knowable import Folder

_LIST_SPLIT = re.compile(r",|;|\s\+\s|\s(?:and|y|e|und|et)\s|、|，")
# the parts of a key that name its kind, not what it is for: "Postgres URL" is not DATABASE_URL by its "url"
_KEY_KIND = frozenset("url uri key secret host hosts port name path token user password api dsn file dir".split())


def named_settings(prepared, folder: Folder) -> Decision | None:
    """Drop an entry that lists the project's settings in words: its items ("secret key, debug flag,
    allowed hosts, Redis URL") are, most of them, the keys of one env file (``DJANGO_SECRET_KEY``,
    ``DJANGO_DEBUG``, ``ALLOWED_HOSTS``, ``REDIS_URL``), and it says nothing else of its own (no
    reason, trap, rule or way to apply). The env file lists them; reading it once tells the agent."""
    r = prepared.reading
    content = r.content
    if not content or len(content) > 4 or r.of("learned", "why", "rule", "how", "status", "final"):
        return None
    from ..judging.project_index import rule_words
    text = " ".join(ln.text for ln in content)
    text = re.sub(r"^[^:]{0,40}:\s", "", text)   # "Needed in .env: …": the label over the list
    items = [w for w in (rule_words(i.replace("_", " ")) for i in _LIST_SPLIT.split(text)) if w]
    if len(items) < 3:
        return None
    best = None
    for rel, f, keys in folder.env_keys:
        hits = []
        for item in items:
            for n, _key, key_words in keys:
                shared = item & key_words
                if len(shared) >= 2 or shared - _KEY_KIND:
                    hits.append(n)
                    break
        if best is None or len(hits) > len(best[1]):
            best = (rel, hits, f)
    if best is None or len(best[1]) < 3 or len(best[1]) * 3 < len(items) * 2:
        return None
    rel, hits, f = best
    lines = folder.idx._text_of(f)
    from ..judging.project_index import ProjectLine
    cited = [ProjectLine(rel, n, lines[n - 1]) for n in sorted(set(hits))]
    return Decision("drop", 3, [f"{len(set(hits))} of the {len(items)} settings it lists in words are keys of {rel}, "
                                f"from {cited[0].cite()}",
                                f"{rel} lists them: reading it once tells the agent"],
                    [ln.n for ln in content], cited[:6])
