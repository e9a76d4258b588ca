"""The HTTP service (`ctxengine serve`)."""

from ctxengine.server.app import create_app

__all__ = ["create_app"]
