"""`ctxengine serve`: run the HTTP service."""

from __future__ import annotations

import argparse
import socket
from typing import Any

from ctxengine.cli._common import CommandError, check_storage
from ctxengine.compaction.distiller import load_ontology
from ctxengine.compaction.ontology import OntologyError
from ctxengine.settings import SettingsError, load_settings


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0 to 65535)")
    return port


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="run the HTTP service",
        description="Serve the engine over HTTP (JSON v1). The retention job runs while it serves.",
    )
    p.add_argument("--host", default="127.0.0.1", help="an address of this machine")
    p.add_argument("--port", type=_port, default=8000, help="0 to 65535 (0: any free port)")
    p.add_argument("--db", default=None, help="sqlite:///path or postgresql://...")
    p.add_argument("--workspace", default=None, metavar="DIR")
    p.add_argument("--config", default=None, metavar="FILE")
    p.set_defaults(run=run)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to `host:port` as uvicorn binds one (IPv6 when the host holds a colon),
    but bound here: a port in use, or an address that is not this machine's, is bad input
    (exit code 2, one line), found before the service opens its store, where uvicorn logged it
    over several lines and exited 3."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        # As uvicorn does: a restart need not wait for the old connections' TIME_WAIT.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except (OSError, UnicodeError) as exc:  # gaierror (an unknown host) is an OSError
        sock.close()
        reason = getattr(exc, "strerror", None) or str(exc)
        raise CommandError(f"cannot listen on {where}: {reason}") from None
    sock.set_inheritable(True)
    return sock


def run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(args.config, db=args.db, workspace=args.workspace)
        if settings.compaction:
            load_ontology(settings.ontology)  # a malformed ontology stops the start, not a request
    except (SettingsError, OntologyError) as exc:
        raise CommandError(str(exc)) from None
    check_storage(settings)  # an unusable workspace or database stops the start, exit code 2
    sock = listen(args.host, args.port)
    import uvicorn

    from ctxengine.server.app import create_app

    config = uvicorn.Config(create_app(settings), host=args.host, port=args.port, log_level="info")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        # The lifespan failed (uvicorn has logged why): not a clean exit.
        raise CommandError("the service did not start (see the log above)", code=1)
    return 0
