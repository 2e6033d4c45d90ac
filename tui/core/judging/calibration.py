"""Calibrated confidence in an audit (SPEC §5): each rule's level comes from its measured
precision on folders no rule was tuned on, not from taste.

The table is tests/bench/calibration.md (made by tests/bench/calibration.py). It pools the
reviewers' verdicts on five fresh pools (heldout35-39, each judged on a build made before that
pool was read) with the corpus ledger's held-out third. A rule stays ``high`` when those verdicts
put it at 9 in 10 or more, or when the findings it got wrong no longer fire and what still fires
holds 9 in 10. A rule below that with 5 or more verdicts is moved down to ``possible``; one rule
with fewer is moved too (near-identical entries: 1 right of 3, the two wrong ones at ``high``, so
down rather than kept).

Stop 49 raises one family back: an index line to a missing file (link-broken/index-missing-file),
shown ``possible`` since stop 40 on 5 of 7 fresh verdicts, whose two wrong ones were one parse bug
(a link written as code to show the syntax, fixed at stop 39). Since then every fresh verdict is
right: heldout41-43 none wrong (one pool artifact), heldout49a/b 4 of 4, each under-graded (the
owners labelled all four ``high``); the corpus ledger 4 of 4 (3 tune, 1 held out). The family at
``high`` is 12 of 14 over every pool (86 %), 12 of 12 since the fix; ``high`` as a whole stays at 9
in 10 on the ledger and the read pools.

heldout39 (44 verdicts) moved no level at stop 39: not-in-index (13.5 of 17), wiki-link (11.5 of
17), index-missing-file (5 of 7) and generic-secret (2 of 7) fell under 9 in 10, but every finding
they got wrong there no longer fired. Stop 40 drops that exception (rule 2's "unless"): each pool
since stop 35 brought a new wrong mechanism at ``high``, so a fix is not fresh evidence. A family
is ``high`` only on fresh verdicts of 9 in 10 (or, under 5 verdicts, the corpus ledger's); the
shapes that announce themselves (a provider's token or key shape, a URL's password, Basic/Bearer,
``curl -u``, a Kubernetes Secret, a long random token of mixed case: secrets/grade.long_mixed) keep
their level. no-frontmatter at ``possible`` (1 of 5 fresh)
stays shown, only where the folder's convention is frontmatter (stop 50: 6 of 6 corpus findings right
there, the folders that never adopted it wrong).

Audit only: the write gate judges words being written now, whose "now" is the moment of writing.
"""
from __future__ import annotations

import dataclasses

from .findings import Finding

# (kind, rule) moved from high to possible, each with its fresh verdicts (right of judged):
MOVED_DOWN = {
    # a 'right now' word read later: 2 of 15 right at high (heldout35-36)
    ("transient", "time-word"),
    # a public address: 8 of 9 on the pools, 2 of 3 on the corpus held-out third (83 %)
    ("identifying", "public-ip"),
    # a named file said to have moved: 0 of 3 on the pools, 1.5 of 2 on the held-out third
    ("path-missing", "mentioned-path-moved"),
    # a file without frontmatter: 7 of 9 on the pools (a journal by design, a skill's reference)
    ("no-frontmatter", "no-frontmatter"),
    # two near-identical entries: 1 of 3 on the held-out third, none elsewhere (too few: the
    # wrong two are at high, so it goes down rather than up)
    ("duplicate", "near-identical"),
}
# Stop 40's moves, audit only: triage still acts on them as their detector found them (its review of
# a secret or a broken index is measured on triage's own labels, not on these verdicts)
SHOWN_POSSIBLE = {
    # stop 40: rule 2's exception is gone. Each of these stayed high at stop 39 because the findings
    # it got wrong no longer fired, and each fresh pool since brought a new wrong mechanism; the
    # level follows what fresh verdicts measured, not what a fix should make of them:
    # a file on disk that no index line names: 13.5 of 17 fresh (79 %)
    ("index-overflow", "not-in-index"),
    # a [[wiki link]] to nothing: 11.5 of 17 (68 %)
    ("link-broken", "wiki-link"),
    # a key-like name and a random-looking value: 2 of 7 (29 %) -- public keys, ids, names. The
    # shapes that announce themselves (a provider's prefix, a password inside a URL) keep their level
    ("secret", "generic-secret"),
    # the other two secrets read by judgement, not by a shape that announces itself: quoted words
    # read as a login and its password (the corpus's most frequent wrong error before stop 38) and
    # a quoted random string with no name; no fresh verdict either way
    ("secret", "login-password"),
    ("secret", "high-entropy-string"),
    # an entry repeating the instruction file: 1 of 6
    ("duplicate", "in-instructions"),
    # an entry copied from a project file: 0 of 3, no corpus verdict
    ("in-code", "copied-from-file"),
    # a file the agent cannot read whole: 3 of 4 fresh, 1 right and 2 partly on the corpus
    ("unreadable", "unreadable"),
    # a word naming orientation or gender: 0 of 1 fresh, no corpus verdict
    ("sensitive", "sexuality-gender"),
    # stop 47: heldout40's verdicts added by hand (tests/bench/heldout40.md; its raw pool is gone).
    # An e-mail address: 16.5 of 18 + 2 of 4 (business addresses kept on purpose) = 18.5 of 22 (84 %)
    ("identifying", "email"),
    # a home folder's path: 24 of 26 + 0 of 4 (a system account, a user name that is the owner's
    # public handle) = 24 of 30 (80 %)
    ("identifying", "home-path"),
    # a file that reads as a session log: 49 of 53 + 3 wrong (day logs of a workspace misread) and at
    # most 10 right = 59 of 66 at best (89 %): under 9 in 10 whatever the 10 right ones were
    ("process", "session-log"),
    # stop 49: a lasting rule read in an OpenClaw day log: 1 of 3 fresh, both wrong at high (a fix
    # already written where it belongs; a line of a novel's plot, "they promise never to part"),
    # no corpus verdict: down, as near-identical went (too few, the wrong ones high)
    ("process", "durable-rule-in-log"),
}
MOVED_DOWN |= SHOWN_POSSIBLE


def calibrated(findings: list[Finding]) -> list[Finding]:
    """The audit's findings at their measured level: a moved-down rule's ``high`` ones become
    ``possible``. (A day named as 'today' is 1 of 6 right on fresh folders but 6.5 of 13 on the
    tune part and right 6 times in the corpus ledger: it stays. heldout39 made it 1 of 8 fresh;
    both new wrong ones no longer fire.)"""
    return [dataclasses.replace(f, confidence="possible",
                                shape_level="high" if (f.kind, f.rule) in SHOWN_POSSIBLE else "")
            if f.confidence == "high" and (f.kind, f.rule) in MOVED_DOWN else f for f in findings]
