"""Stop 51 (issue 36): a profile of the owner that names a diagnosis without a verb ("ADHD + dyslexia —
reads fast") is health data; a condition named in a profile as a product's audience, a feature or a
field, and a condition word in a memory that is not about a person, are not. Texts written for these
tests, the person made up."""
import pytest

from tui.core.judging.sensitive import sensitive_findings

_USER = "---\nname: user-profile\ndescription: who the owner is\nmetadata:\n  type: user\n---\n\n{}\n"


def _found(text, name="user-profile.md"):
    return [(f.rule, f.line) for f in sensitive_findings(name, text)]


@pytest.mark.parametrize("line", [
    "Mara Kell. Paramedic, Ballarat. ADHD (combined type) + dyslexia — skims, wants bullet points.",
    "Owner: Tomas. Autistic, prefers literal wording and no idioms.",
    "Background: nurse, lives in Leeds. Bipolar II, so keep sessions short.",
    "Teacher by day; type 1 diabetic; builds this on weekends.",
])
def test_a_diagnosis_in_the_owners_profile_is_health_data(line):
    assert _found(_USER.format(line)) == [("health", 8)]


def test_a_profile_named_so_needs_no_frontmatter():
    assert _found("# User\n\nSam, 41. ADHD + ASD Level 1.\n", "user_profile.md") == [("health", 3)]


@pytest.mark.parametrize("line", [
    "Builds an ADHD-friendly planner for students.",
    "The app's audience: adults with ADHD and their coaches.",
    "Wants a dyslexia mode (larger spacing, OpenDyslexic font).",
    "Runs an epilepsy support forum; keep copy plain.",
    "Interested in autism research apps.",
    "Field `adhd_score` stays optional in the intake form.",
])
def test_a_condition_as_a_products_audience_or_field_is_not(line):
    assert _found(_USER.format(line)) == []


def test_a_condition_word_outside_a_profile_is_not():
    assert _found("# Planner\n\nADHD users want one task at a time.\n", "project_planner.md") == []
    assert _found("# Notes\n\nMara: ADHD, keep it short.\n", "design_notes.md") == []
