"""Docs that cannot go stale: `docs/cli.md` and `docs/settings.md` are generated from the
argparse parsers and the Settings model, and a test fails when the files differ.

Regenerate with `python -m ctxengine.docs`.
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

from ctxengine.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_markdown() -> str:
    from ctxengine.cli import build_parser

    parser = build_parser()
    parser.prog = "ctxengine"
    # A fixed width: the terminal's width must not change the generated file.
    fixed = functools.partial(argparse.HelpFormatter, width=100)
    parser.formatter_class = fixed
    for sub in _subparsers(parser).values():
        sub.formatter_class = fixed
    out = [
        "# Command line",
        "",
        "Generated from the parsers by `python -m ctxengine.docs`; do not edit by hand.",
        "",
        "Exit codes: 0 success, 1 internal failure (one line on stderr), 2 bad input or usage,",
        "one line on stderr naming the problem: a message a provider would refuse (no content,",
        "an unknown content part type, a lone surrogate such as `\\ud800` in any string), an",
        "invalid setting (an unknown `encoding`, a `db` URL of no known scheme), a number out of",
        "range (`1e999`), a workspace that cannot be created or a database that cannot be opened,",
        "an ontology that is no built-in name and no readable file, a malformed ontology file",
        "(see [ontology.md](ontology.md)), a `--port` out of 0 to 65535 or an address `serve`",
        "cannot listen on (a port in use, a host that is not this machine's).",
        "",
        "```text",
        parser.format_help().rstrip(),
        "```",
    ]
    for name, sub in _subparsers(parser).items():
        out += ["", f"## ctxengine {name}", "", "```text", sub.format_help().rstrip(), "```"]
    return "\n".join(out) + "\n"


def settings_markdown() -> str:
    out = [
        "# Settings",
        "",
        "Generated from `ctxengine.settings.Settings` by `python -m ctxengine.docs`.",
        "",
        "Sources, later ones winning: defaults < `config.json` (`--config`) < `CTXENGINE_<NAME>`",
        "environment variables (JSON values: `CTXENGINE_AGENT_MAX_CONTEXT_TOKENS=80000`) <",
        "explicit arguments. Unknown keys are an error.",
        "",
        "| setting | type | default | meaning |",
        "| --- | --- | --- | --- |",
    ]
    for name, field in Settings.model_fields.items():
        ann = field.annotation
        type_name = getattr(ann, "__name__", None) or str(ann).replace("typing.", "")
        type_name = type_name.replace("|", "or")
        default = field.default
        shown = "`None`" if default is None else f"`{default}`"
        desc = (field.description or "").replace("|", "\\|")
        out.append(f"| `{name}` | {type_name} | {shown} | {desc} |")
    return "\n".join(out) + "\n"


GENERATED = {"docs/cli.md": cli_markdown, "docs/settings.md": settings_markdown}


def main() -> None:
    for rel, fn in GENERATED.items():
        path = ROOT / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fn(), encoding="utf-8")
        print(f"wrote {rel}")


if __name__ == "__main__":
    main()
