// What every screen uses: building elements, the problem banner, navigation, cards.

import { BourreError } from "./sdk/index.js";
import { cardName, codeText, num, suitSign, t } from "./i18n.js";

/**
 * An element with attributes and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * A button that runs `action`, showing any refusal; disabled while it runs.
 * @param {string} label
 * @param {() => Promise<unknown>} action
 * @param {Record<string, string>} [attrs]
 */
export function button(label, action, attrs = {}) {
  const node = el("button", { type: "button", ...attrs }, [label]);
  node.addEventListener("click", async () => {
    node.disabled = true;
    clear();
    try {
      await action();
    } catch (error) {
      show(error);
    } finally {
      node.disabled = false;
    }
  });
  return node;
}

/**
 * Saves `blob` as a file named `name`, as a link to it clicked would.
 * @param {Blob} blob
 * @param {string} name
 */
export function download(blob, name) {
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

/**
 * A labelled text field.
 * @param {string} label its accessible name
 * @param {Record<string, string>} [attrs]
 */
export function field(label, attrs = {}) {
  const input = el("input", { required: "", ...attrs });
  return { input, label: el("label", {}, [label, input]) };
}

/**
 * A form whose submission runs `action` (refusals shown), its fields kept on failure.
 * @param {(Node | string)[]} children
 * @param {(submitter: string) => Promise<unknown>} action given the submitting button's value
 */
export function form(children, action) {
  const node = el("form", {}, children);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (event).submitter);
    clear();
    if (submitter) submitter.disabled = true;
    try {
      await action(submitter?.value ?? "");
    } catch (error) {
      show(error);
    } finally {
      if (submitter) submitter.disabled = false;
    }
  });
  return node;
}

const problem = /** @type {HTMLElement} */ (document.getElementById("problem"));
const notice = /** @type {HTMLElement} */ (document.getElementById("notice"));

/** Says something that went well (in a polite status region). @param {string} text */
export function tell(text) {
  notice.textContent = text;
}

/** Says what went wrong, in words of the page's own. @param {string} text */
export function warn(text) {
  problem.hidden = false;
  problem.textContent = text;
}

/**
 * Shows a refusal (the server's message and code) or any other error.
 * @param {unknown} error
 * @param {string} [then] what the app did about it
 */
export function show(error, then) {
  problem.hidden = false;
  problem.textContent = then ? `${problemText(error)} ${then}` : problemText(error);
}

/**
 * A refusal in the chosen language, from its `code`; a request that never reached the
 * server, or timed out, says so; anything else is a fault of this page, said plainly.
 * @param {unknown} error
 */
export function problemText(error) {
  // A refusal with no problem body (`http_502`: a proxy's page while the server is away) is the server's failure.
  if (error instanceof BourreError) return codeText(/^http_/.test(error.code) && error.status >= 500 ? "internal" : error.code);
  if (error instanceof TypeError || (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))) {
    return t("problem.offline");
  }
  return t("problem.unexpected");
}

export function clear() {
  problem.hidden = true;
  problem.textContent = "";
  notice.textContent = "";
}

/**
 * A button that shows or hides `part`, focusing `first` when it opens.
 * @param {string} label
 * @param {HTMLElement} part hidden to begin with
 * @param {HTMLElement} first
 */
export function opener(label, part, first) {
  part.hidden = true;
  const node = el("button", { type: "button", "aria-expanded": "false" }, [label]);
  node.addEventListener("click", () => {
    part.hidden = !part.hidden;
    node.setAttribute("aria-expanded", String(!part.hidden));
    if (!part.hidden) first.focus();
  });
  return node;
}

/**
 * A drawer over the screen, hidden to begin with: its title, a "Close" button and `parts`;
 * the button and Escape call `shut`.
 * @param {string} title
 * @param {string} kind the drawer's own class
 * @param {(Node | string)[]} parts
 * @param {() => void} shut
 * @returns {{ part: HTMLElement, close: HTMLButtonElement }}
 */
export function drawer(title, kind, parts, shut) {
  const close = button(t("chat.close"), async () => shut(), { class: "secondary" });
  const part = el("section", { class: `${kind} sheet`, "aria-label": title, hidden: "" }, [
    el("div", { class: "sheet-head" }, [el("h3", {}, [title]), close]),
    ...parts,
  ]);
  part.addEventListener("keydown", (event) => {
    if (event.key === "Escape") shut();
  });
  return { part, close };
}

/**
 * A list read a page at a time: `load(after)` appends a page and returns the next cursor
 * (null on the last page); a "More" button asks for the next.
 * @template C
 * @param {string} label the button's text
 * @param {(after: C | null) => Promise<C | null | undefined>} load
 * @returns {{ more: HTMLElement, start: () => Promise<void> }}
 */
export function pager(label, load) {
  const more = el("div", { class: "actions" });
  /** @param {C | null} after */
  const next = async (after) => {
    const cursor = await load(after);
    more.replaceChildren(...(cursor == null ? [] : [button(label, () => next(cursor), { class: "secondary" })]));
  };
  return { more, start: () => next(null) };
}

/** A number with words for screen readers ("balance 1000"). @param {string} words @param {number} value */
export function amount(words, value) {
  return el("span", {}, [el("span", { class: "sr-only" }, [`${words} `]), el("span", { class: "balance" }, [num(value)])]);
}

/** @type {() => void} */
let onNavigate = () => {};

/** Sets what happens when the path changes. @param {() => void} handler */
export function onPathChange(handler) {
  onNavigate = handler;
}

/** Goes to `path` within the app. @param {string} path */
export function go(path) {
  if (path !== location.pathname) history.pushState(null, "", path);
  onNavigate();
}

/**
 * A link within the app (followed without reloading the page).
 * @param {string} path
 * @param {(Node | string)[]} children
 * @param {Record<string, string>} [attrs]
 */
export function link(path, children, attrs = {}) {
  const node = el("a", { href: path, ...attrs }, children);
  node.addEventListener("click", (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(path);
  });
  return node;
}

/**
 * Gives `node` a card's face (rank and suit in the corners, the suit large in the middle,
 * red or black) and its name.
 * @template {HTMLElement} T
 * @param {T} node
 * @param {string} code
 * @returns {T}
 */
function face(node, code) {
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  node.classList.add("card", suit === "H" || suit === "D" ? "red" : "black");
  node.setAttribute("aria-label", cardName(code));
  node.append(
    el("span", { class: "corner", "aria-hidden": "true" }, [el("span", {}, [rank]), el("span", {}, [suitSign(suit)])]),
    el("span", { class: "pip", "aria-hidden": "true" }, [suitSign(suit)]),
  );
  return node;
}

/**
 * A card shown, `small` (in a line of text), `played` (on the felt) or full size.
 * @param {string} code
 * @param {"small" | "played" | ""} [size]
 */
export function cardFace(code, size = "") {
  const node = face(el("span", { role: "img" }), code);
  if (size) node.classList.add(size);
  return node;
}

/** A card to tap, named by its face first ("10♥, ten of hearts"). @param {string} code */
export function cardButton(code) {
  return face(el("button", { type: "button" }), code);
}

/** Seconds until `deadline`, as "1:05" (or "2 h 10 min"). @param {string} deadline */
export function timeLeft(deadline) {
  const secs = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  if (secs >= 3600) return t("time.hours", { h: Math.floor(secs / 3600), m: Math.floor((secs % 3600) / 60) });
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
}
