"""Issue 40, stop 51: a Russian loanword meets the English word it was written from.

A Russian prompt names a tool or a concept by its loanword ('парсер', 'линтер', 'роутер'), the
entry is written in English ('parser', 'linter', 'router'). Both sides read a Cyrillic word in
Latin letters (after its case ending goes), so the loanword is the English word and Russian still
meets Russian. Words that only look alike in another script do not meet ('файл' is no 'fail').
"""
import pytest

from tui.core.engine.tokens import terms

from test_retrieval_cases import entry, injected


@pytest.mark.parametrize("ru, en, meet", [
    ("парсер", "parser", True),
    ("парсера", "the parsers", True),
    ("линтером", "linter", True),
    ("роутер", "router", True),
    ("статус", "status", True),
    ("мониторинг", "monitoring", True),
    ("тесты", "tests", True),
    ("файл", "fail", False),
    ("хост", "host", True),
])
def test_a_loanword_meets_its_english_word(ru, en, meet):
    assert bool(terms(ru) & terms(en)) is meet, (terms(ru), terms(en))


@pytest.mark.parametrize("a, b", [("парсера", "парсер"), ("токены", "токен"), ("ошибки", "ошибка")])
def test_russian_still_meets_russian(a, b):
    assert terms(a) & terms(b), (terms(a), terms(b))


def test_a_russian_prompt_finds_the_english_rule_about_its_loanword(mem_dir, root):
    entry(mem_dir, "csv", name="csv import", description="import notes",
          body="The parser chokes on quoted newlines; run the cleanup script before import.")
    entry(mem_dir, "style", name="style", description="code style",
          body="Four spaces, no tabs, lines under 100 characters.")
    entry(mem_dir, "deploy", name="deploy", description="deploy steps",
          body="Tag the release, then the pipeline builds the image.")
    got = injected(mem_dir, root, "почему парсер падает на кавычках?")
    assert got[:1] == ["csv.md"], got
