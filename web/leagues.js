// My leagues (create, join by invite code) and a league: its tables, tournaments,
// standings, ledger, members, and what its admins do.

import { api, session } from "./session.js";
import { num, t, when, word } from "./i18n.js";
import { amount, button, download, el, field, form, go, link, opener, pager, tell } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */

/**
 * @param {HTMLElement} into
 * @returns {Promise<() => void>}
 */
export async function leaguesScreen(into) {
  const [page, seated] = await Promise.all([api.listMyLeagues({ limit: 100 }), api.listMyTables({ limit: 100 })]);
  const leagueNames = new Map(page.leagues.map((l) => [l.league_id, l.name]));
  // My tables first, those where it is my turn at the top: a night goes on from here.
  const resume = [...seated.tables].sort((a, b) => Number(b.my_turn) - Number(a.my_turn));
  const list = el(
    "ul",
    { class: "list" },
    page.leagues.map((league) =>
      el("li", {}, [
        link(`/leagues/${league.league_id}`, [league.name]),
        amount(t("leagues.yourBalance"), league.balance),
      ]),
    ),
  );

  const name = field(t("field.leagueName"), { maxlength: "80" });
  const starting = field(t("field.startingBalance"), { type: "number", min: "0", max: "1000000000", value: "1000" });
  const create = form([name.label, starting.label, el("button", { type: "submit" }, [t("leagues.create")])], async () => {
    const league = await api.createLeague({ name: name.input.value, starting_balance: Number(starting.input.value) });
    go(`/leagues/${league.id}`);
  });

  const code = field(t("field.inviteCode"), { autocomplete: "off", autocapitalize: "characters", maxlength: "40" });
  const join = form([code.label, el("button", { type: "submit" }, [t("leagues.join")])], () => joinLeague(code.input.value));

  into.replaceChildren(
    ...(resume.length
      ? [
          el("h2", { tabindex: "-1" }, [t("home.resume")]),
          el(
            "ul",
            { class: "list" },
            resume.map((table) =>
              el("li", { class: table.my_turn ? "mine" : "" }, [
                link(`/tables/${table.table_id}`, [table.name]),
                el("span", {}, [
                  leagueNames.get(table.league_id) ?? "",
                  ` · ${word("status", table.status)}`,
                  table.my_turn ? ` · ${t("lobby.yourTurn")}` : "",
                ]),
              ]),
            ),
          ),
        ]
      : []),
    el(resume.length ? "h3" : "h2", { tabindex: "-1" }, [t("leagues.title")]),
    page.leagues.length ? list : el("p", {}, [t("leagues.none")]),
    // A guest joins by invite; creating a league takes an account of one's own.
    ...(session()?.player.guest
      ? [el("p", { class: "guest" }, [link("/profile", [t("profile.guest")])])]
      : [el("div", { class: "actions" }, [opener(t("leagues.new"), create, name.input)]), create]),
    el("h3", {}, [t("leagues.joinTitle")]),
    join,
  );
  return () => {};
}

/**
 * Joins the league whose invite code this is, and shows it; or says an admin decides.
 * @param {string} code
 */
export async function joinLeague(code) {
  const joined = await api.joinLeagueByCode({ invite_code: code });
  if ("id" in joined) {
    go(`/leagues/${joined.id}`);
  } else {
    go("/");
    tell(t("leagues.asked"));
  }
}

/**
 * A league's screen; its lobby refreshes every 10 s while shown.
 * @param {HTMLElement} into
 * @param {string} id
 * @returns {Promise<() => void>}
 */
export async function leagueScreen(into, id) {
  const [detail, roster, me] = await Promise.all([api.getLeague(id), api.listLeagueMembers(id, { limit: 100 }), api.getMe()]);
  /** @type {Map<string, string>} */
  const names = new Map(roster.members.map((m) => [m.player_id, m.display_name ?? m.username]));
  const balance = me.leagues.find((l) => l.league_id === id)?.balance ?? 0;
  const admin = detail.role === "admin";

  const lobby = el("section", { "aria-labelledby": "lobby" });
  let shown = "";
  // Redrawn only when it changed, so a link being followed or focused stays put.
  const refreshLobby = async () => {
    const page = await api.listLeagueTables(id, { limit: 100 });
    const now = JSON.stringify(page.tables);
    if (now === shown) return;
    shown = now;
    lobby.replaceChildren(...tablesSection(page, names));
  };
  const standingsPart = el("section", { "aria-labelledby": "standings" });
  const ledgerPart = el("section", { "aria-labelledby": "ledger" });
  const [tournaments] = await Promise.all([
    tournamentsSection(id, admin),
    refreshLobby(),
    standingsSection(standingsPart, id, "balance", "desc"),
    ledgerSection(ledgerPart, id, names),
  ]);

  into.replaceChildren(
    el("h2", { tabindex: "-1" }, [detail.name]),
    el("p", {}, [t("league.yourBalance"), " ", el("span", { class: "balance" }, [num(balance)]), ` · ${word("role", detail.role)}`]),
    lobby,
    newTable(id),
    tournaments,
    standingsPart,
    ledgerPart,
    handsSection(id),
    membersSection(id, roster.members, admin),
    ...(admin ? [await adminSection(id, detail)] : []),
  );
  const timer = window.setInterval(() => refreshLobby().catch(() => {}), 10000);
  return () => clearInterval(timer);
}

/**
 * The lobby: each table with its status, seats and whose turn it is.
 * @param {Schemas["TablesPage"]} page
 * @param {Map<string, string>} names
 */
function tablesSection(page, names) {
  const rows = page.tables.map((table) => {
    const whose = table.to_act.map((s) => names.get(s.player_id) ?? t("seat.number", { n: s.seat + 1 })).join(t("list.comma"));
    return el("li", { class: table.my_turn ? "mine" : "" }, [
      link(`/tables/${table.table_id}`, [table.name]),
      el("span", {}, [
        word("status", table.status),
        ` · ${t("lobby.seats", { taken: table.seats_taken, of: table.max_seats })} · ${t("lobby.ante", { ante: table.rules.ante })}`,
        table.hand_no ? ` · ${t("lobby.hand", { hand: table.hand_no })}` : "",
        whose ? ` · ${t("lobby.toAct", { names: whose })}` : "",
        table.my_turn ? ` · ${t("lobby.yourTurn")}` : "",
      ]),
    ]);
  });
  return [
    el("h3", { id: "lobby" }, [t("lobby.title")]),
    rows.length ? el("ul", { class: "list" }, rows) : el("p", {}, [t("lobby.none")]),
  ];
}

/**
 * The league's tournaments, the latest start first, each linking to its page; for admins,
 * "New tournament" and its form.
 * @param {string} league
 * @param {boolean} admin
 */
async function tournamentsSection(league, admin) {
  const page = await api.listLeagueTournaments(league, { limit: 20 });
  const rows = page.tournaments.map((one) =>
    el("li", {}, [
      link(`/tournaments/${one.id}`, [one.name]),
      el("span", {}, [
        word("tournamentStatus", one.status),
        ` · ${when(one.starts_at)} · ${t("tournament.entries", { n: one.entries })} · ${t("tournament.pool", { chips: one.pool })}`,
      ]),
    ]),
  );
  return el("section", { "aria-labelledby": "tournaments" }, [
    el("h3", { id: "tournaments" }, [t("tournaments.title")]),
    rows.length ? el("ul", { class: "list" }, rows) : el("p", {}, [t("tournaments.none")]),
    ...(admin ? [newTournament(league)] : []),
  ]);
}

/** A `datetime-local` value: the next whole hour, in this browser's time zone. */
function nextHour() {
  const at = new Date(Date.now() + 3600000);
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:00`;
}

/**
 * "New tournament", and its form (admins): a weekly one recurs in this browser's time zone.
 * @param {string} league
 */
function newTournament(league) {
  const name = field(t("field.tournamentName"), { maxlength: "60" });
  const starts = field(t("field.startsAt"), { type: "datetime-local", step: "1", value: nextHour() });
  const rounds = field(t("field.rounds"), { type: "number", min: "1", max: "20", value: "3" });
  const hands = field(t("field.handsPerRound"), { type: "number", min: "1", max: "100", value: "5" });
  const smallest = field(t("field.smallestTable"), { type: "number", min: "2", max: "8", value: "2" });
  const largest = field(t("field.largestTable"), { type: "number", min: "2", max: "8", value: "6" });
  const buyIn = field(t("field.buyIn"), { type: "number", min: "0", value: "10" });
  // Percentages by place, best first: "60, 40" (a Chinese or Japanese comma too).
  const prizes = field(t("field.prizes"), { pattern: "\\s*\\d+(\\s*[,，、]\\s*\\d+)*\\s*", value: "50, 30, 20" });
  const turn = field(t("field.turnSeconds"), { type: "number", min: "5", max: "604800", value: "60" });
  const weekly = el("input", { type: "checkbox", name: "weekly" });
  const create = form(
    [
      name.label,
      starts.label,
      rounds.label,
      hands.label,
      smallest.label,
      largest.label,
      buyIn.label,
      prizes.label,
      turn.label,
      el("label", { class: "check" }, [weekly, t("field.weekly")]),
      el("button", { type: "submit" }, [t("tournaments.create")]),
    ],
    async () => {
      const made = await api.createTournament(league, {
        name: name.input.value,
        starts_at: new Date(starts.input.value).toISOString(),
        rounds: Number(rounds.input.value),
        hands_per_round: Number(hands.input.value),
        table_size: { min: Number(smallest.input.value), max: Number(largest.input.value) },
        buy_in: Number(buyIn.input.value),
        prizes: prizes.input.value.split(/[,，、]/).map((p) => Number(p.trim())),
        turn_seconds: Number(turn.input.value),
        lead_seconds: null,
        recurrence: weekly.checked ? { rrule: "FREQ=WEEKLY", time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone } : null,
      });
      go(`/tournaments/${made.id}`);
    },
  );
  return el("div", {}, [el("div", { class: "actions" }, [opener(t("tournaments.new"), create, name.input)]), create]);
}

/**
 * "New table", and its form.
 * @param {string} league
 */
function newTable(league) {
  const name = field(t("field.tableName"), { maxlength: "80" });
  const ante = field(t("field.ante"), { type: "number", min: "1", value: "10" });
  const seats = el("select", { name: "max_players" }, [2, 3, 4, 5, 6, 7, 8].map((n) => el("option", n === 7 ? { selected: "" } : {}, [String(n)])));
  const timeout = el(
    "select",
    { name: "turn_timeout_secs" },
    [
      [t("time.live"), [15, 30, 60]],
      [t("time.correspondence"), [300, 3600, 43200, 86400, 259200]],
    ].map(([group, list]) =>
      el(
        "optgroup",
        { label: String(group) },
        /** @type {number[]} */ (list).map((secs) => el("option", secs === 86400 ? { value: String(secs), selected: "" } : { value: String(secs) }, [duration(secs)])),
      ),
    ),
  );
  const together = el("input", { type: "checkbox", name: "simultaneous_declare" });
  const create = form(
    [
      name.label,
      ante.label,
      el("label", {}, [t("field.seats"), seats]),
      el("label", {}, [t("field.timeToAct"), timeout]),
      el("label", { class: "check" }, [together, t("field.together")]),
      el("button", { type: "submit" }, [t("lobby.create")]),
    ],
    async () => {
      const view = await api.createTable({
        league_id: league,
        name: name.input.value,
        rules: {
          ante: Number(ante.input.value),
          max_players: Number(seats.value),
          turn_timeout_secs: Number(timeout.value),
          simultaneous_declare: together.checked,
          hand_size: 5,
          dealer_must_play_trump_ace: true,
        },
      });
      go(`/tables/${view.id}`);
    },
  );
  return el("div", {}, [el("div", { class: "actions" }, [opener(t("lobby.new"), create, name.input)]), create]);
}

const COLUMNS = /** @type {const} */ (["username", "balance", "net", "hands_played", "pots_won", "bourres", "tricks", "rating"]);

/** @typedef {NonNullable<NonNullable<import("./sdk/index.js").operations["get_standings"]["parameters"]["query"]>["sort"]>} Sort */

/**
 * The standings, sorted by a column the server sorts by (a header button sorts again).
 * @param {HTMLElement} into
 * @param {string} id
 * @param {string} sort
 * @param {"asc" | "desc"} order
 */
async function standingsSection(into, id, sort, order) {
  const data = await api.getStandings(id, { sort: /** @type {Sort} */ (sort), order });
  const head = COLUMNS.map((key) => {
    const sorted = key === sort;
    const next = sorted && order === "desc" ? "asc" : "desc";
    const label = t(`column.${key}`);
    const th = el("th", { scope: "col" }, [
      button(label, () => standingsSection(into, id, key, next), { class: "link", title: t("standings.sortBy", { column: label }) }),
    ]);
    if (sorted) th.setAttribute("aria-sort", order === "desc" ? "descending" : "ascending");
    return th;
  });
  /** @param {Schemas["Standing"]} row @param {boolean} bot @param {number} place */
  const line = (row, bot, place) =>
    el(
      "tr",
      {},
      COLUMNS.map((key) => {
        const value = row[key];
        const text = key === "rating" ? `${row.rating.toFixed(1)} ± ${row.rating_uncertainty.toFixed(1)}` : typeof value === "number" ? num(value) : value;
        return key === "username"
          ? el("th", { scope: "row" }, [el("span", { class: "place" }, [`${num(place)}. `]), row.display_name ?? text, bot ? ` ${t("seat.botMark")}` : ""])
          : el("td", { "data-label": t(`column.${key}`) }, [text]);
      }),
    );
  into.replaceChildren(
    el("h3", { id: "standings" }, [t("standings.title")]),
    el("div", { class: "scroll", tabindex: "0", role: "region", "aria-labelledby": "standings" }, [
      el("table", { class: "standings" }, [
        el("thead", {}, [el("tr", {}, head)]),
        el("tbody", {}, [...data.rows.map((r, i) => line(r, false, i + 1)), ...data.bots.map((r, i) => line(r, true, data.rows.length + i + 1))]),
      ]),
    ]),
  );
}

/**
 * An account of the ledger, by name.
 * @param {string} account `treasury`, `player:<id>` or `pot:<table id>`
 * @param {Map<string, string>} names
 */
function accountName(account, names) {
  const [kind, ref] = account.split(":");
  if (kind === "player") return names.get(ref ?? "") ?? t("ledger.former");
  if (kind === "pot") return t("ledger.pot");
  if (kind === "tournament") return t("ledger.tournament");
  return t("ledger.treasury");
}

/** Ledger entries shown first: more than a phone's screen holds; "More" brings the rest. */
const LEDGER_FIRST = 20;
/** Ledger entries that each "More" brings. */
const LEDGER_PAGE = 50;
/** Rows added to the page in one task: a page of the ledger is added over several, so that
 * a phone's main thread is never held long by building and laying out rows. */
const ROWS_AT_ONCE = 10;

/**
 * The ledger, newest first, a page at a time.
 * @param {HTMLElement} into
 * @param {string} id
 * @param {Map<string, string>} names
 */
async function ledgerSection(into, id, names) {
  const body = el("tbody");
  /** @param {Schemas["LedgerEntry"]} e */
  const row = (e) =>
    el("tr", {}, [
      el("td", {}, [when(e.created_at)]),
      el("td", {}, [`${accountName(e.from_account, names)} → ${accountName(e.to_account, names)}`]),
      el("td", { class: "num" }, [num(e.amount)]),
      el("td", {}, [word("reason", e.reason), e.note ? `: ${e.note}` : "", e.hand_no ? ` (${t("lobby.hand", { hand: e.hand_no })})` : ""]),
    ]);
  const { more, start } = pager(t("ledger.more"), async (/** @type {number | null} */ after) => {
    const limit = after == null ? LEDGER_FIRST : LEDGER_PAGE;
    const page = await api.getLeagueLedger(id, { order: "desc", limit, after: after ?? undefined });
    for (let i = 0; i < page.entries.length; i += ROWS_AT_ONCE) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve));
      body.append(...page.entries.slice(i, i + ROWS_AT_ONCE).map(row));
    }
    return page.next_cursor;
  });
  await start();
  into.replaceChildren(
    el("h3", { id: "ledger" }, [t("ledger.title")]),
    el("div", { class: "scroll", tabindex: "0", role: "region", "aria-labelledby": "ledger" }, [
      el("table", { class: "ledger" }, [
        el("thead", {}, [el("tr", {}, [t("ledger.when"), t("ledger.fromTo"), t("ledger.chips"), t("ledger.why")].map((h) => el("th", { scope: "col" }, [h])))]),
        body,
      ]),
    ]),
    more,
  );
}

/**
 * The league's hand histories: every finished hand in the BHH format, one a line (NDJSON),
 * saved as a file (docs/guide/hand-histories.md).
 * @param {string} id
 */
function handsSection(id) {
  return el("section", { "aria-labelledby": "hand-histories" }, [
    el("h3", { id: "hand-histories" }, [t("league.hands")]),
    el("p", {}, [t("league.handsExplained")]),
    button(t("league.downloadHands"), async () => {
      const response = await api.exportLeagueHands(id);
      download(await response.blob(), `bourre-league-${id.slice(0, 8)}-hands.ndjson`);
    }, { class: "secondary" }),
  ]);
}

/**
 * The members; admins may promote one or grant chips.
 * @param {string} id
 * @param {Schemas["Member"][]} list
 * @param {boolean} admin
 */
function membersSection(id, list, admin) {
  const rows = list.map((m) =>
    el("li", {}, [
      el("span", {}, [m.display_name ?? m.username, m.role === "member" ? "" : ` (${word("role", m.role)})`]),
      el("span", {}, [
        m.table_id ? link(`/tables/${m.table_id}`, [t("members.atTable")]) : "",
        " ",
        amount(t("seat.balance"), m.balance),
        ...(admin && m.role === "member"
          ? [" ", button(t("members.promote"), async () => {
              await api.promoteAdmin(id, { player_id: m.player_id });
              go(location.pathname);
            }, { class: "secondary", "aria-label": t("members.promoteName", { name: m.username }) })]
          : []),
      ]),
    ]),
  );
  return el("section", { "aria-labelledby": "members" }, [
    el("h3", { id: "members" }, [t("members.title")]),
    el("ul", { class: "list" }, rows),
    ...(admin ? [grantForm(id, list)] : []),
  ]);
}

/**
 * Chips from the treasury to a member (negative takes them back).
 * @param {string} id
 * @param {Schemas["Member"][]} list
 */
function grantForm(id, list) {
  const who = el(
    "select",
    { name: "player_id" },
    list.filter((m) => m.role !== "bot").map((m) => el("option", { value: m.player_id }, [m.username])),
  );
  const chips = field(t("field.chips"), { type: "number", step: "1" });
  const reason = field(t("field.reason"), { maxlength: "200", value: "rebuy" });
  return form(
    [el("h4", {}, [t("grant.title")]), el("label", {}, [t("field.member"), who]), chips.label, reason.label, el("button", { type: "submit" }, [t("grant.submit")])],
    async () => {
      const granted = await api.grantChips(id, { player_id: who.value, amount: Number(chips.input.value), reason: reason.input.value });
      go(location.pathname);
      tell(t("grant.done", { chips: granted.amount, balance: granted.balance }));
    },
  );
}

/**
 * What admins do: the invite code and link, join requests, closing the season.
 * @param {string} id
 * @param {Schemas["LeagueDetail"]} detail
 */
async function adminSection(id, detail) {
  const requests = detail.join_policy === "approval" ? await api.listJoinRequests(id) : [];
  const invite = detail.invite_code ?? "";
  const inviteLink = `${location.origin}/join/${invite}`;
  const season = detail.seasons.at(-1);
  return el("section", { "aria-labelledby": "admin" }, [
    el("h3", { id: "admin" }, [t("admin.title")]),
    el("p", {}, [t("admin.inviteCode"), " ", el("code", { class: "invite" }, [invite])]),
    el("p", {}, [t("admin.inviteLink"), " ", el("a", { href: inviteLink }, [inviteLink])]),
    shareInvite(detail.name, inviteLink),
    el("div", { class: "actions" }, [
      button(t("admin.rotate"), async () => {
        await api.rotateInviteCode(id);
        go(location.pathname);
        tell(t("admin.rotated"));
      }, { class: "secondary" }),
      button(t("admin.closeSeason"), async () => {
        if (!confirm(t("admin.closeSeasonAsk", { n: season?.number ?? 1 }))) return;
        await api.closeSeason(id);
        go(location.pathname);
        tell(t("admin.seasonClosed"));
      }, { class: "secondary" }),
    ]),
    chatPolicy(id, detail),
    await reportsQueue(id),
    ...(requests.length
      ? [
          el("h4", {}, [t("admin.asking")]),
          el(
            "ul",
            { class: "list" },
            requests.map((r) =>
              el("li", {}, [
                r.username,
                el("span", {}, [
                  button(t("admin.approve"), async () => {
                    await api.approveJoinRequest(id, r.player_id);
                    go(location.pathname);
                  }, { "aria-label": t("admin.approveName", { name: r.username }) }),
                  " ",
                  button(t("admin.decline"), async () => {
                    await api.declineJoinRequest(id, r.player_id);
                    go(location.pathname);
                  }, { class: "secondary", "aria-label": t("admin.declineName", { name: r.username }) }),
                ]),
              ]),
            ),
          ),
        ]
      : []),
  ]);
}

/**
 * What the league's tables may say (phrases only, free text too, or nothing), and whether
 * members watching may talk.
 * @param {string} id
 * @param {Schemas["LeagueDetail"]} detail
 */
function chatPolicy(id, detail) {
  const choices = /** @type {const} */ ([["phrases", "admin.chatPhrases"], ["text", "admin.chatText"], ["off", "admin.chatOff"]]);
  const select = el(
    "select",
    { name: "chat" },
    choices.map(([value, key]) => el("option", value === detail.chat ? { value, selected: "" } : { value }, [t(key)])),
  );
  const watchers = el("input", detail.watchers_chat ? { type: "checkbox", name: "watchers", checked: "" } : { type: "checkbox", name: "watchers" });
  const parts = [
    el("label", {}, [t("admin.chat"), select]),
    el("label", { class: "check" }, [watchers, t("admin.watchersChat")]),
    el("button", { type: "submit", class: "secondary" }, [t("admin.chatSave")]),
  ];
  return form(parts, async () => {
    const league = await api.updateLeague(id, { chat: /** @type {Schemas["ChatPolicy"]} */ (select.value), watchers_chat: watchers.checked });
    tell(t("admin.chatSaved", { policy: t(/** @type {import("./i18n.js").Key} */ (choices.find(([value]) => value === league.chat)?.[1] ?? "admin.chatPhrases")) }));
  });
}

/**
 * The league's open reports, oldest first, each with what was reported and what an admin
 * may do with it; then the latest resolved, with what was done.
 * @param {string} id
 */
async function reportsQueue(id) {
  const [{ reports }, { reports: resolved }] = await Promise.all([api.listReports(id, { state: "open" }), api.listReports(id, { state: "resolved" })]);
  /**
   * A control acting on report `r`.
   * @param {Schemas["Report"]} r
   * @param {Schemas["ModerationAction"]} action
   * @param {number} [hours]
   */
  const act = (r, action, hours) =>
    button(t(/** @type {import("./i18n.js").Key} */ (`admin.${action}`)), async () => {
      await api.moderateReport(id, r.id, hours === undefined ? { action } : { action, hours });
      go(location.pathname);
      tell(t("admin.reportResolved"));
    }, { class: "secondary", "aria-label": t(/** @type {import("./i18n.js").Key} */ (`admin.${action}Name`), { name: subject(r) }) });
  /** Who or what report `r` is about. @param {Schemas["Report"]} r */
  const subject = (r) => r.subject_username ?? t(/** @type {import("./i18n.js").Key} */ (`reportKind.${r.kind}`));
  /** What report `r` is about, and what was said. @param {Schemas["Report"]} r */
  const about = (r) => {
    const said = r.message ? (r.message.text ?? r.message.phrase ?? "") : "";
    return el("span", {}, [
      t("admin.reportAbout", { name: subject(r), reason: t(/** @type {import("./i18n.js").Key} */ (`reason.${r.reason}`)) }),
      ...(said ? [" ", el("q", {}, [said])] : []),
      ...(r.note ? [" ", el("em", {}, [r.note])] : []),
    ]);
  };
  const item = (/** @type {Schemas["Report"]} */ r) => {
    const controls = [act(r, "dismiss")];
    if (r.message) controls.push(act(r, "hide"));
    if (r.subject_id) controls.push(act(r, "mute", 24), act(r, "remove"));
    return el("li", {}, [about(r), el("span", { class: "actions" }, controls)]);
  };
  const done = (/** @type {Schemas["Report"]} */ r) =>
    el("li", { "data-report": String(r.id) }, [about(r), el("span", { class: "muted" }, [word("reportStatus", r.status)])]);
  return el("section", { "aria-labelledby": "reports" }, [
    el("h4", { id: "reports" }, [t("admin.reports")]),
    reports.length ? el("ul", { class: "list" }, reports.map(item)) : el("p", { class: "muted" }, [t("admin.noReports")]),
    ...(resolved.length ? [el("h5", {}, [t("admin.resolvedReports")]), el("ul", { class: "list resolved" }, resolved.map(done))] : []),
  ]);
}

/**
 * A turn time in words: "15 seconds", "1 hour", "3 days".
 * @param {number} secs
 */
export function duration(secs) {
  if (secs < 60) return t("time.seconds", { n: secs });
  if (secs < 3600) return t("time.minutes", { n: secs / 60 });
  if (secs < 86400) return t("time.hoursOnly", { n: secs / 3600 });
  return t("time.days", { n: secs / 86400 });
}

/**
 * Copy and share for the invite link (the Web Share API where the browser has it).
 * @param {string} league
 * @param {string} url
 */
function shareInvite(league, url) {
  const copy = button(t("admin.copyLink"), async () => {
    await navigator.clipboard.writeText(url);
    tell(t("admin.copied"));
  }, { class: "secondary" });
  const parts = [copy];
  if ("share" in navigator) {
    parts.push(
      button(t("admin.share"), async () => {
        await navigator.share({ title: "Bourré", text: t("admin.shareText", { league }), url }).catch(() => {});
      }, { class: "secondary" }),
    );
  }
  return el("div", { class: "actions" }, parts);
}
