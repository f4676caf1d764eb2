// The app: one screen at a time in <main>, chosen by the path (/, /join/CODE,
// /leagues/ID, /tables/ID); "your turn" watched across tables while signed in.

import { SIGNED_OUT, joinByCode, myTurns, session, signIn, signOut } from "./api.js";
import { leagueScreen, leaguesScreen } from "./leagues.js";
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
    el("h2", {}, ["Sign in"]),
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

/**
 * Follows an invite link: joins, then shows the league (or says an admin decides).
 * @param {string} code
 */
async function join(code) {
  sessionStorage.removeItem(PENDING_JOIN);
  try {
    const joined = await joinByCode(code);
    if ("id" in joined) {
      history.replaceState(null, "", `/leagues/${joined.id}`);
    } else {
      history.replaceState(null, "", "/");
      show("Asked to join: an admin of the league decides.");
    }
  } catch (error) {
    history.replaceState(null, "", "/");
    show(error);
  }
}

/** "Your turn" across tables, from `me/turns`: a bar of links, and a notification when hidden. */
const turns = {
  /** @type {Set<string>} */
  known: new Set(),
  /** @type {number | undefined} */
  timer: undefined,

  async check() {
    if (!session()) {
      turnsBar.replaceChildren();
      return;
    }
    try {
      const list = await myTurns();
      turnsBar.replaceChildren(
        ...(list.length ? [el("span", {}, ["Your turn: "])] : []),
        ...list.map((t) => link(`/tables/${t.table_id}`, [t.name], { class: "turn" })),
      );
      for (const t of list) {
        const key = `${t.table_id}:${t.version}`;
        if (!this.known.has(key) && document.hidden && "Notification" in window && Notification.permission === "granted") {
          new Notification("Your turn", { body: `Your turn at ${t.name}`, tag: t.table_id });
        }
        this.known.add(key);
      }
    } catch {
      // Offline, or the server restarting: the next check tries again.
    }
  },

  start() {
    clearInterval(this.timer);
    this.timer = window.setInterval(() => this.check(), 15000);
    this.check();
  },
};

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
    });
    parts.unshift(ask);
  }
  nav.replaceChildren(...parts);
}

/** @type {(() => void) | null} what the current screen leaves running */
let leave = null;

async function route() {
  leave?.();
  leave = null;
  const path = location.pathname;
  const invite = path.match(/^\/join\/([^/]+)$/);
  if (invite) sessionStorage.setItem(PENDING_JOIN, decodeURIComponent(invite[1]));
  sessionBar();
  const into = el("div");
  screen.replaceChildren(into);
  if (!session()) {
    turns.check();
    signInScreen(into);
    return;
  }
  clear();
  const code = sessionStorage.getItem(PENDING_JOIN);
  if (code) await join(code);
  turns.start();
  const league = location.pathname.match(/^\/leagues\/([0-9a-f-]{36})$/);
  const table = location.pathname.match(/^\/tables\/([0-9a-f-]{36})$/);
  try {
    if (league) {
      leave = await leagueScreen(into, league[1]);
    } else if (table) {
      leave = await tableScreen(into, table[1], () => turns.check());
    } else {
      if (location.pathname !== "/") history.replaceState(null, "", "/");
      leave = await leaguesScreen(into);
    }
  } catch (error) {
    show(error);
    if (!session()) route();
  }
}

onPathChange(route);
window.addEventListener("popstate", route);
window.addEventListener(SIGNED_OUT, route);
route();
