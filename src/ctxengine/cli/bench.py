"""`ctxengine bench`: run the benchmarks of a source checkout (`python -m bench`).

The benchmarks live in the repository's `bench/` directory, not in the installed package, so
this command works from a source checkout (an editable install, or the repository as the current
directory) and otherwise exits 2 with one line saying so.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ctxengine.cli._common import CommandError

NOT_A_CHECKOUT = (
    "the benchmarks are not installed with the package: run `ctxengine bench` from a source "
    "checkout of ctxengine (the repository's bench/ directory must be importable)"
)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help="run the benchmarks (from a source checkout) and write the report",
        description=(
            "Run every benchmark in the repository's bench/ directory: raw results as JSON, "
            "plots as PNG and the Markdown report docs/benchmarks.md (same as python -m bench)."
        ),
    )
    p.add_argument("--quick", action="store_true", help="small inputs, under two minutes")
    p.add_argument("--out", default=None, metavar="DIR", help="results directory")
    p.add_argument("--report", default=None, metavar="FILE", help="the Markdown report to write")
    p.add_argument("--only", default=None, metavar="SUITES", help="comma-separated suites")
    p.add_argument("--judge-base-url", default=None, metavar="URL")
    p.add_argument("--judge-model", default=None, metavar="MODEL")
    p.add_argument("--judge-api-key", default=None, metavar="KEY")
    p.set_defaults(run=run)


def _checkout_root() -> Path:
    # src/ctxengine/cli/bench.py -> the repository root of an editable install.
    return Path(__file__).resolve().parents[3]


def load_runner(root: Path | None = None) -> ModuleType:
    """`bench.runner` of the current directory or of the checkout this package came from.

    Raises:
        CommandError: Neither has an importable bench/ directory (code 2).
    """
    root = root or _checkout_root()
    if (root / "bench" / "runner.py").is_file() and str(root) not in sys.path:
        sys.path.append(str(root))
    try:
        return importlib.import_module("bench.runner")
    except ImportError:
        raise CommandError(NOT_A_CHECKOUT) from None


def forwarded(args: argparse.Namespace) -> list[str]:
    """The command line for the runner, from this command's options."""
    argv = ["--quick"] if args.quick else []
    for flag in ("out", "report", "only", "judge_base_url", "judge_model", "judge_api_key"):
        value = getattr(args, flag)
        if value is not None:
            argv += [f"--{flag.replace('_', '-')}", str(value)]
    return argv


def run(args: argparse.Namespace) -> int:
    runner = load_runner()
    code: int = runner.main(forwarded(args), prog="ctxengine bench")
    return code
