"""The split we keep (issue 36 item 4, issue 37 item 4, issue 40 item 4).

Rules are tuned on the TUNE part of ``../shared/corpus/realworld-dev`` and measured on the
HELDOUT part only at the end of a change, by a reviewer who did not write the rule. The
figure a README gives is the held-out one, beside the tuned one.

The held-out third was drawn once, by the order of sha256("memtui-split-35:" + folder), the
first 13 of 40 (it happens to span English, Turkish, Italian, Korean and Traditional Chinese).
It is fixed: never redrawn after looking at results. The 51 real folders outside the corpus
that earlier stops checked (``tests/bench/heldout_audit.md``, ``heldout_layouts.md``) are held
out whole, as are the fresh real folders a reviewer gathers outside the repository.
"""
from __future__ import annotations

HELDOUT_CORPUS = frozenset({
    "osmanalpaslan__DepoWise",
    "N3rdage__the-library",
    "fai9al506__0dtealpha",
    "THINNGO2511__AMD-GPU-MODE",
    "YanchangSongTipc__co2-oil-non-equilibrium-model",
    "tony21177__tw-stock-tools",
    "heeskoh__KCS_AI_Agents",
    "vpetreski__cp-deep-dive",
    "AllanGBOliveira__thenews-design-engineer-case",
    "framalagoli-sudo__stayapp",
    "4444J99__application-pipeline",
    "thang081193-ctrl__Imgs-Gen-Art",
    "timmtrede__gtm",
})


def part(folder: str) -> str:
    """'heldout' or 'tune' for a corpus folder."""
    return "heldout" if folder in HELDOUT_CORPUS else "tune"


# -- labelled prompts (issue 40 item 4) ---------------------------------------------------------
# Drawn once, before the engine was changed for issue 40, and never redrawn. A prompt over a
# corpus folder goes with its folder: a third of the TUNE corpus folders (9 of 27, the first by
# sha256(PROMPT_SEED + folder)) hold the held-out prompts, so that a word tuned for one folder
# cannot leak into the held-out figure through another prompt over the same folder. A prompt
# over a folder written here (tests/eval/multilingual/) goes by its own hash, one in three.
PROMPT_SEED = "memtui-prompts-35:"
HELDOUT_PROMPT_FOLDERS = frozenset({
    "13875892872__eloquence-camp",
    "hisawo130__dotfiles",
    "evelynmitchell__connesLean",
    "Yuch3nnn__claude",
    "amurito__godot-idle-game",
    "Alexnj22__Portal-Farmalasa",
    "robertkhairislamov-afk__mozartGPU",
    "SeoJHeasdw__edu-samsung-life",
    "lcarvajalAtipik__dingui_kpis",
})


def prompt_part(query: str, corpus_folder: str | None = None) -> str:
    """'heldout' or 'tune' for a labelled prompt (``corpus_folder``: the corpus folder it is over)."""
    import hashlib
    if corpus_folder is not None:
        if corpus_folder in HELDOUT_CORPUS:
            raise ValueError(f"{corpus_folder} is a held-out corpus folder: no prompts are written over it")
        return "heldout" if corpus_folder in HELDOUT_PROMPT_FOLDERS else "tune"
    return "heldout" if int(hashlib.sha256((PROMPT_SEED + query).encode("utf-8")).hexdigest(), 16) % 3 == 0 \
        else "tune"
