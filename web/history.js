// The table's hand history: each finished hand with its outcome and its audit's verdict
// (what "verified" means, check by check), and a replay that steps through the hand:
// the declarations and draws, then each trick with its winner, then the result.

import { api } from "./session.js";
import { suitName, t, when, word } from "./i18n.js";
import { button, cardFace, el, pager, show } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */
/** @typedef {Schemas["TableEvent"]} TableEvent */

/**
 * The history, loaded when opened; `reload` shows it afresh (after a hand ends).
 * @param {string} id the table
 */
export function historyPart(id) {
  const list = el("ol", { class: "history" });
  /** Counts loads: rows of a load overtaken by the next are dropped. */
  let loads = 0;
  const { more, start } = pager(t("history.more"), async (/** @type {number | null} */ after) => {
    const mine = loads;
    const page = await api.listTableHands(id, { limit: 20, after: after ?? undefined });
    const audits = await Promise.allSettled(page.hands.map((h) => (h.in_progress ? null : api.getHandAudit(id, h.hand_no))));
    if (mine !== loads) return null;
    // Each hand names its players as they are shown now (former members included).
    list.append(...page.hands.map((h, i) => handLine(id, h, audits[i], new Map(h.players.map((p) => [p.player_id, p.display_name ?? p.username])))));
    return page.next_cursor;
  });
  const part = el("details", { class: "history" }, [el("summary", {}, [t("history.title")]), list, more]);
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
 * One hand of the history: its outcome, its audit's verdict and its replay.
 * @param {string} id
 * @param {Schemas["HandSummary"]} h
 * @param {PromiseSettledResult<Schemas["AuditReport"] | null>} audit
 * @param {Map<string, string>} names by player id
 */
function handLine(id, h, audit, names) {
  const report = audit.status === "fulfilled" ? audit.value : null;
  const verdict = h.in_progress ? t("history.inPlay") : !report ? t("history.noAudit") : report.verified ? t("history.verified") : t("history.notVerified");
  const good = h.in_progress || report?.verified === true;
  const trump = el("span", { class: "suit-word" }, [t("history.trump", { suit: suitName(h.trump) })]);
  return el("li", { "data-hand": String(h.hand_no) }, [
    el("p", {}, [
      el("strong", {}, [t("history.hand", { hand: h.hand_no })]),
      " · ",
      h.upcard ? cardFace(h.upcard, "small") : "",
      " ",
      trump,
      h.pot != null ? ` · ${t("history.pot", { pot: h.pot })}` : "",
      h.ended_at ? ` · ${when(h.ended_at)}` : "",
    ]),
    h.in_progress ? el("p", { class: "verdict" }, [verdict]) : replayPart(id, h.hand_no, names),
    report ? auditPart(report, verdict, good) : el("p", { class: good ? "verdict" : "verdict bad" }, [verdict]),
    h.fixed_deck ? el("p", { class: "facts" }, [t("history.fixedDeck")]) : "",
  ]);
}

/**
 * The audit's verdict, opened to show each check.
 * @param {Schemas["AuditReport"]} report
 * @param {string} verdict
 * @param {boolean} good
 */
function auditPart(report, verdict, good) {
  return el("details", { class: "audit" }, [
    el("summary", {}, [el("span", { class: good ? "verdict" : "verdict bad" }, [verdict]), " ", t("history.whatVerified")]),
    el("p", {}, [report.fair ? t("history.fairExplained") : t("history.notFairExplained")]),
    el(
      "ul",
      {},
      report.verdicts.map((v) =>
        el("li", {}, [el("span", { class: v.ok ? "verdict" : "verdict bad" }, [v.ok ? "✓ " : "✗ "]), word("check", v.check)]),
      ),
    ),
  ]);
}

/**
 * One step of a replay: a title and what to show.
 * @typedef {{ title: string, plays: { name: string, card: string, wins: boolean }[], lines: string[] }} Step
 */

/**
 * A finished hand's replay, loaded when opened: Previous and Next step through it.
 * @param {string} id
 * @param {number} hand
 * @param {Map<string, string>} names
 */
function replayPart(id, hand, names) {
  const stage = el("div", { class: "replay", "aria-live": "polite" });
  const part = el("details", {}, [el("summary", {}, [t("history.replay")]), stage]);
  part.addEventListener("toggle", async () => {
    if (!part.open || stage.childElementCount) return;
    const record = await api.getHandRecord(id, hand).catch((error) => {
      show(error);
      return null;
    });
    if (!record) return;
    const steps = stepsOf(record.events.map((row) => row.payload), names);
    let at = 0;
    const draw = () => {
      const step = steps[at];
      if (!step) return;
      const prev = button(t("history.previous"), async () => {
        at -= 1;
        draw();
      }, { class: "secondary" });
      const next = button(t("history.next"), async () => {
        at += 1;
        draw();
      }, { class: "secondary" });
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      stage.replaceChildren(
        el("h4", {}, [step.title, " ", el("span", { class: "facts" }, [t("history.step", { n: at + 1, of: steps.length })])]),
        step.plays.length
          ? el(
              "ul",
              { class: "replay-trick" },
              step.plays.map((p) => el("li", { class: p.wins ? "wins" : "" }, [cardFace(p.card, "small"), " ", p.name, p.wins ? ` · ${t("history.takes")}` : ""])),
            )
          : "",
        ...step.lines.map((line) => el("p", {}, [line])),
        el("div", { class: "actions" }, [prev, next]),
      );
    };
    draw();
  });
  return part;
}

/**
 * A hand's record as steps: the deal and declarations, each trick, the result.
 * @param {TableEvent[]} events
 * @param {Map<string, string>} names
 * @returns {Step[]}
 */
function stepsOf(events, names) {
  /** @type {Map<number, string>} */
  const seats = new Map();
  /** @param {number} seat */
  const nameOf = (seat) => seats.get(seat) ?? t("seat.number", { n: seat + 1 });
  /** @type {Step[]} */
  const steps = [];
  /** @type {Step} */
  const opening = { title: t("history.deal"), plays: [], lines: [] };
  steps.push(opening);
  /** @type {{ name: string, card: string, wins: boolean, seat: number }[]} */
  let trick = [];
  for (const event of events) {
    switch (event.type) {
      case "hand_dealt":
        for (const p of event.players) seats.set(p.seat, names.get(p.player_id) ?? t("history.formerPlayer"));
        break;
      case "hand_started":
        opening.lines.push(t("history.dealtBy", { name: nameOf(event.dealer), n: event.entrants.length }));
        break;
      case "declared":
        opening.lines.push(
          event.play ? (event.draw ? drawWords(nameOf(event.seat), event.draw.discard.length, true) : t("history.plays", { name: nameOf(event.seat) })) : t("history.passes", { name: nameOf(event.seat) }),
        );
        break;
      case "revealed":
        opening.lines.push(t("history.revealed", { names: event.playing.length ? event.playing.map(nameOf).join(t("list.and")) : t("history.nobody") }));
        break;
      case "drew":
        opening.lines.push(drawWords(nameOf(event.seat), event.draw.discard.length, false));
        break;
      case "played":
        trick.push({ name: nameOf(event.seat), card: event.card, wins: false, seat: event.seat });
        break;
      case "trick_won":
        steps.push({
          title: t("history.trick", { n: event.trick }),
          plays: trick.map((p) => ({ ...p, wins: p.seat === event.seat })),
          lines: [t("history.trickWon", { name: nameOf(event.seat), n: event.trick })],
        });
        trick = [];
        break;
      case "hand_ended": {
        const lines = [
          ...event.payouts.map((p) => t("history.collects", { name: nameOf(p.seat), chips: p.amount })),
          ...event.bourre.map((p) => t("history.bourre", { name: nameOf(p.seat), chips: p.amount })),
          t("history.carried", { chips: event.carried }),
        ];
        steps.push({ title: t("history.result"), plays: [], lines });
        break;
      }
      default:
        break;
    }
  }
  return steps;
}

/**
 * "ann plays, discards 2" or "ann stands pat".
 * @param {string} name
 * @param {number} count
 * @param {boolean} declaring
 */
function drawWords(name, count, declaring) {
  if (count === 0) return t(declaring ? "history.playsStands" : "history.stands", { name });
  return t(declaring ? "history.playsDiscards" : "history.discards", { name, n: count });
}
