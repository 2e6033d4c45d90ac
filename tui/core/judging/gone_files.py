"""A file one entry says is gone: "Removed `authClient.ts`", "Eliminados `a.ts` y `b.ts`",
"`x.py` 已删除". Another entry that still lists the file as part of the project is stale
(judging/conflicts: a "replaced" claim whose old thing is the file, superseded).

Only a file's name written as code (backticks) with an extension, alone or at the end of a path:
a precise thing, not a word ("removed the `--force` flag" names no file). Standard library only.
"""
from __future__ import annotations

import re

_GONE_VERB = (r"(?:removed|deleted|dropped|eliminad[oa]s?|elimin[ée]|borrad[oa]s?|removid[oa]s?|apagad[oa]s?|"
              r"exclu[íi]d[oa]s?|supprim[ée]e?s?|gelöscht|entfernt|удал[её]н[ыао]?|удалил[иа]?|"
              r"已?删除了?|删掉了?|已?移除了?|削除(?:した|済み|しました)?|삭제(?:했|됨|함|하였)\w*)")
# (greedy, one name character before the dot: the same names as "a lazy run, then [\w-]+", which
# backtracked over every split of a long span with no extension)
_FILE = r"`([^`\s]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,4})`"
# the verb, then one or more files ("Eliminados `a.ts` y `b.ts`"); or a file, then the verb
_AFTER = re.compile(rf"(?i)(?<!\w){_GONE_VERB}[ \t:]+((?:{_FILE}[ \t,]*(?:y|e|and|und|et|和|、)?[ \t]*)+)")
_BEFORE = re.compile(rf"(?i){_FILE}[ \t]*(?:(?:was|were|has been|have been|wurde|wurden|fue|fueron|foi|foram|"
                     rf"a été|est|ist|が|を|は|가|를|이|被)[ \t]*)?{_GONE_VERB}")
_ONE_FILE = re.compile(_FILE)
# one of these (lower-cased) is in every line the patterns match: they run only then
GONE_HINTS = ("remov", "delet", "dropped", "elimin", "borrad", "apagad", "exclu", "supprim", "gelöscht", "entfernt",
              "удал", "删", "移除", "削除", "삭제")


def gone_files(text: str) -> list[str]:
    """The file names (lower case, without their folders) a line says were removed."""
    files = [f.group(1) for m in _AFTER.finditer(text) for f in _ONE_FILE.finditer(m.group(1))]
    files += [m.group(1) for m in _BEFORE.finditer(text)]
    return sorted({f.rsplit("/", 1)[-1].lower() for f in files})


def dated(e) -> bool:
    """``e``'s date is one its text gives (frontmatter), not the file's time: a checkout's file
    times order nothing, so only such dates say a listing came after a removal."""
    meta = getattr(e, "meta", None) or {}
    return any(k in meta for k in ("created", "updated", "date", "modified"))
