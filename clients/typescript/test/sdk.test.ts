// The SDK's behaviour against a scripted fetch: sessions refreshed once for every caller,
// writes retried with their key, refusals kept whole, the event stream parsed and followed.
//   npm test

import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import { Bourre, BourreError, MemorySessionStore, parseEventStream, type Frame, type Session } from "../src/index.ts";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function scripted(handler: Handler) {
  const calls: { url: string; init: RequestInit; headers: Record<string, string> }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, headers: (init.headers ?? {}) as Record<string, string> });
    return handler(url, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const problem = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json(status, { type: `urn:bourre:problem:${code}`, title: "t", status, detail: `d ${code}`, code, request_id: "r1", ...extra }, headers);

const session = (n: number): Session =>
  ({ token: `access${n}`, refresh_token: `refresh${n}`, expires_at: "", refresh_expires_at: "", player: { id: "p", username: "ann", guest: false } }) as unknown as Session;

test("concurrent calls refused with token_expired share one refresh", async () => {
  let refreshes = 0;
  const { fetch, calls } = scripted(async (url, init) => {
    const auth = (init.headers as Record<string, string>).Authorization;
    if (url.endsWith("/v1/auth/refresh")) {
      refreshes++;
      assert.equal(JSON.parse(String(init.body)).refresh_token, "refresh1");
      await new Promise((r) => setTimeout(r, 20));
      return json(200, session(2));
    }
    return auth === "Bearer access2" ? json(200, { ok: true }) : problem(401, "token_expired");
  });
  const store = new MemorySessionStore(session(1));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store });
  await Promise.all([bourre.getMe(), bourre.listMyLeagues(), bourre.getMe()]);
  assert.equal(refreshes, 1);
  assert.equal(store.get()?.token, "access2");
  assert.equal(calls.filter((c) => c.url.endsWith("/v1/players/me")).length, 4);
});

test("unauthorized with invalid_token in WWW-Authenticate (the bearer refused) is worth a refresh; a reused refresh token signs out", async () => {
  let signedOut = 0;
  const { fetch, calls } = scripted((url) =>
    url.endsWith("/v1/auth/refresh")
      ? problem(401, "refresh_token_reused")
      : problem(401, "unauthorized", {}, { "WWW-Authenticate": 'Bearer realm="bourre", error="invalid_token"' }),
  );
  const store = new MemorySessionStore(session(1));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store, onSignedOut: () => signedOut++ });
  await assert.rejects(bourre.getMe(), (e: unknown) => e instanceof BourreError && e.code === "unauthorized");
  assert.equal(calls.filter((c) => c.url.endsWith("/v1/auth/refresh")).length, 1);
  assert.equal(signedOut, 1);
  assert.equal(store.get(), null);
});

test("a 401 about something else than the access token is not refreshed, whatever its challenge", async () => {
  const challenge = { "WWW-Authenticate": 'Bearer realm="bourre", error="invalid_token"' };
  const cases: [string, Record<string, string>][] = [
    ["invalid_id_token", challenge],
    ["refresh_token_reused", challenge],
    ["session_ended", challenge],
    ["wrong_password", challenge],
    ["some_new_code", challenge],
    // `unauthorized` without the challenge: a wrong password, a refused stream ticket.
    ["unauthorized", { "WWW-Authenticate": 'Bearer realm="bourre"' }],
    ["unauthorized", {}],
  ];
  for (const [code, headers] of cases) {
    const { fetch, calls } = scripted(() => problem(401, code, {}, headers));
    const store = new MemorySessionStore(session(1));
    const bourre = new Bourre({ baseUrl: "http://x", fetch, store });
    await assert.rejects(bourre.getMe(), (e: unknown) => e instanceof BourreError && e.code === code);
    assert.equal(calls.length, 1, `${code}: no refresh`);
    assert.equal(store.get() === null, code === "session_ended" || code === "refresh_token_reused", `${code}: the session kept unless it ended`);
  }
});

test("a refresh answered 503 unavailable waits for Retry-After and is tried again", async () => {
  let refreshes = 0;
  const { fetch } = scripted((url, init) => {
    if (url.endsWith("/v1/auth/refresh")) return ++refreshes === 1 ? problem(503, "unavailable", {}, { "Retry-After": "1" }) : json(200, session(2));
    return (init.headers as Record<string, string>).Authorization === "Bearer access2" ? json(200, { ok: true }) : problem(401, "token_expired");
  });
  const retrying: unknown[][] = [];
  const store = new MemorySessionStore(session(1));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store, onRetrying: (...args) => retrying.push(args) });
  assert.deepEqual(await bourre.getMe(), { ok: true });
  assert.equal(refreshes, 2);
  assert.equal(store.get()?.token, "access2");
  assert.deepEqual(retrying, [[true, "unavailable"], [false]]);
});

test("session_ended signs out without a refresh", async () => {
  const { fetch, calls } = scripted(() => problem(401, "session_ended"));
  let signedOut = 0;
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)), onSignedOut: () => signedOut++ });
  await assert.rejects(bourre.getMe(), BourreError);
  assert.equal(calls.length, 1);
  assert.equal(signedOut, 1);
});

test("a write is retried after Retry-After on 503 with the same Idempotency-Key", async () => {
  let n = 0;
  const { fetch, calls } = scripted(() => (++n < 3 ? problem(503, n === 1 ? "unavailable" : "busy", {}, { "Retry-After": "0" }) : json(201, { id: "l" })));
  const retrying: unknown[][] = [];
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)), onRetrying: (...args) => retrying.push(args) });
  const league = await bourre.createLeague({ name: "n", starting_balance: 5 });
  assert.equal(league.id, "l");
  const keys = calls.map((c) => c.headers["Idempotency-Key"]);
  assert.equal(keys.length, 3);
  assert.ok(keys[0] && keys.every((k) => k === keys[0]));
  // Why it waits, as it changes; false once answered.
  assert.deepEqual(retrying, [[true, "unavailable"], [true, "busy"], [false]]);
  await bourre.createLeague({ name: "n", starting_balance: 5 });
  assert.notEqual(calls[3]?.headers["Idempotency-Key"], keys[0]);
  assert.equal(calls.find((c) => c.init.method === "GET"), undefined);
});

test("a refusal keeps its whole problem, unknown codes and fields included", async () => {
  const { fetch } = scripted(() => problem(409, "brand_new_code", { current_version: 7, extra: "x" }));
  const bourre = new Bourre({ baseUrl: "http://x", fetch });
  const error = await bourre.getInvite("CODE").catch((e: unknown) => e);
  assert.ok(error instanceof BourreError);
  assert.equal(error.status, 409);
  assert.equal(error.code, "brand_new_code");
  assert.equal(error.request_id, "r1");
  assert.equal(error.problem.current_version, 7);
  assert.equal(error.problem.extra, "x");
});

test("sign-ins keep their session, logout forgets it; paths and queries are encoded", async () => {
  const { fetch, calls } = scripted((url) => (url.includes("/v1/auth/logout") ? new Response(null, { status: 204 }) : json(201, session(9))));
  const store = new MemorySessionStore();
  const bourre = new Bourre({ baseUrl: "http://x/", fetch, store });
  await bourre.registerPlayer({ username: "ann", password: "correct horse battery" });
  assert.equal(store.get()?.token, "access9");
  assert.equal(calls[0]?.headers.Authorization, undefined);
  await bourre.logOut();
  assert.equal(calls[1]?.headers.Authorization, "Bearer access9");
  assert.equal(store.get(), null);
  await bourre.getLeagueLedger("a/b", { order: "desc", limit: 5 }).catch(() => null);
  assert.equal(calls[2]?.url, "http://x/v1/leagues/a%2Fb/ledger?order=desc&limit=5");
});

test("a body that is no problem (a proxy's HTML 502) is typed by its status, not as the server's own failure", async () => {
  const { fetch } = scripted(() => new Response("<html><body>Bad Gateway</body></html>", { status: 502, statusText: "Bad Gateway", headers: { "Content-Type": "text/html" } }));
  const error = await new Bourre({ baseUrl: "http://x", fetch }).getInvite("CODE").catch((e: unknown) => e);
  assert.ok(error instanceof BourreError);
  assert.equal(error.status, 502);
  assert.equal(error.code, "http_502");
  assert.notEqual(error.code, "internal");
});

test("logOut forgets the session whatever the server answers, even when it cannot be reached", async () => {
  for (const answer of [() => problem(500, "internal"), () => Promise.reject(new TypeError("fetch failed"))]) {
    const { fetch } = scripted(answer);
    const store = new MemorySessionStore(session(1));
    await assert.rejects(new Bourre({ baseUrl: "http://x", fetch, store }).logOut());
    assert.equal(store.get(), null);
  }
});

test("a stream's Response leaves no abort listener on the caller's signal once it ends", async () => {
  const { fetch } = scripted(() => new Response(streamOf(["data: x\n\n"]), { status: 200 }));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)) });
  const signal = new AbortController().signal;
  for (let i = 0; i < 3; i++) {
    const response = await bourre.streamTableEvents("T", { ticket: "t" }, { signal });
    assert.equal(await response.text(), "data: x\n\n");
  }
  assert.equal(getEventListeners(signal, "abort").length, 0);
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

test("text/event-stream: fields, comments, CRLF, split chunks, multi-line data, retry", async () => {
  const retries: number[] = [];
  const got = [];
  const chunks = ["\uFEFF: keep-alive\n\nid: 1\r\nevent: seat_taken\r\ndata: {\"a\"", ":1}\r\n\r", "\nevent: chat\ndata: line1\ndata:line2\n\nretry: 1000\nid: 2\ndata: x\n\n", "data: unterminated"];
  for await (const m of parseEventStream(streamOf(chunks), (ms) => retries.push(ms))) got.push(m);
  assert.deepEqual(got, [
    { event: "seat_taken", data: '{"a":1}', lastEventId: "1", hasId: true },
    { event: "chat", data: "line1\nline2", lastEventId: "1", hasId: false },
    { event: "message", data: "x", lastEventId: "2", hasId: true },
  ]);
  assert.deepEqual(retries, [1000]);
});

test("live: typed frames, a fresh ticket and Last-Event-ID on reconnect, stops on 404 and on break", async () => {
  let streams = 0;
  const view = { version: 3, hand_no: 1 };
  const { fetch, calls } = scripted((url) => {
    if (url.endsWith("/stream-ticket")) return json(201, { ticket: `t${streams}`, expires_at: "" });
    streams++;
    if (streams === 1) {
      const event = { seq: 2, kind: "seat_taken", hand_no: 0, created_at: "", data: { type: "seat_taken" } };
      return new Response(streamOf([`id: 2\nevent: seat_taken\ndata: ${JSON.stringify(event)}\n\n`, `event: chat\ndata: {"id":5}\n\nid: 3\nevent: view\ndata: ${JSON.stringify(view)}\n\n`]), { status: 200 });
    }
    if (streams === 2) return new Response(streamOf(['event: chat_hidden\ndata: {"id":5}\n\n']), { status: 200 });
    return problem(404, "table_not_found");
  });
  const status: boolean[] = [];
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)) });
  const frames: unknown[] = [];
  await assert.rejects(
    (async () => {
      for await (const frame of bourre.live("T", { minDelayMs: 1, onStatus: (up) => status.push(up) })) frames.push(frame);
    })(),
    (e: unknown) => e instanceof BourreError && e.status === 404,
  );
  assert.deepEqual(frames.map((f) => (f as { type: string }).type), ["event", "chat", "view", "chat_hidden"]);
  assert.deepEqual(frames[2], { type: "view", view, id: 3 });
  const opened = calls.filter((c) => c.url.includes("/stream?"));
  assert.equal(opened[0]?.url, "http://x/v1/tables/T/stream?ticket=t0");
  assert.equal(opened[1]?.url, "http://x/v1/tables/T/stream?ticket=t1&after=3&chat_after=5");
  assert.equal(opened[1]?.headers["Last-Event-ID"], "3");
  assert.deepEqual(status, [true, false, true, false]);

  // Breaking out of the loop ends the stream.
  streams = 0;
  for await (const frame of bourre.live("T", { minDelayMs: 1 })) {
    assert.equal(frame.type, "event");
    break;
  }
  assert.equal(streams, 1);
});

test("live: the ticket alone authorises the stream; a refused ticket gets a fresh one, a refused ticket request stops it", async () => {
  let tickets = 0;
  let streams = 0;
  let refreshes = 0;
  const { fetch, calls } = scripted((url, init) => {
    const auth = (init.headers as Record<string, string>).Authorization;
    if (url.endsWith("/v1/auth/refresh")) return ++refreshes === 1 ? json(200, session(2)) : problem(401, "session_ended");
    if (url.endsWith("/stream-ticket")) {
      // The first token expires after one ticket; the second session ends after two more.
      if (auth === "Bearer access1" && tickets >= 1) return problem(401, "token_expired", {}, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
      if (auth === "Bearer access2" && tickets >= 3) return problem(401, "session_ended", {}, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
      return json(201, { ticket: `t${++tickets}`, expires_at: "" });
    }
    streams++;
    // The first ticket is refused (it expired with its token): `unauthorized`, no challenge.
    if (url.includes("ticket=t1")) return problem(401, "unauthorized");
    return new Response(streamOf([`id: ${streams}\nevent: view\ndata: {"version":${streams}}\n\n`]), { status: 200 });
  });
  let signedOut = 0;
  const store = new MemorySessionStore(session(1));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store, onSignedOut: () => signedOut++ });
  const outer = new AbortController();
  const frames: Frame[] = [];
  await assert.rejects(
    (async () => {
      for await (const frame of bourre.live("T", { minDelayMs: 1, signal: outer.signal })) frames.push(frame);
    })(),
    (e: unknown) => e instanceof BourreError && e.status === 401 && e.code === "session_ended",
  );
  assert.equal(frames.length, 2);
  const opened = calls.filter((c) => c.url.includes("/stream?"));
  assert.deepEqual(opened.map((c) => new URL(c.url).searchParams.get("ticket")), ["t1", "t2", "t3"]);
  for (const call of opened) assert.equal(call.headers.Authorization, undefined);
  assert.equal(refreshes, 1, "refreshed once for the ticket request, never for the stream's own 401");
  assert.equal(signedOut, 1);
  assert.equal(store.get(), null);
  assert.equal(getEventListeners(outer.signal, "abort").length, 0);
});

test("live: 400 is final; retry: 0 is kept to the least delay; a silent connection is dropped and another made", async () => {
  // 400: malformed (a bad Last-Event-ID): another try would be refused the same way.
  {
    const { fetch, calls } = scripted((url) => (url.endsWith("/stream-ticket") ? json(201, { ticket: "t", expires_at: "" }) : problem(400, "invalid_last_event_id")));
    const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)) });
    await assert.rejects(
      (async () => {
        for await (const _ of bourre.live("T", { minDelayMs: 1, after: 5 })) void _;
      })(),
      (e: unknown) => e instanceof BourreError && e.status === 400,
    );
    assert.equal(calls.filter((c) => c.url.includes("/stream?")).length, 1);
  }
  // `retry: 0`, then the stream ends at once: connections are still `minDelayMs` apart.
  {
    const opened: number[] = [];
    const { fetch } = scripted((url) => {
      if (url.endsWith("/stream-ticket")) return json(201, { ticket: "t", expires_at: "" });
      opened.push(Date.now());
      return opened.length < 4 ? new Response(streamOf(["retry: 0\n\n"]), { status: 200 }) : problem(404, "table_not_found");
    });
    const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)) });
    await assert.rejects(
      (async () => {
        for await (const _ of bourre.live("T", { minDelayMs: 40, maxDelayMs: 40 })) void _;
      })(),
      (e: unknown) => e instanceof BourreError && e.status === 404,
    );
    assert.equal(opened.length, 4);
    for (let i = 1; i < opened.length; i++) assert.ok(opened[i]! - opened[i - 1]! >= 35, `connections ${opened[i]! - opened[i - 1]!} ms apart`);
  }
  // A connection that sends nothing (its keep-alives lost) is dropped after idleTimeoutMs.
  {
    let streams = 0;
    const { fetch } = scripted((url) => {
      if (url.endsWith("/stream-ticket")) return json(201, { ticket: "t", expires_at: "" });
      streams++;
      if (streams === 1) return new Response(new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(": keep-alive\n\n")); } }), { status: 200 });
      return new Response(streamOf(['id: 7\nevent: view\ndata: {"version":7}\n\n']), { status: 200 });
    });
    const status: boolean[] = [];
    const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)) });
    const started = Date.now();
    for await (const frame of bourre.live("T", { minDelayMs: 1, idleTimeoutMs: 60, onStatus: (up) => status.push(up) })) {
      assert.deepEqual(frame, { type: "view", view: { version: 7 }, id: 7 });
      break;
    }
    assert.equal(streams, 2);
    assert.ok(Date.now() - started >= 55);
    assert.deepEqual(status, [true, false, true]);
  }
});
