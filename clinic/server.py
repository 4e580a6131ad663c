"""Production ASGI middleware (an rx.App api_transformer)."""

from __future__ import annotations


def transform(app):
    return app
