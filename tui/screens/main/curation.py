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

from ...core.faults import NOT_ARCHIVED, NOT_DELETED, NOT_RESTORED, Cancelled, explain, not_promoted
from ...core.snapshots.memory import Snapshot
from ...core.writes.promote import Promotion, TargetChanged, apply_promotion
from ...core.writes.trash import apply_delete, plan_delete, restore
from ...messages import Deselect, JumpTo, RescanWanted, Reviewed
from ...widgets.entry_table import EntryTable
from .host import MainHost


def chosen_ids(table: EntryTable) -> list[str]:
    """What delete and promote act on: the selected entries, else the one under the cursor."""
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
        screen.post_message(Deselect({shown[i] for i in res.moved}))
        screen.post_message(RescanWanted())
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
    if part is None:
        return   # (the trash waits for the first reading)
    folder = part.dir
    prefix = next((k + ":" for k, v in screen.snapshot.parts.items() if v is part), "") if part is not None else ""

    def restored(res) -> None:
        screen.writes.note_written([prefix + i for i in res.restored])
        for i in res.restored:
            screen.notify(f"restored {i}")
        for i in res.blocked:
            screen.notify(f"{i} exists again; move it away first", severity="warning")
        for i in res.missing:
            screen.notify(f"{i} is no longer in the trash", severity="warning")
        screen.post_message(RescanWanted())

    def chosen(ids: list[str] | None) -> None:
        if ids:
            screen.writer.submit(f"restoring {len(ids)} entr{'y' if len(ids) == 1 else 'ies'}", (folder,),
                                 lambda: restore(folder, ids), restored, failed(screen, NOT_RESTORED))

    screen.app.push_screen(TrashScreen(folder), chosen)


def audit_view(screen: MainHost, report) -> None:
    from ..audit_screen import AuditScreen

    def chosen(entry_id: str | None) -> None:
        snap = screen.snapshot
        if entry_id and snap is not None and entry_id not in snap.entries:   # the index, a workspace file
            screen.app.notify(f"{entry_id} is a file beside the entries, not a row: open it in your editor",
                              timeout=6)
        elif entry_id:
            screen.post_message(JumpTo(entry_id))

    screen.app.push_screen(AuditScreen(report, screen.app.colours), chosen)


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
        screen.post_message(RescanWanted())
    return say


def review(screen: MainHost, ids: list[str], findings) -> None:
    """R: the entries the agent wrote since launch, one by one; those kept leave the inbox."""
    from ..review_screen import ReviewOutcome, ReviewScreen
    if not ids or screen.snapshot is None:
        return

    def done(outcome: ReviewOutcome | None) -> None:
        if outcome and outcome.kept:
            screen.post_message(Reviewed(list(outcome.kept)))
        if outcome and outcome.delete:
            delete(screen, outcome.delete)

    screen.app.push_screen(ReviewScreen(screen.snapshot, findings, ids, screen.app.colours,
                                        sessions=screen.writes.sessions), done)


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
        screen.post_message(RescanWanted())
        if done:   # a separate confirmation: promoting never implies deleting; done once that dialog closes
            screen.notify("Promoted. The next dialog offers to move the memories to the trash; "
                          "Cancel keeps them.", timeout=6)
            delete(screen, done, then=lambda _: finished(True))
        else:
            finished(True)

    screen.app.push_screen(PromoteScreen(snap, local_ids, screen.app.colours, target), write)
