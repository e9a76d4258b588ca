"""SGD test dialogues as fidelity scenarios (English, real service calls, no domain ontology).

The Schema-Guided Dialogue sample (``shared/data/sgd_test_sample.zip``: 128 restaurant
dialogues and 128 multi-domain ones) is read in place. Each dialogue becomes messages: a user
turn is a user message; a system turn's service call becomes an assistant tool call with its
parameters as arguments, paired with a tool result holding the service's results (JSON, as
the service returned them), then the system's utterance.

Ground truth, from the dataset's annotations only:

- **current values**: for every service of a dialogue, the slot values of its state at the
  user's last turn in it. A value is listed with its surface variants ("1st of this month",
  "March 1st"); the one said last in the utterances counts, and only when said there at all
  (a value only a tool returned is not something the user or the assistant said) and at
  least two characters long.
- **superseded values**: a value a slot held at an earlier user turn of the same service
  that none of its final variants equals, said in the utterances, and not equal to any
  current value of the session.

Dialogues are concatenated ``group`` at a time in file order (default 10), as one user's long
session holds several tasks. No ontology is declared: the generic one is what ctxengine knows
of these domains, which is what this suite measures (English without a domain model). Run it
with ``python -m bench.sgd``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.scenarios import Scenario, groups, joined_session
from ctxengine.messages import Message, ToolCallPart

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sgd_test_sample.zip"
FILES = ("dialogues_030.json", "dialogues_001.json")  # multi-domain first
DEFAULT_GROUP = 10
QUICK_DIALOGUES = 40
# Which sessions (of `DEFAULT_GROUP` dialogues, by position) English rules may be written
# from, and which are held out to say how well they generalize: every fourth session is held
# out, so both parts hold every domain of the sample. Rules before 2026-11-30 were written
# from no SGD text; from then on only from the tuned part. Before the split was set, one
# session's block (session 7, now held out) was read, which showed whole sentences taken as
# slot values (fixed by a rule on value shapes, written from own sentences), and the lost
# values of every session were counted by slot name.
HELD_OUT_EVERY = 4


def held_out(session_index: int) -> bool:
    """Whether the session at `session_index` (default grouping) is held out."""
    return session_index % HELD_OUT_EVERY == HELD_OUT_EVERY - 1


class SGDError(ValueError):
    """The SGD archive is missing or malformed."""


def load_dialogues(path: Path = DATA) -> list[dict[str, Any]]:
    """Every dialogue of the sample, multi-domain first, in file order."""
    try:
        with zipfile.ZipFile(path) as z:
            return [d for name in FILES for d in json.loads(z.read(name))]
    except (OSError, KeyError, zipfile.BadZipFile, json.JSONDecodeError) as exc:
        raise SGDError(f"SGD sample unreadable at {path}: {exc}") from None


def dialogue_messages(dialogue: dict[str, Any]) -> list[Message]:
    """User and assistant messages, each service call a tool call paired with its result."""
    out: list[Message] = []
    did = dialogue["dialogue_id"]
    for i, turn in enumerate(dialogue["turns"]):
        text = turn["utterance"]
        if turn["speaker"] == "USER":
            out.append(Message.user(text))
            continue
        for j, frame in enumerate(turn["frames"]):
            call = frame.get("service_call")
            if call is None:
                continue
            cid = f"call_{did}_{i}_{j}"
            part = ToolCallPart(
                id=cid, name=call["method"], arguments=json.dumps(call["parameters"])
            )
            out.append(Message.assistant(None, tool_calls=[part]))
            out.append(Message.tool(cid, json.dumps(frame.get("service_results", []))))
        out.append(Message.assistant(text))
    return out


def dialogue_truth(dialogue: dict[str, Any]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(current values, superseded values) of one dialogue, keyed ``<id>.<service>.<slot>``."""
    said = "\n".join(t["utterance"] for t in dialogue["turns"])
    states: dict[str, list[dict[str, list[str]]]] = {}
    for turn in dialogue["turns"]:
        if turn["speaker"] != "USER":
            continue
        for frame in turn["frames"]:
            states.setdefault(frame["service"], []).append(frame["state"]["slot_values"])
    current: dict[str, str] = {}
    superseded: dict[str, list[str]] = {}
    for service, history in states.items():
        for slot, variants in history[-1].items():
            key = f"{dialogue['dialogue_id']}.{service}.{slot}"
            heard = [v for v in variants if len(v) >= 2 and v in said]
            if not heard:
                continue
            current[key] = max(heard, key=said.rfind)
            olds = {
                v
                for state in history[:-1]
                for v in state.get(slot, [])
                if v not in variants and len(v) >= 2 and v in said
            }
            if olds:
                superseded[key] = sorted(olds)
    return current, superseded


def sgd_scenarios(
    limit: int | None = None, *, group: int = DEFAULT_GROUP, path: Path = DATA
) -> list[Scenario]:
    """Sessions of `group` consecutive dialogues from the first `limit` (all: None).

    Raises:
        SGDError: the archive is missing or malformed.
        ValueError: `group` is below 1.
    """
    out: list[Scenario] = []
    for chunk in groups(load_dialogues(path)[:limit], group):
        parts = [(dialogue_messages(d), *dialogue_truth(d)) for d in chunk]
        name = f"sgd-{chunk[0]['dialogue_id']}+{len(chunk) - 1}"
        out.append(joined_session(name, "en", parts, None))
    return out


async def _run(quick: bool, group: int, ratios: Sequence[float]) -> str:
    from bench.fidelity import evaluate, format_table, summarize
    from bench.methods import all_methods

    sessions = sgd_scenarios(QUICK_DIALOGUES if quick else None, group=group)
    print(f"{len(sessions)} SGD sessions (group={group})", file=sys.stderr)
    results = await evaluate(all_methods(), sessions, ratios, progress=True)
    out = [format_table(summarize(results))]
    if group == DEFAULT_GROUP:
        names = {s.name: held_out(i) for i, s in enumerate(sessions)}
        for label, part in (("tuned", False), ("held out", True)):
            rows = summarize([r for r in results if names[r.scenario] is part])
            line = ", ".join(
                f"{r['budget_ratio']:.0%} {r['values_retained']:.1%}"
                for r in rows
                if r["method"] == "ctxengine" and r["values_retained"] is not None
            )
            out.append(f"ctxengine values, {label} sessions: {line}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    from bench.fidelity import BUDGET_RATIOS

    p = argparse.ArgumentParser(description="Fidelity on the SGD sample (English, no ontology).")
    p.add_argument("--quick", action="store_true", help=f"the first {QUICK_DIALOGUES} dialogues")
    p.add_argument("--group", type=int, default=DEFAULT_GROUP, help="dialogues per session")
    args = p.parse_args(argv)
    print(asyncio.run(_run(args.quick, args.group, BUDGET_RATIOS)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
