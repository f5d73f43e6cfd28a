"""Logging filters for settings.LOGGING (imported while logging is configured, before the apps: no
Django imports here)."""

from __future__ import annotations

import logging


def not_an_outage(record: logging.LogRecord) -> bool:
    """False for a 503 answer. A database outage answers every request 503, and a mail to ADMINS for
    each (every /healthz probe too) would flood them; each is still logged to standard error with its
    traceback, and /healthz says the database is unavailable."""
    return getattr(record, "status_code", None) != 503
