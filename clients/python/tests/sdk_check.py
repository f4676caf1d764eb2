"""The SDK's own behaviour against a stand-in server (httpx.MockTransport, no network):
sessions kept and refreshed on 401 `token_expired` (one refresh at a time, sync and
asyncio), one `Idempotency-Key` across a write's retries, 503 retried after `Retry-After`
for a bounded time, typed errors, and the live iterators' parsing and reconnection with
`Last-Event-ID`. Run: python3 clients/python/tests/sdk_check.py (with the SDK installed);
.ci/sdk-python runs it.
"""
import asyncio
import json
import pathlib
import threading
import time
from datetime import datetime, timedelta, timezone

import httpx

from bourre import Bourre, BourreError, ChatFrame, ChatHiddenFrame, EventFrame, UnknownFrame, ViewFrame
from bourre_client.api.health import check_health
from bourre_client.api.tables import get_table, start_hand

DOC = json.loads((pathlib.Path(__file__).resolve().parents[3] / "openapi/openapi.json").read_text())
TABLE = DOC["paths"]["/v1/tables/{table_id}"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
EVENTS = DOC["paths"]["/v1/tables/{table_id}/events"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
TABLE_ID = TABLE["id"]


def problem(status, code, headers=None):
    body = {"type": f"urn:bourre:problem:{code}", "title": "t", "status": status, "detail": code,
            "code": code, "request_id": "r1"}
    return httpx.Response(status, json=body, headers=headers or {})


def session(n, ttl=900):
    expires = (datetime.now(timezone.utc) + timedelta(seconds=ttl)).isoformat().replace("+00:00", "Z")
    return {"token": f"access-{n}", "refresh_token": f"refresh-{n}", "expires_at": expires,
            "refresh_expires_at": expires, "player": {"id": "p1", "username": "ann", "guest": False}}


class Server:
    """A stand-in: tokens access-N and refresh-N; each refresh token works once."""

    def __init__(self):
        self.n = 0
        self.access = None  # the access token it takes now
        self.refreshes = 0
        self.lock = threading.Lock()
        self.seen = []  # (method, path, authorization, idempotency key)
        self.unavailable = 0  # how many 503s to answer writes before serving them
        self.stream_connections = []

    def issue(self):
        self.n += 1
        self.access = f"access-{self.n}"
        return httpx.Response(200, json=session(self.n))

    def expire(self):
        """The access token expires; its refresh token still works."""
        self.access = None

    def handle(self, request: httpx.Request) -> httpx.Response:
        path, auth = request.url.path, request.headers.get("authorization")
        self.seen.append((request.method, path, auth, request.headers.get("idempotency-key")))
        if path == "/v1/auth/login":
            return self.issue()
        if path == "/v1/auth/refresh":
            time.sleep(0.05)  # let concurrent callers pile up
            with self.lock:
                if json.loads(request.content)["refresh_token"] != f"refresh-{self.n}":
                    return problem(401, "refresh_token_reused")
                self.refreshes += 1
                return self.issue()
        if path == "/healthz":
            return httpx.Response(200, json={"status": "ok"})
        if auth is None or auth != f"Bearer {self.access}":
            return problem(401, "token_expired" if auth and auth.startswith("Bearer access-") else "unauthorized")
        if path == "/v1/auth/logout":
            return httpx.Response(204)
        if path.endswith("/hands"):
            if self.unavailable:
                self.unavailable -= 1
                return problem(503, "unavailable", {"Retry-After": "0"})
            return httpx.Response(201, json=TABLE)
        if path == f"/v1/tables/{TABLE_ID}":
            return httpx.Response(200, json=TABLE)
        if path.endswith("/future"):
            return problem(409, "some_future_code")
        if path == f"/v1/tables/{TABLE_ID}/stream":
            return self.stream(request)
        return problem(404, "not_found")

    def stream(self, request):
        self.stream_connections.append(
            (request.headers.get("last-event-id"), request.url.params.get("after"),
             request.url.params.get("chat_after")))
        if len(self.stream_connections) == 1:
            chat = {"id": 7, "table_id": TABLE_ID, "player_id": "00000000-0000-4000-8000-000000000003",
                    "username": "ann", "hand_no": 0, "after_version": 2, "created_at": "2026-06-01T18:00:00Z",
                    "display_name": None, "phrase": "gg"}
            view = dict(TABLE, version=2)
            text = (
                "retry: 10\n\n: keep-alive\n\n"
                + "".join(f"id: {e['seq']}\nevent: {e['kind']}\ndata: {json.dumps(e)}\n\n" for e in EVENTS[:2])
                + f"event: chat\ndata: {json.dumps(chat)}\n\n"
                + f"id: 2\nevent: view\ndata: {json.dumps(view)}\n\n"
                + "event: chat_hidden\ndata: {\"id\": 7}\n\n"
                + "event: something_new\ndata: {\"x\": 1}\n\n"
            )
            return httpx.Response(200, content=text.encode(), headers={"content-type": "text/event-stream"})
        if len(self.stream_connections) == 2:
            return problem(503, "unavailable", {"Retry-After": "0"})
        if len(self.stream_connections) == 3:
            view = dict(TABLE, version=3)
            text = f"id: 3\nevent: view\ndata: {json.dumps(view)}\n\n"
            return httpx.Response(200, content=text.encode(), headers={"content-type": "text/event-stream"})
        return problem(404, "table_not_found")


def sdk(server, **kwargs):
    mock = httpx.MockTransport(server.handle)
    return Bourre("http://bourre.test", transport=mock, async_transport=mock, **kwargs)


def login(b):
    b.client.get_httpx_client().post("/v1/auth/login", json={"username": "ann", "password": "x"})


def sessions_and_refresh():
    server = Server()
    stored = []
    b = sdk(server, on_session=stored.append)
    assert b.call(check_health).to_dict() == {"status": "ok"}
    login(b)
    assert b.token == "access-1" and b.player_id == "p1" and stored[-1]["token"] == "access-1", b.session
    assert b.call(get_table, TABLE_ID).version == TABLE["version"]

    # The token expires: the write gets 401 token_expired, refreshes once, is retried once.
    server.expire()
    b.call(start_hand, TABLE_ID)
    assert server.refreshes == 1 and b.token == "access-2" and stored[-1]["token"] == "access-2", stored
    hands = [s for s in server.seen if s[1].endswith("/hands")]
    assert [h[2] for h in hands] == ["Bearer access-1", "Bearer access-2"], hands
    assert hands[0][3] and hands[0][3] == hands[1][3], hands  # one key across the retry

    # Many threads meet the expired token at once: one refresh.
    server.expire()
    results = []
    threads = [threading.Thread(target=lambda: results.append(b.call(get_table, TABLE_ID).version))
               for _ in range(6)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert len(results) == 6 and server.refreshes == 2, (results, server.refreshes)

    # The same with asyncio tasks.
    async def many():
        server.expire()
        views = await asyncio.gather(*(b.acall(get_table, TABLE_ID) for _ in range(6)))
        assert len(views) == 6 and server.refreshes == 3, server.refreshes
    asyncio.run(many())

    # A token about to expire is refreshed before the request.
    b._state.store(dict(session(server.n, ttl=100), token=server.access))  # refreshed 10 s ahead
    b._state.session["expires_at"] = session(server.n, ttl=5)["expires_at"]
    b.call(get_table, TABLE_ID)
    assert server.refreshes == 4 and b.token == server.access, (server.refreshes, b.token)

    # A refresh token used up: the session ends, the 401 comes back as a BourreError.
    server.expire()
    b._state.session["refresh_token"] = "used-up"
    try:
        b.call(get_table, TABLE_ID)
        raise AssertionError("no error")
    except BourreError as error:
        assert error.status == 401 and b.session is None and stored[-1] is None, error
    print("sdk: session kept; one refresh on token_expired (sync, threads, asyncio) or near expiry; "
          "the write retried with its key")


def writes_retried():
    server = Server()
    b = sdk(server, retry_for=5)
    login(b)
    server.unavailable = 2
    b.call(start_hand, TABLE_ID)
    keys = {s[3] for s in server.seen if s[1].endswith("/hands")}
    assert len([s for s in server.seen if s[1].endswith("/hands")]) == 3 and len(keys) == 1 and None not in keys
    server2 = Server()
    b2 = sdk(server2, retry_for=0)  # no time to retry: the 503 comes back
    login(b2)
    server2.unavailable = 1
    try:
        b2.call(start_hand, TABLE_ID)
        raise AssertionError("no error")
    except BourreError as error:
        assert error.status == 503 and error.code == "unavailable" and error.retry_after == 0, error
    try:
        raise BourreError.from_response(b.client.get_httpx_client().post(f"/v1/tables/{TABLE_ID}/future"))
    except BourreError as error:
        assert error.code == "some_future_code" and error.request_id == "r1", error
    b.client.get_httpx_client().post("/v1/auth/logout")
    assert b.session is None
    print("sdk: 503 retried after Retry-After with one Idempotency-Key, bounded; typed errors; logout forgets")


def live_sync():
    server = Server()
    b = sdk(server)
    login(b)
    frames = []
    try:
        with b.live(TABLE_ID) as live:
            for frame in live:
                frames.append(frame)
    except BourreError as error:
        assert error.status == 404 and error.code == "table_not_found", error
    kinds = [type(f).__name__ for f in frames]
    assert kinds == ["EventFrame", "EventFrame", "ChatFrame", "ViewFrame", "ChatHiddenFrame", "UnknownFrame",
                     "ViewFrame"], kinds
    assert isinstance(frames[0], EventFrame) and frames[0].kind == "table_created" and frames[0].id == 1
    assert isinstance(frames[2], ChatFrame) and frames[2].message.phrase == "gg"
    assert isinstance(frames[3], ViewFrame) and frames[3].view.version == 2 and frames[3].id == 2
    assert isinstance(frames[4], ChatHiddenFrame) and frames[4].id == 7
    assert isinstance(frames[5], UnknownFrame) and frames[5].event == "something_new"
    assert frames[6].view.version == 3
    assert server.stream_connections == [(None, "0", None), ("2", None, "7"), ("2", None, "7"), ("3", None, "7")], \
        server.stream_connections
    print("sdk live: frames parsed; reconnected with Last-Event-ID and chat_after; 404 raised")


async def live_async():
    server = Server()
    b = sdk(server)
    await b.client.get_async_httpx_client().post("/v1/auth/login", json={})
    views = []
    try:
        async with b.alive(TABLE_ID, after=1) as live:
            async for frame in live:
                if isinstance(frame, ViewFrame):
                    views.append(frame.view.version)
    except BourreError as error:
        assert error.status == 404, error
    assert views == [2, 3], views
    assert server.stream_connections[0] == (None, "1", None), server.stream_connections
    print("sdk alive: the same, asyncio")


sessions_and_refresh()
writes_retried()
live_sync()
asyncio.run(live_async())
