"""Issue 37, stop 40 round 2: a section of labelled identifiers under a 'state' heading is a
reference, not where work stood (test 1 reads a line's shape). All text written here."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged
from tui.core.reports.triage_lines import read_body
from tui.core.reports.triage_shape import reference_item


def test_a_label_and_one_identifier_is_a_reference_but_a_state_or_clause_is_not():
    for line in ("- **Bundle ID:** org.example.notes", "- **Project ID:** abc-12f9e0", "Owner: teamx",
                 "- Version in manifest: 2.4.1 (bumped by CI)", "- **Host:** `db.internal:5432`"):
        assert reference_item(line), line
    for line in ("- Status: done", "- **Estado:** listo", "- Next: write the importer", "- Login works now",
                 "- 状态: 完成", "- Note: the build is slow on Mondays"):
        assert not reference_item(line), line


def test_ids_under_a_state_heading_are_not_status_lines():
    body = "## Estado\n\n- **Bundle ID:** org.example.notes\n- **Proyecto:** notes-7f3a\n- Pendiente: subir la versión 2\n"
    kinds = {ln.text: ln.kind for ln in read_body(body, 1).lines}
    assert kinds["- **Bundle ID:** org.example.notes"] != "status"
    assert kinds["- **Proyecto:** notes-7f3a"] != "status"
    assert kinds["- Pendiente: subir la versión 2"] == "status"


def test_a_deploy_note_with_a_section_of_ids_is_kept_not_edited(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "deploy_store.md", "## Estado\n\n- **Bundle ID:** org.example.notes\n- **Package:** org.example.notes\n"
          "- **Build project:** 0c1d2e3f-aaaa\n\n## Publicar\n\n```bash\nbuild --all\nsubmit --all\n```\n\n"
          "Why: la tienda rechaza un build sin número nuevo.\nHow to apply: subir siempre con el perfil de producción.\n",
          description="Cómo publicar la app en las tiendas")
    s = triaged(mem, root)["deploy_store.md"]
    assert s.action in ("keep", "promote"), s.reasons
