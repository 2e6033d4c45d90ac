"""The injection engine (SPEC §4): terms and stems, the glossary, evidence and scoring (select), the hook's kept index (lazyindex), the decision records, evaluation."""
