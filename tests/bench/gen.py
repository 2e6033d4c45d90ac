"""Generate a large, realistic memory directory (and a project root) for benchmarks.

    python tests/bench/gen.py OUT N      → OUT/memory (N entries + MEMORY.md), OUT/project
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

WORDS = ("test runner deploy docker database migration cache queue worker lint format build release "
         "router handler session auth token config logging metrics retry timeout schema index api "
         "client server frontend backend cli script fixture mock proxy webhook cron billing invoice "
         "search upload storage bucket email template theme layout error panic trace profile").split()
ZH = ["数据库", "迁移", "测试", "部署", "缓存", "日志", "配置", "接口", "备份", "性能"]
TYPES = ["user", "feedback", "project", "reference"]


def generate(out: Path, n: int, seed: int = 7) -> tuple[Path, Path]:
    rnd = random.Random(seed)
    mem, proj = out / "memory", out / "project"
    files = [f"src/{w}/{v}.ts" for w in WORDS[:30] for v in ("index", "util", "types")]
    for f in files:
        p = proj / f
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"// {f}\nexport const name = '{p.stem}';\nexport function run() {{ return 42; }}\n")
    mem.mkdir(parents=True, exist_ok=True)
    index = ["# Memory index", ""]
    for i in range(n):
        kw = rnd.sample(WORDS, 4)
        name = f"{kw[0]}-{kw[1]}-{i}"
        path = rnd.choice(files)
        anchor = ""
        r = rnd.random()
        if r < 0.5:
            anchor = f'anchor: {{file: {path}, quote: "export function run"}}\n'
        elif r < 0.6:
            anchor = f'anchor: {{file: {path}, quote: "no such text"}}\n'
        elif r < 0.65:
            anchor = "anchor: {file: gone/missing.ts}\n"
        zh = " ".join(rnd.sample(ZH, 2)) if rnd.random() < 0.15 else ""
        folder = f"topic{i % 20}/" if rnd.random() < 0.3 else ""
        text = (f"---\nname: {name}\ndescription: {kw[0]} {kw[1]} notes for {kw[2]} {zh}\n"
                f"type: {rnd.choice(TYPES)}\nsource: {rnd.choice(['user', 'model', 'model'])}\n"
                f"created: 2026-{rnd.randint(1, 11):02d}-{rnd.randint(1, 28):02d}\n"
                f"paths: [{path}]\nkeywords: [{', '.join(kw)}]\n{anchor}---\n"
                f"When working on `{path}`, remember that {kw[2]} depends on {kw[3]}. "
                f"{' '.join(rnd.choices(WORDS, k=30))}\n")
        (mem / folder).mkdir(exist_ok=True)
        (mem / f"{folder}{name}.md").write_text(text)
        index.append(f"- [{name}]({folder}{name}.md) — {kw[0]} {kw[1]}")
    (mem / "MEMORY.md").write_text("\n".join(index) + "\n")
    return mem, proj


if __name__ == "__main__":
    generate(Path(sys.argv[1]), int(sys.argv[2]))
