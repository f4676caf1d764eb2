"""The SDK's own behaviour against a stand-in server (httpx.MockTransport, no network):
sessions kept and refreshed on the 401s a refresh may cure (`token_expired`, `unauthorized`
with the `invalid_token` challenge) and no other, one refresh at a time (threads, asyncio
tasks, and both together), the keyed operations (those taking an `Idempotency-Key`) as the
document lists them, which requests are resent (503 `unavailable` for any; 502, 504 and a
failure after sending only for reads, the refresh and keyed writes with one key; never
after 503 `shutting_down`), typed errors, and the live iterators' parsing, reconnection
with `Last-Event-ID`, pause floor and 401 handling. Run: python3
clients/python/tests/sdk_check.py (with the SDK installed); .ci/sdk-python runs it.
"""
import asyncio
import json
import pathlib
import threading
import time
from datetime import datetime, timedelta, timezone

import httpx

import bourre._live as live_module
import bourre._transport as transport_module
from bourre import Bourre, BourreError, ChatFrame, ChatHiddenFrame, EventFrame, UnknownFrame, ViewFrame
from bourre_client.api.health import check_health
from bourre_client.api.tables import get_table, start_hand

DOC = json.loads((pathlib.Path(__file__).resolve().parents[3] / "openapi/openapi.json").read_text())
TABLE = DOC["paths"]["/v1/tables/{table_id}"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
EVENTS = DOC["paths"]["/v1/tables/{table_id}/events"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
TABLE_ID = TABLE["id"]


CHALLENGE = 'Bearer realm="bourre"'
REFUSED_BEARER = 'Bearer realm="bourre", error="invalid_token"'


def problem(status, code, headers=None):
    body = {"type": f"urn:bourre:problem:{code}", "title": "t", "status": status, "detail": code,
            "code": code, "request_id": "r1"}
    return httpx.Response(status, json=body, headers=headers or {})


def refusal(code, challenge=CHALLENGE):
    return problem(401, code, {"WWW-Authenticate": challenge})


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
        self.script = {}  # path -> outcomes (a response, or an exception raised) answered first
        self.stale = ("token_expired", REFUSED_BEARER)  # the 401 a refused bearer token gets
        self.stream_refusal = None  # a 401 the stream answers instead of frames
        self.first_refresh_pause = 0.0

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
        if self.script.get(path):
            outcome = self.script[path].pop(0)
            if isinstance(outcome, Exception):
                raise outcome
            return outcome
        if path == "/v1/auth/login":
            return self.issue()
        if path == "/v1/auth/refresh":
            pause, self.first_refresh_pause = self.first_refresh_pause, 0.0
            time.sleep(0.05 + pause)  # let concurrent callers pile up
            with self.lock:
                if json.loads(request.content)["refresh_token"] != f"refresh-{self.n}":
                    return problem(401, "refresh_token_reused")
                self.refreshes += 1
                return self.issue()
        if path == "/healthz":
            return httpx.Response(200, json={"status": "ok"})
        if auth is None or auth != f"Bearer {self.access}":
            if auth and auth.startswith("Bearer access-"):
                return refusal(*self.stale)
            return refusal("unauthorized", REFUSED_BEARER if auth else CHALLENGE)
        if path == "/v1/auth/logout":
            return httpx.Response(204)
        if path.endswith("/bots"):
            return httpx.Response(201, json=TABLE)
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
        if self.stream_refusal:
            return refusal(*self.stream_refusal)
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


def sent(server, path):
    return [s for s in server.seen if s[1] == path]


def keyed_operations():
    """The SDK's keyed operations (read from the generated client) are the document's."""
    shared_params = DOC.get("components", {}).get("parameters", {})
    documented = set()
    for path, item in DOC["paths"].items():
        for method, op in item.items():
            if method not in ("get", "put", "post", "delete", "patch", "head", "options"):
                continue
            for param in item.get("parameters", []) + op.get("parameters", []):
                if "$ref" in param:
                    param = shared_params[param["$ref"].rsplit("/", 1)[1]]
                if param.get("in") == "header" and param.get("name", "").lower() == "idempotency-key":
                    documented.add((method.upper(), path))
    assert len(documented) == 13 and transport_module.KEYED_OPERATIONS == documented, \
        sorted(documented ^ transport_module.KEYED_OPERATIONS)
    assert transport_module.keyed("POST", f"/base/v1/tables/{TABLE_ID}/hands")
    assert not transport_module.keyed("POST", f"/v1/tables/{TABLE_ID}/bots")
    assert not transport_module.keyed("GET", "/v1/tables")
    print(f"sdk: the {len(documented)} operations taking an Idempotency-Key, as the document lists them")


def resends():
    """Which requests are sent again, and when."""
    backoff = transport_module._Policy.backoff
    transport_module._Policy.backoff = staticmethod(lambda attempt: 0.0)
    try:
        server = Server()
        b = sdk(server, retry_for=5)
        login(b)
        http = b.client.get_httpx_client()
        hands, bots, table = f"/v1/tables/{TABLE_ID}/hands", f"/v1/tables/{TABLE_ID}/bots", f"/v1/tables/{TABLE_ID}"

        # A keyed write is resent after 502, 504 and a failure after sending, with one key.
        server.script[hands] = [problem(502, "bad_gateway"), httpx.ReadError("reset"),
                                problem(504, "gateway_timeout")]
        assert http.post(hands).status_code == 201
        keys = [s[3] for s in sent(server, hands)]
        assert len(keys) == 4 and keys[0] and len(set(keys)) == 1, keys
        server.script[hands] = [problem(502, "bad_gateway")]
        b.call(start_hand, TABLE_ID, idempotency_key="mine")  # the caller's key is kept
        assert [s[3] for s in sent(server, hands)][4:] == ["mine", "mine"], sent(server, hands)

        # A write of an operation without a key (add a bot) gets none and is never resent
        # once it may have reached the server: after 502, 504 or a failure after sending.
        for outcome in (problem(502, "bad_gateway"), problem(504, "gateway_timeout")):
            server.script[bots] = [outcome]
            before = len(sent(server, bots))
            assert http.post(bots).status_code == outcome.status_code
            assert len(sent(server, bots)) == before + 1, sent(server, bots)
        server.script[bots] = [httpx.ReadError("reset")]
        try:
            http.post(bots)
            raise AssertionError("a write without a key was resent after a failure after sending")
        except httpx.ReadError:
            pass
        assert len(sent(server, bots)) == 3 and all(s[3] is None for s in sent(server, bots)), sent(server, bots)
        # ... but it is when it was never sent, or answered 503 `busy` or `unavailable`.
        server.script[bots] = [httpx.ConnectError("refused"), problem(503, "busy", {"Retry-After": "0"}),
                               problem(503, "unavailable", {"Retry-After": "0"})]
        assert http.post(bots).status_code == 201 and len(sent(server, bots)) == 7, sent(server, bots)

        # 503 `shutting_down` (or without a code saying nothing changed): never resent, even a read.
        for outcome in (problem(503, "shutting_down", {"Retry-After": "0"}), httpx.Response(503, text="proxy")):
            server.script[table] = [outcome]
            before = len(sent(server, table))
            assert http.get(table).status_code == 503 and len(sent(server, table)) == before + 1

        # A read is resent after 502, 504 and a failure after sending.
        server.script[table] = [problem(504, "gateway_timeout"), httpx.ReadTimeout("slow"),
                                problem(502, "bad_gateway")]
        before = len(sent(server, table))
        assert http.get(table).status_code == 200 and len(sent(server, table)) == before + 4

        # The refresh is resent after a failure after sending (the server replays its answer).
        server.expire()
        server.script["/v1/auth/refresh"] = [httpx.ReadError("reset")]
        assert http.get(table).status_code == 200
        assert len(sent(server, "/v1/auth/refresh")) == 2 and server.refreshes == 1, server.seen

        # The code exchange's `provider_unavailable` says to start over: not resent; a
        # provider sign-in's is (it changed nothing).
        exchange, oidc = "/v1/auth/oidc/exchange", "/v1/auth/oidc"
        server.script[exchange] = [problem(503, "provider_unavailable", {"Retry-After": "0"})]
        assert http.post(exchange, json={}).status_code == 503 and len(sent(server, exchange)) == 1
        server.script[oidc] = [problem(503, "provider_unavailable", {"Retry-After": "0"}),
                               problem(400, "invalid_id_token")]
        assert http.post(oidc, json={}).status_code == 400 and len(sent(server, oidc)) == 2
    finally:
        transport_module._Policy.backoff = backoff
    print("sdk: keyed writes, reads and the refresh resent after 502, 504 or a failure after sending; "
          "other writes only when never sent or after 503 unavailable/busy; 503 shutting_down not resent")


def refresh_rules():
    """Only the 401s a refresh may cure refresh the session."""
    server = Server()
    b = sdk(server)
    login(b)
    http = b.client.get_httpx_client()
    table = f"/v1/tables/{TABLE_ID}"
    # A refused bearer token, said `unauthorized` with `error="invalid_token"`: refreshed, resent.
    server.stale = ("unauthorized", REFUSED_BEARER)
    server.expire()
    assert http.get(table).status_code == 200 and server.refreshes == 1 and b.token == server.access
    # Any other 401: no refresh, the 401 is the caller's.
    for code, challenge in (("unauthorized", CHALLENGE), ("session_ended", REFUSED_BEARER),
                            ("invalid_id_token", CHALLENGE), ("refresh_token_reused", REFUSED_BEARER)):
        server.stale = (code, challenge)
        server.expire()
        response = http.get(table)
        assert response.status_code == 401 and response.json()["code"] == code, response.json()
        assert server.refreshes == 1, (code, server.refreshes)

    async def asyncio_side():
        async_http = b.client.get_async_httpx_client()
        server.stale = ("invalid_id_token", CHALLENGE)
        assert (await async_http.get(table)).status_code == 401 and server.refreshes == 1
        server.stale = ("token_expired", REFUSED_BEARER)
        assert (await async_http.get(table)).status_code == 200 and server.refreshes == 2
    asyncio.run(asyncio_side())
    print("sdk: refreshed on token_expired or unauthorized with the invalid_token challenge, never on other 401s")


def one_refresh_sync_and_async():
    """A thread and asyncio tasks meet the expired token at once: one refresh goes out."""
    server = Server()
    b = sdk(server)
    login(b)
    server.expire()
    server.first_refresh_pause = 0.2  # the first refresh is slow: the other side waits for it
    go = threading.Event()
    results = []
    thread = threading.Thread(target=lambda: (go.wait(), results.append(b.call(get_table, TABLE_ID).version)))
    thread.start()

    async def tasks():
        go.set()
        return await asyncio.gather(*(b.acall(get_table, TABLE_ID) for _ in range(4)))
    views = asyncio.run(tasks())
    thread.join()
    assert len(results) == 1 and len(views) == 4, (results, views)
    assert len(sent(server, "/v1/auth/refresh")) == 1 and server.refreshes == 1, server.seen

    # An asyncio task cancelled while it waits for another's refresh leaves the lock free.
    async def cancelled():
        b._state.lock.acquire()  # a sync refresh in flight
        task = asyncio.create_task(b.arefresh())
        await asyncio.sleep(0.05)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        b._state.lock.release()
        assert b._state.lock.acquire(blocking=False)
        b._state.lock.release()
        assert await b.arefresh() and server.refreshes == 2
        # A sync call inside a coroutine whose loop holds the lock: an error, not a hang.
        async with b._state.refreshing():
            try:
                b.refresh()
                raise AssertionError("no error")
            except RuntimeError:
                pass
        assert b._state.lock.acquire(blocking=False)
        b._state.lock.release()
    asyncio.run(cancelled())
    print("sdk: one refresh at a time across a thread and asyncio tasks; a cancelled wait frees the lock")


def live_rules():
    """The live reader's pause floor and 401s."""
    floor = live_module.MIN_DELAY
    reader = live_module._Reader(TABLE_ID, 0, None)
    reader.line("retry: 0")
    assert reader.delay == floor and all(reader.wait() >= floor for _ in range(3)), reader.delay
    reader.connected()
    assert reader.wait(BourreError(503, {"code": "unavailable"}, retry_after=0)) >= floor

    # A server saying `retry: 0` and `Retry-After: 0`: the reconnections still pause.
    server = Server()
    b = sdk(server)
    login(b)
    stream = f"/v1/tables/{TABLE_ID}/stream"
    view = f"retry: 0\n\nid: 2\nevent: view\ndata: {json.dumps(dict(TABLE, version=2))}\n\n"
    server.script[stream] = [httpx.Response(200, content=view.encode()), httpx.Response(200, content=view.encode()),
                             problem(503, "shutting_down", {"Retry-After": "0"})]
    server.stream_refusal = ("invalid_id_token", CHALLENGE)
    pauses = []
    real_time = live_module.time
    live_module.time = type("FakeTime", (), {"sleep": staticmethod(pauses.append)})
    try:
        with b.live(TABLE_ID) as frames:
            list(frames)
        raise AssertionError("no error")
    except BourreError as error:
        # A 401 a refresh cannot cure raises at once, without a refresh.
        assert error.status == 401 and error.code == "invalid_id_token" and server.refreshes == 0, error
    finally:
        live_module.time = real_time
    assert len(pauses) == 3 and min(pauses) >= floor, pauses

    # An ended session raises, without a refresh.
    server.stream_refusal = ("session_ended", REFUSED_BEARER)
    try:
        list(b.live(TABLE_ID))
        raise AssertionError("no error")
    except BourreError as error:
        assert error.code == "session_ended" and server.refreshes == 0, error
    # A token refused again and again after refreshes: a bounded number of refreshes, then raised.
    server.stream_refusal = ("token_expired", REFUSED_BEARER)
    try:
        list(b.live(TABLE_ID))
        raise AssertionError("no error")
    except BourreError as error:
        assert error.code == "token_expired" and 1 <= server.refreshes <= 3, (error, server.refreshes)

    async def asyncio_side():
        refreshes = server.refreshes
        server.stream_refusal = ("invalid_id_token", CHALLENGE)
        try:
            async with b.alive(TABLE_ID) as frames:
                async for _ in frames:
                    pass
            raise AssertionError("no error")
        except BourreError as error:
            assert error.code == "invalid_id_token" and server.refreshes == refreshes, error
    asyncio.run(asyncio_side())
    print("sdk live: pauses at least 0.25 s whatever retry:/Retry-After say; 401s refresh only when curable")


sessions_and_refresh()
writes_retried()
live_sync()
asyncio.run(live_async())
keyed_operations()
resends()
refresh_rules()
one_refresh_sync_and_async()
live_rules()
