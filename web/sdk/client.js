// The client: a method per operation (generated in operations.ts), the session kept and
// refreshed, writes made safe to retry, refusals as typed errors, and a table followed live.
import { errorOf } from "./errors.js";
import { live, sleep } from "./live.js";
import { Operations } from "./operations.js";
import { MemorySessionStore } from "./session.js";
/** The 503 codes after which a call is tried again after `Retry-After`: nothing changed. */
const RETRIED = new Set(["unavailable", "busy", "provider_unavailable"]);
/** The 401 codes that end the session: refreshing cannot revive it. */
const ENDED = new Set(["session_ended", "refresh_token_reused"]);
/** A fresh `Idempotency-Key`: 128 random bits in hex. */
function newKey() {
    const bytes = new Uint8Array(16);
    if (globalThis.crypto?.getRandomValues)
        globalThis.crypto.getRandomValues(bytes);
    else
        for (let i = 0; i < bytes.length; i++)
            bytes[i] = Math.floor(Math.random() * 256);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function queryString(query) {
    if (!query)
        return "";
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
        if (value === undefined || value === null)
            continue;
        for (const one of Array.isArray(value) ? value : [value])
            params.append(name, String(one));
    }
    const text = params.toString();
    return text ? `?${text}` : "";
}
/**
 * A client of a Bourré server.
 *
 * ```ts
 * const bourre = new Bourre({ baseUrl: "https://bourre.example.com" });
 * await bourre.logIn({ username, password }); // the session is kept
 * const leagues = await bourre.listMyLeagues({ limit: 20 });
 * ```
 */
export class Bourre extends Operations {
    store;
    #baseUrl;
    #fetch;
    #timeoutMs;
    #retryForMs;
    #onSignedOut;
    #onRetrying;
    #renewing = null;
    constructor(options = {}) {
        super();
        this.store = options.store ?? new MemorySessionStore();
        this.#baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
        this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
        this.#timeoutMs = options.timeoutMs ?? 15000;
        this.#retryForMs = options.retryForMs ?? 30000;
        this.#onSignedOut = options.onSignedOut;
        this.#onRetrying = options.onRetrying;
    }
    /** The session kept, or null. */
    async session() {
        return this.store.get();
    }
    /** Follows a table live: its frames (views, events, chat) as they come; see `LiveOptions`. */
    live(tableId, options = {}) {
        return live(this, tableId, options);
    }
    /**
     * Renews the session after `stale` (an access token) was refused. A refresh token works
     * once, so every call that asks at once shares one refresh (the store's `lock`, when it
     * has one, makes it one across tabs too), and a session renewed meanwhile is just used.
     * Resolves to null once signed out.
     */
    refresh(stale) {
        if (!this.#renewing) {
            const run = async () => {
                const current = await this.store.get();
                if (!current)
                    return null;
                if (stale !== undefined && current.token !== stale)
                    return current;
                // A failover under way (503 `unavailable`) is waited out as for any call.
                const { response, text } = await this.#retried(undefined, () => this.#send("POST", "/v1/auth/refresh", { refresh_token: current.refresh_token }, undefined, undefined, undefined));
                if (response.status === 401) {
                    await this.#signedOut();
                    return null;
                }
                if (!response.ok)
                    throw await errorOf(response, text);
                const next = JSON.parse(text);
                await this.store.set(next);
                return next;
            };
            const once = this.store.lock ? this.store.lock(run) : run();
            this.#renewing = once.finally(() => {
                this.#renewing = null;
            });
        }
        return this.#renewing;
    }
    async #signedOut() {
        await this.store.set(null);
        this.#onSignedOut?.();
    }
    /** One attempt: the answer with its body read, within the timeout (a stream's body is left to read). */
    async #send(method, path, body, token, key, options, raw = false) {
        const headers = { Accept: raw ? "text/event-stream" : "application/json" };
        let streaming = false;
        if (token)
            headers.Authorization = `Bearer ${token}`;
        if (key)
            headers["Idempotency-Key"] = key;
        if (body !== undefined)
            headers["Content-Type"] = "application/json";
        Object.assign(headers, options?.headers);
        const controller = new AbortController();
        const outer = options?.signal;
        const abort = () => controller.abort(outer?.reason);
        if (outer?.aborted)
            abort();
        outer?.addEventListener("abort", abort, { once: true });
        const timer = this.#timeoutMs > 0
            ? setTimeout(() => controller.abort(new DOMException("The server took too long to answer", "TimeoutError")), this.#timeoutMs)
            : undefined;
        try {
            const response = await this.#fetch(this.#baseUrl + path, {
                method,
                headers,
                body: body === undefined ? undefined : JSON.stringify(body),
                signal: controller.signal,
                // A live stream lasts as long as the page: it goes after the page's own requests.
                ...(raw ? { priority: "low" } : {}),
            });
            if (raw && response.ok && response.body) {
                // The stream goes on after the call: the caller's signal still ends it, until the
                // stream ends (then its listener goes too: a signal that outlives many streams
                // keeps none of them).
                streaming = true;
                const body = released(response.body, () => outer?.removeEventListener("abort", abort));
                const { status, statusText, headers } = response;
                return { response: new Response(body, { status, statusText, headers }), text: "" };
            }
            return { response, text: await response.text() };
        }
        catch (error) {
            throw controller.signal.aborted && controller.signal.reason !== undefined ? controller.signal.reason : error;
        }
        finally {
            clearTimeout(timer);
            if (!streaming)
                outer?.removeEventListener("abort", abort);
        }
    }
    /** `attempt` tried again while it is answered 503 `unavailable`, `busy` or `provider_unavailable`
     * (nothing changed), after `Retry-After` (1 to 5 s), for up to `retryForMs` in all. */
    async #retried(signal, attempt) {
        const until = Date.now() + this.#retryForMs;
        let told;
        try {
            for (;;) {
                const answer = await attempt();
                const { response, text } = answer;
                const code = response.status === 503 ? codeOf(text) : undefined;
                if (code === undefined || !RETRIED.has(code) || Date.now() >= until)
                    return answer;
                if (code !== told)
                    this.#onRetrying?.(true, code);
                told = code;
                const secs = Math.min(Math.max(Number(response.headers.get("Retry-After")) || 1, 1), 5);
                await sleep(Math.min(secs * 1000, Math.max(until - Date.now(), 0)), signal);
            }
        }
        finally {
            if (told !== undefined)
                this.#onRetrying?.(false);
        }
    }
    /**
     * One attempt as the signed-in player: refreshed once when the access token itself was
     * refused. `bearer` false: a request authorised otherwise (a stream's `?ticket=`), sent
     * without the token, whose 401 is the caller's to handle.
     */
    async #authorized(op, path, body, key, options, bearer) {
        const token = op.auth === "none" || !bearer ? undefined : (await this.store.get())?.token;
        let answer = await this.#send(op.method, path, body, token, key, options, op.raw);
        if (answer.response.status !== 401 || op.auth === "none" || !bearer)
            return answer;
        if (token && refreshable(answer.response, codeOf(answer.text))) {
            const renewed = await this.refresh(token);
            if (!renewed)
                return answer;
            answer = await this.#send(op.method, path, body, renewed.token, key, options, op.raw);
            if (answer.response.status !== 401)
                return answer;
        }
        if (!token || ENDED.has(codeOf(answer.text) ?? ""))
            await this.#signedOut();
        return answer;
    }
    async call(op, path, body, query, options) {
        const key = op.method === "GET" ? undefined : (options?.idempotencyKey ?? newKey());
        const url = path + queryString(query);
        // A stream ticket alone authorises the stream: the access token is not sent with it.
        const bearer = query?.ticket === undefined || query.ticket === null;
        try {
            const { response, text } = await this.#retried(options?.signal, () => this.#authorized(op, url, body, key, options, bearer));
            if (op.id === "delete_my_account" && response.ok)
                await this.store.set(null);
            if (response.status === 304)
                return undefined;
            if (!response.ok)
                throw await errorOf(response, text);
            if (op.raw)
                return response;
            const value = text ? JSON.parse(text) : undefined;
            await this.#after(op, value);
            return value;
        }
        finally {
            // Logged out whatever the server answers, or if it cannot be reached at all.
            if (op.id === "log_out")
                await this.store.set(null);
        }
    }
    /** What an answer changes in the session kept. */
    async #after(op, value) {
        if (op.signIn) {
            await this.store.set(value);
            return;
        }
        if (op.id === "upgrade_guest" || op.id === "link_identity") {
            const current = await this.store.get();
            if (!current)
                return;
            const username = op.id === "upgrade_guest" ? value.username : current.player.username;
            await this.store.set({ ...current, player: { ...current.player, username, guest: false } });
        }
    }
}
/** A problem's `code`, when the body is one. */
function codeOf(text) {
    try {
        const code = JSON.parse(text).code;
        return typeof code === "string" ? code : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether a 401 to a call with a token is worth one refresh: the token expired
 * (`token_expired`), or the server says the bearer token itself was refused
 * (`WWW-Authenticate: Bearer ..., error="invalid_token"`) with `unauthorized` (or no code).
 * Never for a refusal about something else: a wrong password, an ID token, a ticket, an ended session.
 */
function refreshable(response, code) {
    if (code === "token_expired")
        return true;
    if (code !== undefined && code !== "unauthorized")
        return false;
    return /\berror\s*=\s*"?invalid_token\b/i.test(response.headers.get("WWW-Authenticate") ?? "");
}
/** `body`, read through: `end` is called once it ends, fails or is cancelled. */
function released(body, end) {
    const reader = body.getReader();
    let ended = false;
    const finish = () => {
        if (ended)
            return;
        ended = true;
        end();
    };
    return new ReadableStream({
        async pull(controller) {
            try {
                const { done, value } = await reader.read();
                if (done) {
                    finish();
                    controller.close();
                }
                else
                    controller.enqueue(value);
            }
            catch (error) {
                finish();
                controller.error(error);
            }
        },
        cancel(reason) {
            finish();
            return reader.cancel(reason);
        },
    });
}
