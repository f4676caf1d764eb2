"""BourreError: a refusal of the server, as its problem details (RFC 9457)."""
from __future__ import annotations

import json
import re
from typing import Any

import httpx


class BourreError(Exception):
    """A refusal: `status`, `code` (a string, also for codes this SDK does not know),
    `title`, `detail`, `request_id`, `rule`, `current_version` (with `version_conflict`),
    `retry_after` (seconds, with 429 and 503) and `problem`, the whole body as a dict.
    `model` is the body as the generated `Problem` when it parses as one, else None."""

    def __init__(self, status: int, problem: dict[str, Any], *, retry_after: float | None = None):
        self.status = int(problem.get("status") or status)
        self.problem = problem
        self.code: str = str(problem.get("code") or _fallback_code(status))
        self.title: str = str(problem.get("title") or "")
        self.detail: str = str(problem.get("detail") or "")
        self.request_id: str | None = problem.get("request_id")
        self.rule: str | None = problem.get("rule")
        self.current_version: int | None = problem.get("current_version")
        self.retry_after = retry_after
        super().__init__(f"{self.status} {self.code}: {self.detail or self.title}")

    @property
    def model(self):
        """The problem as the generated `bourre_client.models.Problem`, or None when it does
        not parse as one (a code newer than the generated client, with an old document)."""
        from bourre_client.models import Problem

        try:
            return Problem.from_dict(self.problem)
        except (KeyError, TypeError, ValueError):
            return None

    @classmethod
    def from_response(cls, response: httpx.Response | Any) -> "BourreError":
        """From an httpx.Response or the generated client's `Response` (status_code,
        content, headers)."""
        status = int(response.status_code)
        content = response.content if isinstance(response.content, bytes) else b""
        try:
            body = json.loads(content) if content else {}
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        if not body:
            body = {"status": status, "code": _fallback_code(status),
                    "detail": content.decode("utf-8", "replace")[:500]}
        return cls(status, body, retry_after=retry_after(response.headers))


def retry_after(headers) -> float | None:
    """`Retry-After` in seconds, when it is a number."""
    value = headers.get("retry-after") if headers is not None else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def problem_code(response: httpx.Response) -> str | None:
    """The `code` of a (read) problem response, or None."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


def bearer_refused(headers) -> bool:
    """Whether a 401's `WWW-Authenticate` says the request's bearer token itself was refused
    (`error="invalid_token"`), not something else (a password, an ID token, a ticket)."""
    value = headers.get("www-authenticate", "") if headers is not None else ""
    return _INVALID_TOKEN.search(value or "") is not None


def refreshable(code: str | None, headers) -> bool:
    """Whether a 401 may be cured by refreshing the session: `token_expired`, or
    `unauthorized` when the challenge says the bearer token was refused. Never another code
    (`session_ended`, `refresh_token_reused`, `invalid_id_token`, ...)."""
    return code == "token_expired" or (code == "unauthorized" and bearer_refused(headers))


_INVALID_TOKEN = re.compile(r'\berror\s*=\s*"?invalid_token"?(?:[\s,]|$)', re.IGNORECASE)


def _fallback_code(status: int) -> str:
    return f"http_{status}"
