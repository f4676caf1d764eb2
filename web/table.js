// A table: the seats around the felt with me at the bottom, the pot and trump, the trick
// in play in the middle, my hand fanned below with the actions the rules allow now, the
// last hand's result and the hand history. It follows the table from its stream alone (the SDK's
// live iterator, with a stream ticket): after each change the stream sends the player's view
// of the table, which the page draws; it reconnects by itself.

import { BourreError, api, session } from "./session.js";
import { feltParts, handParts, inPlay, newsOf, resultPart, seatControls, windClock } from "./felt.js";
import { chatPart, playerMenu, reportDialog } from "./chat.js";
import { historyPart } from "./history.js";
import { t } from "./i18n.js";
import { Motion, soundSwitch } from "./motion.js";
import { button, clear, el, show } from "./ui.js";

/** @typedef {import("./session.js").TableView} TableView */

/**
 * @param {HTMLElement} into
 * @param {string} id
 * @param {() => void} onTurn called when it becomes, or stops being, the player's turn
 * @returns {Promise<() => void>}
 */
export async function tableScreen(into, id, onTurn) {
  let view = await api.getTable(id);
  /** @type {Set<string>} the cards chosen to discard */
  let chosen = new Set();
  let myTurn = false;
  /** An action on its way: every control waits (no double taps). */
  let busy = false;
  /** The control to give the focus back to after a redraw (see `render`). */
  let focusKey = /** @type {string | null} */ (null);
  let said = "";
  const banner = el("p", { class: "banner", role: "status", hidden: "" });
  const news = el("p", { class: "sr-only", "aria-live": "polite" });
  const body = el("div", { class: "table-screen" });
  const history = historyPart(id);
  const me = session()?.player.id;
  // A block changes the names the table shows: its view is read again.
  const chat = await chatPart(id, view.league_id, () => view.seats.some((s) => s.player_id === me), () => {
    refresh().catch(() => {});
  });
  const motion = new Motion(body);
  into.replaceChildren(banner, news, body, chat.part, history.part);

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
    // Nothing changed (a refresh after a reconnect, say): the page stays as it is, so a
    // tap that is under way lands on the button it began on.
    const state = JSON.stringify([view, busy, [...chosen], motion.held?.winner_seat ?? null]);
    if (state === drawn) return;
    drawn = state;
    chat.allow();
    focusKey = document.activeElement?.getAttribute("data-key") ?? focusKey;
    const hadFocus = body.contains(document.activeElement) || focusKey !== null;
    const before = motion.measure();
    body.replaceChildren(
      el("div", { class: "table-head" }, [el("h2", { tabindex: "-1" }, [view.name]), soundSwitch(), reportTable()]),
      feltParts(view, motion.held, actions),
      ...handParts(view, chosen, actions),
      seatControls(view, actions),
      ...(view.last_hand && !inPlay(view) ? [resultPart(view)] : []),
    );
    motion.play(before, view);
    body.dataset.hand = String(view.hand_no);
    body.dataset.phase = view.phase ?? "";
    if (busy) {
      for (const control of body.querySelectorAll("button")) control.disabled = true;
    } else if (hadFocus) {
      const again = /** @type {HTMLElement | null} */ (
        body.querySelector(`[data-key="${focusKey}"]:not(:disabled)`) ?? body.querySelector(".hand button.card:not(:disabled)")
      );
      if (again) again.focus({ preventScroll: true });
      else /** @type {HTMLElement | null} */ (body.querySelector("h2"))?.focus({ preventScroll: true });
      focusKey = null;
    }
    const now = view.legal != null;
    if (now !== myTurn) {
      myTurn = now;
      if (now) motion.sound("turn");
      onTurn();
    }
    const line = newsOf(view);
    if (line !== said) {
      said = line;
      news.textContent = line;
      if (!view.legal) history.reload();
    }
  };
  motion.onHeld = render;

  /**
   * Shows `next` unless the page already has a newer view (a view fetched before an
   * action's answer arrived is older than it).
   * @param {TableView} next
   */
  const accept = (next) => {
    if (next.version >= view.version) {
      if (next.hand_no !== view.hand_no || next.phase !== view.phase) chosen = new Set();
      motion.hold(view, next);
      view = next;
    }
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
  /** The table's menu: report it. */
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
  const stream = follow(id, () => view.version, chat, accept, (up) => {
    banner.hidden = up;
    body.dataset.live = String(up);
    banner.textContent = up ? "" : t("table.reconnecting");
    if (up) clear();
  });
  const tick = window.setInterval(() => {
    for (const clock of body.querySelectorAll("[data-deadline]")) {
      if (clock instanceof HTMLElement) windClock(clock);
    }
  }, 1000);
  const visible = () => {
    if (!document.hidden) refresh().catch(() => {});
  };
  document.addEventListener("visibilitychange", visible);
  return () => {
    stream.stop();
    motion.stop();
    clearInterval(tick);
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
 * another try would not change). The page needs only the views
 * (`view` frames): the events before each are for clients that show them one by one.
 * The chat's messages come on the same stream (`chat`), after the last one heard, and so
 * do the messages an admin hid (`chat_hidden`).
 * @param {string} id
 * @param {() => number} seen the version of the view the page has
 * @param {{ heard: (got: import("./sdk/index.js").Schemas["ChatMessage"][]) => void, hidden: (id: number) => void, last: () => number }} chat
 * @param {(view: TableView) => void} changed
 * @param {(up: boolean) => void} status whether the stream is connected
 */
function follow(id, seen, chat, changed, status) {
  const stopping = new AbortController();
  (async () => {
    try {
      for await (const frame of api.live(id, { after: seen, chatAfter: chat.last, signal: stopping.signal, onStatus: status })) {
        if (frame.type === "view") changed(frame.view);
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
