"""Stop 49 (issue 36): look-alikes of personal data the owner would not act on, and credential
shapes of real memories. Every text here is written for the test."""
from conftest import ENTRY_FM, write


def _home(text):
    from tui.core.judging.gates import identifying_findings
    return [f for f in identifying_findings("notes.md", text) if f.rule == "home-path"]


def test_a_home_folder_named_by_digits_names_no_one():
    # a Windows account made of digits (an account number, a default): no name for a reader to learn
    text = ("# Where things are\n\n"
            "- Catalogue PDFs: `C:\\Users\\40217\\Desktop\\catalogues\\spring.pdf`\n"
            "- Backups: /home/3308/backups/nightly/\n")
    assert _home(text) == []


def test_a_home_folder_named_by_a_person_stays_found():
    text = ("# Where things are\n\n"
            "- Catalogue PDFs: `C:\\Users\\marta.oliveira\\Desktop\\catalogues\\spring.pdf`\n"
            "- Scripts: /Users/kenjiw2/src/tools/run.sh\n")
    # (stop 50: a full name stays found; a login with a digit is a handle, no name to learn)
    assert sorted(f.line for f in _home(text)) == [3]


def _git_repo(root, remote):
    import subprocess
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "remote", "add", "origin", remote], check=True)


def test_the_owners_own_handle_as_home_folder_is_not_personal(tmp_path):
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    _git_repo(root, "https://github.com/tarnwick-dev/harbor-notes.git")
    mem = root / ".claude" / "memory"
    write(mem, "reference_paths.md", ENTRY_FM.format("paths") +
          "The sibling checkout lives at C:\\Users\\tarnwick\\Documents\\GitHub\\harbor-site (read only).\n")
    write(mem, "project_team.md", ENTRY_FM.format("team") +
          "Dora's exports sit in /Users/doraventris/exports/weekly/ on her laptop.\n")
    homes = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "home-path"]
    assert [f.id for f in homes] == ["project_team.md"], homes


def test_no_repository_spares_no_home_folder(tmp_path):
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    root.mkdir()
    mem = tmp_path / "memory"
    write(mem, "reference_paths.md", ENTRY_FM.format("paths") +
          "The sibling checkout lives at C:\\Users\\tarnwick\\Documents\\GitHub\\harbor-site (read only).\n")
    homes = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "home-path"]
    assert [f.id for f in homes] == ["reference_paths.md"]


def test_a_pasted_env_block_with_a_word_passphrase_and_its_number():
    from tui.core.secrets.detect import find_secrets
    text = ("The .env I run the API with locally:\n"
            "API_HOST=localhost\n"
            "ADMIN_PASSWORD=lanternfish-copper-42\n")
    hits = find_secrets(text)
    assert [(h.rule, h.confidence) for h in hits] == [("generic-secret", "possible")], hits


def test_a_word_slug_with_a_number_under_a_plain_name_is_no_secret():
    from tui.core.secrets.detect import find_secrets
    for line in ("SECRET_NAME=app-db-01\n", "PASSWORD_FILE=conf-main-2\n", "password_policy=min-length-12\n",
                 "ADMIN_PASSWORD=change-me-please-1\n", "DB_PASSWORD=${DB_PASSWORD}\n"):
        assert find_secrets("Settings:\n" + line) == [], line


def test_an_index_line_to_an_entry_only_another_memory_folder_holds_is_broken(tmp_path):
    # the repo keeps a second, older memory folder; this index lists entries that only that one has
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    mem = root / ".claude" / "memory"
    other = root / ".claude" / "projects" / "C--Users-ops" / "memory"
    write(mem, "user_style.md", ENTRY_FM.format("style") + "Short answers, no preamble.\n")
    write(other, "feedback_pdf_layout.md", ENTRY_FM.format("pdf") + "A5 pages, warm colours.\n")
    write(root / "docs", "release_checklist.md", "# Release\n\n1. tag\n")
    (mem / "MEMORY.md").write_text("- [Style](user_style.md) — short answers\n"
                                   "- [PDF layout](feedback_pdf_layout.md) — A5, warm colours\n"
                                   "- [Release checklist](release_checklist.md) — kept in docs/\n", encoding="utf-8")
    broken = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "index-missing-file"]
    assert [(f.line, f.message) for f in broken] == [(2, "index line points at feedback_pdf_layout.md, which does not exist")]


def _gone(tmp_path, body, name="project_extension.md"):
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    write(root / "src" / "popup", "App.tsx", "export {}\n")
    write(root, "package.json", "{}\n")
    mem = root / ".claude" / "memory"
    write(mem, name, ENTRY_FM.format("ext") + body)
    return [f for f in audit_dir(str(mem), str(root), git=False).findings if f.kind == "path-missing"]


def test_files_under_a_files_to_create_heading_are_not_gone(tmp_path):
    for heading in ("## 2. Files to create / change", "## 2. ФАЙЛЫ ДЛЯ СОЗДАНИЯ", "### Archivos a crear",
                    "## 待创建文件", "## Dateien zu erstellen"):
        body = (heading + "\n\n| Kind | Path | Purpose |\n|---|---|---|\n"
                "| new | `src/popup/App.tsx` | the popup |\n| new | `src/popup/Stats.tsx` | the stats view |\n"
                "| new | `src/options/Settings.tsx` | the settings page |\n")
        assert _gone(tmp_path / str(abs(hash(heading))), body) == [], heading


def test_files_under_a_files_changed_heading_stay_found(tmp_path):
    for heading in ("## Files changed this session", "## New files"):
        body = (heading + "\n\n- `src/popup/App.tsx` — new layout\n"
                "- `src/popup/Stats.tsx` — the stats view\n")
        assert [f.line for f in _gone(tmp_path / heading[3:6], body)] == [9], heading


def test_a_cloud_service_account_is_no_ones_mailbox():
    from tui.core.judging.gates import identifying_findings
    text = ("# Deploy\n\n"
            "The CI runs as ci-deployer@harbor-prod-4471.iam.gserviceaccount.com (role storage.admin).\n"
            "Billing questions go to ines.carvalho@harborfreight-lab.pt.\n")
    assert [f.line for f in identifying_findings("deploy.md", text) if f.rule == "email"] == [4]


def test_an_outside_link_to_a_name_only_this_memory_holds_is_broken(tmp_path):
    # '../user_notes.md' from the memory folder lands beside it, where nothing is; the entry of that
    # name sits inside the memory folder itself (the link should have been 'user_notes.md')
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    mem = root / ".claude" / "memory"
    write(mem, "user_notes.md", ENTRY_FM.format("notes") + "Prefers tabs.\n")
    write(root / "docs", "runbook.md", "# Runbook\n")
    (mem / "MEMORY.md").write_text("- [Notes](../user_notes.md) — tabs\n"
                                   "- [Runbook](../docs/runbook.md) — ops\n"
                                   "- [Runbook again](../runbook.md) — kept in docs/\n", encoding="utf-8")
    broken = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "index-outside"]
    assert [f.line for f in broken] == [1], broken


def test_a_transcript_out_of_the_index_is_one_cause(tmp_path):
    # the transcript's finding says what to do with it; "add it to MEMORY.md" would advise against it
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    root.mkdir()
    mem = tmp_path / "memory"
    write(mem, "user_style.md", ENTRY_FM.format("style") + "Short answers.\n")
    write(mem, "reference_queue.md", ENTRY_FM.format("queue") + "The job queue is Redis streams, group `workers`.\n")
    write(mem, "chat_export.md", ENTRY_FM.format("chat") +
          "user: can you rename the cron job?\nassistant: renamed it to nightly-sync.\n"
          "user: and move it to 02:00?\nassistant: done, it now runs at 02:00.\n")
    (mem / "MEMORY.md").write_text("- [Style](user_style.md) — short answers\n", encoding="utf-8")
    found = audit_dir(str(mem), str(root), git=False).findings
    assert [f.id for f in found if f.rule == "transcript"] == ["chat_export.md"]
    unlisted = [f for f in found if f.rule == "not-in-index"]
    assert [(f.id, [p.id for p in f.places]) for f in unlisted] == [("reference_queue.md", [])], unlisted


def test_a_link_written_from_the_project_root_or_by_a_tail_of_the_path_reaches_its_entry(tmp_path):
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    mem = root / ".claude" / "memory"
    write(mem, "user_notes.md", ENTRY_FM.format("notes") + "Prefers tabs.\n")
    (mem / "MEMORY.md").write_text("- [Notes](memory/user_notes.md) — tabs\n"
                                   "- [Notes](.claude/memory/user_notes.md) — tabs\n"
                                   "- [Notes](/.claude/memory/user_notes.md) — tabs\n", encoding="utf-8")
    broken = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.kind == "link-broken"]
    assert broken == []


def test_pass_after_a_login_is_a_password_label():
    from tui.core.secrets.detect import find_secrets
    for line in ("FTP for the shop: user: shopsync pass: Vq7#kLm29x\n",
                 "SMTP login notify@harbor-lab.pt, pass `Rw4!tZp8Qe`\n",
                 "- account `ops_admin` / pass: `Hy6$mNq3Ls`\n"):
        hits = find_secrets(line)
        assert [(h.rule, h.confidence) for h in hits] == [("generic-secret", "high")], line


def test_pass_as_a_word_stays_a_word():
    from tui.core.secrets.detect import find_secrets
    for line in ("Sanity PASS: 12 tests green\n", "User login e2e PASS: 12/12\n",
                 "login flow: pass `--headed` to see the browser\n", "user: admin pass: `${ADMIN_PASS}`\n",
                 "Check the user: admin pass: yes, it works\n"):
        assert find_secrets(line) == [], line
