"""`memtui promote ID… --to FILE`: the plan and the exact diff, then a write only after a yes."""
from __future__ import annotations

import sys

from .common import resolve_dir
from ..core.faults import NOT_DELETED, not_promoted
from ..core.snapshots.memory import Memory
from ..core.writes.promote import TargetChanged, apply_promotion, plan_promotion
from ..core.writes.trash import apply_delete, plan_delete
from .writes import confirm, confirmed, fault


def run(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, writes=True, layout=args.layout)
    mem = Memory.load(directory, root, layout=found.layout)
    plan = plan_promotion(mem, args.ids, args.to)
    from ..render.promote import print_plan
    print_plan(plan)
    if not plan.ok:
        print("memtui promote: refused — nothing written", file=sys.stderr)
        return 1
    if not plan.changes and not plan.already:
        print("nothing to promote")
        return 0
    question = f"Write this to {plan.rel}?" if plan.changes else f"Mark the entries as promoted to {plan.rel}?"
    if not confirmed(args.yes, question, "promote", "nothing written"):
        return 1
    try:
        notes = apply_promotion(mem, plan)
    except TargetChanged as e:
        print(f"memtui promote: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        return fault("promote", e, not_promoted(plan.rel))
    for n in notes:
        print(n)
    done = [i for i in plan.added + list(plan.already)
            if mem.entries[i].file is None]   # bullets already moved out of their file
    if done and not args.yes:   # a separate question, never implied by the first yes
        if confirm(f"Move the promoted memor{'y' if len(done) == 1 else 'ies'} ({', '.join(done)}) to the trash?"):
            try:
                res = apply_delete(directory, plan_delete(directory, done))
            except OSError as e:
                return fault("promote", e, "promoted, but " + NOT_DELETED)
            print(f"moved {len(res.moved)} to {res.trash}")
    return 0
