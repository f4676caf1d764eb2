// The app: one screen at a time in <main>, chosen by the path (/, /join/CODE,
// /leagues/ID, /tables/ID); "your turn" watched across tables while signed in.

import { SIGNED_OUT, myTurns, pushOn, session, signIn, signOut } from "./api.js";
import { joinLeague, leagueScreen, leaguesScreen } from "./leagues.js";
import { tableScreen } from "./table.js";
import { clear, el, field, form, go, link, onPathChange, show } from "./ui.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const nav = /** @type {HTMLElement} */ (document.getElementById("session"));
const turnsBar = /** @type {HTMLElement} */ (document.getElementById("turns"));

/** The invite code of a /join/CODE link, kept through signing in. */
const PENDING_JOIN = "bourre.join";

/** @param {HTMLElement} into */
function signInScreen(into) {
  const username = field("Username", { name: "username", autocomplete: "username", maxlength: "32" });
  const password = field("Password", { name: "password", type: "password", autocomplete: "current-password" });
  const joining = sessionStorage.getItem(PENDING_JOIN);
  into.replaceChildren(
    el("h2", { tabindex: "-1" }, ["Sign in"]),
    joining ? el("p", {}, [`Log in or create an account to join the league of invite ${joining}.`]) : "",
    form(
      [
        username.label,
        password.label,
        el("button", { type: "submit", value: "login" }, ["Log in"]),
        el("button", { type: "submit", value: "register", class: "secondary" }, ["Create account"]),
      ],
      async (submitter) => {
        await signIn(username.input.value, password.input.value, submitter === "register");
        await route();
      },
    ),
  );
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
      const list = (await myTurns()).turns;
      turnsBar.hidden = list.length === 0;
      turnsBar.replaceChildren(
        ...(list.length ? [el("span", {}, ["Your turn: "])] : []),
        ...list.map((t) => link(`/tables/${t.table_id}`, [t.name], { class: "turn" })),
      );
      const now = new Set(list.map((t) => `${t.table_id}:${t.version}`));
      for (const t of list) {
        if (!this.known.has(`${t.table_id}:${t.version}`) && document.hidden) notify(`Your turn at ${t.name}`, t.table_id);
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
    if (loud) show(error, "Notifications come while this page is open; the Your turn bar shows your turns");
  }
}

function sessionBar() {
  const current = session();
  if (!current) {
    nav.replaceChildren();
    return;
  }
  const out = el("button", { type: "button", class: "secondary" }, ["Log out"]);
  out.addEventListener("click", async () => {
    await signOut().catch(show);
    go("/");
  });
  const parts = [el("span", { class: "who" }, [current.player.username]), out];
  if ("Notification" in window && Notification.permission === "default") {
    const ask = el("button", { type: "button", class: "secondary" }, ["Notify me"]);
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
  try {
    /** @type {() => void} */
    let left;
    if (league) {
      left = await leagueScreen(into, league[1]);
    } else if (table) {
      left = await tableScreen(into, table[1], () => turns.check());
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

const home = /** @type {HTMLAnchorElement} */ (document.querySelector("header h1 a"));
home.replaceWith(link("/", ["Bourré"]));
onPathChange(route);
window.addEventListener("popstate", route);
window.addEventListener(SIGNED_OUT, () => route());
route();
