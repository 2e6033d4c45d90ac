"""Stop 50 (issue 36), rf50: four `possible` rules cut back to what separates right from wrong on the
corpus ledger and the fresh pools alike (a reviewer's re-judging, /work/m50/recon). Every text here
is written for the test."""
from conftest import ENTRY_FM, audit_files


def _no_fm(found):
    return [f for f in found if f.kind == "no-frontmatter" and f.rule == "no-frontmatter"]


# -- no-frontmatter: only where the folder's convention is frontmatter -------------------------------

def test_a_folder_that_never_adopted_frontmatter_gets_no_finding(tmp_path):
    # a hand-kept memory folder: plain notes, and an index that says what each one holds
    files = {"MEMORY.md": "- [Kiln](kiln.md) — firing schedule of the glaze kiln\n"
                          "- [Clay](clay.md) — which clay body each product uses\n"
                          "- [Buyers](buyers.md) — wholesale buyers and their terms\n"}
    files["kiln.md"] = "# Kiln\n\nCone 6 firings run overnight, lid propped until 600 degrees.\n"
    files["clay.md"] = "# Clay\n\nMugs use the speckled stoneware; plates the smooth white body.\n"
    files["buyers.md"] = "# Buyers\n\nThe two garden shops pay net 30; the museum shop pays on delivery.\n"
    assert _no_fm(audit_files(tmp_path, files)) == []


def test_a_minority_with_frontmatter_is_no_convention(tmp_path):
    files = {"MEMORY.md": "".join(f"- [{n}]({n}.md) — {n} notes\n" for n in "abcde")}
    for n in "ab" + "c":
        files[f"{n}.md"] = ENTRY_FM.format(n) + f"Notes about {n} and its upkeep.\n"
    for n in "de":
        files[f"{n}.md"] = f"# {n}\n\nNotes about {n} and its upkeep.\n"
    # 3 of 5 carry frontmatter: under two in three, the folder has no settled habit to break
    assert _no_fm(audit_files(tmp_path, files)) == []


def test_a_file_that_breaks_the_folder_s_frontmatter_convention_is_flagged(tmp_path):
    files = {"MEMORY.md": "".join(f"- [{n}]({n}.md) — {n} notes\n" for n in "abc")}
    for n in "ab":
        files[f"{n}.md"] = ENTRY_FM.format(n) + f"Notes about {n} and its upkeep.\n"
    files["c.md"] = "# c\n\nNotes about c and its upkeep.\n"
    (f,) = _no_fm(audit_files(tmp_path, files))
    assert f.id == "c.md"


# -- home-path: only an account name that spells a full personal name --------------------------------

def _home(text):
    from tui.core.judging.gates import identifying_findings
    return [f for f in identifying_findings("notes.md", text) if f.rule == "home-path"]


def test_a_home_folder_named_by_a_full_name_is_flagged():
    for path in ("/Users/tomas.vilkas/src/kiln/", "/home/tomas_vilkas/kiln/run.sh",
                 "C:\\Users\\TomasVilkas\\Desktop\\kiln", "C:\\Users\\Tomas Vilkas\\Desktop\\kiln",
                 "/Users/tomasvilkaite/src/kiln/"):   # (a Mac's short name: the full name, run together)
        assert len(_home(f"The kiln scripts live in {path} on the studio laptop.\n")) == 1, path


def test_a_first_name_a_suffixed_login_a_nickname_initials_or_a_default_account_is_not():
    for name in ("tomas", "Tomas", "Bernadette", "tomas-dev", "tomas.work", "tv", "t.v", "tvil", "kilnwiz",
                 "apple", "Owner", "MyPC", "DevUser", "40217", "tomas92"):
        for path in (f"/Users/{name}/src/kiln/", f"C:\\Users\\{name}\\Desktop\\kiln"):
            assert _home(f"The kiln scripts live in {path} on the studio laptop.\n") == [], path


# -- time-word: silent where the word is background, a to-do, dated or decided; flagged on a present state

def _time_words(text, entry_id="notes.md"):
    from tui.core.judging.wording import transient_findings
    return [f.line for f in transient_findings(entry_id, text) if f.rule == "time-word"]


_RULE = "---\nname: glaze rule\ndescription: never refire a crazed glaze\ntype: feedback\n---\n"
_NOTE = "---\nname: kiln\ndescription: kiln notes\ntype: project\n---\n"


def test_the_why_and_the_story_behind_a_rule_are_background():
    text = _RULE + ("Never refire a piece whose glaze crazed.\n\n"
                    "**Why:** yesterday a refired bowl cracked in the kiln and took two plates with it.\n"
                    "**How to apply:** for now check every crazed piece by hand before loading.\n\n"
                    "Three pots were lost this session before the rule was written.\n")
    assert _time_words(text) == []


def test_an_item_under_a_backlog_heading_is_the_to_do_itself():
    text = _NOTE + ("# Kiln\n\nFirings run on Tuesdays.\n\n## Deferred\n\n"
                    "- Glaze test tiles: today only the clear glaze has one.\n"
                    "- Vent fan: not yet wired to the controller.\n")
    assert _time_words(text) == []
    text = _NOTE + "# Forno\n\n## Melhorias diferidas\n\n- Relatório em PDF: hoje só texto.\n"
    assert _time_words(text) == []


def test_a_date_on_the_line_or_the_heading_anchors_the_word():
    text = _NOTE + ("# Kiln\n\n## Firing log 2026-03-02\n\n- The controller is currently set to cone 5.\n\n"
                    "## Elements\n\n- 2026-03-09: the new element is not yet broken in.\n"
                    "- **Shelves (2026-03-04)**: the spare set is not yet coated.\n"
                    "- Paste 2026-03-05 currently on the shelf.\n"
                    "**Kiln check (2026-03-06, with the tech)**: the relay is sticking, it currently needs a tap.\n")
    assert _time_words(text) == []


def test_a_deliberate_decision_for_now_holds_until_revisited():
    text = _NOTE + "# Kiln\n\n- Cone 6 only for now (owner's decision: the new glazes are not tested hotter).\n"
    assert _time_words(text) == []


def test_a_present_state_stated_as_fact_is_still_flagged():
    text = _NOTE + ("# Kiln\n\n- The controller is currently set to cone 5.\n\n## Glazes\n\n"
                    "- The clear glaze is temporarily mixed from the old bag.\n"
                    "- The red clay was dropped on 2026-03-01, so the studio currently stocks only white.\n")
    # (the last line's date dates another event, in a clause before: the stock is a state now)
    assert _time_words(text) == [8, 12, 13]


def test_a_service_s_or_a_ci_s_home_and_a_long_first_name_are_not_a_full_name():
    """(stop 50, a second reader) One long lower-case word is a full name run together only when it is
    no tool's account (its own dot-folder, a CI's work folder, a tool's word in it) and no given name
    alone; a two-part account whose part names a software role is a service's."""
    for path in ("/home/linuxbrew/.linuxbrew/bin/brew", "/home/circleci/project/src", "/home/postgres/pgdata/",
                 "/home/nextcloud/files/", "/home/mastodon/live/public", "/home/orchardsync/.orchardsync/cfg",
                 "/home/gardenbot/workspace/run.sh", "/Users/christopher/src/kiln/", "/home/jonathan/kiln/",
                 "/home/github-actions/work/kiln", "/home/jenkins-agent/kiln/", "/home/node-red/.node-red/flows",
                 "/home/gitlab-runner/builds/kiln"):
        assert _home(f"The kiln scripts live in {path} on the studio laptop.\n") == [], path
