// The one module that talks to the server: the documented API only (openapi/openapi.json,
// whose generated types this file is checked against in CI), a function per operation the
// app uses. It keeps the session in localStorage and renews the access token with the
// refresh token, silently.

/** @typedef {import("../clients/typescript/generated/schema").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionOut"]} Session */
/** @typedef {Schemas["Problem"]} Problem */

const KEY = "bourre.session";

/** Sent on `window` when the session could not be renewed (ended or expired). */
export const SIGNED_OUT = "bourre:signed-out";

/** A refusal of the server: its problem+json. */
export class ApiError extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail ?? problem.title);
    this.problem = problem;
  }
}

/** @returns {Session | null} */
export function session() {
  const text = localStorage.getItem(KEY);
  return text ? /** @type {Session} */ (JSON.parse(text)) : null;
}

/** @param {Session | null} value */
function keep(value) {
  if (value) {
    localStorage.setItem(KEY, JSON.stringify(value));
  } else {
    localStorage.removeItem(KEY);
  }
}

/** How long a request may take before the app says so (a phone's connection may hang). */
const TIMEOUT_MS = 15000;

/** Sent on `window` while requests wait for the database to come back (503 `unavailable`: a
 * failover or a restart under way), with `detail` true, and with false once one is answered. */
export const RETRYING = "bourre:retrying";

/** How long a request that found the database away is asked again, in all. */
const RETRY_FOR_MS = 30000;

/** A write's own `Idempotency-Key`: asked again with it, the write is applied once. */
function writeKey() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token]
 * @param {string} [key] the write's `Idempotency-Key`
 * @returns {Promise<Response>}
 */
function send(method, path, body, token, key) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** @param {Response} response */
async function problemOf(response) {
  /** @type {Problem} */
  const problem = await response.json().catch(() => ({
    type: "about:blank",
    title: response.statusText,
    status: response.status,
    code: "internal",
  }));
  return new ApiError(problem);
}

function signedOut() {
  keep(null);
  window.dispatchEvent(new Event(SIGNED_OUT));
}

// A logout in another tab signs this one out too.
window.addEventListener("storage", (event) => {
  if (event.key === KEY && !event.newValue) window.dispatchEvent(new Event(SIGNED_OUT));
});

/** @type {Promise<Session | null> | null} */
let renewing = null;

/**
 * Renews the session after `stale` was refused. A refresh token works once (a second use
 * ends the session), so every call that asks at once shares one renewal, tabs take turns
 * (Web Locks), and a session another call or tab already renewed is just used.
 * @param {string} stale
 * @returns {Promise<Session | null>} null once signed out
 */
function renew(stale) {
  const run = async () => {
    const current = session();
    if (!current) return null;
    if (current.token !== stale) return current;
    const response = await send("POST", "/v1/auth/refresh", { refresh_token: current.refresh_token });
    if (response.status === 401) {
      signedOut();
      return null;
    }
    if (!response.ok) throw await problemOf(response);
    /** @type {Session} */
    const next = await response.json();
    keep(next);
    return next;
  };
  if (!renewing) {
    const once = (async () => (navigator.locks ? await navigator.locks.request(KEY, run) : await run()))();
    renewing = once.finally(() => {
      renewing = null;
    });
  }
  return renewing;
}

/**
 * A call as the signed-in player: renewed once on 401; asked again after `Retry-After`
 * while the database is away (503 `unavailable`, for up to 30 s), a write with the same
 * `Idempotency-Key` each time.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(method, path, body) {
  const key = method === "GET" ? undefined : writeKey();
  const until = Date.now() + RETRY_FOR_MS;
  let waited = false;
  for (;;) {
    const response = await authorized(method, path, body, key);
    const away = response.status === 503 && Date.now() < until && (await response.clone().json().catch(() => null))?.code === "unavailable";
    if (!away) {
      if (waited) window.dispatchEvent(new CustomEvent(RETRYING, { detail: false }));
      if (!response.ok) throw await problemOf(response);
      return response.status === 204 ? null : response.json();
    }
    waited = true;
    window.dispatchEvent(new CustomEvent(RETRYING, { detail: true }));
    const secs = Math.min(Number(response.headers.get("Retry-After")) || 1, 5);
    await new Promise((done) => setTimeout(done, secs * 1000));
  }
}

/**
 * One request as the signed-in player, renewed once on 401.
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 * @param {string | undefined} key
 */
async function authorized(method, path, body, key) {
  const token = session()?.token;
  let response = await send(method, path, body, token, key);
  if (response.status === 401 && token) {
    const renewed = await renew(token);
    if (renewed) response = await send(method, path, body, renewed.token, key);
  } else if (response.status === 401) {
    signedOut();
  }
  return response;
}

/**
 * The session a sign-in answered, kept.
 * @param {Response} response
 * @returns {Promise<Session>}
 */
async function started(response) {
  if (!response.ok) throw await problemOf(response);
  /** @type {Session} */
  const value = await response.json();
  keep(value);
  return value;
}

/**
 * Logs in (or with `register`, creates the account).
 * @param {string} username
 * @param {string} password
 * @param {boolean} register
 */
export async function signIn(username, password, register) {
  return started(await send("POST", register ? "/v1/auth/register" : "/v1/auth/login", { username, password }));
}

/** Plays as a guest: a new player with a generated name, signed in. */
export async function signInGuest() {
  return started(await send("POST", "/v1/auth/guest"));
}

/**
 * The providers players may sign in with (none configured: an empty list).
 * @returns {Promise<Schemas["ProvidersOut"]>}
 */
export async function providers() {
  const response = await send("GET", "/v1/auth/oidc/providers");
  if (!response.ok) throw await problemOf(response);
  return response.json();
}

/** @param {ArrayBuffer | Uint8Array} bytes */
function base64url(bytes) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Starts a sign-in with `provider` through the server (authorization code with PKCE): a
 * verifier made here and kept by the caller, its challenge sent; the browser is to go to
 * `authorization_url`, and comes back to `/oidc` with a code.
 * @param {string} provider
 * @returns {Promise<Schemas["AuthorizationOut"] & { verifier: string }>}
 */
export async function startProviderSignIn(provider) {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const response = await send("POST", "/v1/auth/oidc/authorizations", { provider, redirect_uri: `${location.origin}/oidc`, code_challenge: challenge });
  if (!response.ok) throw await problemOf(response);
  return { ...(await response.json()), verifier };
}

/**
 * The provider's ID token for the code the browser came back with, and the verifier kept.
 * @param {string} state
 * @param {string} code
 * @param {string} verifier
 * @returns {Promise<Schemas["ExchangedOut"]>}
 */
export async function exchangeCode(state, code, verifier) {
  const response = await send("POST", "/v1/auth/oidc/exchange", { state, code, code_verifier: verifier });
  if (!response.ok) throw await problemOf(response);
  return response.json();
}

/**
 * Signs in with a provider's ID token.
 * @param {Schemas["ExchangedOut"]} got
 */
export async function signInWithProvider(got) {
  return started(await send("POST", "/v1/auth/oidc", { provider: got.provider, id_token: got.id_token, nonce: got.nonce }));
}

/**
 * Links a provider's ID token to the signed-in player, confirmed with their password when
 * the account has one; a guest so linked is one no more.
 * @param {Schemas["ExchangedOut"]} got
 * @param {string} [password]
 * @returns {Promise<Schemas["IdentitiesOut"]>}
 */
export async function linkIdentity(got, password) {
  /** @type {Schemas["IdentitiesOut"]} */
  const linked = await call("POST", "/v1/players/me/identities", { provider: got.provider, id_token: got.id_token, nonce: got.nonce, password });
  const current = session();
  if (current) keep({ ...current, player: { ...current.player, guest: false } });
  return linked;
}

/** @returns {Promise<Schemas["IdentitiesOut"]>} */
export function identities() {
  return call("GET", "/v1/players/me/identities");
}

/** @param {string} provider */
export function unlinkIdentity(provider) {
  return call("DELETE", `/v1/players/me/identities/${encodeURIComponent(provider)}`);
}

/**
 * Turns the guest signed in into a full account; the kept session says so.
 * @param {string} username
 * @param {string} password
 * @returns {Promise<Schemas["Me"]>}
 */
export async function upgrade(username, password) {
  /** @type {Schemas["Me"]} */
  const me = await call("POST", "/v1/players/me/upgrade", { username, password });
  const current = session();
  if (current) keep({ ...current, player: { ...current.player, username: me.username, guest: false } });
  return me;
}

/**
 * Sets the signed-in player's email, and has a code mailed to it.
 * @param {string} email
 * @returns {Promise<Schemas["EmailOut"]>}
 */
export function setEmail(email) {
  return call("PUT", "/v1/players/me/email", { email });
}

/**
 * Confirms the signed-in player's email with the code mailed to it.
 * @param {string} code
 * @returns {Promise<Schemas["EmailOut"]>}
 */
export function verifyEmail(code) {
  return call("POST", "/v1/players/me/email/verify", { code });
}

/**
 * Asks for a password reset code by mail (the answer is the same whether or not an account
 * has this address).
 * @param {string} email
 */
export async function requestReset(email) {
  const response = await send("POST", "/v1/auth/password-reset", { email });
  if (!response.ok) throw await problemOf(response);
}

/**
 * Sets a new password with the mailed code: signed in.
 * @param {string} email
 * @param {string} code
 * @param {string} newPassword
 */
export async function confirmReset(email, code, newPassword) {
  return started(await send("POST", "/v1/auth/password-reset/confirm", { email, code, new_password: newPassword }));
}

/**
 * Changes the signed-in player's profile.
 * @param {Schemas["ProfileChange"]} change
 * @returns {Promise<Schemas["Me"]>}
 */
export function updateMe(change) {
  return call("PATCH", "/v1/players/me", change);
}

export async function signOut() {
  try {
    // A browser that cannot unsubscribe still logs out.
    await pushOff().catch(() => null);
    await call("POST", "/v1/auth/logout");
  } finally {
    keep(null);
  }
}

/**
 * What an invite code opens (no sign-in needed).
 * @param {string} code
 * @returns {Promise<Schemas["Invite"]>}
 */
export async function invite(code) {
  const response = await send("GET", `/v1/invites/${encodeURIComponent(code)}`);
  if (!response.ok) throw await problemOf(response);
  return response.json();
}

/** @typedef {Schemas["TableView"]} TableView */
/** @typedef {Schemas["ActionIn"]} Action */

/** @returns {Promise<Schemas["LeaguesPage"]>} */
export function myLeagues() {
  return call("GET", "/v1/leagues?limit=100");
}

/** The tables where the player sits (the first 100). @returns {Promise<Schemas["TablesPage"]>} */
export function myTables() {
  return call("GET", "/v1/players/me/tables?limit=100");
}

/** The first 100 turns, oldest deadline first. @returns {Promise<Schemas["TurnsPage"]>} */
export function myTurns() {
  return call("GET", "/v1/players/me/turns?limit=100");
}

/**
 * @param {string} name
 * @param {number} startingBalance
 * @returns {Promise<Schemas["LeagueView"]>}
 */
export function createLeague(name, startingBalance) {
  return call("POST", "/v1/leagues", { name, starting_balance: startingBalance });
}

/**
 * Joins the league whose invite code this is: a member (201) or a request (202).
 * @param {string} code
 * @returns {Promise<Schemas["LeagueView"] | Schemas["JoinRequest"]>}
 */
export function joinByCode(code) {
  return call("POST", "/v1/leagues/join", { invite_code: code });
}

/** @param {string} id @returns {Promise<Schemas["LeagueDetail"]>} */
export function league(id) {
  return call("GET", `/v1/leagues/${id}`);
}

/** @param {string} id @returns {Promise<Schemas["TablesPage"]>} */
export function leagueTables(id) {
  return call("GET", `/v1/leagues/${id}/tables?limit=100`);
}

/**
 * @param {string} id
 * @param {string} sort a column of the standings
 * @param {"asc" | "desc"} order
 * @returns {Promise<Schemas["Standings"]>}
 */
export function standings(id, sort, order) {
  return call("GET", `/v1/leagues/${id}/standings?sort=${sort}&order=${order}`);
}

/**
 * The ledger, newest first.
 * @param {string} id
 * @param {number | null} after
 * @returns {Promise<Schemas["LedgerPage"]>}
 */
export function ledger(id, after) {
  return call("GET", `/v1/leagues/${id}/ledger?order=desc&limit=50${after === null ? "" : `&after=${after}`}`);
}

/** @param {string} id @returns {Promise<Schemas["MembersPage"]>} */
export function members(id) {
  return call("GET", `/v1/leagues/${id}/members?limit=100`);
}

/** @param {string} id @returns {Promise<Schemas["JoinRequest"][]>} */
export function joinRequests(id) {
  return call("GET", `/v1/leagues/${id}/join-requests`);
}

/**
 * @param {string} league
 * @param {string} name
 * @param {Schemas["TableRules"]} rules
 * @returns {Promise<TableView>}
 */
export function createTable(league, name, rules) {
  return call("POST", "/v1/tables", { league_id: league, name, rules });
}

/** @param {string} id @returns {Promise<TableView>} */
export function table(id) {
  return call("GET", `/v1/tables/${id}`);
}

/**
 * Declares, draws or plays, as of the version of the table the player saw (a stale one is
 * refused with 409 `version_conflict`).
 * @param {string} id
 * @param {Action} action
 * @param {number} version
 * @returns {Promise<TableView>}
 */
export function act(id, action, version) {
  return call("POST", `/v1/tables/${id}/actions`, { action, expected_version: version });
}

/** @param {string} id @returns {Promise<Schemas["StreamTicket"]>} */
export function streamTicket(id) {
  return call("POST", `/v1/tables/${id}/stream-ticket`);
}

/**
 * @param {string} id
 * @param {number | null} after
 * @returns {Promise<Schemas["HandPage"]>}
 */
export function hands(id, after) {
  return call("GET", `/v1/tables/${id}/hands?limit=20${after === null ? "" : `&after=${after}`}`);
}

/**
 * @param {string} id
 * @param {number} hand
 * @returns {Promise<Schemas["AuditReport"]>}
 */
export function audit(id, hand) {
  return call("GET", `/v1/tables/${id}/hands/${hand}/audit`);
}

/**
 * @param {string} id
 * @param {number} hand
 * @returns {Promise<Schemas["HandRecord"]>}
 */
export function handRecord(id, hand) {
  return call("GET", `/v1/tables/${id}/hands/${hand}`);
}

/** Sits the caller at the lowest free seat. @param {string} id @returns {Promise<TableView>} */
export function sit(id) {
  return call("POST", `/v1/tables/${id}/seats`);
}

/** @param {string} id @returns {Promise<TableView>} */
export function stand(id) {
  return call("DELETE", `/v1/tables/${id}/seats/me`);
}

/** Starts the next hand. @param {string} id @returns {Promise<TableView>} */
export function deal(id) {
  return call("POST", `/v1/tables/${id}/hands`);
}

/** Seats a server-side bot at the lowest free seat. @param {string} id @returns {Promise<TableView>} */
export function addBot(id) {
  return call("POST", `/v1/tables/${id}/bots`);
}

/** @returns {Promise<Schemas["Me"]>} */
export function me() {
  return call("GET", "/v1/players/me");
}

/** @returns {Promise<Schemas["NotificationSettings"]>} */
export function notificationSettings() {
  return call("GET", "/v1/players/me/notification-settings");
}

/** @param {Schemas["NotificationSettings"]} settings @returns {Promise<Schemas["NotificationSettings"]>} */
export function setNotificationSettings(settings) {
  return call("PUT", "/v1/players/me/notification-settings", settings);
}

/** @param {string} id @param {string} player @returns {Promise<null>} */
export function promote(id, player) {
  return call("POST", `/v1/leagues/${id}/admins`, { player_id: player });
}

/**
 * @param {string} id
 * @param {string} player
 * @param {number} amount
 * @param {string} reason
 * @returns {Promise<Schemas["Granted"]>}
 */
export function grant(id, player, amount, reason) {
  return call("POST", `/v1/leagues/${id}/grants`, { player_id: player, amount, reason });
}

/** @param {string} id @returns {Promise<Schemas["LeagueView"]>} */
export function rotateInviteCode(id) {
  return call("POST", `/v1/leagues/${id}/invite-code`);
}

/**
 * Sets what the league's tables may say, and whether members watching may talk (admins).
 * @param {string} id
 * @param {Schemas["ChatPolicy"]} chat
 * @param {boolean} watchers
 * @returns {Promise<Schemas["LeagueView"]>}
 */
export function setLeagueChat(id, chat, watchers) {
  return call("PATCH", `/v1/leagues/${id}`, { chat, watchers_chat: watchers });
}

/** The phrases and emotes every table may say. @returns {Promise<Schemas["PhrasesOut"]>} */
export function phrases() {
  return call("GET", "/v1/chat/phrases");
}

/** Says a phrase or text at the table. @param {string} id @param {Schemas["ChatIn"]} body @returns {Promise<Schemas["ChatMessage"]>} */
export function say(id, body) {
  return call("POST", `/v1/tables/${id}/chat`, body);
}

/** @param {string} player @returns {Promise<Schemas["Block"]>} */
export function block(player) {
  return call("POST", "/v1/players/me/blocks", { player_id: player });
}

/** @returns {Promise<Schemas["Blocks"]>} */
export function blocks() {
  return call("GET", "/v1/players/me/blocks");
}

/** @param {string} player @returns {Promise<null>} */
export function unblock(player) {
  return call("DELETE", `/v1/players/me/blocks/${player}`);
}

/** @param {Schemas["ReportIn"]} body @returns {Promise<Schemas["Report"]>} */
export function report(body) {
  return call("POST", "/v1/reports", body);
}

/**
 * The league's open reports, oldest first, or the resolved ones, newest first (admins).
 * @param {string} id
 * @param {"open" | "resolved"} state
 * @returns {Promise<Schemas["ReportPage"]>}
 */
export function reports(id, state) {
  return call("GET", `/v1/leagues/${id}/reports?state=${state}`);
}

/**
 * Acts on a report (admins).
 * @param {string} id
 * @param {number} report
 * @param {Schemas["ModerationAction"]} action
 * @param {number} [hours] for a mute
 * @returns {Promise<Schemas["Report"]>}
 */
export function moderate(id, report, action, hours) {
  return call("POST", `/v1/leagues/${id}/reports/${report}`, hours === undefined ? { action } : { action, hours });
}

/** @param {string} id @returns {Promise<Schemas["Season"]>} */
export function closeSeason(id) {
  return call("POST", `/v1/leagues/${id}/seasons`);
}

/** @param {string} id @param {string} player @returns {Promise<Schemas["Admitted"]>} */
export function approveJoin(id, player) {
  return call("POST", `/v1/leagues/${id}/join-requests/${player}`);
}

/** @param {string} id @param {string} player @returns {Promise<null>} */
export function declineJoin(id, player) {
  return call("DELETE", `/v1/leagues/${id}/join-requests/${player}`);
}

/**
 * This browser subscribed to the player's "your turn" pushes: the service worker
 * registered, subscribed with the server's VAPID key, and the subscription sent (again at
 * each sign-in, so it follows whoever is signed in here). Resolves to false where the
 * browser or the server has no Web Push.
 * @returns {Promise<boolean>}
 */
export async function pushOn() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
  const response = await send("GET", "/v1/push/vapid-public-key");
  if (!response.ok) return false;
  /** @type {Schemas["VapidKeyOut"]} */
  const { public_key: key } = await response.json();
  const registration = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  const bytes = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  let subscription = await registration.pushManager.getSubscription();
  const held = subscription?.options.applicationServerKey;
  const same = held && new Uint8Array(held).every((b, i) => b === bytes[i]) && held.byteLength === bytes.length;
  // One made for another key (the server's changed) is of no use: subscribed anew.
  if (subscription && !same) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
  /** @type {Schemas["PushSubscriptionIn"]} */
  const body = /** @type {any} */ (subscription.toJSON());
  await call("POST", "/v1/players/me/push-subscriptions", body);
  return true;
}

/** Stops this browser's pushes (at logout): unsubscribed at the server, then here. */
async function pushOff() {
  const registration = await navigator.serviceWorker?.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  /** @type {Schemas["PushSubscriptionGone"]} */
  const gone = { endpoint: subscription.endpoint };
  await call("DELETE", "/v1/players/me/push-subscriptions", gone).catch(() => null);
  await subscription.unsubscribe();
}
