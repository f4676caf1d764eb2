// The table drawn: seats around an oval with me at the bottom, the pot and trump, the
// trick in the middle (each card in front of who played it, the card winning so far
// marked), my hand fanned below with the reason a card may not be played, the declare and
// draw buttons, the seat controls and the last hand's result.

import { api } from "./session.js";
import { cardName, codeText, num, signed, suitName, suitSign, t, word } from "./i18n.js";
import { AVATARS } from "./profile.js";
import { button, cardButton, cardFace, el, link, timeLeft } from "./ui.js";

/** @typedef {import("./session.js").TableView} TableView */
/** @typedef {import("./sdk/index.js").Schemas} Schemas */

/**
 * @typedef {object} Actions
 * @property {(action: import("./session.js").Action) => Promise<void>} act
 * @property {(code: string) => void} toggle
 * @property {(send: (id: string) => Promise<TableView>) => Promise<void>} seat
 * @property {() => string[]} chosen
 * @property {(name: string, player: string) => HTMLElement} menu another player's menu (block, report)
 */

/** Whether a hand is being played. @param {TableView} view */
export function inPlay(view) {
  return view.phase != null && view.phase !== "complete";
}

/**
 * Who sits at a seat, by name.
 * @param {TableView} view
 * @returns {(seat: number) => string}
 */
export function namesOf(view) {
  return (seat) => {
    const s = view.seats.find((s) => s.seat === seat);
    return s ? shownName(s) : t("seat.number", { n: seat + 1 });
  };
}

/** The name a seat's player is shown by: their display name, else their username. @param {Schemas["SeatOut"]} s */
function shownName(s) {
  return s.display_name ?? s.username;
}

/**
 * Where each of `seats` sits around the oval, in percent of the felt: `me` at the bottom,
 * the others clockwise from my left (the order of play), spread evenly.
 * @param {number[]} seats
 * @param {number | null | undefined} me
 * @returns {Map<number, { x: number, y: number, angle: number }>}
 */
function placesOf(seats, me) {
  const mine = seats.indexOf(me ?? -1);
  const start = mine < 0 ? 0 : mine;
  /** @type {Map<number, { x: number, y: number, angle: number }>} */
  const places = new Map();
  seats.forEach((seat, i) => {
    const k = (i - start + seats.length) % seats.length;
    const angle = Math.PI / 2 + (k * 2 * Math.PI) / Math.max(seats.length, 2);
    places.set(seat, { x: 50 + 44 * Math.cos(angle), y: 50 + 41 * Math.sin(angle), angle });
  });
  return places;
}

const ORDER = "23456789TJQKA";

/** A card's rank, to compare. @param {string} code */
function rankOf(code) {
  return ORDER.indexOf(code.slice(0, -1).replace("10", "T"));
}

/**
 * The play winning the trick so far (R9e): the highest trump, else the highest card of
 * the suit led.
 * @param {Schemas["PlayOut"][]} plays
 * @param {string | undefined} trump
 */
export function winningPlay(plays, trump) {
  const led = plays[0]?.card.slice(-1);
  /** @type {Schemas["PlayOut"] | undefined} */
  let best;
  for (const play of plays) {
    const suit = play.card.slice(-1);
    if (!best) {
      best = play;
      continue;
    }
    const bestSuit = best.card.slice(-1);
    const beats =
      suit === bestSuit ? rankOf(play.card) > rankOf(best.card) : suit === trump || (suit === led && bestSuit !== trump && bestSuit !== led);
    if (beats) best = play;
  }
  return best;
}

/**
 * The bar above the felt, always in view: the table's name, the pot, trump, whose turn it
 * is with their clock, and the tools given (the chat's and the menu's buttons).
 * @param {TableView} view
 * @param {Node[]} tools
 */
export function statusPart(view, tools) {
  const trump = view.trump;
  const acting = view.to_act_all;
  const nameOf = namesOf(view);
  const mine = view.legal != null;
  const deadline = (mine ? acting.find((a) => a.seat === view.my_seat) : acting[0])?.deadline;
  /** @type {(Node | string)[]} */
  let turn;
  if (mine) turn = [el("strong", {}, [t("table.yourTurn")])];
  else if (acting.length) turn = [t("table.turnOf", { name: acting.map((a) => nameOf(a.seat)).join(t("list.and")) })];
  else if (view.last_hand && !inPlay(view)) turn = [headlineOf(view.last_hand, nameOf)];
  else turn = [t("table.noHand")];
  const clock = deadline
    ? el("span", { class: "timer" }, [el("span", { class: "deadline", "data-deadline": deadline, "data-total": String(view.rules.turn_timeout_secs) })])
    : "";
  return el("div", { class: mine ? "table-status mine" : "table-status" }, [
    el("div", { class: "status-top" }, [
      el("h2", { tabindex: "-1" }, [view.name]),
      el("p", { class: "pot", "data-pot": "" }, [
        el("span", { class: "chip", "aria-hidden": "true" }),
        el("span", {}, [t("table.pot"), " "]),
        el("span", { class: "num" }, [num(view.pot)]),
      ]),
      trump ? trumpPart(trump) : "",
      ...tools,
    ]),
    el("p", { class: "turn" }, [...turn, clock]),
  ]);
}

/**
 * Trump in the status bar: the face-up card while the dealer holds it, the suit's sign, and
 * in words ("spades are trump") for a screen reader and as the tooltip.
 * @param {NonNullable<TableView["trump"]>} trump
 */
function trumpPart(trump) {
  const words = t("table.trump", { suit: suitName(trump.suit) });
  return el("p", { class: "trump", title: words }, [
    trump.card ? cardFace(trump.card, "small") : "",
    el("span", { class: `suit ${redSuit(trump.suit) ? "red" : "black"}`, "aria-hidden": "true" }, [suitSign(trump.suit)]),
    el("span", { class: "sr-only" }, [words]),
  ]);
}

/**
 * The felt: the seats around it, the trick in the middle (or the trick just won, held a
 * moment with its winner marked), the hand's result once it is over, what the server did
 * for a player whose time ran out, and what the players said, at their seats.
 * @param {TableView} view
 * @param {Schemas["TrickOut"] | null} held
 * @param {Actions} actions
 * @param {{ bubbles: Map<number, string>, notice: string }} said
 */
export function feltParts(view, held, actions, said) {
  const places = placesOf(view.seats.map((s) => s.seat), view.my_seat);
  const nameOf = namesOf(view);
  const trump = view.trump;
  const trick = held ?? (view.current_trick && view.current_trick.plays.length ? view.current_trick : null);
  const winner = trick ? (held ? trick.plays.find((p) => p.seat === held.winner_seat) : winningPlay(trick.plays, trump?.suit)) : undefined;
  const led = trick?.plays[0]?.card.slice(-1);
  const over = view.last_hand != null && !inPlay(view);
  const trickPart = trickOf(trick?.plays ?? [], winner?.seat, places, nameOf, held ? "trick taken" : "trick");
  const middle = el("div", { class: "middle" }, [
    led ? el("p", { class: "led" }, [held ? t("table.trickTaken", { name: nameOf(held.winner_seat ?? 0) }) : t("table.led", { suit: suitSign(led) })]) : "",
    view.stock_count != null && view.phase === "draw" ? el("p", { class: "stock" }, [t("table.stock", { n: view.stock_count })]) : "",
  ]);
  return el("div", { class: "felt", "data-count": String(view.seats.length) }, [
    el("div", { class: "oval", "aria-hidden": "true" }),
    middle,
    trickPart,
    ...view.seats.map((s) => seatPart(view, s, places.get(s.seat), actions, said.bubbles.get(s.seat))),
    said.notice ? el("p", { class: "timed-out", role: "status" }, [said.notice]) : "",
    over ? resultPart(view) : "",
  ]);
}

/**
 * A trick's cards, each in front of who played it, the winning one marked.
 * @param {{ seat: number, card: string }[]} plays
 * @param {number | undefined} winner the seat winning it
 * @param {Map<number, { angle: number }>} places
 * @param {(seat: number) => string} nameOf
 * @param {string} kind the section's classes
 */
function trickOf(plays, winner, places, nameOf, kind) {
  return el(
    "section",
    { class: kind, "aria-label": t("table.trickRegion") },
    plays.map((p) => {
      const place = places.get(p.seat);
      const wins = p.seat === winner;
      const node = cardFace(p.card, "played");
      node.setAttribute("aria-label", `${cardName(p.card)}, ${t("table.playedBy", { name: nameOf(p.seat) })}${wins ? `, ${t("table.winning")}` : ""}`);
      node.setAttribute("data-card", p.card);
      node.setAttribute("data-from", String(p.seat));
      if (wins) node.classList.add("winning");
      if (place) {
        node.style.setProperty("--x", `${50 + 14 * Math.cos(place.angle)}%`);
        node.style.setProperty("--y", `${50 + 17 * Math.sin(place.angle)}%`);
      }
      return node;
    }),
  );
}

/**
 * A finished hand replayed on the felt, at step `at`: its players around it (the viewer at
 * the bottom when they played), each with the tricks they have taken so far; the step's
 * trick with its winner marked (the step in words goes with the replay's controls).
 * @param {import("./history.js").Replay} replay
 * @param {number} at
 * @param {number | null | undefined} me the viewer's seat in that hand
 */
export function replayFelt(replay, at, me) {
  const step = replay.steps[at];
  const places = placesOf(replay.seats.map((s) => s.seat), me);
  const names = new Map(replay.seats.map((s) => [s.seat, s.name]));
  /** @param {number} seat */
  const nameOf = (seat) => names.get(seat) ?? t("seat.number", { n: seat + 1 });
  const winner = step?.plays.find((p) => p.wins)?.seat;
  return el("div", { class: "felt replaying", "data-count": String(replay.seats.length) }, [
    el("div", { class: "oval", "aria-hidden": "true" }),
    trickOf(step?.plays ?? [], winner, places, nameOf, "trick"),
    ...replay.seats.map((s) => {
      const place = places.get(s.seat);
      const node = el("section", { class: s.seat === me ? "seat me" : "seat", "aria-label": s.name, "data-seat": String(s.seat) }, [
        el("div", { class: "disc", "aria-hidden": "true" }, [initials(s.name)]),
        el("p", { class: "name" }, [s.name]),
        el("p", { class: "stats" }, [t("seat.tricks", { n: step?.tricks.get(s.seat) ?? 0 })]),
      ]);
      if (place) {
        node.style.setProperty("--x", `${place.x}%`);
        node.style.setProperty("--y", `${place.y}%`);
      }
      return node;
    }),
  ]);
}

/** @param {string} suit */
function redSuit(suit) {
  return suit === "H" || suit === "D";
}

/** Two letters for a name's disc. @param {string} name */
function initials(name) {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? [...(parts[0] ?? "")].slice(0, 1).concat([...(parts[1] ?? "")].slice(0, 1)) : [...name].slice(0, 2);
  return letters.join("").toUpperCase();
}

/**
 * One seat: name and initials, balance and tricks, state and cards left, the dealer's
 * button, a timer round the disc while the seat is to act, what its player just said, and
 * on another player's seat their menu.
 * @param {TableView} view
 * @param {Schemas["SeatOut"]} s
 * @param {{ x: number, y: number } | undefined} place
 * @param {Actions} actions
 * @param {string | undefined} bubble
 */
function seatPart(view, s, place, actions, bubble) {
  const turn = view.to_act_all.find((a) => a.seat === s.seat);
  const me = s.seat === view.my_seat;
  const total = view.rules.turn_timeout_secs;
  const classes = ["seat", turn ? "acting" : "", me ? "me" : "", s.state === "passed" ? "out" : ""];
  const name = shownName(s);
  const playing = s.state && s.state !== "sitting_out" && s.state !== "passed";
  const node = el("section", { class: classes.filter(Boolean).join(" "), "aria-label": name, "data-seat": String(s.seat) }, [
    el("div", { class: s.avatar ? "disc avatar" : "disc", "aria-hidden": "true" }, [s.avatar ? AVATARS[s.avatar] : initials(name)]),
    el("p", { class: "name" }, [name, me ? el("span", { class: "sr-only" }, [` ${t("seat.you")}`]) : ""]),
    el("p", { class: "stats" }, [
      el("span", { class: "chips", title: t("seat.balance") }, [el("span", { class: "sr-only" }, [`${t("seat.balance")} `]), num(s.balance)]),
      playing ? ` · ${t("seat.tricks", { n: s.tricks })}` : "",
    ]),
    turn
      ? el("p", { class: "clock" }, [t("seat.toAct"), ...(turn.deadline ? [" ", el("span", { class: "deadline", "data-deadline": turn.deadline, "data-total": String(total) })] : [])])
      : el("p", { class: "state" }, [
          s.state ? word("state", s.state) : s.bot ? t("seat.bot") : "",
          s.card_count && !me ? ` · ${t("seat.cards", { n: s.card_count })}` : s.discard_count ? ` · ${t("seat.drew", { n: s.discard_count })}` : "",
        ]),
    s.seat === view.dealer_seat ? el("span", { class: "dealer", title: t("seat.dealer") }, [el("span", { "aria-hidden": "true" }, [t("seat.dealerMark")]), el("span", { class: "sr-only" }, [t("seat.dealer")])]) : "",
    me || s.bot ? "" : actions.menu(name, s.player_id),
    bubble ? el("p", { class: "bubble" }, [bubble]) : "",
  ]);
  if (place) {
    node.style.setProperty("--x", `${place.x}%`);
    node.style.setProperty("--y", `${place.y}%`);
  }
  return node;
}

/** The clock's last seconds, when it warns. */
const LATE_SECS = 10;

/** The deadline the device last buzzed for (once per turn, in its last seconds). */
let buzzed = "";

/**
 * Sets a clock to now: the time left in words, the ring round the seat's disc (or the
 * status bar's timer) as the share of the turn's time left, red and pulsing ("late") in
 * the last 10 seconds, when the player's own turn also buzzes the device once where it can.
 * @param {HTMLElement} clock the countdown, with its deadline and the turn's seconds
 */
export function windClock(clock) {
  const deadline = /** @type {string} */ (clock.getAttribute("data-deadline"));
  const total = Number(clock.getAttribute("data-total"));
  const left = Math.max(0, Date.parse(deadline) - Date.now()) / 1000;
  clock.textContent = timeLeft(deadline);
  const host = clock.closest(".seat, .table-status");
  if (host instanceof HTMLElement) {
    const late = left <= LATE_SECS;
    host.style.setProperty("--left", String(Math.min(1, left / total)));
    host.classList.toggle("late", late);
    const mine = host.classList.contains("mine") || host.classList.contains("me");
    if (late && mine && left > 0 && buzzed !== deadline) {
      buzzed = deadline;
      navigator.vibrate?.([120, 80, 120]);
    }
  }
}

/**
 * Why the rules forbid `code` now, from what the player sees (the view's `legal` says
 * which cards may be played; this says why not the others, by the rule's code).
 * @param {TableView} view
 * @param {string} code
 * @returns {{ code: import("./i18n.js").Code, text: string }}
 */
function whyNot(view, code) {
  const plays = view.current_trick?.plays ?? [];
  const trump = view.trump?.suit;
  const hand = view.my_hand;
  const suit = code.slice(-1);
  const led = plays[0]?.card.slice(-1);
  if (!led) return { code: "cinch_must_lead_highest_trump", text: t("why.cinchLead") };
  const holdsLed = hand.some((c) => c.slice(-1) === led);
  if (holdsLed && suit !== led) return { code: "must_follow_suit", text: t("why.follow", { suit: suitSign(led) }) };
  /** The best rank of `of` in the trick, -1 for none. @param {string | undefined} of */
  const best = (of) => Math.max(-1, ...plays.filter((p) => p.card.slice(-1) === of).map((p) => rankOf(p.card)));
  /** Whether a card of `of` in hand beats `rank`, and `code` does not. @param {string | undefined} of @param {number} rank */
  const couldBeat = (of, rank) => rank >= 0 && rankOf(code) < rank && hand.some((c) => c.slice(-1) === of && rankOf(c) > rank);
  const trumped = led !== trump && best(trump) >= 0;
  if (holdsLed && !trumped && couldBeat(led, best(led))) return { code: "must_head_trick", text: t("why.head", { suit: suitSign(led) }) };
  const holdsTrump = trump != null && hand.some((c) => c.slice(-1) === trump);
  if (!holdsLed && holdsTrump && suit !== trump) return { code: "must_trump", text: t("why.trump", { suit: suitSign(trump) }) };
  if (!holdsLed && couldBeat(trump, best(trump))) return { code: "must_overtrump", text: t("why.overtrump", { suit: suitSign(trump ?? "") }) };
  return { code: "cinch_must_play_highest_trump", text: t("why.cinchHighest") };
}

/**
 * My hand, fanned, and the actions the rules allow now.
 * @param {TableView} view
 * @param {Set<string>} chosen
 * @param {Actions} actions
 */
export function handParts(view, chosen, actions) {
  if (view.my_seat == null || !view.my_hand.length) return [];
  const legal = view.legal;
  const discarding = legal != null && legal.max_discard != null && (legal.action === "draw" || legal.can_play === true);
  const playing = legal?.action === "play";
  const playable = new Set(playing ? (legal?.cards ?? []) : []);
  /** @type {Map<string, string>} reasons by rule code, for the line under the hand */
  const reasons = new Map();
  const count = view.my_hand.length;
  const cards = view.my_hand.map((code, i) => {
    const node = cardButton(code);
    node.setAttribute("data-key", `card-${code}`);
    node.setAttribute("data-card", code);
    node.style.setProperty("--i", String(i - (count - 1) / 2));
    if (discarding) {
      const full = chosen.size >= (legal?.max_discard ?? 0);
      node.setAttribute("aria-pressed", String(chosen.has(code)));
      node.disabled = code === legal?.must_keep || (full && !chosen.has(code));
      if (code === legal?.must_keep) {
        node.setAttribute("aria-describedby", "why-keep");
        reasons.set("keep", t("why.keep"));
      }
      node.addEventListener("click", () => actions.toggle(code));
    } else if (playing) {
      node.disabled = !playable.has(code);
      if (node.disabled) {
        const why = whyNot(view, code);
        node.classList.add("forbidden");
        node.setAttribute("aria-describedby", `why-${why.code}`);
        node.title = why.text;
        reasons.set(why.code, why.text);
      }
      node.addEventListener("click", () => actions.act({ type: "play", card: code }));
    } else {
      node.setAttribute("aria-disabled", "true");
      node.classList.add("waiting");
    }
    return node;
  });
  /** @type {(Node | string)[]} */
  const controls = [];
  const n = chosen.size;
  if (legal?.action === "declare") {
    const pass = button(t("hand.pass"), () => actions.act({ type: "declare", play: false }), { "data-key": "pass", class: "secondary" });
    pass.disabled = legal.can_pass !== true;
    const label = legal.max_discard == null ? t("hand.play") : n ? t("hand.playDiscard", { n }) : t("hand.playStand");
    const play = button(label, () => actions.act({ type: "declare", play: true, ...(legal.max_discard != null ? { discard: actions.chosen() } : {}) }), { "data-key": "play" });
    play.disabled = legal.can_play !== true;
    controls.push(pass, play);
    if (legal.can_play !== true) reasons.set("cannot_cover_pot", codeText(legal.can_pass === true ? "cannot_cover_pot" : "dealer_must_play"));
    else if (legal.can_pass !== true) reasons.set("dealer_must_play", codeText("dealer_must_play"));
  } else if (legal?.action === "draw") {
    controls.push(button(n ? t("hand.drawDiscard", { n }) : t("hand.drawStand"), () => actions.act({ type: "draw", discard: actions.chosen() }), { "data-key": "draw" }));
  }
  const hint = legal ? hintOf(legal) : view.my_declaration != null ? (view.my_declaration ? t("hint.declaredPlay") : t("hint.declaredPass")) : "";
  return [
    el("section", { "aria-label": t("hand.region"), class: legal ? "hand mine" : "hand" }, [
      el("div", { class: "fan", role: "group", "aria-label": t("hand.cards") }, cards),
      hint ? el("p", { class: "hint" }, [hint]) : "",
      ...[...reasons].map(([code, text]) => el("p", { class: "why", id: `why-${code}` }, [text])),
      el("div", { class: "actions" }, controls),
    ]),
  ];
}

/**
 * What the player may do now, in words.
 * @param {Schemas["LegalOut"]} legal
 */
function hintOf(legal) {
  const kind = legal.action === "play" ? "play" : legal.max_discard == null ? "declare" : legal.action === "draw" ? "draw" : "declareDiscard";
  return word("hint", kind, { n: legal.max_discard ?? 0 });
}

/**
 * The table's own actions between hands, beside the hand: take a seat, deal.
 * @param {TableView} view
 * @param {Actions} actions
 * @returns {HTMLButtonElement[]}
 */
export function seatControls(view, actions) {
  const free = view.rules.max_players - view.seats.length;
  const open = view.status !== "closed";
  /** @type {HTMLButtonElement[]} */
  const list = [];
  if (open && view.my_seat == null && free > 0) {
    list.push(button(t("table.sit"), () => actions.seat((id) => api.takeSeat(id)), { "data-key": "sit" }));
  }
  if (open && view.my_seat != null && !inPlay(view) && view.seats.length >= 2) {
    list.push(button(t("table.deal"), () => actions.seat((id) => api.startHand(id)), { "data-key": "deal" }));
  }
  return list;
}

/**
 * The table's menu's seat controls (add a bot, leave the seat), the way back to the league
 * and the table's terms.
 * @param {TableView} view
 * @param {Actions} actions
 * @returns {(Node | string)[]}
 */
export function menuItems(view, actions) {
  const free = view.rules.max_players - view.seats.length;
  const open = view.status !== "closed";
  const me = view.seats.find((s) => s.seat === view.my_seat);
  /** @type {(Node | string)[]} */
  const list = [];
  if (open && free > 0) {
    list.push(button(t("table.addBot"), () => actions.seat((id) => api.addBot(id)), { "data-key": "bot", class: "secondary" }));
  }
  if (view.my_seat != null && (!inPlay(view) || me?.state === "sitting_out")) {
    list.push(button(t("table.stand"), () => actions.seat((id) => api.leaveSeat(id)), { "data-key": "stand", class: "secondary" }));
  }
  list.push(link(`/leagues/${view.league_id}`, [t("table.backToLeague")]), el("p", { class: "facts" }, [t("table.facts", { ante: view.rules.ante, seats: view.rules.max_players })]));
  return list;
}

/**
 * Who won a hand, in words.
 * @param {Schemas["Settlement"]} result
 * @param {(seat: number) => string} nameOf
 */
export function headlineOf(result, nameOf) {
  const outcome = result.outcome;
  if (outcome.type === "won") return t("result.won", { name: nameOf(outcome.seat), pot: result.pot });
  if (outcome.type === "uncontested") return t("result.uncontested", { name: nameOf(outcome.seat), pot: result.pot });
  if (outcome.type === "split") return t("result.split", { names: outcome.seats.map(nameOf).join(t("list.and")) });
  return t("result.allPassed");
}

/**
 * What a screen reader should hear of the table now: the player's turn, or the last
 * hand's result.
 * @param {TableView} view
 */
export function newsOf(view) {
  if (view.legal) return t("news.turn", { table: view.name, hand: view.hand_no, hint: hintOf(view.legal) });
  if (view.last_hand && !inPlay(view)) return t("news.over", { hand: view.hand_no, headline: headlineOf(view.last_hand, namesOf(view)) });
  return "";
}

/**
 * The last hand's result: each player's tricks and chips won or lost, "Bourré!" on
 * whoever pays, and the next pot.
 * @param {TableView} view
 */
export function resultPart(view) {
  const result = /** @type {Schemas["Settlement"]} */ (view.last_hand);
  const nameOf = namesOf(view);
  const tricks = new Map(result.tricks.map((a) => [a.seat, a.amount]));
  const bourre = new Set(result.bourre.map((a) => a.seat));
  const rows = (view.last_hand_chips.length ? view.last_hand_chips : result.tricks).map((a) => {
    const chips = view.last_hand_chips.length ? a.amount : null;
    return el("tr", { class: chips == null ? "" : chips > 0 ? "up" : chips < 0 ? "down" : "" }, [
      el("th", { scope: "row" }, [nameOf(a.seat), bourre.has(a.seat) ? el("span", { class: "bourre" }, [t("result.bourre")]) : ""]),
      el("td", { class: "num" }, [tricks.has(a.seat) ? num(tricks.get(a.seat) ?? 0) : "–"]),
      el("td", { class: "num" }, [chips == null ? "" : signed(chips)]),
    ]);
  });
  return el("section", { class: "result", "aria-label": t("result.region") }, [
    el("h3", {}, [t("result.title", { hand: view.hand_no })]),
    el("p", { class: "headline" }, [headlineOf(result, nameOf)]),
    el("table", {}, [
      el("thead", {}, [el("tr", {}, [t("result.player"), t("result.tricks"), t("result.chips")].map((h) => el("th", { scope: "col" }, [h])))]),
      el("tbody", {}, rows),
    ]),
    el("p", {}, [result.carried ? t("result.nextPot", { pot: result.carried }) : t("result.nextPotEmpty")]),
  ]);
}
