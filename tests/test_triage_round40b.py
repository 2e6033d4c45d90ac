"""Issue 37, stop 40 round 2: a run of labelled identifiers under a 'state' heading is a
reference, not where work stood (test 1 reads a line's shape). All text written here."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged
from tui.core.reports.triage_lines import read_body
from tui.core.reports.triage_shape import reference_item, references


def test_a_label_and_one_identifier_is_a_reference_but_a_state_a_measure_or_a_clause_is_not():
    for line in ("- **Bundle ID:** org.example.notes", "- **Project ID:** abc-12f9e0", "Repo: example.org/team/notes",
                 "- Version in manifest: 2.4.1 (bumped by CI)", "- **Host:** `db.internal:5432`"):
        assert reference_item(line), line
    for line in ("- Status: done", "- **Estado:** listo", "- Next: write the importer", "- Login works now",
                 "- 状态: 完成", "- Note: the build is slow on Mondays", "- Owner: teamx", "- Coverage: 87%",
                 "- Page speed: POOR", "- Build time: ~12min", "- Outline style on :focus-within"):
        assert not reference_item(line), line


def _kinds(body: str) -> dict[str, str]:
    reading = read_body(body, 1)
    refs = references(reading.lines)
    return {ln.text: "reference" if ln.n in refs else ln.kind for ln in reading.lines}


def test_a_run_of_ids_under_a_state_heading_is_a_reference_section():
    kinds = _kinds("## Estado\n\nLa app ya salió.\n\n- **Bundle ID:** org.example.notes\n- **Proyecto:** notes-7f3a\n"
                   "- **Cuenta:** teamx\n- **Versión:** 1.2.0\n\n## Pendiente\n\n- Pendiente: subir la versión 2\n")
    assert kinds["- **Cuenta:** teamx"] == kinds["- **Bundle ID:** org.example.notes"] == "reference"
    assert kinds["- **Versión:** 1.2.0"] == "reference"
    assert kinds["- Pendiente: subir la versión 2"] == "status"


def test_a_run_of_measures_stays_where_work_stood():
    kinds = _kinds("## Current state\n\n- Coverage: 87%\n- Page speed: POOR\n- Build: ~12min\n- Branch: main\n")
    assert "reference" not in kinds.values()


def test_a_deploy_note_with_a_section_of_ids_is_kept_not_edited(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    entry(mem, "deploy_store.md", "## Estado\n\n- **Bundle ID:** org.example.notes\n- **Package:** org.example.notes\n"
          "- **Build project:** 0c1d2e3f-aaaa\n- **Cuenta:** teamx\n\n## Publicar\n\n```bash\nbuild --all\nsubmit --all\n```\n\n"
          "Why: la tienda rechaza un build sin número nuevo.\nHow to apply: subir siempre con el perfil de producción.\n",
          description="Cómo publicar la app en las tiendas")
    s = triaged(mem, root)["deploy_store.md"]
    assert s.action in ("keep", "promote"), s.reasons


def _tour(tmp_path, extra: str, description: str):
    from conftest import write
    from test_triage_shape40 import TOUR
    mem, root = tmp_path / "mem", tmp_path / "root"
    for rel in ("app/screens/Home.tsx", "app/screens/Detail.tsx", "app/services/api.ts"):
        write(root, rel, "")
    entry(mem, "project_app.md", TOUR + extra, description=description)
    return triaged(mem, root)["project_app.md"]


def test_a_note_whose_heading_gives_a_reason_is_no_tour(tmp_path):
    s = _tour(tmp_path, "\n### Por qué un solo servicio\n- Menos sitios que tocar\n", "pantallas y servicios de la app")
    assert s.action != "drop", s.reasons


def test_a_note_whose_headline_records_a_decision_is_no_tour(tmp_path):
    s = _tour(tmp_path, "", "결정: 화면과 서비스를 나누는 방식")
    assert s.action != "drop", s.reasons


def test_the_same_note_with_a_plain_heading_is_still_a_tour(tmp_path):
    s = _tour(tmp_path, "\n### Estilos\n- Menos colores en la cabecera\n", "pantallas y servicios de la app")
    assert s.action == "drop", s.reasons


def test_one_status_line_in_a_long_note_keeps_it_and_names_the_line(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    findings = "\n".join(f"- Finding {k}: the weekly signal beats the daily one by {k} points on the 2019-2023 sample"
                         for k in range(1, 12))
    entry(mem, "signal_study.md", "# Signal study\n\n" + findings + "\n\nNext: rerun on the 2024 sample\n",
          description="what the signal study found")
    s = triaged(mem, root)["signal_study.md"]
    assert s.action == "keep", s.reasons
    assert any("rerun on the 2024" in r and "one line of" in r for r in s.reasons), s.reasons
    assert not any(r.startswith("test 1: no line") for r in s.reasons), s.reasons


def test_two_status_lines_or_a_short_note_are_still_edited(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    findings = "\n".join(f"- Finding {k}: the weekly signal beats the daily one by {k} points" for k in range(1, 12))
    entry(mem, "signal_study.md", "# Signal study\n\n" + findings + "\n\nNext: rerun on the 2024 sample\n"
          "TODO: write the summary for the team\n", description="what the signal study found")
    entry(mem, "short_study.md", "# Short study\n\n- Finding 1: weekly beats daily\n- Finding 2: volume adds little\n"
          "\nNext: rerun on the 2024 sample\n", description="what the short study found")
    got = triaged(mem, root)
    assert got["signal_study.md"].action == "edit", got["signal_study.md"].reasons
    assert got["short_study.md"].action == "edit", got["short_study.md"].reasons
