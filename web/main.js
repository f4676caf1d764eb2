// The app: one screen at a time in <main>, chosen by the path.

import { ApiError, myLeagues, session, signIn, signOut } from "./api.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const nav = /** @type {HTMLElement} */ (document.getElementById("session"));
const problem = /** @type {HTMLElement} */ (document.getElementById("problem"));

/**
 * An element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} [children]
 */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** @param {unknown} error */
function show(error) {
  problem.hidden = false;
  problem.textContent = error instanceof ApiError ? `${error.problem.code}: ${error.message}` : String(error);
}

function clear() {
  problem.hidden = true;
  problem.textContent = "";
}

function signInScreen() {
  const username = el("input", { name: "username", autocomplete: "username", required: "" });
  const password = el("input", { name: "password", type: "password", autocomplete: "current-password", required: "" });
  const form = el("form", {}, [
    el("label", {}, ["Username", username]),
    el("label", {}, ["Password", password]),
    el("button", { type: "submit", value: "login" }, ["Log in"]),
    el("button", { type: "submit", value: "register", class: "secondary" }, ["Create account"]),
  ]);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (event).submitter);
    clear();
    try {
      await signIn(
        /** @type {HTMLInputElement} */ (username).value,
        /** @type {HTMLInputElement} */ (password).value,
        submitter?.value === "register",
      );
      await route();
    } catch (error) {
      show(error);
    }
  });
  screen.replaceChildren(el("h2", {}, ["Sign in"]), form);
}

async function leaguesScreen() {
  const page = await myLeagues();
  const list = el(
    "ul",
    { class: "leagues" },
    page.leagues.map((league) =>
      el("li", {}, [
        el("a", { href: `/leagues/${league.league_id}` }, [league.name]),
        el("span", { class: "balance", "aria-label": `balance in ${league.name}` }, [String(league.balance)]),
      ]),
    ),
  );
  screen.replaceChildren(el("h2", {}, ["My leagues"]), page.leagues.length ? list : el("p", {}, ["No league yet."]));
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
    await route();
  });
  nav.replaceChildren(el("span", {}, [current.player.username, " "]), out);
}

async function route() {
  sessionBar();
  if (!session()) {
    signInScreen();
    return;
  }
  try {
    await leaguesScreen();
  } catch (error) {
    show(error);
    if (!session()) signInScreen();
  }
  sessionBar();
}

route();
