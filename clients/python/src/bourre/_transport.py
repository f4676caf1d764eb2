"""The httpx transports the SDK sends every request through, sync and asyncio.

They keep the session (what register, login, guest, a provider sign-in, a password
reset's confirm and refresh answer), add `Authorization: Bearer` to every other request,
refresh once (`POST /v1/auth/refresh`, one refresh in flight at a time) when a request gets
401 `token_expired` or the token is about to expire, and retry the request once with the
new token. Every write (not GET, HEAD, OPTIONS) gets an `Idempotency-Key` (random, the same
across its retries), and every request is retried after `Retry-After` on 503 (and after a
backoff on 502, 504 and a failed connection) for at most `retry_for` seconds.
"""
from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import uuid
from datetime import datetime, timezone
from typing import Any, Callable

import httpx

from ._errors import problem_code, retry_after

# Operations that answer a session (SessionOut).
SIGN_IN_PATHS = (
    "/v1/auth/register",
    "/v1/auth/login",
    "/v1/auth/guest",
    "/v1/auth/refresh",
    "/v1/auth/oidc",
    "/v1/auth/password-reset/confirm",
)
# Operations that take no bearer token.
NO_AUTH_PATHS = SIGN_IN_PATHS + (
    "/v1/auth/oidc/authorizations",
    "/v1/auth/oidc/exchange",
    "/v1/auth/oidc/providers",
    "/v1/auth/password-reset",
)
LOGOUT_PATH = "/v1/auth/logout"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
RETRY_STATUSES = (502, 503, 504)
# 401 codes a refresh may cure: the new server's `token_expired`.
REFRESHABLE = ("token_expired",)


def _endswith(path: str, paths: tuple[str, ...]) -> bool:
    return any(path.endswith(p) for p in paths)


def _parse_time(value: Any) -> float | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


class SessionState:
    """The session: the last `SessionOut` the server answered, as a dict. Shared by the
    sync and async transports of one SDK client."""

    def __init__(self, session: dict[str, Any] | None = None,
                 on_session: Callable[[dict[str, Any] | None], None] | None = None):
        self.lock = threading.Lock()  # one sync refresh at a time
        self._async_locks: dict[int, asyncio.Lock] = {}
        self.on_session = on_session
        self.session: dict[str, Any] | None = None
        self._margin = 30.0
        if session:
            self.store(session, notify=False)

    @property
    def token(self) -> str | None:
        return self.session.get("token") if self.session else None

    @property
    def refresh_token(self) -> str | None:
        return self.session.get("refresh_token") if self.session else None

    def store(self, session: dict[str, Any] | None, *, notify: bool = True) -> None:
        self.session = dict(session) if session else None
        if self.session:
            expires = _parse_time(self.session.get("expires_at"))
            # Refresh ahead of expiry by 30 s, or a tenth of a short lifetime.
            self._margin = min(30.0, max(1.0, ((expires or 0) - time.time()) / 10))
        if notify and self.on_session:
            self.on_session(self.session)

    def expiring(self) -> bool:
        """Whether the access token expires within the margin (and can be refreshed)."""
        if not self.session or not self.refresh_token:
            return False
        expires = _parse_time(self.session.get("expires_at"))
        return expires is not None and expires - time.time() < self._margin

    def async_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        lock = self._async_locks.get(id(loop))
        if lock is None:
            self._async_locks = {id(loop): asyncio.Lock()}  # forget other (ended) loops
            lock = self._async_locks[id(loop)]
        return lock

    def take_answer(self, request: httpx.Request, response: httpx.Response) -> None:
        """Keep the session a sign-in answered; forget it on the caller's logout."""
        path = request.url.path
        if response.status_code in (200, 201) and _endswith(path, SIGN_IN_PATHS):
            try:
                body = json.loads(response.content)
            except ValueError:
                return
            if isinstance(body, dict) and "token" in body and "refresh_token" in body:
                self.store(body)
        elif path.endswith(LOGOUT_PATH) and 200 <= response.status_code < 300:
            sent = request.headers.get("authorization", "")
            if self.token and sent == f"Bearer {self.token}":
                self.store(None)


class _Policy:
    """What both transports share: the state, the base URL, the retry budget."""

    def __init__(self, state: SessionState, base_url: str, retry_for: float):
        self.state = state
        self.base_url = str(base_url).rstrip("/")
        self.retry_for = retry_for

    def prepare(self, request: httpx.Request) -> bool:
        """Adds the idempotency key to a write; says whether this request carries our token."""
        if request.method not in SAFE_METHODS and "idempotency-key" not in request.headers:
            if not _endswith(request.url.path, NO_AUTH_PATHS):
                request.headers["Idempotency-Key"] = str(uuid.uuid4())
        return not _endswith(request.url.path, NO_AUTH_PATHS) and "authorization" not in request.headers

    def authorize(self, request: httpx.Request) -> str | None:
        token = self.state.token
        if token:
            request.headers["Authorization"] = f"Bearer {token}"
        return token

    def refresh_request(self) -> httpx.Request:
        return httpx.Request("POST", f"{self.base_url}/v1/auth/refresh",
                             json={"refresh_token": self.state.refresh_token})

    def refreshed(self, response: httpx.Response) -> bool:
        if response.status_code == 200:
            try:
                self.state.store(json.loads(response.content))
                return True
            except ValueError:
                return False
        if response.status_code == 401:  # used up or the session ended: nothing to refresh
            self.state.store(None)
        return False

    @staticmethod
    def resendable(request: httpx.Request, error: httpx.TransportError) -> bool:
        """Whether a request that failed in transit may be sent again: reads, writes with an
        idempotency key and refreshes (a lost refresh's answer is replayed within the reuse
        grace) always; other writes (register, guest) only when they were never sent."""
        if isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout)):
            return True
        return (request.method in SAFE_METHODS or "idempotency-key" in request.headers
                or request.url.path.endswith("/v1/auth/refresh"))

    @staticmethod
    def backoff(attempt: int) -> float:
        return min(10.0, 0.25 * 2 ** attempt) * (0.5 + random.random() / 2)

    def wait_for(self, response: httpx.Response | None, attempt: int) -> float:
        if response is not None:
            after = retry_after(response.headers)
            if after is not None:
                return after
        return self.backoff(attempt)


class BourreTransport(httpx.BaseTransport):
    """The sync transport: wraps another (httpx.HTTPTransport by default)."""

    def __init__(self, state: SessionState, base_url: str, *, retry_for: float = 30.0,
                 inner: httpx.BaseTransport | None = None):
        self.policy = _Policy(state, base_url, retry_for)
        self.inner = inner or httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        policy, state = self.policy, self.policy.state
        ours = policy.prepare(request)
        if ours and state.expiring():
            self.refresh(state.token)
        sent = policy.authorize(request) if ours else None
        response = self._send(request)
        if ours and sent and response.status_code == 401:
            response.read()
            if problem_code(response) in REFRESHABLE and self.refresh(sent):
                response.close()
                policy.authorize(request)
                response = self._send(request)
        if _endswith(request.url.path, SIGN_IN_PATHS) or request.url.path.endswith(LOGOUT_PATH):
            response.read()
            state.take_answer(request, response)
        return response

    def refresh(self, stale: str | None) -> bool:
        """Refreshes the session unless another caller did since `stale` was sent; says
        whether there is a token to retry with."""
        state = self.policy.state
        with state.lock:
            if state.token != stale:
                return state.token is not None
            if not state.refresh_token:
                return False
            response = self._send(self.policy.refresh_request())
            response.read()
            return self.policy.refreshed(response)

    def _send(self, request: httpx.Request) -> httpx.Response:
        deadline = time.monotonic() + self.policy.retry_for
        attempt = 0
        while True:
            try:
                response = self.inner.handle_request(request)
            except httpx.TransportError as error:
                wait = self.policy.backoff(attempt)
                if time.monotonic() + wait > deadline or not self.policy.resendable(request, error):
                    raise
            else:
                if response.status_code not in RETRY_STATUSES:
                    return response
                response.read()
                wait = self.policy.wait_for(response, attempt)
                if time.monotonic() + wait > deadline:
                    return response
                response.close()
            time.sleep(wait)
            attempt += 1

    def close(self) -> None:
        self.inner.close()


class AsyncBourreTransport(httpx.AsyncBaseTransport):
    """The asyncio transport: wraps another (httpx.AsyncHTTPTransport by default)."""

    def __init__(self, state: SessionState, base_url: str, *, retry_for: float = 30.0,
                 inner: httpx.AsyncBaseTransport | None = None):
        self.policy = _Policy(state, base_url, retry_for)
        self.inner = inner or httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        policy, state = self.policy, self.policy.state
        ours = policy.prepare(request)
        if ours and state.expiring():
            await self.refresh(state.token)
        sent = policy.authorize(request) if ours else None
        response = await self._send(request)
        if ours and sent and response.status_code == 401:
            await response.aread()
            if problem_code(response) in REFRESHABLE and await self.refresh(sent):
                await response.aclose()
                policy.authorize(request)
                response = await self._send(request)
        if _endswith(request.url.path, SIGN_IN_PATHS) or request.url.path.endswith(LOGOUT_PATH):
            await response.aread()
            state.take_answer(request, response)
        return response

    async def refresh(self, stale: str | None) -> bool:
        state = self.policy.state
        async with state.async_lock():
            if state.token != stale:
                return state.token is not None
            if not state.refresh_token:
                return False
            response = await self._send(self.policy.refresh_request())
            await response.aread()
            return self.policy.refreshed(response)

    async def _send(self, request: httpx.Request) -> httpx.Response:
        deadline = time.monotonic() + self.policy.retry_for
        attempt = 0
        while True:
            try:
                response = await self.inner.handle_async_request(request)
            except httpx.TransportError as error:
                wait = self.policy.backoff(attempt)
                if time.monotonic() + wait > deadline or not self.policy.resendable(request, error):
                    raise
            else:
                if response.status_code not in RETRY_STATUSES:
                    return response
                await response.aread()
                wait = self.policy.wait_for(response, attempt)
                if time.monotonic() + wait > deadline:
                    return response
                await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def aclose(self) -> None:
        await self.inner.aclose()
