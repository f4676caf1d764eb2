// The one module that talks to the server: the documented API only (openapi/openapi.json,
// whose generated types this file is checked against in CI). It keeps the session in
// localStorage and renews the access token with the refresh token, silently.

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

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token]
 * @returns {Promise<Response>}
 */
function send(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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

/** Renews the session with its refresh token; signs out when that fails. */
async function renew() {
  const current = session();
  if (!current) return null;
  const response = await send("POST", "/v1/auth/refresh", { refresh_token: current.refresh_token });
  if (!response.ok) {
    keep(null);
    window.dispatchEvent(new Event(SIGNED_OUT));
    return null;
  }
  /** @type {Session} */
  const next = await response.json();
  keep(next);
  return next;
}

/**
 * A call as the signed-in player: renewed once on 401.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function call(method, path, body) {
  let response = await send(method, path, body, session()?.token);
  if (response.status === 401 && session()) {
    const renewed = await renew();
    if (renewed) response = await send(method, path, body, renewed.token);
  }
  if (!response.ok) throw await problemOf(response);
  return response.status === 204 ? null : response.json();
}

/**
 * Logs in (or with `register`, creates the account).
 * @param {string} username
 * @param {string} password
 * @param {boolean} register
 */
export async function signIn(username, password, register) {
  const response = await send("POST", register ? "/v1/auth/register" : "/v1/auth/login", { username, password });
  if (!response.ok) throw await problemOf(response);
  /** @type {Session} */
  const value = await response.json();
  keep(value);
  return value;
}

export async function signOut() {
  try {
    await call("POST", "/v1/auth/logout");
  } finally {
    keep(null);
  }
}

/** @typedef {Schemas["TableView"]} TableView */
/** @typedef {Schemas["ActionIn"]} Action */

/** @returns {Promise<Schemas["LeaguesPage"]>} */
export function myLeagues() {
  return call("GET", "/v1/leagues?limit=100");
}

/** @returns {Promise<Schemas["Turn"][]>} */
export function myTurns() {
  return call("GET", "/v1/players/me/turns");
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
 * @param {string} id
 * @param {number | null} after
 * @returns {Promise<Schemas["LedgerPage"]>}
 */
export function ledger(id, after) {
  return call("GET", `/v1/leagues/${id}/ledger?limit=50${after === null ? "" : `&after=${after}`}`);
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
