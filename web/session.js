// The app's one client of the server: the SDK (clients/typescript, built into ./sdk/),
// its session kept in localStorage and shared by the app's tabs, with the browser's own
// parts (a sign-in with a provider's PKCE verifier, the "your turn" Web Push subscription).
// Every request goes through the SDK.

import { Bourre, BourreError } from "./sdk/index.js";

export { BourreError };

/** @typedef {import("./sdk/index.js").Schemas} Schemas */
/** @typedef {import("./sdk/index.js").Session} Session */
/** @typedef {import("./sdk/index.js").KnownErrorCode} KnownErrorCode */
/** @typedef {Schemas["TableView"]} TableView */
/** @typedef {Schemas["ActionIn"]} Action */

const KEY = "bourre.session";

/** The cache holding the last view of each table seen here, for offline visits (the
 * service worker's clean-up spares it; a logout empties it). */
export const SEEN = "bourre-seen";

/** Sent on `window` when the session could not be renewed (ended or expired). */
export const SIGNED_OUT = "bourre:signed-out";

/** Sent on `window` while requests wait to be tried again, with `detail` the 503's code
 * (`unavailable`: the database away, a failover or a restart under way; `busy`: the server
 * busy signing players in; `provider_unavailable`: the sign-in provider out of reach), again
 * if it changes, and with false once one is answered. */
export const RETRYING = "bourre:retrying";

/** A `RETRYING` event's `detail`: why requests wait, or false once one is answered.
 * @typedef {import("./sdk/index.js").RetriedCode | false} Retrying */

/** The session kept, read afresh (another tab may have renewed it). @returns {Session | null} */
export function session() {
  const text = localStorage.getItem(KEY);
  return text ? /** @type {Session} */ (JSON.parse(text)) : null;
}

/** @type {import("./sdk/index.js").SessionStore} */
const store = {
  get: session,
  set(value) {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  },
  // A refresh token works once (a second use ends the session): tabs refresh in turn, and
  // a tab that waited finds the session another renewed.
  lock: (run) => (navigator.locks ? /** @type {Promise<any>} */ (navigator.locks.request(KEY, run)) : run()),
};

export const api = new Bourre({
  store,
  onSignedOut: () => window.dispatchEvent(new Event(SIGNED_OUT)),
  onRetrying: (retrying, code) => {
    /** @type {Retrying} */
    const detail = retrying ? (code ?? "unavailable") : false;
    window.dispatchEvent(new CustomEvent(RETRYING, { detail }));
  },
});

// A logout in another tab signs this one out too.
window.addEventListener("storage", (event) => {
  if (event.key === KEY && !event.newValue) window.dispatchEvent(new Event(SIGNED_OUT));
});

/** Logs out here (and this browser's pushes with it); the session is forgotten whatever the server answers. */
export async function signOut() {
  try {
    // A browser that cannot unsubscribe still logs out.
    await pushOff().catch(() => null);
    await api.logOut();
  } finally {
    store.set(null);
    // The tables seen, kept for offline visits, are this player's: they go too.
    await caches?.delete(SEEN).catch(() => false);
  }
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
  const started = await api.startOidcAuthorization({ provider, redirect_uri: `${location.origin}/oidc`, code_challenge: challenge });
  return { ...started, verifier };
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
  const vapid = await api.getVapidPublicKey().catch(() => null);
  if (!vapid) return false;
  const key = vapid.public_key;
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
  await api.addPushSubscription(body);
  return true;
}

/** Stops this browser's pushes (at logout): unsubscribed at the server, then here. */
async function pushOff() {
  const registration = await navigator.serviceWorker?.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  /** @type {Schemas["PushSubscriptionGone"]} */
  const gone = { endpoint: subscription.endpoint };
  await api.removePushSubscriptionByEndpoint(gone).catch(() => null);
  await subscription.unsubscribe();
}
