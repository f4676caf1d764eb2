// A table: seats, pot, trump, my hand, the trick in play and the last one, the actions the
// rules allow now, the last hand's result and the hand history. It follows the table from
// its stream alone (an EventSource with a stream ticket): after each change the stream
// sends the player's view of the table, which the page shows; it reconnects by itself.

import * as api from "./api.js";
import { amount, button, card, cardButton, cardName, clear, el, link, pager, show, suitName, timeLeft } from "./ui.js";

/** @typedef {import("./api.js").TableView} TableView */
/** @typedef {import("./api.js").Schemas} Schemas */

/**
 * @param {HTMLElement} into
 * @param {string} id
 * @param {() => void} onTurn called when it becomes, or stops being, the player's turn
 * @returns {Promise<() => void>}
 */
export async function tableScreen(into, id, onTurn) {
  let view = await api.table(id);
  /** @type {Set<string>} the cards chosen to discard */
  let chosen = new Set();
  let myTurn = false;
  /** An action on its way: every control waits (no double taps). */
  let busy = false;
  /** The control to give the focus back to after a redraw (see `render`). */
  let focusKey = /** @type {string | null} */ (null);
  let said = "";
  const live = el("p", { role: "status", class: "live" }, ["Connecting…"]);
  const news = el("p", { class: "sr-only", "aria-live": "polite" });
  const body = el("div");
  const history = historyPart(id);
  into.replaceChildren(news, body, live, history.part);

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
    const state = JSON.stringify([view, busy, [...chosen]]);
    if (state === drawn) return;
    drawn = state;
    focusKey = document.activeElement?.getAttribute("data-key") ?? focusKey;
    const hadFocus = body.contains(document.activeElement) || focusKey !== null;
    body.replaceChildren(...tableParts(view, chosen, actions));
    if (busy) {
      for (const control of body.querySelectorAll("button")) control.disabled = true;
    } else if (hadFocus) {
      const again = /** @type {HTMLElement | null} */ (
        body.querySelector(`[data-key="${focusKey}"]:not(:disabled)`) ?? body.querySelector(".cards button:not(:disabled)")
      );
      if (again) again.focus();
      else /** @type {HTMLElement | null} */ (body.querySelector("h2"))?.focus({ preventScroll: true });
      focusKey = null;
    }
    const now = view.legal != null;
    if (now !== myTurn) {
      myTurn = now;
      onTurn();
    }
    const line = newsOf(view);
    if (line !== said) {
      said = line;
      news.textContent = line;
      if (!view.legal) history.reload();
    }
  };

  /**
   * Shows `next` unless the page already has a newer view (a view fetched before an
   * action's answer arrived is older than it).
   * @param {TableView} next
   */
  const accept = (next) => {
    if (next.version >= view.version) {
      if (next.hand_no !== view.hand_no || next.phase !== view.phase) chosen = new Set();
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
        accept(await api.table(id));
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
      show(error, "Below is the table as it is now.");
      // The refusal may come from a page that missed news (its stream cut off, say).
      next = await api.table(id).catch(() => view);
    } finally {
      busy = false;
    }
    accept(next);
  };

  const actions = {
    /** @param {import("./api.js").Action} action */
    act: (action) => change(() => api.act(id, action, view.version)),
    /** @param {string} code */
    toggle(code) {
      if (chosen.has(code)) chosen.delete(code);
      else chosen.add(code);
      render();
    },
    /** @param {(id: string) => Promise<TableView>} send */
    seat: (send) => change(() => send(id)),
    chosen: () => [...chosen],
  };

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
  const stream = follow(id, () => view.version, accept, (text) => {
    live.textContent = text;
  });
  const tick = window.setInterval(() => {
    for (const node of body.querySelectorAll("[data-deadline]")) {
      node.textContent = timeLeft(/** @type {string} */ (node.getAttribute("data-deadline")));
    }
  }, 1000);
  const visible = () => {
    if (!document.hidden) refresh().catch(() => {});
  };
  document.addEventListener("visibilitychange", visible);
  return () => {
    stream.stop();
    clearInterval(tick);
    document.removeEventListener("visibilitychange", visible);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
  };
}

/**
 * Who sits at a seat, by name.
 * @param {TableView} view
 * @returns {(seat: number) => string}
 */
function namesOf(view) {
  return (seat) => view.seats.find((s) => s.seat === seat)?.username ?? `seat ${seat + 1}`;
}

/**
 * What a screen reader should hear of the table now: the player's turn, or the last
 * hand's result.
 * @param {TableView} view
 */
function newsOf(view) {
  if (view.legal) return `Your turn at ${view.name}, hand ${view.hand_no}: ${hintOf(view.legal)}`;
  if (view.last_hand && (view.phase == null || view.phase === "complete")) {
    return `Hand ${view.hand_no} over: ${headlineOf(view.last_hand, namesOf(view))}.`;
  }
  return "";
}

/**
 * Follows the table's stream: a fresh ticket for each connection, resumed after the last
 * version seen (the stream then sends what was missed and the view now); on a failure,
 * connects again after 1, 2, 4 ... up to 10 seconds (not after a refusal that another try
 * would not change). The page needs only the views (`event: view`): the events before
 * each are for clients that show them one by one.
 * @param {string} id
 * @param {() => number} seen the version of the view the page has
 * @param {(view: TableView) => void} changed
 * @param {(text: string) => void} status
 */
function follow(id, seen, changed, status) {
  /** @type {EventSource | null} */
  let source = null;
  /** @type {number | undefined} */
  let timer;
  let wait = 1000;
  let stopped = false;

  const later = () => {
    if (stopped) return;
    status("Reconnecting…");
    timer = window.setTimeout(connect, wait);
    wait = Math.min(wait * 2, 10000);
  };
  const connect = async () => {
    if (stopped) return;
    try {
      const { ticket } = await api.streamTicket(id);
      if (stopped) return;
      source = new EventSource(`/v1/tables/${id}/stream?ticket=${encodeURIComponent(ticket)}&after=${seen()}`);
    } catch (error) {
      // Refused for good (no longer a member, no such table): say so and stop trying.
      if (error instanceof api.ApiError && (error.problem.status === 403 || error.problem.status === 404)) {
        status(`Not following this table: ${error.message}`);
        return;
      }
      later();
      return;
    }
    source.onopen = () => {
      wait = 1000;
      status("Live");
    };
    source.addEventListener("view", (event) => {
      changed(/** @type {TableView} */ (JSON.parse(/** @type {MessageEvent} */ (event).data)));
    });
    source.onerror = () => {
      source?.close();
      source = null;
      later();
    };
  };
  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}

/**
 * @typedef {object} Actions
 * @property {(action: import("./api.js").Action) => Promise<void>} act
 * @property {(code: string) => void} toggle
 * @property {(send: (id: string) => Promise<TableView>) => Promise<void>} seat
 * @property {() => string[]} chosen
 */

/**
 * Everything shown of the table.
 * @param {TableView} view
 * @param {Set<string>} chosen
 * @param {Actions} actions
 */
function tableParts(view, chosen, actions) {
  const nameOf = namesOf(view);
  const inPlay = view.phase != null && view.phase !== "complete";
  const trump = view.trump;
  return [
    el("h2", { tabindex: "-1" }, [view.name]),
    el("p", { class: "facts" }, [
      `${view.status}`,
      view.hand_no ? ` · hand ${view.hand_no}` : "",
      " · pot ",
      el("span", { class: "pot" }, [String(view.pot)]),
      ` · ante ${view.rules.ante}`,
      ...(trump ? [" · trump ", trump.card ? card(trump.card) : el("span", {}, [suitName(trump.suit)])] : []),
      view.stock_count != null && inPlay ? ` · ${view.stock_count} in the stock` : "",
    ]),
    seatsPart(view),
    ...trickParts(view, nameOf),
    ...handParts(view, chosen, actions),
    seatControls(view, actions),
    ...(view.last_hand && !inPlay ? [resultPart(view.last_hand, nameOf)] : []),
  ];
}

/** @param {TableView} view */
function seatsPart(view) {
  const acting = new Map(view.to_act_all.map((t) => [t.seat, t]));
  return el(
    "ol",
    { class: "seats", "aria-label": "Seats" },
    view.seats.map((s) => {
      const turn = acting.get(s.seat);
      return el("li", { class: `${turn ? "acting" : ""} ${s.seat === view.my_seat ? "me" : ""}` }, [
        el("span", { class: "name" }, [s.username, s.bot ? " (bot)" : "", s.seat === view.my_seat ? " (you)" : ""]),
        el("span", {}, [
          amount("balance", s.balance),
          ` · ${s.tricks} ${s.tricks === 1 ? "trick" : "tricks"}`,
          s.state ? ` · ${s.state.replace("_", " ")}` : "",
          ...(turn ? [" · to act", ...(turn.deadline ? [" ", el("span", { class: "deadline", "data-deadline": turn.deadline }, [timeLeft(turn.deadline)])] : [])] : []),
        ]),
      ]);
    }),
  );
}

/**
 * The trick in play and the last one taken.
 * @param {TableView} view
 * @param {(seat: number) => string} nameOf
 */
function trickParts(view, nameOf) {
  /** @param {Schemas["TrickOut"]} trick */
  const plays = (trick) =>
    el("ul", { class: "trick" }, trick.plays.map((p) => el("li", {}, [card(p.card), ` ${nameOf(p.seat)}`])));
  const done = view.tricks.filter((t) => t.winner_seat != null);
  const last = done.at(-1);
  return [
    ...(view.current_trick && view.current_trick.plays.length
      ? [el("section", { "aria-label": "Current trick" }, [el("h3", {}, [`Trick ${done.length + 1}`]), plays(view.current_trick)])]
      : []),
    ...(last?.winner_seat != null
      ? [el("section", { "aria-label": "Last trick" }, [el("h3", {}, [`Last trick: ${nameOf(last.winner_seat)}`]), plays(last)])]
      : []),
  ];
}

/**
 * My hand as buttons, and the actions the rules allow now.
 * @param {TableView} view
 * @param {Set<string>} chosen
 * @param {Actions} actions
 */
function handParts(view, chosen, actions) {
  if (view.my_seat == null || !view.my_hand.length) return [];
  const legal = view.legal;
  const discarding = legal != null && legal.max_discard != null && (legal.action === "draw" || legal.can_play === true);
  const playable = new Set(legal?.action === "play" ? (legal.cards ?? []) : []);
  const cards = view.my_hand.map((code) => {
    const node = cardButton(code);
    node.setAttribute("data-key", `card-${code}`);
    if (discarding) {
      const full = chosen.size >= (legal?.max_discard ?? 0);
      node.setAttribute("aria-pressed", String(chosen.has(code)));
      node.disabled = code === legal?.must_keep || (full && !chosen.has(code));
      node.addEventListener("click", () => actions.toggle(code));
    } else {
      node.disabled = !playable.has(code);
      node.addEventListener("click", () => actions.act({ type: "play", card: code }));
    }
    return node;
  });
  /** @type {(Node | string)[]} */
  const controls = [];
  if (legal?.action === "declare") {
    const pass = button("Pass", () => actions.act({ type: "declare", play: false }), { "data-key": "pass", class: "secondary" });
    pass.disabled = legal.can_pass !== true;
    const play = button("Play", () => actions.act({ type: "declare", play: true, ...(legal.max_discard != null ? { discard: actions.chosen() } : {}) }), { "data-key": "play" });
    play.disabled = legal.can_play !== true;
    controls.push(pass, play);
  } else if (legal?.action === "draw") {
    controls.push(button("Draw", () => actions.act({ type: "draw", discard: actions.chosen() }), { "data-key": "draw" }));
  }
  const hint = legal ? `Your turn: ${hintOf(legal)}` : view.my_declaration != null ? `You declared: ${view.my_declaration ? "play" : "pass"}.` : "";
  return [
    el("section", { "aria-label": "My hand", class: legal ? "hand mine" : "hand" }, [
      el("h3", {}, ["My hand"]),
      el("div", { class: "cards", role: "group", "aria-label": "My cards" }, cards),
      hint ? el("p", { class: "hint" }, [hint]) : "",
      el("div", { class: "actions" }, controls),
    ]),
  ];
}

/**
 * What the player may do now, in words.
 * @param {Schemas["LegalOut"]} legal
 */
function hintOf(legal) {
  if (legal.action === "play") return "play a card.";
  if (legal.max_discard == null) return "play or pass.";
  if (legal.action === "draw") return `tap up to ${legal.max_discard} cards to discard, then Draw.`;
  return `tap up to ${legal.max_discard} cards to discard, then Play (none: stand pat), or Pass.`;
}

/**
 * Take a seat, leave it, deal, add a bot: whichever apply now.
 * @param {TableView} view
 * @param {Actions} actions
 */
function seatControls(view, actions) {
  const between = view.phase == null || view.phase === "complete";
  const free = view.rules.max_players - view.seats.length;
  const open = view.status !== "closed";
  const me = view.seats.find((s) => s.seat === view.my_seat);
  /** @type {HTMLButtonElement[]} */
  const list = [];
  if (open && view.my_seat == null && free > 0) {
    list.push(button("Take a seat", () => actions.seat(api.sit), { "data-key": "sit" }));
  }
  if (open && view.my_seat != null && between && view.seats.length >= 2) {
    list.push(button("Deal", () => actions.seat(api.deal), { "data-key": "deal" }));
  }
  if (open && free > 0) {
    list.push(button("Add bot", () => actions.seat(api.addBot), { "data-key": "bot", class: "secondary" }));
  }
  if (view.my_seat != null && (between || me?.state === "sitting_out")) {
    list.push(button("Leave seat", () => actions.seat(api.stand), { "data-key": "stand", class: "secondary" }));
  }
  return el("div", { class: "actions" }, [...list, link(`/leagues/${view.league_id}`, ["Back to the league"])]);
}

/**
 * Who won a hand, in words.
 * @param {Schemas["Settlement"]} result
 * @param {(seat: number) => string} nameOf
 */
function headlineOf(result, nameOf) {
  const outcome = result.outcome;
  if (outcome.type === "won") return `${nameOf(outcome.seat)} won the pot of ${result.pot}`;
  if (outcome.type === "uncontested") return `${nameOf(outcome.seat)} took the pot of ${result.pot} uncontested`;
  if (outcome.type === "split") return `Split between ${outcome.seats.map(nameOf).join(" and ")}`;
  return "Everyone passed: the pot carries over";
}

/**
 * The last hand's result: who won, the bourrés, who paid and who was paid.
 * @param {Schemas["Settlement"]} result
 * @param {(seat: number) => string} nameOf
 */
function resultPart(result, nameOf) {
  const headline = headlineOf(result, nameOf);
  /** @param {Schemas["SeatAmount"][]} list */
  const lines = (list) => list.map((a) => `${nameOf(a.seat)} ${a.amount}`).join(", ");
  return el("section", { "aria-label": "Last hand", class: "result" }, [
    el("h3", {}, ["Last hand"]),
    el("p", {}, [headline, "."]),
    result.tricks.length ? el("p", {}, [`Tricks: ${lines(result.tricks)}.`]) : "",
    result.payouts.length ? el("p", {}, [`Paid out: ${lines(result.payouts)}.`]) : "",
    result.bourre.length ? el("p", {}, [`Bourré, paying into the next pot: ${lines(result.bourre)}.`]) : el("p", {}, ["No one bourré."]),
    result.carried ? el("p", {}, [`The next pot starts with ${result.carried}.`]) : "",
  ]);
}

/**
 * What happened in a finished hand, move by move, from its record; loaded when opened.
 * @param {string} id
 * @param {number} hand
 */
function transcript(id, hand) {
  const lines = el("ol", { class: "transcript" });
  const part = el("details", {}, [el("summary", {}, [`Transcript of hand ${hand}`]), lines]);
  part.addEventListener("toggle", async () => {
    if (!part.open || lines.childElementCount) return;
    const record = await api.handRecord(id, hand).catch((error) => {
      show(error);
      return null;
    });
    lines.replaceChildren(...(record?.events ?? []).map((row) => el("li", {}, [describe(row.payload)])));
  });
  return part;
}

/**
 * One event of a hand's record, in words.
 * @param {Schemas["TableEvent"]} event
 */
function describe(event) {
  /** @param {number} seat */
  const seat = (seat) => `seat ${seat + 1}`;
  switch (event.type) {
    case "hand_started":
      return `Hand ${event.hand_no} dealt by ${seat(event.dealer)}; ${event.entrants.length} players`;
    case "declared":
      return `${seat(event.seat)} ${event.play ? "plays" : "passes"}${event.draw ? `, discards ${event.draw.discard.length}` : ""}`;
    case "revealed":
      return `Declarations revealed: ${event.playing.length ? event.playing.map(seat).join(", ") : "nobody"} playing`;
    case "drew":
      return `${seat(event.seat)} discards ${event.draw.discard.length} and draws`;
    case "played":
      return `${seat(event.seat)} plays ${cardName(event.card)}`;
    case "trick_won":
      return `${seat(event.seat)} takes trick ${event.trick + 1}`;
    case "hand_ended":
      return `Hand over: pot ${event.pot}, ${event.carried} carried to the next`;
    default:
      return event.type.replaceAll("_", " ");
  }
}

/**
 * The table's hands, each with its audit's verdict; loaded when opened.
 * @param {string} id
 */
function historyPart(id) {
  const list = el("ol", { class: "history" });
  /** Counts loads: rows of a load overtaken by the next are dropped. */
  let loads = 0;
  const { more, start } = pager("More hands", async (/** @type {number | null} */ after) => {
    const mine = loads;
    const page = await api.hands(id, after);
    const audits = await Promise.allSettled(page.hands.map((h) => (h.in_progress ? null : api.audit(id, h.hand_no))));
    if (mine !== loads) return null;
    list.append(...page.hands.map((h, i) => handLine(id, h, audits[i])));
    return page.next_cursor;
  });
  const part = el("details", { class: "history" }, [el("summary", {}, ["Hand history"]), list, more]);
  const reload = () => {
    if (!part.open) return;
    loads += 1;
    list.replaceChildren();
    start().catch(show);
  };
  part.addEventListener("toggle", reload);
  return { part, reload };
}

/**
 * One hand of the history: its outcome and its audit's verdict.
 * @param {string} id
 * @param {Schemas["HandSummary"]} h
 * @param {PromiseSettledResult<Schemas["AuditReport"] | null>} audit
 */
function handLine(id, h, audit) {
  const verdict = h.in_progress
    ? "in play"
    : audit.status === "rejected" ? "audit not available"
    : audit.value?.verified ? "verified" : "NOT verified";
  /** @param {number[]} seats */
  const seats = (seats) => seats.map((s) => s + 1).join(", ");
  const outcome =
    (h.outcome === "won" || h.outcome === "uncontested") && h.winner_seat != null ? `seat ${h.winner_seat + 1} won`
    : h.outcome === "split" ? `split: seats ${seats(h.split_seats)}`
    : h.outcome === "all_passed" ? "all passed" : "";
  return el("li", { "data-hand": String(h.hand_no) }, [
    `Hand ${h.hand_no}: trump ${suitName(h.trump)}`,
    outcome ? `, ${outcome}` : "",
    h.pot != null ? `, pot ${h.pot}` : "",
    h.bourre_seats.length ? `, bourré: seats ${seats(h.bourre_seats)}` : "",
    " · ",
    el("span", { class: verdict === "verified" || verdict === "in play" ? "verdict" : "verdict bad" }, [verdict]),
    h.fixed_deck ? " (fixed deck)" : "",
    h.in_progress ? "" : transcript(id, h.hand_no),
  ]);
}
