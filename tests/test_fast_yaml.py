"""The fast frontmatter reader agrees with PyYAML wherever it answers at all."""
import datetime as dt
import random

import pytest
import yaml

from tui.core.reading.frontmatter import fast_yaml

SCALARS = ["plain words", "node's runner", "C# and F#", "a:b", "true", "True", "TRUE", "tRue", "yes", "no",
           "off", "null", "Null", "~", "12", "-3", "+7", "0755", "00", "0", "1_000", "1.5", ".5", "1e3",
           "12:30", "0x1f", "2026-11-01", "2026-11-01T09:00:00Z", "'single'", '"double"', '"esc\\"aped"',
           "'it''s'", "[a, b]", "[]", "[a, , b]", "[a, b,]", '[a, "b, c"]', "[[x]]", "{file: a}", "- x",
           "a # comment", "a #b", "x: y", "ends:", "=", "<<", "*alias", "&anchor x", "!tag x", "| x", "> x",
           "%x", "@x", "`x`", "value   ", "测试 中文", "[数据库, 迁移]", "[1, two, 3.0]", "[true, null]",
           "?x", ",x", "-x", "a\tb", "#x",
           "{file: a.ts, quote: \"x y\"}", "{file: a, quote: x: y}", "{file: a,quote: b}", "{}", "{a: 1, b: [x]}",
           "{file: a, file: b}", "{file: 'q, r'}", "{file: a, }", "{file: a b, quote: c # d}", "{a: true, b: 00}"]


def normalise(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return "DATE"
    if isinstance(value, str) and value[:4].isdigit() and value[4:5] == "-":
        return "DATE"
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def agree(text):
    fast = fast_yaml(text)
    if fast is None:
        return
    try:
        slow = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        pytest.fail(f"fast reader accepted what PyYAML rejects: {text!r} -> {fast!r}")
    assert normalise(fast) == normalise(slow), text


@pytest.mark.parametrize("value", SCALARS)
def test_each_scalar(value):
    agree(f"name: {value}\n")
    agree(f"metadata:\n  type: {value}\nname: x\n")


def test_random_documents():
    rnd = random.Random(3)
    keys = ["name", "description", "type", "source", "paths", "keywords", "updated", "meta_x"]
    for _ in range(2000):
        lines = []
        for k in rnd.sample(keys, rnd.randint(1, len(keys))):
            if rnd.random() < 0.15:
                lines.append(f"{k}:")
                lines += [f"  {rnd.choice(keys)}: {rnd.choice(SCALARS)}" for _ in range(rnd.randint(0, 2))]
            else:
                lines.append(f"{k}: {rnd.choice(SCALARS)}")
            if rnd.random() < 0.05:
                lines.append("# a comment")
        agree("\n".join(lines) + "\n")


def test_common_frontmatter_takes_the_fast_path():
    text = ("name: test-runner\ndescription: Tests use node's runner\ntype: feedback\nsource: user\n"
            "created: 2026-10-02T09:00:00Z\npaths: [package.json, test/]\nkeywords: [test, node]\n")
    assert fast_yaml(text) == {"name": "test-runner", "description": "Tests use node's runner",
                               "type": "feedback", "source": "user", "created": "2026-10-02T09:00:00Z",
                               "paths": ["package.json", "test/"], "keywords": ["test", "node"]}


def test_lines_read_before_give_the_same_values_and_duplicates_still_fail():
    from tui.core.reading.frontmatter import fast_yaml
    first = fast_yaml("type: project\nsource: model\ncreated: 2026-01-02\n")
    again = fast_yaml("metadata:\n  a: b\ntype: project\nsource: model\ncreated: 2026-01-02\n")
    assert first == {"type": "project", "source": "model", "created": "2026-01-02"}
    assert again == {"metadata": {"a": "b"}, **first}
    assert fast_yaml("type: project\ntype: project\n") is None   # the second from the table: still a duplicate
    assert fast_yaml("type: project\nname: x\n")["name"] == "x"
