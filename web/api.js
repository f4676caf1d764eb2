// The one module that talks to the server: the documented API only (openapi/openapi.json,
// whose generated types this file is checked against in CI). It keeps the session in
// localStorage and renews the access token with the refresh token, silently.

/** @typedef {import("../clients/typescript/generated/schema").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionOut"]} Session */
/** @typedef {Schemas["Problem"]} Problem */

const KEY = "bourre.session";

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

/** @returns {Promise<Schemas["LeaguesPage"]>} */
export function myLeagues() {
  return call("GET", "/v1/leagues?limit=100");
}
