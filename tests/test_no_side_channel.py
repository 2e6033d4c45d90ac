"""No output of any command quotes any 8-character piece of a secret: secrets of every
rule, in every syntax, planted in a memory folder, then every output collected and grepped
(list, preview, audit in four formats, eval, the hook and its log, remember and promote
rejections, the TUI's detail pane for every entry and its screens)."""
from __future__ import annotations

import html
import io
import json
import re
import os
import subprocess
import sys

from rich.console import Console

from conftest import NOW, REPO, make_app, settle, write
from test_secret_rules import SYNTAXES, TOKEN_CASES, B64, HX, LO, r

from tui.core.secrets.detect import find_secrets


def _plant(mem_dir, root) -> list[str]:
    """Memory files full of secrets; returns every secret value planted."""
    secrets: list[str] = []
    body = []
    for rule, (good, _) in sorted(TOKEN_CASES.items()):
        body.append(f"- {rule}: {good}")
        secrets += [good[h.start:h.end] for h in find_secrets(good)]   # the value, not its label
    write(mem_dir, "tokens.md", "---\nname: tokens\ndescription: every token shape\n---\n" + "\n".join(body) + "\n")
    for n, syntax in enumerate(SYNTAXES):
        s = r(32, LO + "/") + "9Z"
        text = syntax.replace("{i}", "acme").replace("{I}", "ACME").replace("{s}", s)
        write(mem_dir, f"syntax-{n:02d}.md", f"---\nname: syntax {n}\n---\nThe staging config says:\n{text}\n")
        secrets.append(s)
    aws = r(12, B64) + "/" + r(12, B64) + "/" + r(14, B64)           # slashes: looks like a path
    twilio_a, twilio_b = "SK" + r(32, HX), r(32)
    hook = "https://hooks.slack.com/services/T" + r(8, "ABCDEFGHJK0123456789") + "/B" + r(10, "ABCDEFGH123") + "/" + r(24)
    pem_lines = [r(64, B64) for _ in range(4)]
    write(mem_dir, "paths-in-secrets.md",
          "---\nname: deploy creds\ndescription: where the deploy keys live\npaths: [deploy/]\n---\n"
          f"aws_secret_access_key = {aws}\n"
          f"twilio key {twilio_a} secret {twilio_b}\n"
          f"alerts go to {hook}\n"
          "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(pem_lines) + "\n-----END OPENSSH PRIVATE KEY-----\n"
          "See `deploy/README.md` for the rotation steps.\n"
          f"The same key split for a shell: `{twilio_b[:12]}/{twilio_b[12:]}`, and saved as keys/{twilio_b}.md\n")
    secrets += [aws, twilio_a, twilio_b, hook, *pem_lines]
    write(mem_dir, "MEMORY.md", "# Index\n- [Tokens](tokens.md)\n- [Deploy](paths-in-secrets.md) — creds\n"
                                f"- staging token: ghp_{r(36)}\n")
    secrets.append(open(mem_dir / "MEMORY.md").read().split("staging token: ")[1].strip())
    write(root, "deploy/README.md", "# rotation\n")
    return secrets


def _pieces(secrets: list[str]) -> set[str]:
    out = set()
    for s in secrets:
        core = s.replace("\n", "")
        out |= {core[i:i + 8] for i in range(len(core) - 7)}
    # a webhook URL is masked whole, scheme included; "https://a" elsewhere is not a piece of it
    return {p for p in out if "://" not in p}


def _leaks(text: str, pieces: set[str]) -> list[str]:
    flat = text.replace("\n", "")
    return sorted({flat[i:i + 8] for i in range(len(flat) - 7)} & pieces)[:5]


def _run(args, cwd, stdin=None, env=None):
    p = subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True, cwd=cwd,
                       input=stdin, env=env, timeout=120)
    return p.stdout + p.stderr


def test_every_planted_secret_is_found(tmp_path):
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    secrets = _plant(mem_dir, root)
    texts = "\n".join(p.read_text() for p in mem_dir.rglob("*.md"))
    found = "".join(texts[h.start:h.end] for h in find_secrets(texts))
    missed = [s for s in secrets if s.replace("\n", "") not in found.replace("\n", "")]
    assert not missed, missed[:3]


def test_no_output_of_any_command_quotes_a_secret(tmp_path):
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    secrets = _plant(mem_dir, root)
    pieces = _pieces(secrets)
    env = dict(os.environ, MEMTUI_NOW=NOW.isoformat(), XDG_STATE_HOME=str(tmp_path / "state"),
               PYTHONPATH=str(REPO), MEMTUI_DIR=str(mem_dir))
    d = ["--dir", str(mem_dir), "--root", str(root)]
    leaked_query = f"deploy with {secrets[-6]} and the tokens"
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"query": leaked_query, "expect": ["tokens.md"]}) + "\n")
    outputs = {
        "list --json": _run(["list", "--json", *d], tmp_path, env=env),
        "list": _run(["list", *d], tmp_path, env=env),
        "preview": _run(["preview", leaked_query, *d], tmp_path, env=env),
        "preview --json": _run(["preview", leaked_query, "--json", *d], tmp_path, env=env),
        "eval": _run(["eval", str(queries), *d], tmp_path, env=env),
        "remember": _run(["remember", f"the deploy key is {secrets[0]}", *d], tmp_path, env=env),
        "promote": _run(["promote", "paths-in-secrets.md", "--to", "CLAUDE.md", "--yes", *d], tmp_path, env=env),
        "hook": _run(["hook", "claude-code"], tmp_path, env=env,
                     stdin=json.dumps({"prompt": leaked_query, "cwd": str(tmp_path), "session_id": "s"})),
    }
    for fmt in ("text", "json", "sarif", "markdown"):
        outputs[f"audit {fmt}"] = _run(["audit", "--format", fmt, *d], tmp_path, env=env)
    log = tmp_path / "state" / "memtui" / "injections.jsonl"
    outputs["hook log"] = log.read_text() if log.exists() else ""
    assert "tokens.md" in outputs["list --json"] and '"secret"' in outputs["audit json"]
    for name, text in outputs.items():
        assert not _leaks(text, pieces), f"{name} quotes a piece of a secret: {_leaks(text, pieces)}"


async def test_no_tui_screen_quotes_a_secret(tmp_path):
    from tui.render.entry import render_entry
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    pieces = _pieces(_plant(mem_dir, root))
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        main = app.main
        con = Console(file=io.StringIO(), width=200, color_system=None)
        for i, e in main.snapshot.entries.items():
            con.print(render_entry(e, main.snapshot.status[i], main.findings.get(i, []), False))
        screens = [con.file.getvalue(), app.export_screenshot()]
        await pilot.press("p", *"deploy tokens")
        await settle(pilot)
        screens.append(app.export_screenshot())
        await pilot.press("escape", "A")
        await settle(pilot)
        screens.append(app.export_screenshot())
    for text in screens:
        text = html.unescape(re.sub(r"<style.*?</style>|<!--.*?-->|<[^>]+>", "", text, flags=re.S))   # its words
        assert not _leaks(text, pieces), _leaks(text, pieces)
