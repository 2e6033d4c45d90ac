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

