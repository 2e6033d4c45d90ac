"""Curation flows for the main screen: delete, archive, restore, review, promote and the audit
view (adding and editing are in ``editing``, the triage pass in ``triage_view``).

Dialogs only return what the person chose; the writes happen here, through the core
(the trash, archive, promotion), off the UI thread (``writer``), and every file written or
removed is noted so the next rescan does not take it for the agent's. Nothing is removed
without a confirmation.
"""
from __future__ import annotations

import datetime as dt
from typing import Callable

from textual.widgets import Input, TabbedContent

from ...core.faults import NOT_ARCHIVED, NOT_DELETED, NOT_RESTORED, Cancelled, explain, not_promoted
from ...core.snapshots.memory import Snapshot
from ...core.writes.promote import Promotion, TargetChanged, apply_promotion
from ...core.writes.trash import apply_delete, plan_delete, restore
from ...widgets.browser import Browser
from ...widgets.entry_table import EntryTable
from .host import MainHost


def chosen_ids(screen: MainHost) -> list[str]:
    table = screen.query_one(EntryTable)
    return sorted(table.selected) or ([table.current_id()] if table.current_id() else [])


def part_of(screen: MainHost, ids: list[str]):
    """(the snapshot of the one folder these entries live in, their ids there, local id → shown id);
    None, said, when they belong to several agents."""
    snap = screen.snapshot
    if snap is None:
        return None
    located = [(snap.locate(i), i) for i in ids]
    if len({id(part) for (part, _), _ in located}) > 1:
        screen.notify("Those entries belong to different agents: act on one agent's at a time", severity="warning")
        return None
    part = located[0][0][0] if located else snap
    return part, [local for (_, local), _ in located], {local: i for (_, local), i in located}


def current_part(screen: MainHost) -> Snapshot | None:
    """The folder of the entry under the cursor (the first agent's when none is)."""
    snap = screen.snapshot
    if snap is None or not snap.parts:
        return snap
    i = screen.current_id()
    return snap.locate(i)[0] if i else next(iter(snap.parts.values()))


def delete(screen: MainHost, ids: list[str], then: Callable[[bool], None] | None = None,
           archive: bool = False) -> None:
    """Move entries to the trash (or, ``archive``, to the folder's archive: the same plan and
    moves) after the confirmation that lists every file and line."""
    from ...core.writes.archive import apply_archive, can_archive, refusal
    from ..confirm_delete import ConfirmDelete
    where = part_of(screen, ids) if ids else None
    if where is None:
        return
    part, ids, shown = where
    if archive and not can_archive(part.layout):
        screen.notify(refusal(part.layout, part.dir), severity="warning", timeout=12)
        return
    plan = plan_delete(part.dir, ids, part.layout)
    if not (plan.files or plan.snippets or plan.exports):
        screen.notify(f"Nothing to {'archive' if archive else 'delete'}: {', '.join(plan.missing)} no longer "
                      "exist(s)", severity="warning")
        return

    going = [shown[i] for i in plan.files + list(plan.snippets)]
    not_done = NOT_ARCHIVED if archive else NOT_DELETED

    def moved(res) -> None:
        screen.writes.forget_removing([shown[i] for i in res.vanished])
        for i in res.vanished + plan.missing:
            screen.notify(f"{i} had already vanished (or changed); nothing moved", severity="warning")
        screen.writes.note_written([shown[i] for i in res.moved if i in plan.snippets])   # our change
        if archive and plan.snippets and res.moved:   # the day's log got the lines: ours too
            from ...core.writes.archive import daily_log
            screen.writes.note_written([shown_id(screen, part, daily_log(dt.datetime.now(dt.timezone.utc)))])
        if res.moved:
            screen.notify(f"{'Archived' if archive else 'Moved'} {len(res.moved)}"
                          f"{'' if archive else ' to the trash'} (t to restore)")
        for path, dropped in res.exports:
            screen.notify(f"The export is unchanged; a copy without {dropped} record(s) is at {path}",
                          timeout=12)
        screen.query_one(EntryTable).selected -= {shown[i] for i in res.moved}
        screen.request_rescan()
        finished(bool(res.moved))

    def finished(ok: bool) -> None:   # once the write is done (or refused, or never asked for)
        if then is not None:
            then(ok)

    def done(ok: bool | None) -> None:
        if not ok:
            finished(False)
            return
        screen.writes.note_removing(going)   # before it runs: the reading that shows them gone is ours
        n = len(going) + sum(len(v) for v in plan.exports.values())
        what = (f"archiving {n} entr{'y' if n == 1 else 'ies'}" if archive else
                f"moving {n} entr{'y' if n == 1 else 'ies'} to the trash")
        say = failed(screen, not_done, lambda: screen.writes.forget_removing(going))
        screen.writer.submit(what, (part.dir,), lambda: (apply_archive if archive else apply_delete)(part.dir, plan),
                             moved, lambda err: (say(err), finished(False)))

    screen.app.push_screen(ConfirmDelete(plan, archive=archive), done)


def archive(screen: MainHost, ids: list[str], then: Callable[[bool], None] | None = None) -> None:
    """Move process entries to the folder's archive, after the confirmation that lists them."""
    delete(screen, ids, then, archive=True)


def trash(screen: MainHost) -> None:
    from ..trash_screen import TrashScreen
    part = current_part(screen)
    folder = part.dir if part is not None else screen.directory
    prefix = next((k + ":" for k, v in screen.snapshot.parts.items() if v is part), "") if part is not None else ""

    def restored(res) -> None:
        screen.writes.note_written([prefix + i for i in res.restored])
        for i in res.restored:
            screen.notify(f"restored {i}")
        for i in res.blocked:
            screen.notify(f"{i} exists again; move it away first", severity="warning")
        for i in res.missing:
            screen.notify(f"{i} is no longer in the trash", severity="warning")
        screen.request_rescan()

    def chosen(ids: list[str] | None) -> None:
        if ids:
            screen.writer.submit(f"restoring {len(ids)} entr{'y' if len(ids) == 1 else 'ies'}", (folder,),
                                 lambda: restore(folder, ids), restored, failed(screen, NOT_RESTORED))

    screen.app.push_screen(TrashScreen(folder), chosen)


def audit_view(screen: MainHost) -> None:
    from ..audit_screen import AuditScreen
    screen.app.push_screen(AuditScreen(screen.report, screen.app.colours),
                           lambda entry_id: jump_to(screen, entry_id) if entry_id else None)


def jump_to(screen: MainHost, entry_id: str) -> None:
    """Show one entry in the table, clearing the filters that hide it."""
    if screen.snapshot is None or entry_id not in screen.snapshot.entries:
        return
    if not screen.query_one(EntryTable).select_id(entry_id):
        screen.query_one("#filter", Input).value = ""
    screen.query_one(Browser).show_entry(entry_id)
    screen.query_one(TabbedContent).active = "detail"


def shown_id(screen: MainHost, part: Snapshot | None, local: str) -> str:
    """An id in a folder as the table shows it (`agent:id` when several agents are open)."""
    snap = screen.snapshot
    label = next((k for k, v in snap.parts.items() if v is part), None) if snap is not None else None
    return f"{label}:{local}" if label else local


def sentence(err: OSError, not_done: str) -> str:
    """The fault as the command line says it (faults.explain), as a sentence."""
    text = explain(err, not_done)
    return text[:1].upper() + text[1:] + "."


def failed(screen: MainHost, not_done: str, after: Callable[[], None] | None = None) -> Callable[[BaseException], None]:
    """What a write's fault shows: the command line's sentence; a cancelled wait for the lock;
    memtui's own bug said as one (never a crash: the write was one transaction)."""
    def say(err: BaseException) -> None:
        if after is not None:
            after()
        if isinstance(err, Cancelled):
            screen.notify(f"{not_done[:1].upper()}{not_done[1:]}: cancelled while it waited for the folder.",
                          severity="warning")
        elif isinstance(err, OSError):
            screen.notify(sentence(err, not_done), severity="error", timeout=10)
        else:
            screen.notify(f"{not_done[:1].upper()}{not_done[1:]}: memtui failed ({type(err).__name__}: {err}).",
                          severity="error", timeout=10)
        screen.request_rescan()
    return say


def review(screen: MainHost, ids: list[str]) -> None:
    from ..review_screen import ReviewOutcome, ReviewScreen
    if not ids or screen.snapshot is None:
        return

    def done(outcome: ReviewOutcome | None) -> None:
        for i in (outcome.kept if outcome else []):
            mark_reviewed(screen, i)
        if outcome and outcome.delete:
            delete(screen, outcome.delete)

    screen.app.push_screen(ReviewScreen(screen.snapshot, screen.findings, ids, screen.app.colours,
                                        sessions=screen.writes.sessions), done)


def agent_wrote(screen: MainHost, records: list[dict]) -> None:
    """Landed writes the hook logged: their entries join the NEW inbox (R), even when the
    folder's own change has not been read yet (the next reading marks them then)."""
    table = screen.query_one(EntryTable)
    for rec in records:
        i = screen.writes.note_logged(rec)
        row = table.rows_by_id.get(i) if i is not None else None
        if row is not None:
            row.new, row.reviewed = True, False
            table.redraw(i)
    screen.set_title_bar()
    screen.refresh_bindings()


def mark_reviewed(screen: MainHost, entry_id: str) -> None:
    screen.writes.reviewed.add(entry_id)
    table = screen.query_one(EntryTable)
    if entry_id in table.rows_by_id:
        table.rows_by_id[entry_id].reviewed = True
        table.redraw(entry_id)
    screen.set_title_bar()


def promote(screen: MainHost, ids: list[str], target: str | None = None,
            then: Callable[[bool], None] | None = None) -> None:
    from ..promote_screen import PromoteScreen
    where = part_of(screen, ids) if ids else None
    if where is None:
        return
    snap, local_ids, shown = where

    def finished(done: bool) -> None:
        if then is not None:
            then(done)

    def write(plan: Promotion | None) -> None:
        if plan is None:
            finished(False)
            return
        moving = [shown[i] for i in plan.added + list(plan.already) if snap.entries[i].file is not None]
        screen.writes.note_removing(moving)   # a bullet promoted leaves its shared file
        say = failed(screen, not_promoted(plan.rel), lambda: screen.writes.forget_removing(moving))

        def refused(err: BaseException) -> None:
            if not isinstance(err, TargetChanged):
                say(err)
                finished(False)
                return
            # not done: the new diff is offered, and whoever waits (the triage pass) waits for it
            screen.writes.forget_removing(moving)
            screen.notify(f"{err}. Here is the diff against what is there now.", severity="error", timeout=10)
            promote(screen, ids, plan.rel, then=then)
        screen.writer.submit(f"promoting into {plan.rel}", (snap.dir, plan.target),
                             lambda: apply_promotion(snap, plan), lambda notes: wrote(plan, notes), refused)

    def wrote(plan: Promotion, notes: list[str]) -> None:
        done = [shown[i] for i in plan.added + list(plan.already)]
        screen.writes.note_written(done)   # the promoted_to marks are our writes, not the agent's
        done = [shown[i] for i in plan.added + list(plan.already) if snap.entries[i].file is None]   # parts moved
        for n in notes:
            screen.notify(n, timeout=5)
        screen.request_rescan()
        if done:   # a separate confirmation: promoting never implies deleting; done once that dialog closes
            screen.notify("Promoted. The next dialog offers to move the memories to the trash; "
                          "Cancel keeps them.", timeout=6)
            delete(screen, done, then=lambda _: finished(True))
        else:
            finished(True)

    screen.app.push_screen(PromoteScreen(snap, local_ids, screen.app.colours, target), write)
