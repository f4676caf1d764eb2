// Motion and sound at the table: a played card slides to its place, a trick just won is
// held a moment with its winner marked and then swept to them, chips go to the pot at the
// deal and to the winners at the end; short sounds for your turn, a card, a trick and a
// win (off unless switched on). With `prefers-reduced-motion`, nothing moves.

import { t } from "./i18n.js";
import { el } from "./ui.js";

/** @typedef {import("./session.js").TableView} TableView */
/** @typedef {import("./sdk/index.js").Schemas["TrickOut"]} TrickOut */
/** @typedef {"turn" | "card" | "trick" | "win"} Sound */

/** How long a trick just won stays in the middle before it goes to its winner. */
const HOLD_MS = 1100;
const SOUND_KEY = "bourre.sound";

/** @type {AudioContext | null} */
let audio = null;

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

/** The switch for the table's sounds (off to begin with; remembered). */
export function soundSwitch() {
  const node = el("button", { type: "button", class: "secondary sound", "aria-pressed": String(soundOn()) }, [t("table.sound")]);
  node.addEventListener("click", () => {
    const on = !soundOn();
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    node.setAttribute("aria-pressed", String(on));
    if (on) {
      audio ??= new AudioContext();
      audio.resume().catch(() => {});
    }
  });
  return node;
}

/**
 * A few notes, or a short noise (a card on the cloth).
 * @param {Sound} kind
 */
function sound(kind) {
  if (!soundOn()) return;
  audio ??= new AudioContext();
  const ctx = audio;
  const start = ctx.currentTime + 0.01;
  /** @param {number} freq @param {number} at @param {number} length */
  const note = (freq, at, length) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  };
  /** @param {number} at @param {number} length */
  const swish = (at, length) => {
    const samples = Math.floor(ctx.sampleRate * length);
    const buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 2;
    const source = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = 2400;
    source.buffer = buffer;
    source.connect(filter).connect(ctx.destination);
    source.start(start + at);
  };
  if (kind === "card") swish(0, 0.07);
  if (kind === "trick") [0, 0.06, 0.12].forEach((at) => swish(at, 0.06));
  if (kind === "turn") [660, 880].forEach((f, i) => note(f, i * 0.13, 0.12));
  if (kind === "win") [523, 659, 784, 1047].forEach((f, i) => note(f, i * 0.09, 0.16));
}

/** The centre of a box, relative to another's corner. @param {DOMRect} box @param {DOMRect} origin */
function centre(box, origin) {
  return { x: box.left - origin.left + box.width / 2, y: box.top - origin.top + box.height / 2 };
}

/**
 * @typedef {object} Snapshot where things were before a redraw
 * @property {Map<string, DOMRect>} cards by code
 * @property {DOMRect | null} root
 */

export class Motion {
  /** @param {HTMLElement} root the table's element, positioned */
  constructor(root) {
    this.root = root;
    /** @type {TrickOut | null} the trick just won, shown a moment longer */
    this.held = null;
    /** Called once the held trick has gone. */
    this.onHeld = () => {};
    /** @type {number | undefined} */
    this.timer = undefined;
    /** @type {TableView | null} the view last drawn */
    this.last = null;
  }

  get reduced() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /** @param {Sound} kind */
  sound(kind) {
    sound(kind);
  }

  /**
   * Holds the trick `next` has just finished, if it has.
   * @param {TableView} prev
   * @param {TableView} next
   */
  hold(prev, next) {
    const won = next.tricks.at(-1);
    if (next.hand_no !== prev.hand_no || next.tricks.length <= prev.tricks.length || won?.winner_seat == null) return;
    window.clearTimeout(this.timer);
    this.held = won;
    sound("trick");
    this.timer = window.setTimeout(() => this.sweep(), HOLD_MS);
  }

  /** The held trick goes to its winner, then the table moves on. */
  async sweep() {
    const to = this.root.querySelector(`.seat[data-seat="${this.held?.winner_seat}"]`);
    if (!this.reduced && to) {
      const origin = this.root.getBoundingClientRect();
      const target = centre(to.getBoundingClientRect(), origin);
      const moves = [...this.root.querySelectorAll(".trick .card")].map((card) => {
        const from = centre(card.getBoundingClientRect(), origin);
        return card.animate([{ translate: "0 0", opacity: 1 }, { translate: `${target.x - from.x}px ${target.y - from.y}px`, opacity: 0.2 }], {
          duration: 320,
          easing: "ease-in",
          fill: "forwards",
        }).finished;
      });
      await Promise.allSettled(moves);
    }
    this.held = null;
    this.onHeld();
  }

  /** @returns {Snapshot} */
  measure() {
    /** @type {Map<string, DOMRect>} */
    const cards = new Map();
    for (const node of this.root.querySelectorAll("[data-card]")) {
      cards.set(/** @type {string} */ (node.getAttribute("data-card")), node.getBoundingClientRect());
    }
    return { cards, root: this.root.isConnected ? this.root.getBoundingClientRect() : null };
  }

  /**
   * Moves what changed since `before`: a card new in the trick comes from where it was
   * (my hand) or from its player's seat; chips go to the pot when a hand is dealt and to
   * the winners when it ends.
   * @param {Snapshot} before
   * @param {TableView} view
   */
  play(before, view) {
    const last = this.last;
    this.last = view;
    if (!last || last.id !== view.id) return;
    const origin = this.root.getBoundingClientRect();
    let played = false;
    for (const node of this.root.querySelectorAll(".trick [data-card]")) {
      const code = /** @type {string} */ (node.getAttribute("data-card"));
      const was = before.cards.get(code);
      const now = node.getBoundingClientRect();
      const inTrickBefore = last.current_trick?.plays.some((p) => p.card === code) || last.tricks.some((tr) => tr.plays.some((p) => p.card === code));
      if (inTrickBefore && was) continue;
      played = true;
      const seat = this.root.querySelector(`.seat[data-seat="${node.getAttribute("data-from")}"]`);
      const from = was ?? seat?.getBoundingClientRect();
      if (!from || this.reduced) continue;
      const a = centre(from, origin);
      const b = centre(now, origin);
      node.animate([{ translate: `${a.x - b.x}px ${a.y - b.y}px` }, { translate: "0 0" }], { duration: 260, easing: "ease-out" });
    }
    if (played) sound("card");
    const dealt = view.hand_no > last.hand_no && view.phase != null;
    const ended = last.phase !== "complete" && view.phase === "complete" && view.last_hand != null;
    if (ended && view.my_seat != null && view.last_hand?.payouts.some((p) => p.seat === view.my_seat)) sound("win");
    if (this.reduced) return;
    if (dealt) {
      for (const seat of view.seats) if (seat.state && seat.state !== "sitting_out") this.chips(`.seat[data-seat="${seat.seat}"]`, "[data-pot]", origin);
    }
    if (ended) {
      for (const paid of view.last_hand?.payouts ?? []) this.chips("[data-pot]", `.seat[data-seat="${paid.seat}"]`, origin);
      for (const paid of view.last_hand?.bourre ?? []) this.chips(`.seat[data-seat="${paid.seat}"]`, "[data-pot]", origin);
    }
  }

  /**
   * A few chips from one place to another.
   * @param {string} fromSel
   * @param {string} toSel
   * @param {DOMRect} origin
   */
  chips(fromSel, toSel, origin) {
    const from = this.root.querySelector(fromSel);
    const to = this.root.querySelector(toSel);
    if (!from || !to) return;
    const a = centre(from.getBoundingClientRect(), origin);
    const b = centre(to.getBoundingClientRect(), origin);
    for (let i = 0; i < 3; i += 1) {
      const chip = el("span", { class: "chip flying", "aria-hidden": "true" });
      chip.style.left = `${a.x}px`;
      chip.style.top = `${a.y}px`;
      this.root.append(chip);
      chip
        .animate([{ translate: "0 0" }, { translate: `${b.x - a.x}px ${b.y - a.y}px` }], { duration: 420, delay: i * 60, easing: "ease-in-out", fill: "forwards" })
        .finished.catch(() => {})
        .finally(() => chip.remove());
    }
  }

  stop() {
    window.clearTimeout(this.timer);
  }
}
