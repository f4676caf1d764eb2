"""The Bourré server's Python SDK: the client openapi-python-client generates from the
server's OpenAPI document (`bourre_client`, its `api` and `models`), used through `Bourre`,
which keeps and refreshes the session, resends a request only when that is harmless (a
read, a write the server applies once per `Idempotency-Key`, a request that changed
nothing), raises `BourreError` for refusals and follows tables live."""
from ._errors import BourreError
from ._live import (
    AsyncLive,
    ChatFrame,
    ChatHiddenFrame,
    EventFrame,
    Frame,
    Live,
    UnknownFrame,
    ViewFrame,
)
from ._sdk import Bourre
from ._transport import AsyncBourreTransport, BourreTransport, SessionState

__all__ = [
    "AsyncBourreTransport",
    "AsyncLive",
    "Bourre",
    "BourreError",
    "BourreTransport",
    "ChatFrame",
    "ChatHiddenFrame",
    "EventFrame",
    "Frame",
    "Live",
    "SessionState",
    "UnknownFrame",
    "ViewFrame",
]
