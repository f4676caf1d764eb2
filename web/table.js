// A table, on one screen: the status bar (the table, the pot, trump, whose turn it is and
// their clock, the chat's and the menu's buttons), the seats around the felt with me at
// the bottom and the trick in play in the middle, and my hand pinned below with the actions
// the rules allow now. The hand's result shows on the felt when it ends; the chat, the hand
// history and the menu open over the table; a finished hand replays on the felt. It follows
// the table from its stream alone (the SDK's live iterator, with a stream ticket): after
// each change the stream sends the player's view of the table, which the page draws, and
// the events before it, which say when the server acted for a player whose time ran out.
// The last view drawn is kept in the browser's cache: offline, the page shows it, marked.

import { BourreError, SEEN, api, session } from "./session.js";
import { feltParts, handParts, inPlay, menuItems, namesOf, newsOf, replayFelt, seatControls, statusPart, windClock } from "./felt.js";
import { chatPart, playerMenu, reportDialog } from "./chat.js";
import { historyPart } from "./history.js";
import { cardName, t, when } from "./i18n.js";
import { Motion, soundSwitch } from "./motion.js";
import { button, clear, el, show } from "./ui.js";

/** @typedef {import("./session.js").TableView} TableView */
/** @typedef {import("./history.js").Replay} Replay */
/** A hand replayed on the felt: the step shown, and the timer when it plays by itself.
 * @typedef {{ replay: Replay, at: number, playing: number | undefined }} Replaying */

/** How long what a player said stays at their seat, and a timeout's news on the felt. */
const SAID_MS = 5000;
/** A replay's pace when it plays by itself. */
const REPLAY_MS = 1800;

/**
 * The table's view now, else (offline, or the server away) the last one this browser saw,
 * with when it was seen.
 * @param {string} id
 * @returns {Promise<{ view: TableView, seen: string | null }>}
 */
async function firstView(id) {
  try {
    return { view: await api.getTable(id), seen: null };
  } catch (error) {
    // A refusal stands; unreachable (offline, or the server away behind its proxy), the last view seen is shown.
    if (error instanceof BourreError && error.status < 500) throw error;
    const kept = await (await caches.open(SEEN)).match(`/v1/tables/${id}`).catch(() => undefined);
    if (!kept) throw error;
    return { view: await kept.json(), seen: kept.headers.get("Date") };
  }
}

/**
 * @param {HTMLElement} into
 * @param {string} id
 * @param {() => void} onTurn called when it becomes, or stops being, the player's turn
 * @returns {Promise<() => void>}
 */
export async function tableScreen(into, id, onTurn) {
  let { view, seen } = await firstView(id);
  /** @type {Set<string>} the cards chosen to discard */
  let chosen = new Set();
  let myTurn = false;
  /** An action on its way: every control waits (no double taps). */
  let busy = false;
  /** The control to give the focus back to after a redraw (see `render`). */
  let focusKey = /** @type {string | null} */ (null);
  let said = "";
  let menuOpen = false;
  let replaying = /** @type {Replaying | null} */ (null);
  /** What each seat's player said lately, by seat, and when it goes. */
  const bubbles = /** @type {Map<number, { words: string, until: number }>} */ (new Map());
  /** What the server did for a player whose time ran out, and when it goes. */
  let timedOut = { words: "", until: 0 };
  const banner = el("p", { class: "banner", role: "status", hidden: "" });
  const news = el("p", { class: "sr-only", "aria-live": "polite" });
  const body = el("div", { class: "table-screen" });
  const me = session()?.player.id;
  const history = historyPart(id, (replay) => {
    replaying = { replay, at: 0, playing: undefined };
    render();
    /** @type {HTMLElement | null} */ (body.querySelector('[data-key="replay-next"]'))?.focus();
  });
  // A block changes the names the table shows: its view is read again.
  const chat = await chatPart(
    id,
    view.league_id,
    () => view.seats.some((s) => s.player_id === me),
    () => {
      refresh().catch(() => {});
    },
    (player, words) => {
      const seat = view.seats.find((s) => s.player_id === player)?.seat;
      if (seat == null) return;
      bubbles.set(seat, { words, until: Date.now() + SAID_MS });
      render();
    },
  );
  const motion = new Motion(body);
  const menuButton = el("button", { type: "button", class: "secondary tool", "aria-expanded": "false", "data-key": "menu", "aria-label": t("table.menu") }, [
    el("span", { "aria-hidden": "true" }, ["☰"]),
  ]);
  menuButton.addEventListener("click", () => {
    menuOpen = !menuOpen;
    render();
    if (menuOpen) /** @type {HTMLElement | null} */ (body.querySelector(".menu-panel button, .menu-panel a"))?.focus();
  });
  document.body.classList.add("at-table");
  into.replaceChildren(banner, news, body, chat.part, history.part);

  /** The menu: sound, the hand history, the seat's controls, the way back, reporting the table. */
  const menuPart = () => {
    const panel = el("div", { class: "menu-panel", role: "group", "aria-label": t("table.menu") }, [
      soundSwitch(),
      button(t("history.title"), async () => {
        menuOpen = false;
        render();
        history.open(menuButton);
      }, { class: "secondary", "data-key": "history" }),
      ...menuItems(view, actions),
      reportTable(),
    ]);
    panel.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      menuOpen = false;
      render();
      menuButton.focus();
    });
    // A choice made, the menu closes (the sound switch stays, to be seen switched).
    panel.addEventListener("click", (event) => {
      const chosen = event.target instanceof Element ? event.target.closest("button, a") : null;
      if (!chosen || chosen.classList.contains("sound")) return;
      menuOpen = false;
      window.setTimeout(render, 0);
    });
    return panel;
  };

  /** The replay's controls, where the hand is when it is live. @param {Replaying} r */
  const replayControls = (r) => {
    const step = r.replay.steps[r.at];
    const last = r.replay.steps.length - 1;
    const to = (/** @type {number} */ at) => {
      if (!replaying) return;
      replaying.at = Math.max(0, Math.min(last, at));
      render();
    };
    const prev = button(t("history.previous"), async () => to(r.at - 1), { class: "secondary", "data-key": "replay-prev" });
    const next = button(t("history.next"), async () => to(r.at + 1), { class: "secondary", "data-key": "replay-next" });
    const auto = button(t(r.playing ? "replay.pause" : "replay.play"), async () => {
      if (!replaying) return;
      if (replaying.playing) {
        clearInterval(replaying.playing);
        replaying.playing = undefined;
      } else {
        if (replaying.at === last) replaying.at = 0;
        replaying.playing = window.setInterval(() => {
          if (!replaying) return;
          if (replaying.at >= last) {
            clearInterval(replaying.playing);
            replaying.playing = undefined;
          } else replaying.at += 1;
          render();
        }, REPLAY_MS);
      }
      render();
    }, { class: "secondary", "data-key": "replay-auto" });
    auto.prepend(el("span", { "aria-hidden": "true" }, [r.playing ? "⏸ " : "▶ "]));
    const close = button(t("replay.close"), async () => endReplay(), { "data-key": "replay-close" });
    prev.disabled = r.at === 0;
    next.disabled = r.at === last;
    return el("section", { class: "dock replay-dock", "aria-label": t("replay.region", { hand: r.replay.hand }) }, [
      el("h3", {}, [t("replay.title", { hand: r.replay.hand }), " · ", step?.title ?? "", " ", el("span", { class: "facts" }, [t("history.step", { n: r.at + 1, of: r.replay.steps.length })])]),
      el("div", { class: "caption", "aria-live": "polite" }, (step?.lines ?? []).map((line) => el("p", {}, [line]))),
      el("div", { class: "actions" }, [prev, auto, next, close]),
    ]);
  };
  const endReplay = () => {
    if (replaying?.playing) clearInterval(replaying.playing);
    replaying = null;
    render();
  };

  /** Sets every clock on the page to now. */
  const windClocks = () => {
    for (const clock of body.querySelectorAll("[data-deadline]")) if (clock instanceof HTMLElement) windClock(clock);
  };

  /**
   * Redraws from `view`. The focus goes back to the control that had it (kept while an
   * action disables every control), else to the first card that can be played now, else
   * to the table's heading.
   */
  let drawn = "";
  /** A press on one of the page's buttons is under way: redraws wait for its click. */
  let pressing = false;
  const render = () => {
    // A redraw between a press and its release would take the button away from under the
    // finger, and the click with it: the page is redrawn once the press is over.
    if (pressing) return;
    const now = Date.now();
    for (const [seat, bubble] of bubbles) if (bubble.until <= now) bubbles.delete(seat);
    const notice = timedOut.until > now ? timedOut.words : "";
    // It is the player's turn: a replay gives the felt back.
    if (replaying && view.legal) {
      if (replaying.playing) clearInterval(replaying.playing);
      replaying = null;
    }
    // Nothing changed (a refresh after a reconnect, say): the page stays as it is, so a
    // tap that is under way lands on the button it began on.
    const state = JSON.stringify([view, busy, [...chosen], motion.held?.winner_seat ?? null, [...bubbles], notice, menuOpen, replaying && [replaying.replay.hand, replaying.at, replaying.playing], seen]);
    if (state === drawn) return;
    drawn = state;
    chat.allow();
    focusKey = document.activeElement?.getAttribute("data-key") ?? focusKey;
    const hadFocus = body.contains(document.activeElement) || focusKey !== null;
    const before = motion.measure();
    menuButton.setAttribute("aria-expanded", String(menuOpen));
    const mySeat = replaying ? replaying.replay.seats.find((s) => s.player === me)?.seat : view.my_seat;
    const primary = seatControls(view, actions);
    body.replaceChildren(
      statusPart(view, [chat.toggle, menuButton]),
      ...(menuOpen ? [menuPart()] : []),
      ...(seen ? [el("p", { class: "banner seen", role: "status" }, [t("table.seen", { when: when(seen) })])] : []),
      replaying
        ? replayFelt(replaying.replay, replaying.at, mySeat)
        : feltParts(view, motion.held, actions, { bubbles: new Map([...bubbles].map(([seat, b]) => [seat, b.words])), notice }),
      replaying
        ? replayControls(replaying)
        : el("div", { class: "dock" }, [...handParts(view, chosen, actions), ...(primary.length ? [el("div", { class: "actions" }, primary)] : [])]),
    );
    windClocks();
    if (!replaying) motion.play(before, view);
    body.dataset.hand = String(view.hand_no);
    body.dataset.phase = view.phase ?? "";
    if (busy || seen) {
      for (const control of body.querySelectorAll(".felt button, .dock button, .menu-panel button")) if (control instanceof HTMLButtonElement) control.disabled = true;
    } else if (hadFocus) {
      const again = /** @type {HTMLElement | null} */ (
        body.querySelector(`[data-key="${focusKey}"]:not(:disabled)`) ?? body.querySelector(".hand button.card:not(:disabled)")
      );
      if (again) again.focus({ preventScroll: true });
      else /** @type {HTMLElement | null} */ (body.querySelector("h2"))?.focus({ preventScroll: true });
      focusKey = null;
    }
    const turnNow = view.legal != null;
    if (turnNow !== myTurn) {
      myTurn = turnNow;
      if (turnNow) motion.sound("turn");
      onTurn();
    }
    const line = [notice, newsOf(view)].filter(Boolean).join(" ");
    // A timeout's news gone, what remains was said already: it is not said again.
    if (line !== said && !(line && said.endsWith(` ${line}`))) {
      said = line;
      news.textContent = line;
      if (!view.legal) history.reload();
    }
  };
  motion.onHeld = render;

  /** Keeps `next` as the last view seen here, for an offline visit. @param {TableView} next */
  const keep = (next) => {
    caches
      .open(SEEN)
      .then((cache) => cache.put(`/v1/tables/${id}`, new Response(JSON.stringify(next), { headers: { "Content-Type": "application/json", Date: new Date().toISOString() } })))
      .catch(() => {});
  };

  /**
   * Shows `next` unless the page already has a newer view (a view fetched before an
   * action's answer arrived is older than it).
   * @param {TableView} next
   */
  const accept = (next) => {
    if (next.version >= view.version || seen) {
      if (next.hand_no !== view.hand_no || next.phase !== view.phase) chosen = new Set();
      motion.hold(view, next);
      view = next;
      seen = null;
      keep(next);
    }
    render();
  };

  /** The seat the server is acting for, its time having run out. */
  let timing = /** @type {number | null} */ (null);
  /**
   * The server acted for a seat whose time ran out: the events after `turn_timed_out`
   * say what it did, which every player is told, on the felt and aloud.
   * @param {import("./sdk/index.js").Schemas["EventOut"]} event
   */
  const heard = (event) => {
    const payload = event.data;
    if (payload.type === "turn_timed_out") {
      timing = payload.seat;
      return;
    }
    if (timing == null || !("seat" in payload) || payload.seat !== timing) return;
    const name = namesOf(view)(timing);
    timing = null;
    let words;
    if (payload.type === "played") words = t("timeout.played", { name, card: cardName(payload.card) });
    else if (payload.type === "declared" && payload.play === false) words = t("timeout.passed", { name });
    else if (payload.type === "drew" && payload.draw?.discard_count === 0) words = t("timeout.stood", { name });
    else words = t("timeout.acted", { name });
    timedOut = { words, until: Date.now() + SAID_MS };
    render();
  };

  /** Fetches the view again; calls while one is on the way make one more. */
  let fetching = /** @type {Promise<void> | null} */ (null);
  let again = false;
  const refresh = async () => {
    if (fetching) {
      again = true;
      return fetching;
    }
    fetching = (async () => {
      do {
        again = false;
        accept(await api.getTable(id));
      } while (again);
    })().finally(() => {
      fetching = null;
    });
    return fetching;
  };

  /**
   * Sends a change (a move, a seat, a deal) with every control waiting; shows the answer,
   * or the refusal and the table as it is now.
   * @param {() => Promise<TableView>} send
   */
  const change = async (send) => {
    clear();
    busy = true;
    render();
    let next = view;
    try {
      next = await send();
      chosen = new Set();
    } catch (error) {
      show(error, t("table.asNow"));
      // The refusal may come from a page that missed news (its stream cut off, say).
      next = await api.getTable(id).catch(() => view);
    } finally {
      busy = false;
    }
    accept(next);
  };

  /** @type {import("./felt.js").Actions} */
  const actions = {
    act: (action) => change(() => api.submitAction(id, { action, expected_version: view.version })),
    toggle(code) {
      if (chosen.has(code)) chosen.delete(code);
      else chosen.add(code);
      render();
    },
    seat: (send) => change(() => send(id)),
    chosen: () => [...chosen],
    menu: (name, player) => playerMenu(name, player, view.league_id, chat.block),
  };
  /** The table's report. */
  const reportTable = () =>
    button(t("table.report"), async () => reportDialog({ title: view.name, send: t("table.report"), report: { kind: "table", id } }), {
      class: "secondary",
      "aria-haspopup": "dialog",
    });

  const press = (/** @type {PointerEvent} */ event) => {
    if (event.target instanceof Element && event.target.closest("button")) pressing = true;
  };
  // The click follows the release in the same task: the redraw comes after it.
  const release = () => {
    if (!pressing) return;
    pressing = false;
    window.setTimeout(render, 0);
  };
  body.addEventListener("pointerdown", press);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);

  render();
  if (!seen) keep(view);
  const stream = follow(id, () => view.version, chat, accept, heard, (up) => {
    // Offline, the page's own banner says so already.
    banner.hidden = up || !navigator.onLine;
    body.dataset.live = String(up);
    banner.textContent = up ? "" : t("table.reconnecting");
    if (up) clear();
  });
  const tick = window.setInterval(() => {
    windClocks();
    // What was said, and a timeout's news, leave in their time.
    const now = Date.now();
    if ([...bubbles.values()].some((b) => b.until <= now) || (timedOut.words && timedOut.until <= now)) {
      if (timedOut.until <= now) timedOut = { words: "", until: 0 };
      render();
    }
  }, 1000);
  const visible = () => {
    if (!document.hidden) refresh().catch(() => {});
  };
  document.addEventListener("visibilitychange", visible);
  return () => {
    stream.stop();
    motion.stop();
    if (replaying?.playing) clearInterval(replaying.playing);
    clearInterval(tick);
    document.body.classList.remove("at-table");
    document.removeEventListener("visibilitychange", visible);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
  };
}

/**
 * Follows the table's stream through the SDK's live iterator: a fresh ticket for each
 * connection (and another when one is refused), resumed after the last version seen (the
 * stream then sends what was missed and the view now); on a failure, or 45 seconds without
 * a keep-alive, connects again after 1, 2, 4 ... up to 10 seconds (not after a refusal that
 * another try would not change). The page draws the views (`view` frames); of the events
 * before each (`event`), it tells what the server did for a player whose time ran out.
 * The chat's messages come on the same stream (`chat`), after the last one heard, and so
 * do the messages an admin hid (`chat_hidden`).
 * @param {string} id
 * @param {() => number} seen the version of the view the page has
 * @param {{ heard: (got: import("./sdk/index.js").Schemas["ChatMessage"][]) => void, hidden: (id: number) => void, last: () => number }} chat
 * @param {(view: TableView) => void} changed
 * @param {(event: import("./sdk/index.js").Schemas["EventOut"]) => void} heard each event
 * @param {(up: boolean) => void} status whether the stream is connected
 */
function follow(id, seen, chat, changed, heard, status) {
  const stopping = new AbortController();
  (async () => {
    try {
      for await (const frame of api.live(id, { after: seen, chatAfter: chat.last, signal: stopping.signal, onStatus: status })) {
        if (frame.type === "view") changed(frame.view);
        else if (frame.type === "event") heard(frame.event);
        else if (frame.type === "chat") chat.heard([frame.message]);
        else if (frame.type === "chat_hidden") chat.hidden(frame.id);
      }
    } catch (error) {
      // Refused for good (no longer a member, no such table): say so, and it stops trying.
      // Signed out (401: no ticket to be had), the app goes to its sign-in page by itself.
      if (!stopping.signal.aborted && !(error instanceof BourreError && error.status === 401)) show(error);
    }
  })();
  return {
    stop() {
      stopping.abort();
    },
  };
}
