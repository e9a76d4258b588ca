"""Rule-path parse throughput on real dialogues, one core: turns per second, median of runs.

    python bench/bench_parse.py [--runs 5]

Corpora: every CrossWOZ test turn (user + system, Chinese, crosswoz ontology) and the SGD
sample's turns (English, generic ontology), read in place from shared/data. Target: >= 2,000
turns/s. Not a test: it prints figures and never fails on them.

The machine is shared and its speed drifts, so each run also times a baseline on the same
texts in the same process, interleaved with the parse runs: jieba's default segmentation
(`jieba.lcut`, pure Python like the parser). "parse = N x jieba" compares across machines and
days where turns/s alone would not.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import jieba

from ctxengine.compaction.ontology import Ontology, generic_ontology, load_builtin
from ctxengine.compaction.parse import parse_message
from ctxengine.messages import Message

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def crosswoz() -> list[Message]:
    with zipfile.ZipFile(DATA / "crosswoz_test.json.zip") as z:
        data = json.loads(z.read("test.json"))
    return [
        Message.user(m["content"]) if m["role"] == "usr" else Message.assistant(m["content"])
        for d in data.values()
        for m in d["messages"]
    ]


def sgd() -> list[Message]:
    out: list[Message] = []
    with zipfile.ZipFile(DATA / "sgd_test_sample.zip") as z:
        for name in ("dialogues_001.json", "dialogues_030.json"):
            for d in json.loads(z.read(name)):
                for t in d["turns"]:
                    text = t["utterance"]
                    out.append(
                        Message.user(text) if t["speaker"] == "USER" else Message.assistant(text)
                    )
    return out


@dataclass
class Rate:
    """Turns per second of the parser and of the baseline, run by run."""

    runs: list[float]
    baseline_runs: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def baseline(self) -> float:
        return statistics.median(self.baseline_runs)

    @property
    def ratio(self) -> float:
        """How many times the baseline's time the parser takes (lower is faster)."""
        return self.baseline / self.median


def rate(messages: list[Message], onto: Ontology, runs: int) -> Rate:
    texts = [m.text for m in messages]
    for m in messages[:200]:  # warm up: jieba's dictionary, compiled ontology regexes
        parse_message(m, turn=1, ontology=onto)
    out = Rate([], [])
    for _ in range(runs):
        t0 = time.perf_counter()
        for m in messages:
            parse_message(m, turn=1, ontology=onto)
        out.runs.append(len(messages) / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        for text in texts:
            jieba.lcut(text)
        out.baseline_runs.append(len(texts) / (time.perf_counter() - t0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for label, loader, onto in (
        ("CrossWOZ zh (user+system)", crosswoz, load_builtin("crosswoz")),
        ("SGD en (user+system)", sgd, generic_ontology()),
    ):
        msgs = loader()
        r = rate(msgs, onto, args.runs)
        runs = ", ".join(f"{x:,.0f}" for x in r.runs)
        print(
            f"{label}: {len(msgs):,} turns, median {r.median:,.0f} turns/s (runs: {runs}); "
            f"jieba.lcut baseline {r.baseline:,.0f} turns/s: parse = {r.ratio:.1f} x jieba"
        )


if __name__ == "__main__":
    main()
