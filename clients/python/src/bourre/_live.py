"""A table followed live: `GET /v1/tables/{table_id}/stream` (server-sent events) read
with httpx streaming, its frames parsed into the generated models, reconnecting with
`Last-Event-ID` after the stream ends or fails: after the server's `retry:` (at least
0.25 s), growing to 10 s over consecutive failures, or after `Retry-After` (at least
0.25 s) on 429 and 5xx. A 401 refreshes the session once (until a connection succeeds)
when a refresh may cure it (`token_expired`, or `unauthorized` with the `invalid_token`
challenge), else raises, as do 400, 403 and 404."""
from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass
from typing import Any, AsyncIterator, Iterator, Protocol, Union

import httpx

from bourre_client import Client
from bourre_client.models import ChatMessage, EventOut, TableView

from ._errors import BourreError, refreshable


class Signed(Protocol):
    """What a live table needs of the SDK: its client (whose transports sign each request),
    the access token it holds, and a refresh."""

    client: Client

    @property
    def token(self) -> str | None: ...

    def refresh(self) -> Any: ...

    async def arefresh(self) -> Any: ...


@dataclass(frozen=True)
class ViewFrame:
    """`event: view`: the caller's whole table after a commit; `id` is its version."""
    id: int
    view: TableView
    type = "view"


@dataclass(frozen=True)
class EventFrame:
    """An event of the table's log; `id` is its seq, `kind` its kind (`played`, ...)."""
    id: int
    event: EventOut
    type = "event"

    @property
    def kind(self) -> str:
        return str(self.event.kind)


@dataclass(frozen=True)
class ChatFrame:
    """`event: chat`: a message said at the table."""
    message: ChatMessage
    type = "chat"


@dataclass(frozen=True)
class ChatHiddenFrame:
    """`event: chat_hidden`: an admin hid the message `id`."""
    id: int
    type = "chat_hidden"


@dataclass(frozen=True)
class UnknownFrame:
    """A frame this SDK does not know (a newer server's), or whose data did not parse."""
    event: str
    id: str | None
    data: str
    type = "unknown"


Frame = Union[ViewFrame, EventFrame, ChatFrame, ChatHiddenFrame, UnknownFrame]

# A stream is quiet at most 15 s (`: keep-alive`): a read waiting longer reconnects.
STREAM_TIMEOUT = httpx.Timeout(10.0, read=45.0)
MAX_DELAY = 10.0
# The shortest pause between connections, whatever `retry:` or `Retry-After` says (0 would
# make a stream that keeps ending reconnect in a busy loop).
MIN_DELAY = 0.25


class _Reader:
    """The SSE parser and the reconnection state (`Last-Event-ID`, chat, delays)."""

    def __init__(self, table_id: Any, after: int, chat_after: int | None):
        self.path = f"/v1/tables/{table_id}/stream"
        self.last_id: str | None = None
        self.after = after
        self.chat_after = chat_after
        self.delay = 1.0  # the server's `retry:`, else 1 s
        self.failures = 0
        self.refreshed = False  # since the last connection that succeeded
        self._reset()

    def _reset(self) -> None:
        self.event, self.data, self.id = "", [], None

    def request(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        headers: dict[str, str] = {}
        if self.last_id is not None:
            headers["Last-Event-ID"] = self.last_id
        else:
            params["after"] = self.after
        if self.chat_after is not None:
            params["chat_after"] = self.chat_after
        return {"params": params, "headers": headers, "timeout": STREAM_TIMEOUT}

    def line(self, line: str) -> Frame | None:
        if not line:
            frame = self._dispatch()
            self._reset()
            return frame
        if line.startswith(":"):
            return None
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            self.event = value
        elif field == "data":
            self.data.append(value)
        elif field == "id" and "\0" not in value:
            self.id = value
        elif field == "retry" and value.isdigit():
            self.delay = max(MIN_DELAY, int(value) / 1000)
        return None

    def _dispatch(self) -> Frame | None:
        if not self.data:
            return None
        data = "\n".join(self.data)
        if self.id is not None:
            self.last_id = self.id
        event = self.event or "message"
        try:
            body = json.loads(data)
            if event == "view":
                return ViewFrame(int(self.id), TableView.from_dict(body))
            if event == "chat":
                message = ChatMessage.from_dict(body)
                self.chat_after = max(self.chat_after or 0, message.id)
                return ChatFrame(message)
            if event == "chat_hidden":
                return ChatHiddenFrame(int(body["id"]))
            out = EventOut.from_dict(body)
            return EventFrame(out.seq, out)
        except (KeyError, TypeError, ValueError):
            return UnknownFrame(event, self.id, data)

    def connected(self) -> None:
        self.failures = 0
        self.refreshed = False

    def wait(self, error: BourreError | None = None) -> float:
        """The pause before the next connection: `Retry-After`, else the server's `retry:`
        growing with consecutive failures, up to 10 s; never under `MIN_DELAY`."""
        self.failures += 1
        if error is not None and error.retry_after is not None:
            return max(MIN_DELAY, error.retry_after)
        base = min(MAX_DELAY, self.delay * 2 ** max(0, self.failures - 1))
        return max(MIN_DELAY, base * (0.75 + random.random() / 4))

    def judge(self, error: BourreError, token: str | None, headers: Any = None) -> str:
        """What a refused connection calls for: `raise`, `refresh` or `wait`. A 401
        refreshes only when a refresh may cure it (`token_expired`, or `unauthorized` whose
        `WWW-Authenticate` says `error="invalid_token"`), once until a connection succeeds;
        any other 401 (`session_ended`, `refresh_token_reused`, ...) raises."""
        if error.status == 401:
            if token is not None and not self.refreshed and refreshable(error.code, headers):
                self.refreshed = True
                return "refresh"
            return "raise"
        if error.status in (429,) or error.status >= 500:
            return "wait"
        return "raise"


def iter_live(sdk: Signed, table_id: Any, after: int = 0,
              chat_after: int | None = None) -> Iterator[Frame]:
    reader = _Reader(table_id, after, chat_after)
    http = sdk.client.get_httpx_client()
    while True:
        try:
            with http.stream("GET", reader.path, **reader.request()) as response:
                if response.status_code != 200:
                    response.read()
                    error = BourreError.from_response(response)
                    action = reader.judge(error, sdk.token, response.headers)
                    if action == "raise":
                        raise error
                    if action == "refresh":
                        sdk.refresh()
                        continue
                    time.sleep(reader.wait(error))
                    continue
                reader.connected()
                for line in response.iter_lines():
                    frame = reader.line(line)
                    if frame is not None:
                        yield frame
        except httpx.TransportError:
            pass
        reader._reset()
        time.sleep(reader.wait())


async def aiter_live(sdk: Signed, table_id: Any, after: int = 0,
                     chat_after: int | None = None) -> AsyncIterator[Frame]:
    reader = _Reader(table_id, after, chat_after)
    http = sdk.client.get_async_httpx_client()
    while True:
        try:
            async with http.stream("GET", reader.path, **reader.request()) as response:
                if response.status_code != 200:
                    await response.aread()
                    error = BourreError.from_response(response)
                    action = reader.judge(error, sdk.token, response.headers)
                    if action == "raise":
                        raise error
                    if action == "refresh":
                        await sdk.arefresh()
                        continue
                    await asyncio.sleep(reader.wait(error))
                    continue
                reader.connected()
                async for line in response.aiter_lines():
                    frame = reader.line(line)
                    if frame is not None:
                        yield frame
        except httpx.TransportError:
            pass
        reader._reset()
        await asyncio.sleep(reader.wait())


class Live:
    """`for frame in sdk.live(table_id)`: a sync iterator of frames, never ending by itself
    (break out of it); a context manager, and `close()`, end its connection."""

    def __init__(self, frames: Iterator[Frame]):
        self._frames = frames

    def __iter__(self) -> "Live":
        return self

    def __next__(self) -> Frame:
        return next(self._frames)

    def close(self) -> None:
        self._frames.close()  # type: ignore[attr-defined]

    def __enter__(self) -> "Live":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncLive:
    """`async for frame in sdk.alive(table_id)`: an async iterator of frames; `async with`
    (or `aclose()`) ends its connection when the loop is left."""

    def __init__(self, frames: AsyncIterator[Frame]):
        self._frames = frames

    def __aiter__(self) -> "AsyncLive":
        return self

    async def __anext__(self) -> Frame:
        return await self._frames.__anext__()

    async def aclose(self) -> None:
        await self._frames.aclose()  # type: ignore[attr-defined]

    async def __aenter__(self) -> "AsyncLive":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()
