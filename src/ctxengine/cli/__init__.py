"""The `ctxengine` command: one module per command group, no logic of its own.

Exit codes: 0 success, 1 an internal failure (one line, no traceback), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from ctxengine.cli import bench, compact, gc, serve
from ctxengine.cli._common import CommandError, fail


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (scripts parse it) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        print(f"{self.prog}: {line} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ctxengine",
        description="A context engine for LLM agents.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )
    for module in (bench, compact, gc, serve):
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
    except Exception as exc:  # the contract: one line, never a traceback
        return fail(args.command, f"internal error: {type(exc).__name__}: {exc}", 1)
    return code


def entry() -> None:
    sys.exit(main())
