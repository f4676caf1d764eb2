// The table's hand history, newest first, in a drawer over the table: each finished hand
// with its outcome and its audit's verdict (what "verified" means, check by check), its
// check in this browser against the server's public log (verify.js: "entry N of M", N from
// 1, or the check that failed), a warning when the log contradicts the one this browser
// kept, and a replay played on the felt itself: the deal and declarations, then each trick
// with its winner, then the result, a step at a time or on its own.

import { api } from "./session.js";
import { suitName, t, when, word } from "./i18n.js";
import { button, cardFace, download, drawer, el, pager, show, tell } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */
/** @typedef {Schemas["TableEvent"]} TableEvent */

/**
 * A hand to replay: its steps, and who sat where.
 * @typedef {{ hand: number, steps: Step[], seats: { seat: number, name: string, player: string }[] }} Replay
 */

/**
 * The history's drawer, loaded when opened (`open`); `reload` shows it afresh (after a
 * hand ends); a hand's "Replay" calls `replay` with it.
 * @param {string} id the table
 * @param {(replay: Replay) => void} replay
 */
export function historyPart(id, replay) {
  const list = el("ol", { class: "history" });
  /** Where a contradiction of the public log is told (role=alert once it holds one). */
  const warning = el("div");
  /** Counts loads: rows of a load overtaken by the next are dropped. */
  let loads = 0;
  /** The hands' checks in this browser, one after another, newest first. */
  let checks = Promise.resolve();
  const { more, start } = pager(t("history.more"), async (/** @type {number | null} */ after) => {
    const mine = loads;
    const page = await api.listTableHands(id, { limit: 20, order: "desc", after: after ?? undefined });
    const audits = await Promise.allSettled(page.hands.map((h) => (h.in_progress ? null : api.getHandAudit(id, h.hand_no))));
    if (mine !== loads) return null;
    // Each hand names its players as they are shown now (former members included).
    const lines = page.hands.map((h, i) => {
      const line = handLine(id, h, audits[i], new Map(h.players.map((p) => [p.player_id, p.display_name ?? p.username])), (r) => {
        shut();
        replay(r);
      });
      // A finished hand is checked here too, after the list is shown: never in its way.
      const checked = h.in_progress ? null : el("p", { class: "facts" }, [t("log.checking")]);
      if (checked) line.append(checked);
      return { line, hand: h.hand_no, checked };
    });
    list.append(...lines.map((l) => l.line));
    const current = () => mine === loads && !part.hidden;
    for (const { hand, checked } of lines) {
      if (checked) checks = checks.then(() => (current() ? checkInBrowser(id, hand, checked, warning, current) : undefined));
    }
    return page.next_cursor;
  });
  /** @type {HTMLElement | null} where the focus goes back to */
  let from = null;
  const shut = () => {
    part.hidden = true;
    from?.focus();
  };
  const { part, close } = drawer(t("history.title"), "history-drawer", [warning, list, more], shut);
  const reload = () => {
    if (part.hidden) return;
    loads += 1;
    list.replaceChildren();
    // A contradiction found before, here or in another visit, is told again at once.
    loadChecker().then(({ kept }) => {
      const conflict = kept.conflict();
      if (conflict) tellConflict(warning, conflict);
    }, () => {});
    start().catch(show);
  };
  /** Opens the drawer, from `opener`. @param {HTMLElement | null} opener */
  const open = (opener) => {
    from = opener;
    part.hidden = false;
    reload();
    close.focus();
  };
  return { part, reload, open };
}

/**
 * verify.js, the checkpoint this browser keeps of the server's public log (and any
 * conflict found), and the log's key as the server publishes it (`GET /v1/log`): loaded
 * with the first check, so that the table's page starts without them.
 * @typedef {{ verify: typeof import("./verify.js"), kept: ReturnType<typeof import("./verify.js").witness>, key: Promise<import("./verify.js").VerifierKey> }} Checker
 */

/** @type {Promise<Checker> | null} */
let checker = null;

/** @returns {Promise<Checker>} */
function loadChecker() {
  checker ??= import("./verify.js").then((verify) => {
    const kept = verify.witness(localStorage, async (from, to) => (await api.getLogConsistency({ from, to })).proof);
    const key = (async () => {
      const log = await api.getLog();
      const found = await verify.parseVerifierKey(log.verifier_key);
      if (!found || found.name !== log.origin) throw new verify.CheckFailed("signature", "the log's verifier key is malformed");
      return found;
    })();
    return { verify, kept, key };
  });
  // Out of reach (offline, a new build): loaded again at the next check.
  checker.then(
    ({ key }) => key.catch(() => (checker = null)),
    () => (checker = null),
  );
  return checker;
}

/** Times a hand not yet in the log is looked for again, and how long apart. */
const LOOKS = 4;
const LOOK_EVERY_MS = 4000;

/**
 * Checks hand `hand` in this browser (verify.js) and says what was found in `out`: its
 * entry in the public log, the check that failed, or that it is not logged yet (looked for
 * again a few times while `current()`); a contradiction of the log kept goes to `warning`.
 * @param {string} id the table
 * @param {number} hand
 * @param {HTMLElement} out
 * @param {HTMLElement} warning
 * @param {() => boolean} current whether the drawer still shows this load
 * @param {number} [looks] times left to look for a hand not yet logged
 */
async function checkInBrowser(id, hand, out, warning, current, looks = LOOKS) {
  /** @param {string} text @param {string} kind */
  const say = (text, kind) => {
    out.className = kind;
    out.textContent = text;
  };
  /** @type {Checker | null} */
  let loaded = null;
  try {
    loaded = await loadChecker();
    const { verify, kept } = loaded;
    const [key, record] = await Promise.all([loaded.key, api.getHandRecord(id, hand)]);
    const found = await verify.checkHand(/** @type {import("./verify.js").HandRecord} */ (record), key);
    if (!found) {
      say(t("log.notYet"), "facts");
      if (looks > 0) setTimeout(() => current() && checkInBrowser(id, hand, out, warning, current, looks - 1), LOOK_EVERY_MS);
      return;
    }
    const conflict = await kept.witness(found.checkpoint, key);
    if (conflict) {
      tellConflict(warning, conflict);
      say(t("log.contradicted", { entry: found.entry + 1, size: found.checkpoint.size }), "verdict bad");
    } else {
      say(t("log.checked", { entry: found.entry + 1, size: found.checkpoint.size }), "verdict");
    }
  } catch (error) {
    if (loaded && error instanceof loaded.verify.CheckFailed && error.check !== "unavailable") {
      console.warn(`hand ${hand} failed its check in this browser (${error.check}): ${error.message}`);
      say(t("log.failed", { reason: word("log.why", error.check) }), "verdict bad");
    } else {
      say(t("log.unavailable"), "facts");
    }
  }
}

/**
 * The warning that the server's public log contradicts the one this browser kept: what it
 * means, whom to tell, and the two signed checkpoints to give them (downloaded, copied or
 * read).
 * @param {HTMLElement} warning
 * @param {import("./verify.js").Conflict} conflict
 */
function tellConflict(warning, conflict) {
  if (warning.dataset.kind === conflict.kind) return;
  warning.dataset.kind = conflict.kind;
  const evidence = [
    t("log.evidenceTitle"),
    `${location.origin} · ${new Date().toISOString()} · ${conflict.kind}`,
    "",
    `${t("log.keptBefore")}:`,
    conflict.kept,
    `${t("log.seenNow")}:`,
    conflict.seen,
  ].join("\n");
  /** @param {string} label @param {string} text */
  const shown = (label, text) => {
    const area = el("textarea", { readonly: "", rows: "6", spellcheck: "false" });
    area.value = text;
    return el("label", {}, [label, area]);
  };
  const save = button(t("log.download"), async () => download(new Blob([evidence], { type: "text/plain" }), "bourre-public-log-checkpoints.txt"), {
    class: "secondary",
  });
  const copy = button(t("log.copy"), async () => {
    await navigator.clipboard.writeText(evidence);
    tell(t("log.copied"));
  }, { class: "secondary" });
  warning.setAttribute("role", "alert");
  warning.replaceChildren(
    el("p", {}, [el("strong", { class: "verdict bad" }, [word("log.title", conflict.kind)])]),
    el("p", {}, [word("log.meaning", conflict.kind)]),
    el("p", {}, [t("log.report")]),
    // The clipboard is there on https and localhost only; elsewhere the notes below are selectable.
    el("div", { class: "actions" }, navigator.clipboard ? [save, copy] : [save]),
    el("details", {}, [el("summary", {}, [t("log.both")]), shown(t("log.keptBefore"), conflict.kept), shown(t("log.seenNow"), conflict.seen)]),
  );
}

/**
 * One hand of the history: its outcome, its audit's verdict and its replay.
 * @param {string} id
 * @param {Schemas["HandSummary"]} h
 * @param {PromiseSettledResult<Schemas["AuditReport"] | null>} audit
 * @param {Map<string, string>} names by player id
 * @param {(replay: Replay) => void} replay
 */
function handLine(id, h, audit, names, replay) {
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
    h.in_progress ? el("p", { class: "verdict" }, [verdict]) : el("div", { class: "actions" }, [replayButton(id, h, names, replay), exportButton(id, h.hand_no)]),
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
 * One step of a replay: a title, the cards on the felt (each by its seat, the trick's
 * winner marked), what happened in words, and each seat's tricks so far.
 * @typedef {{ title: string, plays: { seat: number, name: string, card: string, wins: boolean }[], lines: string[], tricks: Map<number, number> }} Step
 */

/**
 * "Replay": the hand's record loaded, then played on the felt.
 * @param {string} id
 * @param {Schemas["HandSummary"]} h
 * @param {Map<string, string>} names
 * @param {(replay: Replay) => void} replay
 */
function replayButton(id, h, names, replay) {
  return button(t("history.replay"), async () => {
    const record = await api.getHandRecord(id, h.hand_no);
    const { steps, seats } = stepsOf(record.events.map((row) => row.payload), names);
    replay({ hand: h.hand_no, steps, seats });
  }, { class: "secondary" });
}

/**
 * "Download": the hand in the BHH format (docs/guide/hand-histories.md), saved as a file.
 * @param {string} id
 * @param {number} hand
 */
function exportButton(id, hand) {
  return button(t("history.download"), async () => {
    const bhh = await api.exportHand(id, hand);
    download(new Blob([JSON.stringify(bhh, null, 2)], { type: "application/json" }), `bourre-${id.slice(0, 8)}-hand-${hand}.bhh.json`);
  }, { class: "secondary", "aria-label": t("history.downloadHand", { hand }) });
}

/**
 * A hand's record as steps: the deal and declarations, each trick, the result.
 * @param {TableEvent[]} events
 * @param {Map<string, string>} names
 * @returns {{ steps: Step[], seats: { seat: number, name: string, player: string }[] }}
 */
function stepsOf(events, names) {
  /** @type {Map<number, string>} */
  const seats = new Map();
  /** @type {Map<number, string>} */
  const players = new Map();
  /** @param {number} seat */
  const nameOf = (seat) => seats.get(seat) ?? t("seat.number", { n: seat + 1 });
  /** @type {Step[]} */
  const steps = [];
  /** @type {Step} */
  const opening = { title: t("history.deal"), plays: [], lines: [], tricks: new Map() };
  steps.push(opening);
  /** @type {{ name: string, card: string, wins: boolean, seat: number }[]} */
  let trick = [];
  /** @type {Map<number, number>} */
  let tricks = new Map();
  for (const event of events) {
    switch (event.type) {
      case "hand_dealt":
        for (const p of event.players) {
          seats.set(p.seat, names.get(p.player_id) ?? t("history.formerPlayer"));
          players.set(p.seat, p.player_id);
        }
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
        tricks = new Map(tricks).set(event.seat, (tricks.get(event.seat) ?? 0) + 1);
        steps.push({
          title: t("history.trick", { n: event.trick }),
          plays: trick.map((p) => ({ ...p, wins: p.seat === event.seat })),
          lines: [t("history.trickWon", { name: nameOf(event.seat), n: event.trick })],
          tricks,
        });
        trick = [];
        break;
      case "hand_ended": {
        const lines = [
          ...event.payouts.map((p) => t("history.collects", { name: nameOf(p.seat), chips: p.amount })),
          ...event.bourre.map((p) => t("history.bourre", { name: nameOf(p.seat), chips: p.amount })),
          t("history.carried", { chips: event.carried }),
        ];
        steps.push({ title: t("history.result"), plays: [], lines, tricks });
        break;
      }
      default:
        break;
    }
  }
  return { steps, seats: [...seats].map(([seat, name]) => ({ seat, name, player: players.get(seat) ?? "" })) };
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
