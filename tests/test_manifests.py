"""The one reader of a project's manifests (judging/manifests): what the audit's manifest-version
finding and triage's test 3 both read, on a made-up project."""
from __future__ import annotations

import json

from tui.core.judging import manifest_claims, manifests
from tui.core.judging.project_index import ProjectIndex
from tui.core.judging.root_files import RootFiles


def test_package_dependencies_in_field_order_only_string_specs(tmp_path):
    (tmp_path / "package.json").write_text(json.dumps({
        "name": "kiln-shop", "scripts": {"build": "vite build"},
        "dependencies": {"Vite": "^6.2.1", "local-lib": {"path": "../lib"}},
        "devDependencies": {"vitest": "workspace:*", "vite": "^5.0.0"}}), encoding="utf-8")
    assert manifests.package_dependencies(str(tmp_path)) == [
        ("Vite", "^6.2.1"), ("vitest", "workspace:*"), ("vite", "^5.0.0")]
    # the audit keeps what has a major; a later field's spec wins
    assert manifest_claims._manifest(str(tmp_path)) == {"vite": "^5.0.0"}
    (tmp_path / "package.json").write_text("{ not json", encoding="utf-8")
    assert manifests.package_dependencies(str(tmp_path)) == []
    assert manifests.package_dependencies(str(tmp_path / "missing")) == []


def test_declaring_line_reads_a_key_of_a_manifest_through_the_index(tmp_path):
    (tmp_path / "crates" / "kiln").mkdir(parents=True)
    (tmp_path / "crates" / "kiln" / "Cargo.toml").write_text(
        '[package]\nname = "kiln"\nrust-version = "1.78"\n\n[dependencies]\nserde = "1"\n', encoding="utf-8")
    (tmp_path / "notes.toml").write_text('serde = "2"\n', encoding="utf-8")   # not a manifest
    idx = ProjectIndex.build(tmp_path, RootFiles(tmp_path))
    i = manifests.declaring_line(idx, "serde")
    assert (idx.line(i).file, idx.line(i).line) == ("crates/kiln/Cargo.toml", 6)
    assert idx.line(manifests.declaring_line(idx, "rust-version")).line == 3
    assert manifests.declaring_line(idx, "tokio") is None
    assert manifests.is_manifest("web/package.json") and not manifests.is_manifest("package.json.bak")
