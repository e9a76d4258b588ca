"""The `ctxengine` command: one module per command group, no logic of its own.

Exit codes: 0 success, 1 an internal failure (one line, no traceback), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ctxengine.cli import compact, gc, serve
from ctxengine.cli._common import CommandError, fail


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ctxengine",
        description="A context engine for LLM agents.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (compact, gc, serve):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except CommandError as exc:
        return fail(args.command, str(exc), exc.code)
    except KeyboardInterrupt:
        return fail(args.command, "interrupted", 130)
    return code


def entry() -> None:
    sys.exit(main())
