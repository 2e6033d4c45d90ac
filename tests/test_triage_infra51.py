"""Issue 37, stop 51, on an infrastructure project: a make target given the variables it reads
(``make deploy STAGE=live``) is the Makefile's target when the Makefile reads that variable; a
value written with a placeholder (``<stage>/app.state``) is the project line that writes it with
its own variable of that name (``$(STAGE)/app.state``), never one with another name. (Texts
written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run, write

MAKEFILE = """STAGE ?= test
TF := tofu -chdir=infra

.PHONY: setup deploy check

setup:
\t$(TF) init -backend-config="path=$(STAGE)/app.state"

deploy: setup
\t$(TF) apply -var-file=stages/$(STAGE).tfvars

check:
\ttofu fmt -check infra
"""


def test_make_targets_given_their_variables_are_the_makefiles_and_the_entry_dropped(mem_dir, root):
    write(root, "Makefile", MAKEFILE)
    triage_entry(mem_dir, "targets.md", "- `make setup STAGE=live` sets up the stage's state\n"
                 "- `make deploy STAGE=live` deploys\n- `make check` checks the format", "Make targets", "reference")
    got = run(mem_dir, root)["targets.md"]
    assert got.action == "drop", got.reasons
    assert {p["line"] for p in got.evidence["project"]} >= {6, 9, 12}, got.evidence


def test_a_variable_the_makefile_never_reads_is_not_its_target(mem_dir, root):
    write(root, "Makefile", MAKEFILE)
    triage_entry(mem_dir, "targets.md", "- `make setup REGION=north` sets up the northern copy\n"
                 "- `make deploy REGION=north` deploys it", "Make targets", "reference")
    got = run(mem_dir, root)["targets.md"]
    assert got.action != "drop", got.reasons


def test_a_placeholder_is_the_projects_variable_of_that_name(mem_dir, root):
    from tui.core.judging.project_index import ProjectIndex
    from tui.core.reports.triage_keys import named_elsewhere
    from tui.core.judging.root_files import RootFiles
    write(root, "Makefile", MAKEFILE)
    idx = ProjectIndex.build(root, RootFiles(root))
    got = named_elsewhere("<stage>/app.state", idx)
    assert [(p.file, p.line) for p in got] == [("Makefile", 7)]
    assert named_elsewhere("{region}/app.state", idx) == []   # another name: another value
    assert named_elsewhere("<stage>/<app>", idx) == []        # nothing of its own to find
