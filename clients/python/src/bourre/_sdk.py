"""Bourre: the generated client (`bourre_client`) through the SDK's transports, with calls
that answer the parsed body or raise BourreError, and a table followed live."""
from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Callable

import httpx

from bourre_client import Client
from bourre_client.models import SessionOut

from ._errors import BourreError
from ._live import AsyncLive, Live, aiter_live, iter_live
from ._transport import AsyncBourreTransport, BourreTransport, SessionState


def _operation(op: ModuleType | Callable[..., Any]) -> ModuleType:
    """The generated module of an operation, given it (`create_table`) or one of its
    functions (`create_table.sync_detailed`)."""
    if isinstance(op, ModuleType):
        module = op
    else:
        module = sys.modules.get(getattr(op, "__module__", ""), None)  # type: ignore[assignment]
    if module is None or not hasattr(module, "_get_kwargs") or not hasattr(module, "_parse_response"):
        raise TypeError(f"{op!r} is not an operation of bourre_client.api")
    return module


class Bourre:
    """A client of one server, for one player's session.

    `client` is the generated `bourre_client.Client`, whose requests (sync and asyncio) go
    through the SDK's transports: pass it to any generated function
    (`create_table.sync(client=b.client, body=...)`). Or call through the SDK, which
    answers the parsed 2xx body or raises `BourreError`: `b.call(create_table, body=...)`,
    `await b.acall(create_table, body=...)`.

    `session` resumes a session (a `SessionOut` or its dict, as `b.session` gives it; store
    it with `on_session`, called with the dict, or None once it ends, at each change).
    `retry_for`: for how long, in seconds, a request is sent again: any request after a
    503 `unavailable`, `busy` or `provider_unavailable` (after `Retry-After`) or a failed
    connection; after a 502, a 504 or a failure once sent, only a read, the refresh, or a
    write of an operation taking an `Idempotency-Key` (which the server applies once per
    key). See `bourre._transport`.
    """

    def __init__(self, base_url: str, *, session: SessionOut | dict[str, Any] | None = None,
                 timeout: float = 30.0, retry_for: float = 30.0,
                 on_session: Callable[[dict[str, Any] | None], None] | None = None,
                 transport: httpx.BaseTransport | None = None,
                 async_transport: httpx.AsyncBaseTransport | None = None):
        if isinstance(session, SessionOut):
            session = session.to_dict()
        self.base_url = base_url.rstrip("/")
        self._state = SessionState(session, on_session)
        self._transport = BourreTransport(self._state, self.base_url, retry_for=retry_for, inner=transport)
        self._async_transport = AsyncBourreTransport(
            self._state, self.base_url, retry_for=retry_for, inner=async_transport)
        self.client = Client(base_url=self.base_url, timeout=httpx.Timeout(timeout))
        self.client.set_httpx_client(httpx.Client(
            base_url=self.base_url, timeout=httpx.Timeout(timeout), transport=self._transport))
        self.client.set_async_httpx_client(httpx.AsyncClient(
            base_url=self.base_url, timeout=httpx.Timeout(timeout), transport=self._async_transport))

    # The session.

    @property
    def session(self) -> dict[str, Any] | None:
        """The session as the server last answered it (`SessionOut` as a dict), or None."""
        return self._state.session

    @property
    def token(self) -> str | None:
        return self._state.token

    @property
    def player_id(self) -> str | None:
        session = self._state.session
        return session["player"]["id"] if session else None

    def refresh(self) -> bool:
        """Refreshes the session now, unless a refresh already in flight (sync or asyncio:
        one goes out at a time) renews it first; says whether it has a token after."""
        return self._transport.refresh(self._state.token)

    async def arefresh(self) -> bool:
        """`refresh`, awaited."""
        return await self._async_transport.refresh(self._state.token)

    # Calls that answer the body or raise.

    def call(self, op: ModuleType | Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Calls a generated operation (`create_table`, or `create_table.sync_detailed`)
        with its arguments but `client`: its parsed 2xx body (None for 204), or raises
        `BourreError` with the problem."""
        module = _operation(op)
        response = self.client.get_httpx_client().request(**module._get_kwargs(*args, **kwargs))
        return self._answer(module, response)

    async def acall(self, op: ModuleType | Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`call`, awaited (the generated `asyncio_detailed`'s request)."""
        module = _operation(op)
        response = await self.client.get_async_httpx_client().request(**module._get_kwargs(*args, **kwargs))
        return self._answer(module, response)

    def _answer(self, module: ModuleType, response: httpx.Response) -> Any:
        if 200 <= response.status_code < 300:
            return module._parse_response(client=self.client, response=response)
        raise BourreError.from_response(response)

    # Live tables.

    def live(self, table_id: Any, *, after: int = 0, chat_after: int | None = None) -> Live:
        """The table's frames (`ViewFrame`, `EventFrame`, `ChatFrame`, `ChatHiddenFrame`,
        `UnknownFrame`) from its stream, the events after `after` (0: all of them) then
        as they come, reconnecting with `Last-Event-ID`; raises `BourreError` when the
        caller may not follow the table (403, 404) or the session ended."""
        return Live(iter_live(self, table_id, after, chat_after))

    def alive(self, table_id: Any, *, after: int = 0, chat_after: int | None = None) -> AsyncLive:
        """`live`, for `async for`."""
        return AsyncLive(aiter_live(self, table_id, after, chat_after))

    # Closing.

    def close(self) -> None:
        self.client.get_httpx_client().close()

    async def aclose(self) -> None:
        await self.client.get_async_httpx_client().aclose()

    def __enter__(self) -> "Bourre":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    async def __aenter__(self) -> "Bourre":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()
