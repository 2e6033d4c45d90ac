"""Issue 36 (stop 51): causes of wrong findings and missed wants on the read half of the pools, as
principles. Own text; each rule with a case found and a look-alike not."""
from __future__ import annotations

from conftest import write

from tui.core.layouts import detect
from tui.core.reports.audit import audit_dir

FM = "---\nname: {0}\ndescription: {0} notes\ntype: reference\n---\n"
INDEX = "# Memory\n- [Shop](shop.md) — the shop\n"


def _audit(tmp_path, files: dict[str, str], root_files: dict[str, str] | None = None, index: str | None = INDEX,
           mem_at: str = ".claude/memory"):
    root = tmp_path / "proj"
    mem = root / mem_at
    root.mkdir(exist_ok=True)
    if index is not None:
        write(mem, "MEMORY.md", index)
    for rel, text in files.items():
        write(mem, rel, text)
    for rel, text in (root_files or {}).items():
        write(root, rel, text)
    return audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings


def _missing(found):
    return [f.message for f in found if f.rule == "mentioned-path-missing"]


SHOP = FM.format("shop") + ("The cart total is computed in `web/cart/total.ts` and the coupon rules in "
                            "`web/cart/coupons.ts`.\nSettings live in `.claude/settings.json`.\n")


def test_a_path_in_a_folder_the_copy_does_not_hold_is_no_missing_file(tmp_path):
    """Only the memory folder is there (a copy of the memory without its project, a checkout of one
    part): its paths cannot be checked, and `.claude/` holding only the memory is no project folder."""
    assert _missing(_audit(tmp_path, {"shop.md": SHOP})) == []
    # a project that has another top folder, but no web/: still nothing this copy can say
    assert _missing(_audit(tmp_path, {"shop.md": SHOP}, {"api/server.py": "x\n"})) == []


def test_a_file_gone_from_a_folder_that_is_there_is_still_said(tmp_path):
    found = _missing(_audit(tmp_path, {"shop.md": SHOP}, {"web/cart/total.ts": "x\n", "README.md": "x\n"}))
    assert len(found) == 1 and "coupons.ts" in found[0], found


# -- one rule in other words: a section restated in another entry --------------------------------

ORDERS = FM.format("orders") + """# Orders service

## Recently finished
- Invoice export to spreadsheet finished, with currency rounding fixed for refunds
- Warehouse barcode scanner integration finished and tested against three printer models
- Nightly stock reconciliation job moved to the queue worker, retries capped

## Next
- Customer portal login
"""
PROGRESS = FM.format("progress") + """# Progress

## Done
- [x] Warehouse barcode scanner integration (three printer models tested)
- [x] Invoice export to spreadsheet, currency rounding for refunds fixed
- [x] Stock reconciliation nightly job now runs on the queue worker; retries capped

## Open
- [ ] Customer portal login
"""


def test_a_section_restated_in_other_words_in_another_entry_is_one_duplicate(tmp_path):
    """The same done list in two entries, reworded and reordered: no 3-gram in common to speak of,
    most of the words. One finding naming both places, `possible`."""
    found = [f for f in _audit(tmp_path, {"shop.md": ORDERS, "progress.md": PROGRESS}) if f.kind == "duplicate"]
    assert [(f.rule, f.confidence) for f in found] == [("restated-section", "possible")], found
    f = found[0]
    assert {p.id for p in f.places} == {"shop.md", "progress.md"}


def test_two_notes_on_one_subject_are_not_a_restated_section(tmp_path):
    """Two entries about the same warehouse work, each saying something of its own, and dates, times
    and paths in common: no duplicate."""
    scanner = FM.format("scanner") + """# Barcode scanner

The warehouse scanner speaks the serial protocol at 9600 baud; pair it from the settings screen.
Printer labels come from `labels/templates/shelf.zpl` and are sent as raw ZPL on port 9100.
Logged 2024-05-02 10:41, 2024-05-03 11:02.
"""
    stock = FM.format("stock") + """# Stock reconciliation

The nightly job compares warehouse counts with the ledger and writes a report for the manager.
Mismatches over five units open a ticket; `labels/templates/shelf.zpl` is reprinted for the shelf.
Logged 2024-05-02 10:41, 2024-05-03 11:02.
"""
    found = [f for f in _audit(tmp_path, {"shop.md": scanner, "stock.md": stock}) if f.kind == "duplicate"]
    assert found == [], found


def test_two_servers_described_alike_are_not_one_section_restated(tmp_path):
    """Staging and production written in the same words, told each its own way: the address, key and
    log folder each names are not the other's (the second reader's case): two things, not one twice."""
    staging = FM.format("staging") + (
        "## Access\nConnect to 10.0.4.21 as deploy using ~/.ssh/staging_ed25519. Requests reach the "
        "application through nginx; when the worker service hangs, restart it with systemctl. Logs rotate "
        "every day under /var/log/shop/staging and the database backup runs nightly.\n")
    prod = FM.format("prod") + (
        "## Access\nThe deploy account signs in on 10.0.9.40 with ~/.ssh/prod_ed25519. Nginx sits in front "
        "of the application here as well; systemctl restarts the worker service whenever it hangs. A nightly "
        "database backup runs, and logs under /var/log/shop/prod rotate every day.\n")
    found = [f for f in _audit(tmp_path, {"shop.md": staging, "prod.md": prod}) if f.kind == "duplicate"]
    assert found == [], found
