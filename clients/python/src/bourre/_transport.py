"""The httpx transports the SDK sends every request through, sync and asyncio.

They keep the session (what register, login, guest, a provider sign-in, a password
reset's confirm and refresh answer) and add `Authorization: Bearer` to every other request.
They refresh the session (`POST /v1/auth/refresh`) when the token is about to expire, or
when a request gets a 401 that a refresh may cure (`token_expired`, or `unauthorized` with
`WWW-Authenticate: ... error="invalid_token"`: the bearer token itself was refused; never
another 401 code), then send that request again once. One refresh goes out at a time per
SDK client, sync and asyncio together: a refresh token works once, so a caller that waited
for another's refresh uses the session it produced.

Resending. A request is sent again, for at most `retry_for` seconds:
- whatever it is, when it was never sent (the connection failed: `ConnectError`,
  `ConnectTimeout`, `PoolTimeout`) or answered 503 `unavailable`, `busy` or
  `provider_unavailable` (it changed nothing; after `Retry-After`); not on other 503s
  (`shutting_down`, a proxy's), nor on the code exchange's `provider_unavailable` (which
  says to start the sign-in again);
- when it may have reached the server (failed after being sent, or answered 502 or 504),
  only if sending it twice is harmless: a GET, HEAD or OPTIONS, the refresh (the server
  replays a lost refresh's answer), or a write of one of the operations that take an
  `Idempotency-Key` (`KEYED_OPERATIONS`, read from the generated client), which the server
  applies once per key. Those writes get a random key (the same across the resends) unless
  the caller passed one. Other writes (add a bot, leave a seat, register, ...) are never
  resent once they may have reached the server: their error or answer is the caller's.
"""
from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import json
import pkgutil
import random
import re
import threading
import time
import uuid
import weakref
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Callable, Iterator

import httpx

from ._errors import problem_code, refreshable, retry_after

# Operations that answer a session (SessionOut).
REFRESH_PATH = "/v1/auth/refresh"
SIGN_IN_PATHS = (
    "/v1/auth/register",
    "/v1/auth/login",
    "/v1/auth/guest",
    REFRESH_PATH,
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
# Answers after which a request that may have reached the server is resent, when harmless.
MAYBE_APPLIED_STATUSES = (502, 504)
# 503 codes that say the request changed nothing: any request is resent after them.
UNCHANGED_503_CODES = ("unavailable", "busy", "provider_unavailable")
# Transport errors raised before the request was sent: any request is resent after them.
NEVER_SENT_ERRORS = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
# The code exchange's `provider_unavailable` says to start the sign-in again (the provider
# may have used the code up): resending the same exchange would not help.
EXCHANGE_PATH = "/v1/auth/oidc/exchange"


def _keyed_operations() -> frozenset[tuple[str, str]]:
    """(METHOD, path template) of every operation of the generated client whose request
    takes an `Idempotency-Key` (its `_get_kwargs` has `idempotency_key`): the operations
    the server applies once per key."""
    import bourre_client.api as api

    found = set()
    for info in pkgutil.walk_packages(api.__path__, api.__name__ + "."):
        if info.ispkg:
            continue
        get_kwargs = getattr(importlib.import_module(info.name), "_get_kwargs", None)
        if get_kwargs is None or "idempotency_key" not in inspect.signature(get_kwargs).parameters:
            continue
        source = inspect.getsource(get_kwargs)
        method = re.search(r'"method":\s*"(\w+)"', source)
        url = re.search(r'"url":\s*"([^"]+)"', source)
        if method is None or url is None:
            raise RuntimeError(f"bourre: cannot read the method and path of {info.name}")
        found.add((method.group(1).upper(), url.group(1)))
    return frozenset(found)


KEYED_OPERATIONS = _keyed_operations()


def _template_pattern(template: str) -> re.Pattern[str]:
    """A path template (`/v1/tables/{table_id}/hands`) as a pattern matching the end of a
    request's path (after the base URL's own path, if any)."""
    parts = re.split(r"\{[^}/]+\}", template)
    return re.compile("[^/]+".join(re.escape(part) for part in parts) + r"\Z")


_KEYED_PATTERNS = tuple((method, _template_pattern(path)) for method, path in sorted(KEYED_OPERATIONS))


def keyed(method: str, path: str) -> bool:
    """Whether `method path` is an operation that takes an `Idempotency-Key`."""
    return any(m == method and p.search(path) for m, p in _KEYED_PATTERNS)


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
        # One refresh at a time, sync and asyncio alike: threads wait on `lock`; asyncio
        # tasks queue on their loop's asyncio.Lock, then take `lock` too (`refreshing`).
        self.lock = threading.Lock()
        self._async_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = \
            weakref.WeakKeyDictionary()
        self._async_locks_guard = threading.Lock()
        self._held_by: asyncio.AbstractEventLoop | None = None  # the loop whose task holds `lock`
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

    @contextlib.asynccontextmanager
    async def refreshing(self) -> AsyncIterator[None]:
        """Holds the refresh lock for an asyncio task: the tasks of one loop queue on an
        asyncio.Lock, and the one at the head takes the thread lock the sync side takes,
        polling it without blocking the loop (so a cancelled wait leaves it free)."""
        loop = asyncio.get_running_loop()
        with self._async_locks_guard:
            queue = self._async_locks.get(loop)
            if queue is None:
                queue = self._async_locks[loop] = asyncio.Lock()
        async with queue:
            while not self.lock.acquire(blocking=False):
                await asyncio.sleep(0.005)
            self._held_by = loop
            try:
                yield
            finally:
                self._held_by = None
                self.lock.release()

    @contextlib.contextmanager
    def refreshing_sync(self) -> Iterator[None]:
        """Holds the refresh lock for a thread. Raises RuntimeError rather than wait forever
        when a task of the event loop running in this very thread holds it (a sync call made
        inside a coroutine while that coroutine's client refreshes)."""
        if not self.lock.acquire(blocking=False):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None and self._held_by is loop:
                raise RuntimeError("bourre: a sync call waits for a refresh that a task of this thread's "
                                   "event loop is making: use the asyncio side (acall, arefresh) in coroutines")
            self.lock.acquire()
        try:
            yield
        finally:
            self.lock.release()

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
    """What both transports share: the state, the base URL, the retry budget and rules."""

    def __init__(self, state: SessionState, base_url: str, retry_for: float):
        self.state = state
        self.base_url = str(base_url).rstrip("/")
        self.retry_for = retry_for

    def prepare(self, request: httpx.Request) -> bool:
        """Adds an idempotency key to a write of a keyed operation (unless the caller passed
        one); says whether this request is to carry our token."""
        path = request.url.path
        if "idempotency-key" not in request.headers and keyed(request.method, path):
            request.headers["Idempotency-Key"] = str(uuid.uuid4())
        return not _endswith(path, NO_AUTH_PATHS) and "authorization" not in request.headers

    def authorize(self, request: httpx.Request) -> str | None:
        token = self.state.token
        if token:
            request.headers["Authorization"] = f"Bearer {token}"
        return token

    def refresh_request(self) -> httpx.Request:
        return httpx.Request("POST", f"{self.base_url}{REFRESH_PATH}",
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
    def wants_refresh(response: httpx.Response) -> bool:
        """Whether a (read) 401 may be cured by a refresh (see `_errors.refreshable`)."""
        return response.status_code == 401 and refreshable(problem_code(response), response.headers)

    @staticmethod
    def replayable(request: httpx.Request) -> bool:
        """Whether sending the request twice is harmless: a GET, HEAD or OPTIONS; the refresh
        (a lost refresh's answer is replayed within the reuse grace); a write of a keyed
        operation carrying its key (the server applies it once per key)."""
        method, path = request.method, request.url.path
        if method in SAFE_METHODS or (method == "POST" and path.endswith(REFRESH_PATH)):
            return True
        return "idempotency-key" in request.headers and keyed(method, path)

    def resendable_error(self, request: httpx.Request, error: httpx.TransportError) -> bool:
        """After a failure in transit: any request never sent, else a replayable one."""
        return isinstance(error, NEVER_SENT_ERRORS) or self.replayable(request)

    def resendable_answer(self, request: httpx.Request, response: httpx.Response) -> bool:
        """After an answer (read, when 502, 503 or 504): a 503 that changed nothing, for any
        request; a 502 or 504 (it may have been applied), for a replayable one."""
        if response.status_code == 503:
            code = problem_code(response)
            if code == "provider_unavailable" and request.url.path.endswith(EXCHANGE_PATH):
                return False
            return code in UNCHANGED_503_CODES
        return response.status_code in MAYBE_APPLIED_STATUSES and self.replayable(request)

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
            if policy.wants_refresh(response) and self.refresh(sent):
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
        with state.refreshing_sync():
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
                if time.monotonic() + wait > deadline or not self.policy.resendable_error(request, error):
                    raise
            else:
                if response.status_code not in (502, 503, 504):
                    return response
                response.read()
                wait = self.policy.wait_for(response, attempt)
                if time.monotonic() + wait > deadline or not self.policy.resendable_answer(request, response):
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
            if policy.wants_refresh(response) and await self.refresh(sent):
                await response.aclose()
                policy.authorize(request)
                response = await self._send(request)
        if _endswith(request.url.path, SIGN_IN_PATHS) or request.url.path.endswith(LOGOUT_PATH):
            await response.aread()
            state.take_answer(request, response)
        return response

    async def refresh(self, stale: str | None) -> bool:
        state = self.policy.state
        async with state.refreshing():
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
                if time.monotonic() + wait > deadline or not self.policy.resendable_error(request, error):
                    raise
            else:
                if response.status_code not in (502, 503, 504):
                    return response
                await response.aread()
                wait = self.policy.wait_for(response, attempt)
                if time.monotonic() + wait > deadline or not self.policy.resendable_answer(request, response):
                    return response
                await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def aclose(self) -> None:
        await self.inner.aclose()
