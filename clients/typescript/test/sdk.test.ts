// The SDK's behaviour against a scripted fetch: sessions refreshed once for every caller,
// writes retried with their key, refusals kept whole, the event stream parsed and followed.
//   npm test

import assert from "node:assert/strict";
import { test } from "node:test";
import { Bourre, BourreError, MemorySessionStore, parseEventStream, type Session } from "../src/index.ts";

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

test("invalid_token in WWW-Authenticate is worth a refresh; a reused refresh token signs out", async () => {
  let signedOut = 0;
  const { fetch } = scripted((url) =>
    url.endsWith("/v1/auth/refresh")
      ? problem(401, "refresh_token_reused")
      : problem(401, "some_new_code", {}, { "WWW-Authenticate": 'Bearer error="invalid_token"' }),
  );
  const store = new MemorySessionStore(session(1));
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store, onSignedOut: () => signedOut++ });
  await assert.rejects(bourre.getMe(), (e: unknown) => e instanceof BourreError && e.code === "some_new_code");
  assert.equal(signedOut, 1);
  assert.equal(store.get(), null);
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
  const retrying: boolean[] = [];
  const bourre = new Bourre({ baseUrl: "http://x", fetch, store: new MemorySessionStore(session(1)), onRetrying: (r) => retrying.push(r) });
  const league = await bourre.createLeague({ name: "n", starting_balance: 5 });
  assert.equal(league.id, "l");
  const keys = calls.map((c) => c.headers["Idempotency-Key"]);
  assert.equal(keys.length, 3);
  assert.ok(keys[0] && keys.every((k) => k === keys[0]));
  assert.deepEqual(retrying, [true, false]);
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
