"""`ctxengine serve`: run the HTTP service."""

from __future__ import annotations

import argparse
from typing import Any

from ctxengine.cli._common import CommandError, check_storage
from ctxengine.compaction.distiller import load_ontology
from ctxengine.compaction.ontology import OntologyError
from ctxengine.settings import SettingsError, load_settings


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="run the HTTP service",
        description="Serve the engine over HTTP (JSON v1). The retention job runs while it serves.",
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default=None, help="sqlite:///path or postgresql://...")
    p.add_argument("--workspace", default=None, metavar="DIR")
    p.add_argument("--config", default=None, metavar="FILE")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(args.config, db=args.db, workspace=args.workspace)
        if settings.compaction:
            load_ontology(settings.ontology)  # a malformed ontology stops the start, not a request
    except (SettingsError, OntologyError) as exc:
        raise CommandError(str(exc)) from None
    check_storage(settings)  # an unusable workspace or database stops the start, exit code 2
    import uvicorn

    from ctxengine.server.app import create_app

    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="info")
    return 0
