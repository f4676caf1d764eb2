// A table followed live: `GET /v1/tables/{table_id}/stream` read with `fetch` (browsers and
// Node 18+), its text/event-stream parsed here, authorised with a stream ticket alone and
// reconnected with `Last-Event-ID` and a fresh ticket, backing off, until the consumer
// stops or the server refuses for good (400, 403, 404; 401 to the ticket once signed out).

import { BourreError } from "./errors.js";
import type { CallOptions } from "./operations.js";
import type { components } from "./schema.js";

type Schemas = components["schemas"];

/** What the stream gives, frame by frame. */
export type Frame =
  /** The caller's whole view of the table after a commit; `id` is the table's version. */
  | { type: "view"; view: Schemas["TableView"]; id: number }
  /** An event of the log, as the caller may see it; `id` is its `seq`. */
  | { type: "event"; kind: Schemas["EventOut"]["kind"]; event: Schemas["EventOut"]; id: number }
  /** A chat message said at the table. */
  | { type: "chat"; message: Schemas["ChatMessage"] }
  /** A message an admin hid after the stream gave it. */
  | { type: "chat_hidden"; id: number };

export interface LiveOptions {
  /** Start after this version (or event `seq`): the stream sends what came since, then the view now.
   * A function is asked at each connection (the version the caller has now). Default: the whole log. */
  after?: number | (() => number | undefined);
  /** Chat messages after this id first (a function is asked at each connection). Default: none of the past. */
  chatAfter?: number | (() => number | undefined);
  /** Stops following, as breaking out of the loop does. */
  signal?: AbortSignal;
  /** Called with true once a connection is open, with false when it ended and another is to be tried. */
  onStatus?: (connected: boolean) => void;
  /** The first wait before connecting again, in ms (default 1,000), doubled up to `maxDelayMs` (default 10,000);
   * a server's `retry:` is kept within them. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A connection that gives no byte for this long, in ms, is dropped and another made (default 45,000:
   * the server sends a keep-alive every 15 s). */
  idleTimeoutMs?: number;
}

/** What `live` needs of the client. */
export interface LiveClient {
  createStreamTicket(tableId: string, options?: CallOptions): Promise<Schemas["StreamTicket"]>;
  streamTableEvents(
    tableId: string,
    query?: { ticket?: string | null; after?: number | null; chat_after?: number | null },
    options?: CallOptions,
  ): Promise<Response>;
}

/** One message of a text/event-stream. */
export interface StreamMessage {
  event: string;
  data: string;
  /** The last `id:` seen on the stream so far (it carries over messages without one). */
  lastEventId: string;
  /** Whether this message had an `id:` of its own. */
  hasId: boolean;
}

/**
 * Parses a text/event-stream (the HTML standard's rules: `id:`, `event:`, `data:` lines,
 * `:` comments, `retry:`), yielding each message; `retry` is called with a `retry:` value.
 */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
  retry: (ms: number) => void = () => {},
  lastEventId = "",
): AsyncGenerator<StreamMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let hasId = false;
  let first = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (first && buffer.length > 0) {
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
        first = false;
      }
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone `\r` at the end may be the first half of `\r\n`: wait for more.
        if (end < 0 || (end === buffer.length - 1 && buffer[end] === "\r" && !done)) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) {
            yield { event: event || "message", data: data.join("\n"), lastEventId, hasId };
          }
          data = [];
          event = "";
          hasId = false;
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value_ = colon < 0 ? "" : line.slice(colon + 1);
        if (value_.startsWith(" ")) value_ = value_.slice(1);
        if (field === "data") data.push(value_);
        else if (field === "event") event = value_;
        else if (field === "id" && !value_.includes("\0")) {
          lastEventId = value_;
          hasId = true;
        } else if (field === "retry" && /^\d+$/.test(value_)) retry(Number(value_));
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A frame of a stream's message, or null for a kind this client does not know. */
function frameOf(message: StreamMessage): Frame | null {
  const data = JSON.parse(message.data) as unknown;
  const id = Number(message.lastEventId);
  switch (message.event) {
    case "view":
      return { type: "view", view: data as Schemas["TableView"], id };
    case "chat":
      return { type: "chat", message: data as Schemas["ChatMessage"] };
    case "chat_hidden":
      return { type: "chat_hidden", id: (data as { id: number }).id };
    default: {
      const event = data as Schemas["EventOut"];
      if (typeof event?.seq !== "number") return null;
      return { type: "event", kind: event.kind, event, id: event.seq };
    }
  }
}

const ask = (value: number | (() => number | undefined) | undefined) => (typeof value === "function" ? value() : value);

/** Whether another connection would be refused the same way: malformed (400), not allowed
 * (403), gone (404); a 401 to the stream itself is its ticket's, and a fresh one is asked for. */
function final(error: unknown): boolean {
  return error instanceof BourreError && (error.status === 400 || error.status === 403 || error.status === 404);
}

/** Follows a table: see `Bourre.live`. */
export async function* live(client: LiveClient, tableId: string, options: LiveOptions = {}): AsyncGenerator<Frame, void, undefined> {
  const controller = new AbortController();
  const outer = options.signal;
  const stop = () => controller.abort(outer?.reason);
  if (outer?.aborted) return;
  outer?.addEventListener("abort", stop, { once: true });
  const signal = controller.signal;
  const least = Math.max(options.minDelayMs ?? 1000, 1);
  const most = Math.max(options.maxDelayMs ?? 10000, least);
  const idle = options.idleTimeoutMs ?? 45000;
  let wait = least;
  let last: number | undefined;
  let lastChat: number | undefined;
  try {
    while (!signal.aborted) {
      // Each connection has its own signal, ended with it: the watchdog aborts it alone,
      // and nothing of it stays on the iterator's signal once it ends.
      const connection = new AbortController();
      const drop = () => connection.abort(signal.reason);
      signal.addEventListener("abort", drop, { once: true });
      // Which request failed: a refused ticket request (its session already refreshed once)
      // means signed out; the stream's own 401 is its ticket's (expired with its token), and
      // the next round asks for another, refreshing the session if need be.
      let asking = true;
      try {
        const { ticket } = await client.createStreamTicket(tableId, { signal });
        asking = false;
        const after = Math.max(ask(options.after) ?? -1, last ?? -1);
        const chatAfter = Math.max(ask(options.chatAfter) ?? -1, lastChat ?? -1);
        const response = await client.streamTableEvents(
          tableId,
          { ticket, ...(after >= 0 ? { after } : {}), ...(chatAfter >= 0 ? { chat_after: chatAfter } : {}) },
          { signal: connection.signal, ...(after >= 0 ? { headers: { "Last-Event-ID": String(after) } } : {}) },
        );
        if (!response.body) throw new TypeError("the stream has no body");
        options.onStatus?.(true);
        wait = least;
        const body = watched(response.body, idle, connection);
        // A server's `retry:` is kept within the delays: `retry: 0` does not make a busy loop.
        for await (const message of parseEventStream(body, (ms) => (wait = Math.min(Math.max(ms, least), most)))) {
          const frame = frameOf(message);
          if (message.hasId) last = Number(message.lastEventId);
          if (!frame) continue;
          if (frame.type === "chat") lastChat = Math.max(lastChat ?? -1, frame.message.id);
          yield frame;
        }
      } catch (error) {
        if (signal.aborted) return;
        if (final(error) || (asking && error instanceof BourreError && error.status === 401)) throw error;
      } finally {
        signal.removeEventListener("abort", drop);
        connection.abort();
      }
      if (signal.aborted) return;
      options.onStatus?.(false);
      await sleep(wait, signal).catch(() => {});
      wait = Math.min(wait * 2, most);
    }
  } finally {
    outer?.removeEventListener("abort", stop);
    controller.abort();
  }
}

/** `body` read through, and `connection` aborted (the body failing with it) after `idleMs` without a byte. */
function watched(body: ReadableStream<Uint8Array>, idleMs: number, connection: AbortController): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (idleMs > 0) timer = setTimeout(() => connection.abort(new DOMException("The stream was silent too long", "TimeoutError")), idleMs);
  };
  let ended = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      arm();
      connection.signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          if (!ended) controller.error(connection.signal.reason);
          ended = true;
          reader.cancel(connection.signal.reason).catch(() => {});
        },
        { once: true },
      );
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (ended) return;
        if (done) {
          ended = true;
          clearTimeout(timer);
          controller.close();
        } else {
          arm();
          controller.enqueue(value);
        }
      } catch (error) {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        controller.error(error);
      }
    },
    cancel(reason) {
      ended = true;
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
}

/** Waits `ms`, or less when `signal` aborts (then throws its reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
