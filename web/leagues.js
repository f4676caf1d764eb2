// My leagues (create, join by invite code) and a league: its tables, standings, ledger,
// members, and what its admins do.

import * as api from "./api.js";
import { amount, button, el, field, form, go, link, opener, pager, tell } from "./ui.js";

/** @typedef {import("./api.js").Schemas} Schemas */

/**
 * @param {HTMLElement} into
 * @returns {Promise<() => void>}
 */
export async function leaguesScreen(into) {
  const page = await api.myLeagues();
  const list = el(
    "ul",
    { class: "list" },
    page.leagues.map((league) =>
      el("li", {}, [
        link(`/leagues/${league.league_id}`, [league.name]),
        amount("your balance", league.balance),
      ]),
    ),
  );

  const name = field("League name", { maxlength: "80" });
  const starting = field("Starting balance", { type: "number", min: "0", max: "1000000000", value: "1000" });
  const create = form([name.label, starting.label, el("button", { type: "submit" }, ["Create league"])], async () => {
    const league = await api.createLeague(name.input.value, Number(starting.input.value));
    go(`/leagues/${league.id}`);
  });

  const code = field("Invite code", { autocomplete: "off", autocapitalize: "characters", maxlength: "40" });
  const join = form([code.label, el("button", { type: "submit" }, ["Join league"])], () => joinLeague(code.input.value));

  into.replaceChildren(
    el("h2", { tabindex: "-1" }, ["My leagues"]),
    page.leagues.length ? list : el("p", {}, ["No league yet: create one, or join one with its invite code."]),
    el("div", { class: "actions" }, [opener("New league", create, name.input)]),
    create,
    el("h3", {}, ["Join a league"]),
    join,
  );
  return () => {};
}

/**
 * Joins the league whose invite code this is, and shows it; or says an admin decides.
 * @param {string} code
 */
export async function joinLeague(code) {
  const joined = await api.joinByCode(code);
  if ("id" in joined) {
    go(`/leagues/${joined.id}`);
  } else {
    go("/");
    tell("Asked to join: an admin of the league decides.");
  }
}

/**
 * A league's screen; its lobby refreshes every 10 s while shown.
 * @param {HTMLElement} into
 * @param {string} id
 * @returns {Promise<() => void>}
 */
export async function leagueScreen(into, id) {
  const [detail, roster, me] = await Promise.all([api.league(id), api.members(id), api.me()]);
  /** @type {Map<string, string>} */
  const names = new Map(roster.members.map((m) => [m.player_id, m.username]));
  const balance = me.leagues.find((l) => l.league_id === id)?.balance ?? 0;
  const admin = detail.role === "admin";

  const lobby = el("section", { "aria-labelledby": "lobby" });
  let shown = "";
  // Redrawn only when it changed, so a link being followed or focused stays put.
  const refreshLobby = async () => {
    const page = await api.leagueTables(id);
    const now = JSON.stringify(page.tables);
    if (now === shown) return;
    shown = now;
    lobby.replaceChildren(...tablesSection(page, names));
  };
  const standingsPart = el("section", { "aria-labelledby": "standings" });
  const ledgerPart = el("section", { "aria-labelledby": "ledger" });
  await Promise.all([refreshLobby(), standingsSection(standingsPart, id, "balance", "desc"), ledgerSection(ledgerPart, id, names)]);

  into.replaceChildren(
    el("h2", { tabindex: "-1" }, [detail.name]),
    el("p", {}, ["Your balance: ", el("span", { class: "balance" }, [String(balance)]), ` · ${detail.role}`]),
    lobby,
    newTable(id),
    standingsPart,
    ledgerPart,
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
  const rows = page.tables.map((t) => {
    const whose = t.to_act.map((s) => names.get(s.player_id) ?? `seat ${s.seat + 1}`).join(", ");
    return el("li", { class: t.my_turn ? "mine" : "" }, [
      link(`/tables/${t.table_id}`, [t.name]),
      el("span", {}, [
        `${t.status} · ${t.seats_taken}/${t.max_seats} seats · ante ${t.rules.ante}`,
        t.hand_no ? ` · hand ${t.hand_no}` : "",
        whose ? ` · to act: ${whose}` : "",
        t.my_turn ? " · your turn" : "",
      ]),
    ]);
  });
  return [
    el("h3", { id: "lobby" }, ["Tables"]),
    rows.length ? el("ul", { class: "list" }, rows) : el("p", {}, ["No table yet."]),
  ];
}

/**
 * "New table", and its form.
 * @param {string} league
 */
function newTable(league) {
  const name = field("Table name", { maxlength: "80" });
  const ante = field("Ante", { type: "number", min: "1", value: "10" });
  const seats = el("select", { name: "max_players" }, [2, 3, 4, 5, 6, 7, 8].map((n) => el("option", n === 7 ? { selected: "" } : {}, [String(n)])));
  const timeout = el(
    "select",
    { name: "turn_timeout_secs" },
    [["60", "1 minute"], ["300", "5 minutes"], ["3600", "1 hour"], ["86400", "1 day"]].map(([secs, text]) =>
      el("option", secs === "86400" ? { value: secs, selected: "" } : { value: secs }, [text]),
    ),
  );
  const together = el("input", { type: "checkbox", name: "simultaneous_declare" });
  const create = form(
    [
      name.label,
      ante.label,
      el("label", {}, ["Seats", seats]),
      el("label", {}, ["Time to act", timeout]),
      el("label", { class: "check" }, [together, "Everyone declares at once"]),
      el("button", { type: "submit" }, ["Create table"]),
    ],
    async () => {
      const view = await api.createTable(league, name.input.value, {
        ante: Number(ante.input.value),
        max_players: Number(seats.value),
        turn_timeout_secs: Number(timeout.value),
        simultaneous_declare: together.checked,
        hand_size: 5,
        dealer_must_play_trump_ace: true,
      });
      go(`/tables/${view.id}`);
    },
  );
  return el("div", {}, [el("div", { class: "actions" }, [opener("New table", create, name.input)]), create]);
}

const COLUMNS = /** @type {const} */ ([
  ["username", "Player"],
  ["balance", "Balance"],
  ["net", "Net"],
  ["hands_played", "Hands"],
  ["pots_won", "Pots won"],
  ["bourres", "Bourrés"],
  ["tricks", "Tricks"],
  ["rating", "Rating"],
]);

/**
 * The standings, sorted by a column the server sorts by (a header button sorts again).
 * @param {HTMLElement} into
 * @param {string} id
 * @param {string} sort
 * @param {"asc" | "desc"} order
 */
async function standingsSection(into, id, sort, order) {
  const data = await api.standings(id, sort, order);
  const head = COLUMNS.map(([key, label]) => {
    const sorted = key === sort;
    const next = sorted && order === "desc" ? "asc" : "desc";
    const th = el("th", { scope: "col" }, [
      button(label, () => standingsSection(into, id, key, next), { class: "link", title: `Sort by ${label.toLowerCase()}` }),
    ]);
    if (sorted) th.setAttribute("aria-sort", order === "desc" ? "descending" : "ascending");
    return th;
  });
  /** @param {Schemas["Standing"]} row @param {boolean} bot */
  const line = (row, bot) =>
    el(
      "tr",
      {},
      COLUMNS.map(([key]) => {
        const value = row[key];
        const text = key === "rating" ? `${row.rating.toFixed(1)} ± ${row.rating_uncertainty.toFixed(1)}` : String(value);
        return key === "username" ? el("th", { scope: "row" }, [text, bot ? " (bot)" : ""]) : el("td", {}, [text]);
      }),
    );
  into.replaceChildren(
    el("h3", { id: "standings" }, ["Standings"]),
    el("div", { class: "scroll" }, [
      el("table", {}, [
        el("thead", {}, [el("tr", {}, head)]),
        el("tbody", {}, [...data.rows.map((r) => line(r, false)), ...data.bots.map((r) => line(r, true))]),
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
  if (kind === "player") return names.get(ref) ?? "a former member";
  if (kind === "pot") return "a table's pot";
  return "the treasury";
}

/**
 * The ledger, oldest first, a page at a time.
 * @param {HTMLElement} into
 * @param {string} id
 * @param {Map<string, string>} names
 */
async function ledgerSection(into, id, names) {
  const body = el("tbody");
  const { more, start } = pager("More entries", async (/** @type {number | null} */ after) => {
    const page = await api.ledger(id, after);
    body.append(
      ...page.entries.map((e) =>
        el("tr", {}, [
          el("td", {}, [new Date(e.created_at).toLocaleString()]),
          el("td", {}, [`${accountName(e.from_account, names)} → ${accountName(e.to_account, names)}`]),
          el("td", { class: "num" }, [String(e.amount)]),
          el("td", {}, [e.reason.replaceAll("_", " "), e.note ? `: ${e.note}` : "", e.hand_no ? ` (hand ${e.hand_no})` : ""]),
        ]),
      ),
    );
    return page.next_cursor;
  });
  await start();
  into.replaceChildren(
    el("h3", { id: "ledger" }, ["Ledger"]),
    el("div", { class: "scroll" }, [
      el("table", {}, [
        el("thead", {}, [el("tr", {}, ["When", "From → to", "Chips", "Why"].map((h) => el("th", { scope: "col" }, [h])))]),
        body,
      ]),
    ]),
    more,
  );
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
      el("span", {}, [m.username, m.role === "member" ? "" : ` (${m.role})`]),
      el("span", {}, [
        m.table_id ? link(`/tables/${m.table_id}`, ["at a table"]) : "",
        " ",
        amount("balance", m.balance),
        ...(admin && m.role === "member"
          ? [" ", button("Promote", async () => {
              await api.promote(id, m.player_id);
              go(location.pathname);
            }, { class: "secondary", "aria-label": `Promote ${m.username} to admin` })]
          : []),
      ]),
    ]),
  );
  return el("section", { "aria-labelledby": "members" }, [
    el("h3", { id: "members" }, ["Members"]),
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
  const chips = field("Chips", { type: "number", step: "1" });
  const reason = field("Reason", { maxlength: "200", value: "rebuy" });
  return form(
    [el("h4", {}, ["Grant chips"]), el("label", {}, ["Member", who]), chips.label, reason.label, el("button", { type: "submit" }, ["Grant"])],
    async () => {
      const granted = await api.grant(id, who.value, Number(chips.input.value), reason.input.value);
      go(location.pathname);
      tell(`Granted ${granted.amount}: the balance is now ${granted.balance}.`);
    },
  );
}

/**
 * What admins do: the invite code and link, join requests, closing the season.
 * @param {string} id
 * @param {Schemas["LeagueDetail"]} detail
 */
async function adminSection(id, detail) {
  const requests = detail.join_policy === "approval" ? await api.joinRequests(id) : [];
  const invite = detail.invite_code ?? "";
  const inviteLink = `${location.origin}/join/${invite}`;
  const season = detail.seasons.at(-1);
  return el("section", { "aria-labelledby": "admin" }, [
    el("h3", { id: "admin" }, ["Admin"]),
    el("p", {}, ["Invite code: ", el("code", { class: "invite" }, [invite])]),
    el("p", {}, ["Invite link: ", el("a", { href: inviteLink }, [inviteLink])]),
    el("div", { class: "actions" }, [
      button("Rotate invite code", async () => {
        await api.rotateInviteCode(id);
        go(location.pathname);
        tell("A new invite code: the old one no longer works.");
      }, { class: "secondary" }),
      button("Close season", async () => {
        if (!confirm(`Close season ${season?.number ?? 1} and start the next?`)) return;
        await api.closeSeason(id);
        go(location.pathname);
        tell("The season is closed; the next one starts now.");
      }, { class: "secondary" }),
    ]),
    ...(requests.length
      ? [
          el("h4", {}, ["Asking to join"]),
          el(
            "ul",
            { class: "list" },
            requests.map((r) =>
              el("li", {}, [
                r.username,
                el("span", {}, [
                  button("Approve", async () => {
                    await api.approveJoin(id, r.player_id);
                    go(location.pathname);
                  }, { "aria-label": `Approve ${r.username}` }),
                  " ",
                  button("Decline", async () => {
                    await api.declineJoin(id, r.player_id);
                    go(location.pathname);
                  }, { class: "secondary", "aria-label": `Decline ${r.username}` }),
                ]),
              ]),
            ),
          ),
        ]
      : []),
  ]);
}
