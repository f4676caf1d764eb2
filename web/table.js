// A table: seats, pot, trump, my hand, the trick in play and the last one, the actions the
// rules allow now, the last hand's result and the hand history. It follows the table's
// events through an EventSource (with a stream ticket) and reconnects by itself.

import * as api from "./api.js";
import { button, card, cardButton, cardName, clear, el, link, show, suitName, timeLeft } from "./ui.js";

/** @typedef {import("./api.js").TableView} TableView */
/** @typedef {import("./api.js").Schemas} Schemas */

/** Every kind of event a table's stream sends (`event:` lines). */
const KINDS = [
  "table_created", "seat_taken", "seat_left", "hand_dealt", "hand_started", "client_seed_set",
  "declared", "revealed", "drew", "played", "trick_won", "turn_timed_out", "hand_ended",
  "seed_revealed", "table_closed",
];

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
  const live = el("p", { role: "status", class: "live" }, ["Connecting…"]);
  const body = el("div");
  const history = historyPart(id);
  into.replaceChildren(body, live, history);

  /** Redraws from `view`, keeping the focus on the control that had it. */
  const render = () => {
    const focused = document.activeElement?.getAttribute("data-key");
    body.replaceChildren(...tableParts(view, chosen, actions));
    if (busy) for (const control of body.querySelectorAll("button")) control.disabled = true;
    if (focused) /** @type {HTMLElement | null} */ (body.querySelector(`[data-key="${focused}"]`))?.focus();
    const now = view.legal != null;
    if (now !== myTurn) {
      myTurn = now;
      onTurn();
    }
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
        const next = await api.table(id);
        // A view fetched before an action's answer arrived is older than it: keep the newer.
        if (next.version < view.version) continue;
        if (next.hand_no !== view.hand_no || next.phase !== view.phase) chosen = new Set();
        view = next;
        render();
      } while (again);
    })().finally(() => {
      fetching = null;
    });
    return fetching;
  };

  const actions = {
    /** @param {import("./api.js").Action} action */
    async act(action) {
      clear();
      busy = true;
      render();
      try {
        view = await api.act(id, action, view.version);
        chosen = new Set();
      } catch (error) {
        show(error, "Below is the table as it is now.");
      } finally {
        busy = false;
      }
      render();
      await refresh().catch(() => {});
    },
    /** @param {string} code */
    toggle(code) {
      if (chosen.has(code)) chosen.delete(code);
      else chosen.add(code);
      render();
    },
    /** @param {string} method @param {string} path */
    async seat(method, path) {
      try {
        view = await api.call(method, path);
        render();
      } catch (error) {
        show(error);
        await refresh();
      }
    },
    chosen: () => [...chosen],
  };

  render();
  const stream = follow(id, () => view.version, refresh, (text) => {
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
  };
}

/**
 * Follows the table's stream: a fresh ticket for each connection, resumed after the last
 * event seen; on any failure, connects again after 1, 2, 4 ... up to 10 seconds.
 * @param {string} id
 * @param {() => number} seen the last event the page has
 * @param {() => Promise<void>} changed
 * @param {(text: string) => void} status
 */
function follow(id, seen, changed, status) {
  /** @type {EventSource | null} */
  let source = null;
  /** @type {number | undefined} */
  let timer;
  let wait = 1000;
  let stopped = false;
  let after = seen();

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
      after = Math.max(after, seen());
      source = new EventSource(`/v1/tables/${id}/stream?ticket=${encodeURIComponent(ticket)}&after=${after}`);
    } catch {
      later();
      return;
    }
    source.onopen = () => {
      wait = 1000;
      status("Live");
      changed().catch(() => {});
    };
    for (const kind of KINDS) {
      source.addEventListener(kind, (event) => {
        after = Math.max(after, Number(/** @type {MessageEvent} */ (event).lastEventId));
        changed().catch(() => {});
      });
    }
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
 * @property {(method: string, path: string) => Promise<void>} seat
 * @property {() => string[]} chosen
 */

/**
 * Everything shown of the table.
 * @param {TableView} view
 * @param {Set<string>} chosen
 * @param {Actions} actions
 */
function tableParts(view, chosen, actions) {
  /** @param {number} seat */
  const nameOf = (seat) => view.seats.find((s) => s.seat === seat)?.username ?? `seat ${seat + 1}`;
  const inPlay = view.phase != null && view.phase !== "complete";
  const trump = view.trump;
  return [
    el("h2", {}, [view.name]),
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
          el("span", { class: "balance", title: "balance" }, [String(s.balance)]),
          ` · ${s.tricks} tricks`,
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
    ...(last && last.winner_seat != null
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
    node.setAttribute("aria-label", `${cardName(code)}${chosen.has(code) ? ", to discard" : ""}`);
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
  const hint = !legal
    ? view.my_declaration != null ? `You declared: ${view.my_declaration ? "play" : "pass"}.` : ""
    : legal.action === "play"
      ? "Your turn: play a card."
      : discarding
        ? `Your turn: tap up to ${legal.max_discard} cards to discard${legal.action === "declare" ? ", then Play (none: stand pat), or Pass" : ", then Draw"}.`
        : "Your turn: play or pass.";
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
    list.push(button("Take a seat", () => actions.seat("POST", `/v1/tables/${view.id}/seats`), { "data-key": "sit" }));
  }
  if (open && view.my_seat != null && between && view.seats.length >= 2) {
    list.push(button("Deal", () => actions.seat("POST", `/v1/tables/${view.id}/hands`), { "data-key": "deal" }));
  }
  if (open && free > 0) {
    list.push(button("Add bot", () => actions.seat("POST", `/v1/tables/${view.id}/bots`), { "data-key": "bot", class: "secondary" }));
  }
  if (view.my_seat != null && (between || me?.state === "sitting_out")) {
    list.push(button("Leave seat", () => actions.seat("DELETE", `/v1/tables/${view.id}/seats/me`), { "data-key": "stand", class: "secondary" }));
  }
  return el("div", { class: "actions" }, [...list, link(`/leagues/${view.league_id}`, ["Back to the league"])]);
}

/**
 * The last hand's result: who won, the bourrés, who paid and who was paid.
 * @param {Schemas["Settlement"]} result
 * @param {(seat: number) => string} nameOf
 */
function resultPart(result, nameOf) {
  const outcome = result.outcome;
  const headline =
    outcome.type === "won" ? `${nameOf(outcome.seat)} won the pot of ${result.pot}`
    : outcome.type === "uncontested" ? `${nameOf(outcome.seat)} took the pot of ${result.pot} uncontested`
    : outcome.type === "split" ? `Split between ${outcome.seats.map(nameOf).join(" and ")}`
    : "Everyone passed: the pot carries over";
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
    /** @type {Schemas["HandRecord"]} */
    const record = await api.call("GET", `/v1/tables/${id}/hands/${hand}`).catch((error) => {
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
  const more = el("div", { class: "actions" });
  /** @param {number | null} after */
  const load = async (after) => {
    const page = await api.hands(id, after);
    const rows = await Promise.all(
      page.hands.map(async (h) => {
        const verdict = h.in_progress ? "in play" : (await api.audit(id, h.hand_no)).verified ? "verified" : "NOT verified";
        const outcome =
          h.outcome === "won" || h.outcome === "uncontested" ? `seat ${(h.winner_seat ?? 0) + 1} won`
          : h.outcome === "split" ? `split: seats ${h.split_seats.map((s) => s + 1).join(", ")}`
          : h.outcome === "all_passed" ? "all passed" : "";
        return el("li", { "data-hand": String(h.hand_no) }, [
          `Hand ${h.hand_no}: trump ${suitName(h.trump)}`,
          outcome ? `, ${outcome}` : "",
          h.pot != null ? `, pot ${h.pot}` : "",
          h.bourre_seats.length ? `, bourré: seats ${h.bourre_seats.map((s) => s + 1).join(", ")}` : "",
          " · ",
          el("span", { class: `verdict ${verdict === "NOT verified" ? "bad" : ""}` }, [verdict]),
          h.fixed_deck ? " (fixed deck)" : "",
          h.in_progress ? "" : transcript(id, h.hand_no),
        ]);
      }),
    );
    list.append(...rows);
    const cursor = page.next_cursor;
    more.replaceChildren(...(cursor == null ? [] : [button("More hands", () => load(cursor), { class: "secondary" })]));
  };
  const part = el("details", { class: "history" }, [el("summary", {}, ["Hand history"]), list, more]);
  part.addEventListener("toggle", () => {
    if (!part.open) return;
    list.replaceChildren();
    load(null).catch(show);
  });
  return part;
}
