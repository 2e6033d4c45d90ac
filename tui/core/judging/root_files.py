"""The project's files by name (SPEC §3): whether a bare `server.ts` exists anywhere under the
root, and where a moved `src/old/x.ts` went. Walked once per reading, at most LIMIT names."""
from __future__ import annotations

import os
from pathlib import Path

from ..cache.kept import folder_signature


class RootFiles:
    """Names of files and folders under the root, and where they are: whether a bare
    `server.ts` exists anywhere, and where a moved `src/old/x.ts` went."""

    SKIP = {".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", "dist", "build", "target"}
    LIMIT = 50_000

    def __init__(self, root: Path, unchecked: str | None = None):
        self.root = root
        self.unchecked = unchecked   # why no path can be checked under this root (project_marks.unchecked_root)
        self._where: dict[str, list[str]] | None = None   # name → up to 400 relative paths
        self._index: tuple | None = None   # the names as has_stem and has_variant ask them
        self.folders: list[tuple[str, tuple | None]] | None = None   # what the walk listed, by signature
        self._tails: set[str] | None = None   # has_short_form's look-up
        self._files: list[str] = []   # every file the walk listed, relative (triage's project index reads them)

    def _walk(self) -> dict[str, list[str]]:
        if self._where is None:
            self._where = {}
            self.folders = []
            self._files = []
            count = 0
            for folder, dirs, files in self._folders(str(self.root)):
                dirs[:] = sorted(d for d in dirs if d not in self.SKIP)
                rel = os.path.relpath(folder, self.root).replace(os.sep, "/")
                rel = "" if rel == "." else rel + "/"
                for name in [*files, *dirs]:
                    spots = self._where.setdefault(name, [])
                    if len(spots) < 400:   # route.js, index.ts: sub-projects repeat names
                        spots.append(rel + name)
                self._files.extend(rel + name for name in sorted(files))
                count += len(files)
                if count > self.LIMIT:
                    break
        return self._where

    def _folders(self, top: str):
        """os.walk(top), top-down, noting each folder's signature as it is listed (taken before
        the listing: a change after it shows in the next signature)."""
        self.folders.append((top, folder_signature(top)))
        try:
            with os.scandir(top) as it:
                items = list(it)
        except OSError:
            return
        dirs, files = [], []
        for item in items:
            try:
                is_dir = item.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(item.name)
        yield top, dirs, files
        for name in dirs:   # as the caller left them (pruned and sorted)
            path = os.path.join(top, name)
            if not os.path.islink(path):
                yield from self._folders(path)

    def has(self, name: str) -> bool:
        return name in self._walk()

    def files(self) -> list[str]:
        """Every file under the root the walk listed (relative, '/'-separated, in walk order)."""
        self._walk()
        return self._files

    def has_stem(self, path: str) -> bool:
        """`ristorante/RistoranteListPage` or `components/photo-uploader/` for
        RistoranteListPage.jsx or photo-uploader.component.ts: the name written without its extension."""
        stem = path.rstrip("/").rsplit("/", 1)[-1].lower()
        return bool(stem) and stem in self._names()[1]

    def has_extension_of(self, name: str) -> bool:
        """The project holds a file with this name's extension (any .tsx, for `Form.tsx`)."""
        ext = name.rsplit(".", 1)[-1].lower() if "." in name.strip(".") else ""
        return not ext or ext in self._names()[4]

    def has_variant(self, name: str) -> bool:
        """A file of this name another way: another case (Robots.txt), a migration's number before
        it (067_owners.sql for owners.sql), an example kept in its place (appsettings.Example.json
        for a local appsettings.json)."""
        lower, _, numbered, examples, _ = self._names()
        low = name.lower()
        stem, dot, ext = low.rpartition(".")
        return low in lower or low in numbered or bool(dot) and (stem, ext) in examples

    def _names(self) -> tuple[set[str], set[str], set[str], set[tuple[str, str]], set[str]]:
        """The walk's names as the look-ups above ask them, made once (a missing mention used to
        scan every name of the project): lower-cased; every part before a dot (the stems); after a
        migration's number, every part after an '_'; of example copies, (a part before a dot, the
        extension); the extensions."""
        if self._index is None:
            lower, stems, numbered, examples, exts = set(), set(), set(), set(), set()
            for other in self._walk():
                o = other.lower()
                lower.add(o)
                cuts = [i for i, c in enumerate(o) if c == "."]
                stems.update(o[:i] for i in cuts)
                if cuts:
                    exts.add(o[cuts[-1] + 1:])
                if o.split("_", 1)[0].isdigit():
                    numbered.update(o[i + 1:] for i, c in enumerate(o) if c == "_")
                if cuts and any(w in o for w in ("example", "sample", "template", "dist", "default")):
                    ext = o[cuts[-1] + 1:]
                    examples.update((o[:i], ext) for i in cuts)
            self._index = (lower, stems, numbered, examples, exts)
        return self._index

    def has_short_form(self, name: str) -> bool:
        """A file this bare name is a short form of: the tail after a '-', '_' or a space (`body.js`
        for aesthetic-body.js; `시작.bat` for `몽글이 시작.bat`, a name the text cut at its space), or a folder of that stem with an index file of that extension (`mailer.js`
        for mailer/index.js, as `require('./mailer')` resolves)."""
        stem, dot, ext = name.lower().rpartition(".")
        if not dot or not stem:
            return False
        where = self._walk()
        index = set(where.get("index." + ext, ()))
        if any(spot + "/index." + ext in index for spot in where.get(stem, ())):
            return True
        if self._tails is None:   # every name's parts after a '-', '_' or space, made once
            self._tails = {o[i + 1:] for o in self._names()[0] for i, c in enumerate(o) if c in "-_ "}
        return name.lower() in self._tails

    def under_another_folder(self, path: str) -> bool:
        """A file or folder of the project ends with this path: `routes/auth.js` written from
        inside `server/` (a sub-project, the agent's working folder) names `server/routes/auth.js`."""
        segs = [s for s in path.rstrip("/").split("/") if s not in ("", ".")]
        if len(segs) < 2:
            return False
        tail = "/" + "/".join(segs)
        from .path_judging import in_order   # here, not at the top: the hook never checks paths
        # app/x/submit/route.js names app/x/[token]/submit/route.js: Next.js' [param] and (group) folders
        # are left out as people say the route, and so may a folder between (form-builder/public/…)
        return any(("/" + spot).endswith(tail) or in_order(segs, spot.split("/"))
                   or "/" in spot and tail.endswith("/" + spot)   # written from above the root: repo/src/x.ts
                   for spot in self._walk().get(segs[-1], []))

    def moved_to(self, path: str) -> str | None:
        """Where a moved file went, when that is plain: the one file of its name, and a name
        that says which file it is (not README.md, index.ts or route.js, which every folder has)."""
        from .path_judging import GENERIC_NAMES, INSTRUCTION_NAMES
        segs = [s for s in path.rstrip("/").split("/") if s]
        if not segs or segs[-1].lower().rsplit(".", 1)[0] in GENERIC_NAMES or segs[-1].lower() in INSTRUCTION_NAMES:
            return None
        spots = self._walk().get(segs[-1], [])
        return spots[0] if len(spots) == 1 else None

    def nearest(self, path: str) -> str | None:
        """Where a file of this name now lives: the one sharing the most trailing folders."""
        segs = [s for s in path.rstrip("/").split("/") if s]
        spots = self._walk().get(segs[-1], []) if segs else []
        if not spots:
            return None

        def shared(candidate: str) -> int:
            theirs, n = candidate.split("/"), 0
            while n < min(len(theirs), len(segs)) and theirs[-1 - n] == segs[-1 - n]:
                n += 1
            return n

        return min(spots, key=lambda c: (-shared(c), len(c), c))
