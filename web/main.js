// The app: one screen at a time in <main>, chosen by the path (/, /join/CODE,
// /leagues/ID, /tables/ID, /tournaments/ID, /profile, and /oidc back from a provider);
// "your turn" watched across tables while signed in.

import { RETRYING, SIGNED_OUT, api, pushOn, session, signOut } from "./session.js";
import { joinLeague, leagueScreen, leaguesScreen } from "./leagues.js";
import { LANGUAGES, language, languageChosen, setLanguage, t } from "./i18n.js";
import { PENDING_PROVIDER, linkOnProfile, profileScreen, providerName, toProvider } from "./profile.js";
import { button, clear, el, field, form, go, link, onPathChange, problemText, show, tell, warn } from "./ui.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const nav = /** @type {HTMLElement} */ (document.getElementById("session"));
const turnsBar = /** @type {HTMLElement} */ (document.getElementById("turns"));
const languageBox = /** @type {HTMLElement} */ (document.getElementById("language"));
const offline = /** @type {HTMLElement} */ (document.getElementById("offline"));

/** The invite code of a /join/CODE link, kept through signing in. */
const PENDING_JOIN = "bourre.join";

/** @param {HTMLElement} into */
function signInScreen(into) {
  const username = field(t("field.username"), { name: "username", autocomplete: "username", maxlength: "32" });
  const password = field(t("field.password"), { name: "password", type: "password", autocomplete: "current-password" });
  const joining = sessionStorage.getItem(PENDING_JOIN);
  const invited = el("p", { class: "invited" }, joining ? [t("signin.toJoin", { code: joining })] : []);
  if (joining) {
    // The invite names its league and who sent it; a code that no longer works says so.
    api.getInvite(joining).then(
      (found) => {
        invited.textContent = t("signin.invited", { name: found.invited_by, league: found.league_name });
      },
      (error) => {
        invited.textContent = problemText(error);
      },
    );
  }
  // Invited, playing at once as a guest is the first thing offered.
  const guest = el("p", { class: joining ? "guest-first" : "or" }, [
    button(t("signin.guest"), async () => {
      await api.signInGuest();
      await signedIn();
    }, joining ? {} : { class: "secondary" }),
  ]);
  into.replaceChildren(
    el("h2", { tabindex: "-1" }, [t("signin.title")]),
    joining ? invited : "",
    joining ? guest : "",
    form(
      [
        username.label,
        password.label,
        el("button", { type: "submit", value: "login" }, [t("signin.login")]),
        el("button", { type: "submit", value: "register", class: "secondary" }, [t("signin.register")]),
      ],
      async (submitter) => {
        const credentials = { username: username.input.value, password: password.input.value };
        await (submitter === "register" ? api.registerPlayer(credentials) : api.logIn(credentials));
        await signedIn();
      },
    ),
    joining ? "" : guest,
    providerButtons(),
    resetPart(),
  );
}

/** "Sign in with ..." for each provider the server has (none: nothing shown). */
function providerButtons() {
  const part = el("p", { class: "or providers" });
  api.listOidcProviders().then(
    (found) => part.replaceChildren(...found.providers.map(({ name }) => button(t("signin.with", { provider: providerName(name) }), () => toProvider(name, false), { class: "secondary" }))),
    () => {},
  );
  return part;
}

/**
 * Back from a provider at /oidc with a code (or an error): the code exchanged for its ID
 * token through the server, then signed in with it, or for a signed-in player, linked.
 */
async function providerReturn() {
  const params = new URLSearchParams(location.search);
  const pending = /** @type {{ state: string, verifier: string, provider: string, link: boolean } | null} */ (JSON.parse(sessionStorage.getItem(PENDING_PROVIDER) ?? "null"));
  sessionStorage.removeItem(PENDING_PROVIDER);
  history.replaceState(null, "", pending?.link ? "/profile" : "/");
  const state = params.get("state") ?? "";
  const code = params.get("code");
  let failed = "";
  if (!pending || pending.state !== state) {
    failed = t("oidc.lost");
  } else if (!code) {
    failed = t("oidc.refused", { provider: providerName(pending.provider) });
  } else {
    try {
      const got = await api.exchangeOidcCode({ state, code, code_verifier: pending.verifier });
      if (pending.link) {
        linkOnProfile(got);
        await route();
        return;
      }
      await api.signInWithProvider({ provider: got.provider, id_token: got.id_token, nonce: got.nonce });
      await signedIn();
      return;
    } catch (error) {
      await route();
      show(error);
      return;
    }
  }
  await route();
  warn(failed);
}

/**
 * A forgotten password: a button that opens, in its place, the forms (a code mailed to the
 * account's verified email, then a new password), so that the page has one "Password"
 * field until then.
 */
function resetPart() {
  const open = el("button", { type: "button", class: "secondary" }, [t("signin.forgot")]);
  open.addEventListener("click", () => {
    const forms = resetForms();
    open.replaceWith(forms);
    /** @type {HTMLInputElement | null} */ (forms.querySelector("input"))?.focus();
  });
  return el("p", { class: "or" }, [open]);
}

/** The forms of a password reset. */
function resetForms() {
  const email = field(t("field.email"), { name: "reset_email", type: "email", autocomplete: "email", maxlength: "254" });
  const code = field(t("field.code"), { name: "code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "6" });
  const password = field(t("field.newPassword"), { name: "new_password", type: "password", autocomplete: "new-password" });
  const confirm = form([code.label, password.label, el("button", { type: "submit" }, [t("reset.set")])], async () => {
    await api.confirmPasswordReset({ email: email.input.value, code: code.input.value, new_password: password.input.value });
    await signedIn();
  });
  confirm.hidden = true;
  const ask = form([email.label, el("button", { type: "submit" }, [t("reset.send")])], async () => {
    await api.requestPasswordReset({ email: email.input.value });
    confirm.hidden = false;
    code.input.focus();
    tell(t("reset.sent"));
  });
  return el("div", { class: "reset" }, [ask, confirm]);
}

/** After a sign-in: the profile's language, unless one was chosen in this browser. */
async function signedIn() {
  const profile = await api.getMe();
  if (profile.locale && !languageChosen()) {
    await setLanguage(profile.locale);
    frame();
  }
  await route();
}

/** "Your turn" across tables, from `me/turns`: a bar of links, and a notification when hidden. */
const turns = {
  /** @type {Set<string>} the turns already announced */
  known: new Set(),
  /** @type {number | undefined} */
  timer: undefined,

  async check() {
    if (!session()) return;
    try {
      // The table on screen says whose turn it is itself: the bar links to the others.
      const here = location.pathname.match(/^\/tables\/([0-9a-f-]{36})$/)?.[1];
      const all = (await api.listMyTurns({ limit: 100 })).turns;
      const list = all.filter((turn) => turn.table_id !== here);
      turnsBar.hidden = list.length === 0;
      turnsBar.replaceChildren(
        ...(list.length ? [el("span", {}, [t("turns.label"), " "])] : []),
        ...list.map((turn) => link(`/tables/${turn.table_id}`, [turn.name], { class: "turn" })),
      );
      const now = new Set(all.map((turn) => `${turn.table_id}:${turn.version}`));
      for (const turn of all) {
        if (!this.known.has(`${turn.table_id}:${turn.version}`) && document.hidden) notify(t("turns.notify", { table: turn.name }), turn.table_id);
      }
      this.known = now;
    } catch {
      // Offline, or the server restarting: the next check tries again.
    }
  },

  start() {
    clearInterval(this.timer);
    this.timer = window.setInterval(() => this.check(), 15000);
    this.check();
  },

  stop() {
    clearInterval(this.timer);
    this.known.clear();
    turnsBar.hidden = true;
    turnsBar.replaceChildren();
  },
};

/**
 * A notification from the page, if the player allowed them. (On phones, where pages may
 * not show them, the "Your turn" bar and the table's highlighting still say it.)
 * @param {string} body
 * @param {string} tag
 */
function notify(body, tag) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification("Bourré", { body, tag });
  } catch {
    // This browser shows notifications from service workers only.
  }
}

/** The player this browser was last subscribed to pushes for, in this page. */
let pushedFor = "";

/**
 * Subscribes this browser to "your turn" pushes once per session, when the player allowed
 * notifications (see `pushOn`); `loud` shows why not, when asked by a click.
 * @param {boolean} loud
 */
async function push(loud) {
  const current = session();
  if (!current || Notification.permission !== "granted" || pushedFor === current.player.id) return;
  pushedFor = current.player.id;
  try {
    await pushOn();
  } catch (error) {
    pushedFor = "";
    if (loud) show(error, t("notify.pageOnly"));
  }
}

function sessionBar() {
  const current = session();
  if (!current) {
    nav.replaceChildren();
    return;
  }
  const out = el("button", { type: "button", class: "secondary" }, [el("span", { "aria-hidden": "true", class: "icon" }, ["↪"]), el("span", { class: "label" }, [t("session.logout")])]);
  out.addEventListener("click", async () => {
    await signOut().catch(show);
    go("/");
  });
  const parts = [link("/profile", [current.player.username], { class: "who", title: t("session.profile") }), out];
  if ("Notification" in window && Notification.permission === "default") {
    const ask = el("button", { type: "button", class: "secondary", title: t("session.notify") }, [el("span", { "aria-hidden": "true" }, ["🔔"]), el("span", { class: "sr-only" }, [t("session.notify")])]);
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      sessionBar();
      await push(true);
    });
    parts.unshift(ask);
  }
  nav.replaceChildren(...parts);
}

/** @type {(() => void) | null} what the current screen leaves running */
let leave = null;
/** Counts navigations: a screen still loading when the next one starts is dropped. */
let shown = 0;

async function route() {
  const mine = (shown += 1);
  leave?.();
  leave = null;
  const path = location.pathname;
  if (path === "/oidc") {
    await providerReturn();
    return;
  }
  const invite = path.match(/^\/join\/([^/]+)$/);
  if (invite) sessionStorage.setItem(PENDING_JOIN, decodeURIComponent(invite[1]));
  sessionBar();
  const into = el("div");
  screen.replaceChildren(into);
  if (!session()) {
    turns.stop();
    signInScreen(into);
    return;
  }
  clear();
  const code = sessionStorage.getItem(PENDING_JOIN);
  if (code) {
    sessionStorage.removeItem(PENDING_JOIN);
    await joinLeague(code).catch((error) => {
      go("/");
      show(error);
    });
    return;
  }
  turns.start();
  if ("Notification" in window) push(false);
  const league = path.match(/^\/leagues\/([0-9a-f-]{36})$/);
  const table = path.match(/^\/tables\/([0-9a-f-]{36})$/);
  const tournament = path.match(/^\/tournaments\/([0-9a-f-]{36})$/);
  try {
    /** @type {() => void} */
    let left;
    if (league) {
      left = await leagueScreen(into, league[1]);
    } else if (table) {
      // The table's modules are loaded for a table only: other screens start without them.
      const { tableScreen } = await import("./table.js");
      left = await tableScreen(into, table[1], () => turns.check());
    } else if (tournament) {
      const { tournamentScreen } = await import("./tournaments.js");
      left = await tournamentScreen(into, tournament[1]);
    } else if (path === "/profile") {
      left = await profileScreen(into);
    } else {
      if (path !== "/") history.replaceState(null, "", "/");
      left = await leaguesScreen(into);
    }
    if (mine !== shown) {
      left();
      return;
    }
    leave = left;
    /** @type {HTMLElement | null} */ (into.querySelector("h2"))?.focus({ preventScroll: true });
  } catch (error) {
    if (mine === shown) show(error);
  }
}

/** The language switch, in the header on every screen. */
function languageSwitch() {
  const select = el(
    "select",
    { name: "language" },
    LANGUAGES.map(([tag, name]) => el("option", tag === language() ? { value: tag, lang: tag, selected: "" } : { value: tag, lang: tag }, [name])),
  );
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    // Signed in, the profile keeps it too (for notifications, and other browsers).
    if (session()) api.updateMe({ locale: language() }).catch(() => {});
    frame();
    await route();
  });
  languageBox.replaceChildren(el("label", {}, [el("span", { class: "sr-only" }, [t("field.language")]), select]));
}

/** The page's own words around the screens, in the language in use. */
function frame() {
  turnsBar.setAttribute("aria-label", t("turns.region"));
  nav.setAttribute("aria-label", t("session.region"));
  offline.textContent = t("problem.offlineBanner");
  languageSwitch();
}

/** Says so while the browser is offline (the app shell still loads, from the service worker). */
function online() {
  offline.hidden = navigator.onLine;
}

const home = /** @type {HTMLAnchorElement} */ (document.querySelector("header h1 a"));
home.replaceWith(link("/", ["Bourré"]));
frame();
online();
window.addEventListener("online", () => {
  online();
  // What went wrong while offline is over: the screen is drawn afresh from the server.
  clear();
  route();
});
window.addEventListener("offline", online);
// While requests wait to be tried again (the database away, a failover; the server busy
// signing players in; the sign-in provider out of reach), the banner says why.
const RETRYING_TEXT = /** @type {const} */ ({ unavailable: "problem.retrying", busy: "problem.retryingBusy", provider_unavailable: "problem.retryingProvider" });
window.addEventListener(RETRYING, (event) => {
  const waiting = /** @type {CustomEvent<import("./session.js").Retrying>} */ (event).detail;
  offline.textContent = t(waiting ? RETRYING_TEXT[waiting] : "problem.offlineBanner");
  if (waiting) offline.hidden = false;
  else online();
});
// The service worker keeps the app's shell for offline visits (and shows pushes).
navigator.serviceWorker?.register("/sw.js").catch(() => {});
onPathChange(route);
window.addEventListener("popstate", route);
window.addEventListener(SIGNED_OUT, () => route());
route();
