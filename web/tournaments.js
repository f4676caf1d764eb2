// A tournament, a league's night (`/tournaments/ID`): its status, a countdown to the start,
// entries and pool, the prizes by place, entering and withdrawing, the caller's table in the
// round in play, the standings, and each round's tables with its seating seed checked in
// this browser against the commitment published when the tournament was made; admins cancel
// it. Refreshed every few seconds until it ends.

import { api, session } from "./session.js";
import { num, signed, t, when, word } from "./i18n.js";
import { duration } from "./leagues.js";
import { button, el, go, link, tell, timeLeft } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */
/** @typedef {Schemas["TournamentOut"]} Tournament */

/** How often a scheduled or running tournament is read again, in ms. */
const REFRESH_MS = 3000;

/**
 * A tournament's screen.
 * @param {HTMLElement} into
 * @param {string} id
 * @returns {Promise<() => void>}
 */
export async function tournamentScreen(into, id) {
  let out = await api.getTournament(id);
  const league = await api.getLeague(out.league_id);
  const admin = league.role === "admin";
  const heading = el("h2", { tabindex: "-1" }, [out.name]);
  const body = el("div", { class: "tournament" });
  // The countdown is its own element, brought up to date each second without a redraw.
  const countdown = el("span", { role: "timer", class: "countdown" });
  /** The seeds checked, by round: a redraw does not check one again. */
  /** @type {Map<string, Promise<boolean | null>>} */
  const checked = new Map();
  let shown = "";

  const draw = () => {
    const now = JSON.stringify(out);
    if (now === shown) return;
    shown = now;
    heading.textContent = out.name;
    body.replaceChildren(...parts(out, admin, league.name, countdown, checked, reload));
    tick();
  };
  const tick = () => {
    if (out.status !== "scheduled") return;
    const secs = (Date.parse(out.starts_at) - Date.now()) / 1000;
    countdown.textContent = secs > 0 ? t("tournament.startsIn", { time: timeLeft(out.starts_at) }) : t("tournament.starting");
  };
  /** Reads the tournament again and redraws it if it changed. */
  const reload = async () => {
    out = await api.getTournament(id);
    draw();
  };

  draw();
  into.replaceChildren(heading, body);
  const clock = window.setInterval(tick, 1000);
  const timer = window.setInterval(() => {
    if (out.status === "scheduled" || out.status === "running") reload().catch(() => {});
  }, REFRESH_MS);
  return () => {
    clearInterval(clock);
    clearInterval(timer);
  };
}

/**
 * What the screen shows of `out`.
 * @param {Tournament} out
 * @param {boolean} admin
 * @param {string} leagueName
 * @param {HTMLElement} countdown
 * @param {Map<string, Promise<boolean | null>>} checked
 * @param {() => Promise<void>} reload
 * @returns {(Node | string)[]}
 */
function parts(out, admin, leagueName, countdown, checked, reload) {
  const s = out.settings;
  /** @type {Map<string, string>} */
  const names = new Map(out.standings.map((row) => [row.player_id, row.username]));
  for (const round of out.rounds) for (const table of round.tables) for (const p of table.players) names.set(p.player_id, p.username);
  const name = (/** @type {string} */ player) => names.get(player) ?? t("history.formerPlayer");

  /** @type {(Node | string)[]} */
  const state = [el("strong", { class: "status" }, [word("tournamentStatus", out.status)]), " · "];
  if (out.status === "scheduled") state.push(countdown);
  else if (out.status === "running") state.push(t("tournament.roundOf", { round: out.round, rounds: s.rounds }));
  else if (out.ended_at) state.push(t(out.status === "cancelled" ? "tournament.cancelledAt" : "tournament.endedAt", { when: when(out.ended_at) }));

  const facts = [
    t("tournament.rounds", { n: s.rounds }),
    t("tournament.hands", { n: s.hands_per_round }),
    t("tournament.tableSize", { min: s.table_size.min, max: s.table_size.max }),
    t("tournament.buyIn", { chips: s.buy_in }),
    t("tournament.turnTime", { time: duration(s.turn_seconds) }),
    ...(s.late_registration_rounds ? [t("tournament.lateRounds", { n: s.late_registration_rounds })] : []),
    ...(s.recurrence ? [t("tournament.weekly")] : []),
  ];

  return [
    el("p", { class: "tournament-state" }, state),
    el("p", {}, [t(out.status === "scheduled" ? "tournament.startsAt" : "tournament.startedAt", { when: when(out.starts_at) })]),
    el("p", { class: "tournament-pool" }, [
      el("span", { class: "entries" }, [t("tournament.entries", { n: out.entries })]),
      " · ",
      // Once finished, the pool is paid out: what was paid is said instead.
      el("span", { class: "pool" }, [
        out.status === "finished" ? t("tournament.paid", { chips: out.prizes.reduce((sum, chips) => sum + chips, 0) }) : t("tournament.pool", { chips: out.pool }),
      ]),
    ]),
    el("p", { class: "muted" }, [facts.join(" · ")]),
    ...mine(out, reload),
    el("p", { class: "actions" }, [
      link(`/leagues/${out.league_id}`, [t("tournament.league", { league: leagueName })]),
      ...(out.previous_id ? [link(`/tournaments/${out.previous_id}`, [t("tournament.previous")])] : []),
      ...(out.next_id ? [link(`/tournaments/${out.next_id}`, [t("tournament.next")])] : []),
    ]),
    prizesSection(out),
    standingsSection(out),
    roundsSection(out, name, checked),
    ...(admin && (out.status === "scheduled" || out.status === "running")
      ? [
          el("section", { "aria-labelledby": "tournament-admin" }, [
            el("h3", { id: "tournament-admin" }, [t("admin.title")]),
            button(t("tournament.cancel"), async () => {
              if (!confirm(t("tournament.cancelAsk", { name: out.name }))) return;
              await api.cancelTournament(out.id);
              await reload();
              tell(t("tournament.cancelled"));
            }, { class: "secondary" }),
          ]),
        ]
      : []),
  ];
}

/**
 * The caller's part: their entry, "Enter tournament" or "Withdraw", and their table now.
 * @param {Tournament} out
 * @param {() => Promise<void>} reload
 * @returns {HTMLElement[]}
 */
function mine(out, reload) {
  const me = out.me;
  const playing = me?.state === "playing";
  const going = out.status === "scheduled" || out.status === "running";
  /** @type {(Node | string)[]} */
  const controls = [];
  if (playing && going && me.table_id && out.status === "running") {
    controls.push(link(`/tables/${me.table_id}`, [t("tournament.myTable")], { class: "button" }));
  }
  if (out.registration_open && !playing) {
    controls.push(
      button(t("tournament.enter"), async () => {
        const entry = await api.enterTournament(out.id);
        await reload();
        tell(t("tournament.entered", { chips: entry.buy_in, balance: entry.balance }));
      }),
    );
  }
  if (playing && going) {
    const before = out.status === "scheduled";
    controls.push(
      button(t("tournament.withdraw"), async () => {
        await api.withdrawFromTournament(out.id);
        await reload();
        tell(t(before ? "tournament.withdrewBefore" : "tournament.withdrewAfter"));
      }, { class: "secondary" }),
    );
  }
  /** @type {HTMLElement[]} */
  const said = [];
  if (me) {
    said.push(
      el("p", { class: "me" }, [
        me.state === "playing"
          ? t("tournament.youPlay", { round: me.first_round })
          : word("tournament.you", me.state),
      ]),
    );
  } else if (!out.registration_open && out.status === "scheduled") {
    said.push(el("p", { class: "muted" }, [t("tournament.closed")]));
  }
  return [...said, ...(controls.length ? [el("div", { class: "actions" }, controls)] : [])];
}

/**
 * The prizes by place: what each would be paid from the pool now, or was paid.
 * @param {Tournament} out
 */
function prizesSection(out) {
  const percents = out.settings.prizes;
  return el("section", { "aria-labelledby": "prizes" }, [
    el("h3", { id: "prizes" }, [t("tournament.prizes")]),
    el(
      "ol",
      { class: "prizes" },
      percents.map((percent, i) => el("li", {}, [t("tournament.prize", { place: i + 1, chips: out.prizes[i] ?? 0, percent })])),
    ),
  ]);
}

const COLUMNS = /** @type {const} */ (["place", "player", "chips", "hands_won", "bourres", "prize"]);

/**
 * The standings, best first (live while it runs), with the prizes paid once it finished.
 * @param {Tournament} out
 */
function standingsSection(out) {
  const me = session()?.player.id;
  const rows = out.standings.map((row) => {
    const label = (/** @type {typeof COLUMNS[number]} */ key) => ({ "data-label": t(`tcolumn.${key}`) });
    return el("tr", row.player_id === me ? { class: "mine" } : {}, [
      el("td", { ...label("place"), class: "num" }, [num(row.place)]),
      el("th", { scope: "row" }, [row.username, row.state === "playing" ? "" : ` (${word("entryState", row.state)})`]),
      el("td", { ...label("chips"), class: "num" }, [signed(row.chips)]),
      el("td", { ...label("hands_won"), class: "num" }, [num(row.hands_won)]),
      el("td", { ...label("bourres"), class: "num" }, [num(row.bourres)]),
      el("td", { ...label("prize"), class: "num" }, [row.prize === undefined ? "–" : num(row.prize)]),
    ]);
  });
  return el("section", { "aria-labelledby": "tournament-standings" }, [
    el("h3", { id: "tournament-standings" }, [t("standings.title")]),
    rows.length
      ? el("div", { class: "scroll", tabindex: "0", role: "region", "aria-labelledby": "tournament-standings" }, [
          el("table", { class: "standings" }, [
            el("thead", {}, [el("tr", {}, COLUMNS.map((key) => el("th", { scope: "col" }, [t(`tcolumn.${key}`)])))]),
            el("tbody", {}, rows),
          ]),
        ])
      : el("p", {}, [t("tournament.noEntries")]),
  ]);
}

/**
 * Each round seated: its tables and players, byes, and the seed of its draw, checked here.
 * @param {Tournament} out
 * @param {(player: string) => string} name
 * @param {Map<string, Promise<boolean | null>>} checked
 */
function roundsSection(out, name, checked) {
  const list = (/** @type {import("./i18n.js").Key} */ key, /** @type {string[]} */ ids) =>
    ids.length ? [el("p", {}, [t(key, { names: ids.map(name).join(t("list.comma")) })])] : [];
  const rounds = [...out.rounds].reverse().map((round) => {
    const verdict = el("p", { class: "verdict", "aria-live": "polite" }, [t("tournament.seedChecking")]);
    const key = `${round.round}:${round.seed}:${round.commitment}`;
    if (!checked.has(key)) checked.set(key, seedMatches(round.seed, round.commitment, out.commitments[round.round - 1] ?? ""));
    checked.get(key)?.then((ok) => {
      verdict.textContent = t(ok === null ? "tournament.seedUnchecked" : ok ? "tournament.seedVerified" : "tournament.seedMismatch");
      verdict.className = ok ? "verdict" : "verdict bad";
    });
    return el("section", { class: "round", "aria-labelledby": `round-${round.round}` }, [
      el("h4", { id: `round-${round.round}` }, [t("tournament.round", { n: round.round })]),
      el("p", { class: "muted" }, [
        round.ended_at ? t("tournament.roundEnded", { when: when(round.ended_at) }) : t("tournament.roundStarted", { when: when(round.started_at) }),
      ]),
      el(
        "ul",
        { class: "list" },
        round.tables.map((table, i) =>
          el("li", table.table_id === out.me?.table_id ? { class: "mine" } : {}, [
            link(`/tables/${table.table_id}`, [t("tournament.table", { n: i + 1 })]),
            el("span", {}, [table.players.map((p) => p.username).join(t("list.comma"))]),
          ]),
        ),
      ),
      ...list("tournament.byes", round.byes),
      ...list("tournament.away", round.away),
      ...list("tournament.absent", round.absent),
      el("p", { class: "seed" }, [t("tournament.seed"), " ", el("code", {}, [round.seed])]),
      el("p", { class: "seed" }, [t("tournament.commitment"), " ", el("code", {}, [round.commitment])]),
      verdict,
    ]);
  });
  return el("section", { "aria-labelledby": "rounds" }, [
    el("h3", { id: "rounds" }, [t("tournament.roundsTitle")]),
    ...(rounds.length ? rounds : [el("p", {}, [t("tournament.noRounds")])]),
    el("details", {}, [
      el("summary", {}, [t("tournament.commitments")]),
      el("ol", { class: "seed" }, out.commitments.map((c) => el("li", {}, [el("code", {}, [c])]))),
    ]),
  ]);
}

/**
 * Whether `seed` (hex) hashes to `commitment`, the SHA-256 published with the tournament
 * (`published`, the same): null where this browser has no WebCrypto (an insecure origin).
 * @param {string} seed
 * @param {string} commitment
 * @param {string} published
 * @returns {Promise<boolean | null>}
 */
async function seedMatches(seed, commitment, published) {
  if (!crypto.subtle) return null;
  if (!/^(?:[0-9a-f]{2})+$/i.test(seed) || commitment.toLowerCase() !== published.toLowerCase()) return false;
  const bytes = new Uint8Array((seed.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === commitment.toLowerCase();
}
