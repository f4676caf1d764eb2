// A tournament (a league night) through the web client, in Debian's Chromium: ann, the
// league's admin, signs up and makes the league on the pages, then a tournament on the
// league's page through its form; bob and cat (through the API) and ann (through the page's
// "Enter tournament") enter, the page counting entries and the pool while the countdown runs;
// the server starts it by itself, ann follows "My table now" and plays her table's round on
// the table page while bob and cat play theirs through the API; the round's table closes, the
// tournament finishes by itself, and its page shows the standings with the prizes paid and
// the seating seed checked against its commitment; then the page in each language, with no
// text left in English and no message missing. axe-core finds nothing serious or critical on
// the tournament page; any console error fails it. Screenshots go to OUT_DIR.
//
// Run by tests/api/browser.rs, which gives: BOURRE_BIN (the binary), DATABASE_URL (a fresh
// database), BOURRE_JWT_SECRET, BOURRE_LOG_SIGNING_KEY, CHROMIUM (the browser) and OUT_DIR.

import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bourre, env, freePort, launchChromium } from "./server.mjs";
import * as english from "../../web/lang-en.js";
import * as chinese from "../../web/lang-zh-Hans.js";
import * as japanese from "../../web/lang-ja.js";
import * as thai from "../../web/lang-th.js";
import { Bourre, MemorySessionStore } from "../../web/sdk/index.js";

const OUT = env("OUT_DIR");
mkdirSync(OUT, { recursive: true });
env("DATABASE_URL");
const PASSWORD = "correct horse battery";
/** The browser's time zone, and the one the form's "Starts at" is filled in. */
const ZONE = "America/Chicago";

/** @returns {Promise<number>} */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const { start: startServer, stop: stopServer } = bourre({
  port,
  logPath: join(OUT, "tournament-server.log"),
  settings: { BOURRE_SWEEP_MS: "100" },
});

const server = await startServer();
const browser = await launchChromium();

/** Console errors and uncaught ones: any fails the test. */
const errors = [];
const step = (text) => console.log(`- ${text}`);
/** @type {{ name: string, page: import("playwright-core").Page }[]} */
const pages = [];

/**
 * A message of a catalogue, its `{name}`s filled in (one form of a plural).
 * @param {typeof english} catalogue
 * @param {keyof typeof english.words} key
 * @param {Record<string, string | number>} [vars]
 */
const say = (catalogue, key, vars = {}) => {
  const entry = catalogue.words[key];
  const text = typeof entry === "string" ? entry : vars.n === 1 && entry.one ? entry.one : entry.other;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
};
/** @param {keyof typeof english.words} key @param {Record<string, string | number>} [vars] */
const w = (key, vars) => say(english, key, vars);

/**
 * A browser context at `viewport` whose page is watched for errors.
 * @param {string} name
 * @param {{ width: number, height: number }} viewport
 * @param {{ bypassCSP?: boolean }} [options]
 */
async function open(name, viewport, options = {}) {
  const phone = viewport.width < 800;
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    baseURL: base,
    locale: "en-US",
    timezoneId: ZONE,
    ...options,
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${name}: uncaught ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${name}: ${message.text()}`);
  });
  pages.push({ name, page });
  return { context, page };
}

/**
 * Logs `username` in on an English page.
 * @param {import("playwright-core").Page} page
 * @param {string} username
 */
async function logIn(page, username) {
  await page.goto("/");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "My leagues" }).waitFor();
}

/** A player through the API, registered. @param {string} username */
async function apiPlayer(username) {
  const client = new Bourre({ baseUrl: base, store: new MemorySessionStore() });
  await client.registerPlayer({ username, password: PASSWORD });
  return client;
}

/** `at` as a `datetime-local` value (seconds too) in ZONE. @param {Date} at */
function localValue(at) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const axe = readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
/**
 * axe-core's serious and critical findings on the tournament page, opened afresh in a
 * context of ann's own at `viewport` (axe is injected as a script: the page's policy is set
 * aside there only), fail the test.
 * @param {string} url
 * @param {{ width: number, height: number }} viewport
 * @param {string} what
 */
async function audit(url, viewport, what) {
  const { context, page } = await open(`axe ${what}`, viewport, { bypassCSP: true });
  await logIn(page, "ann");
  await page.goto(url);
  await page.getByRole("heading", { name: w("standings.title") }).waitFor();
  await page.addScriptTag({ content: axe });
  const found = await page.evaluate(async () => /** @type {any} */ (window).axe.run(document, { resultTypes: ["violations"] }));
  const bad = found.violations.filter((/** @type {any} */ v) => v.impact === "critical" || v.impact === "serious");
  if (bad.length) {
    const said = bad.map((/** @type {any} */ v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((/** @type {any} */ n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
    throw new Error(`axe-core on the tournament page (${what}):\n${said.join("\n")}`);
  }
  await context.close();
}

/**
 * One legal move of `client` at `table` when it is theirs: play (standing pat) or pass when
 * the rules forbid playing, draw nothing, or the first legal card. Returns whether it moved.
 * @param {Bourre} client
 * @param {string} table
 */
async function apiMove(client, table) {
  const view = await client.getTable(table);
  const legal = view.legal;
  if (!legal) return false;
  /** @type {any} */
  let action;
  if (legal.action === "declare") action = { type: "declare", play: legal.can_play !== false, discard: [] };
  else if (legal.action === "draw") action = { type: "draw", discard: [] };
  else action = { type: "play", card: (legal.cards ?? [])[0] };
  await client.submitAction(table, { action, expected_version: view.version });
  return true;
}

/**
 * One move of ann's on the table page, if it is hers: the declare and play buttons by their
 * names, else the first card the page offers. Returns whether she moved.
 * @param {import("playwright-core").Page} page
 */
async function pageMove(page) {
  const ready = async (/** @type {import("playwright-core").Locator} */ locator) => (await locator.count()) > 0 && (await locator.first().isEnabled());
  const play = page.getByRole("button", { name: w("hand.playStand"), exact: true });
  const pass = page.getByRole("button", { name: w("hand.pass"), exact: true });
  const draw = page.getByRole("button", { name: w("hand.drawStand"), exact: true });
  if (await ready(play)) return play.click().then(() => true);
  if ((await ready(pass)) && (await page.locator("#why-cannot_cover_pot").count())) return pass.click().then(() => true);
  if (await ready(draw)) return draw.click().then(() => true);
  const cards = page
    .getByRole("group", { name: w("hand.cards") })
    .getByRole("button")
    .and(page.locator(':not([aria-pressed]):not([aria-disabled="true"])'));
  for (let i = 0; i < (await cards.count()); i += 1) {
    const one = cards.nth(i);
    if (await one.isEnabled()) return one.click().then(() => true);
  }
  return false;
}

/** The app's words of `catalogue` that this test expects to see translated on the page. */
const LANGUAGES = /** @type {const} */ ([["zh-Hans", chinese], ["ja", japanese], ["th", thai]]);

let failed = false;
try {
  const { page } = await open("ann", { width: 1280, height: 800 });

  step("ann signs up and makes a league; bob and cat join through the API");
  await page.goto("/");
  await page.getByLabel("Username").fill("ann");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "My leagues" }).waitFor();
  await page.getByRole("button", { name: "New league" }).click();
  await page.getByLabel("League name").fill("Friday night");
  await page.getByLabel("Starting balance").fill("1000");
  await page.getByRole("button", { name: "Create league" }).click();
  await page.getByRole("heading", { name: "Friday night" }).waitFor();
  const leagueUrl = page.url();
  const code = (await page.locator("code.invite").textContent())?.trim() ?? "";
  const bob = await apiPlayer("bob");
  const cat = await apiPlayer("cat");
  for (const client of [bob, cat]) await client.joinLeagueByCode({ invite_code: code });
  await page.getByRole("heading", { name: w("tournaments.title") }).waitFor();
  await page.getByText(w("tournaments.none")).waitFor();

  step("ann makes a tournament on the league's page, starting in 25 seconds");
  await page.getByRole("button", { name: "New tournament" }).click();
  await page.getByLabel("Tournament name").fill("Friday Cup");
  const startsAt = new Date(Date.now() + 25000);
  await page.getByLabel("Starts at").fill(localValue(startsAt));
  await page.getByLabel("Rounds").fill("1");
  await page.getByLabel("Hands per round").fill("1");
  await page.getByLabel("Smallest table").fill("2");
  await page.getByLabel("Largest table").fill("5");
  await page.getByLabel("Buy-in").fill("10");
  await page.getByLabel("Prizes (%)").fill("60,40");
  await page.getByLabel("Turn time (seconds)").fill("60");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await page.getByRole("heading", { name: "Friday Cup" }).waitFor();
  const tournamentUrl = page.url();
  const id = tournamentUrl.match(/\/tournaments\/([0-9a-f-]{36})$/)?.[1];
  if (!id) throw new Error(`the form led to ${tournamentUrl}, not a tournament's page`);
  const made = await bob.getTournament(id);
  if (Math.abs(Date.parse(made.starts_at) - startsAt.getTime()) > 1500) throw new Error(`it starts at ${made.starts_at}, not ${startsAt.toISOString()}`);
  if (made.settings.buy_in !== 10 || made.settings.prizes.join() !== "60,40" || made.settings.table_size.max !== 5 || made.settings.turn_seconds !== 60) {
    throw new Error(`the tournament made: ${JSON.stringify(made.settings)}`);
  }
  await page.getByText(w("tournamentStatus.scheduled"), { exact: true }).waitFor();
  const timer = page.getByRole("timer");
  await timer.filter({ hasText: /^starts in 0:[0-2]\d$/ }).waitFor();
  const before = await timer.textContent();
  await page.waitForTimeout(1100);
  if ((await timer.textContent()) === before) throw new Error(`the countdown stays at "${before}"`);
  await page.screenshot({ path: join(OUT, "tournament-scheduled-desktop.png"), fullPage: true });

  step("bob and cat enter through the API, ann through the page");
  for (const client of [bob, cat]) await client.enterTournament(id);
  await page.getByRole("button", { name: "Enter tournament" }).click();
  await page.getByText(w("tournament.entries", { n: 3 }), { exact: true }).waitFor();
  await page.getByText(w("tournament.pool", { chips: 30 }), { exact: true }).waitFor();
  await page.getByRole("button", { name: "Withdraw" }).waitFor();
  if (await page.getByRole("button", { name: "Enter tournament" }).count()) throw new Error("Enter tournament still offered once entered");
  await page.getByRole("button", { name: "Cancel tournament" }).waitFor();
  await audit(tournamentUrl, { width: 1280, height: 800 }, "scheduled, desktop");

  step("the server starts it: ann follows My table now");
  await page.getByText(w("tournamentStatus.running"), { exact: true }).waitFor({ timeout: 60000 });
  const myTable = page.getByRole("link", { name: "My table now" });
  await myTable.waitFor({ timeout: 15000 });
  const running = await bob.getTournament(id);
  const table = running.rounds[0]?.tables[0]?.table_id;
  if (running.rounds.length !== 1 || running.rounds[0].tables.length !== 1 || running.rounds[0].tables[0].players.length !== 3 || !table) {
    throw new Error(`round 1 seated: ${JSON.stringify(running.rounds)}`);
  }
  // The round's seed, revealed, checked in this browser against its commitment.
  await page.getByText(/^Seed verified/).waitFor();
  const phone = await open("ann on a phone", { width: 360, height: 640 });
  await logIn(phone.page, "ann");
  await phone.page.goto(tournamentUrl);
  await phone.page.getByText(w("tournamentStatus.running"), { exact: true }).waitFor();
  await phone.page.getByRole("link", { name: "My table now" }).waitFor();
  await phone.page.getByText(/^Seed verified/).waitFor();
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 360) throw new Error(`the tournament page is ${wide} px wide at a 360 px viewport`);
  await phone.page.screenshot({ path: join(OUT, "tournament-running-phone.png"), fullPage: true });
  await phone.context.close();
  await audit(tournamentUrl, { width: 360, height: 640 }, "running, phone");

  await myTable.click();
  await page.waitForURL(`**/tables/${table}`);
  await page.locator('.table-screen[data-live="true"]').waitFor();

  step("the round's hand, ann on the table page, bob and cat through the API");
  const until = Date.now() + 180000;
  let moves = 0;
  for (;;) {
    const now = await bob.getTournament(id);
    if (now.status === "finished") break;
    if (now.status !== "running") throw new Error(`the tournament is ${now.status}`);
    if (Date.now() > until) throw new Error(`the round is not over in 180 s after ${moves} moves`);
    for (const client of [bob, cat]) {
      if (await apiMove(client, table).catch((error) => console.log(`  a move through the API was refused: ${error.message}`))) moves += 1;
    }
    if (await pageMove(page).catch(() => false)) moves += 1;
    await new Promise((r) => setTimeout(r, 150));
  }
  step(`the hand played in ${moves} moves; the tournament finished by itself`);

  step("the standings, the prizes paid");
  await page.goBack();
  await page.getByRole("heading", { name: "Friday Cup" }).waitFor();
  await page.getByText(w("tournamentStatus.finished"), { exact: true }).waitFor();
  const standings = page.getByRole("table");
  for (const column of ["place", "player", "chips", "hands_won", "bourres", "prize"]) {
    await standings.getByRole("columnheader", { name: w(/** @type {any} */ (`tcolumn.${column}`)), exact: true }).waitFor();
  }
  const rows = await standings.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? "")));
  const finished = await bob.getTournament(id);
  const paid = finished.standings.reduce((sum, row) => sum + (row.prize ?? 0), 0);
  if (rows.length !== 3 || paid !== 30) throw new Error(`standings shown: ${JSON.stringify(rows)}; prizes paid ${paid}`);
  for (const [i, row] of finished.standings.entries()) {
    if (rows[i][1] !== row.username || rows[i][5] !== String(row.prize)) throw new Error(`standings row ${i + 1} shows ${JSON.stringify(rows[i])}, the server ${JSON.stringify(row)}`);
  }
  await page.getByText(w("tournament.paid", { chips: 30 }), { exact: true }).waitFor();
  await page.getByText(/^Seed verified/).waitFor();
  if (await page.getByRole("button", { name: "Cancel tournament" }).count()) throw new Error("a finished tournament offers Cancel tournament");
  await page.screenshot({ path: join(OUT, "tournament-finished-desktop.png"), fullPage: true });

  step("the league's page lists it, finished, and links to it");
  await page.getByRole("link", { name: w("tournament.league", { league: "Friday night" }) }).click();
  await page.getByRole("heading", { name: "Friday night" }).waitFor();
  const listed = page.getByRole("region", { name: w("tournaments.title") }).getByRole("listitem").filter({ hasText: "Friday Cup" });
  // Its pool paid out: 0 chips held.
  await listed.filter({ hasText: w("tournamentStatus.finished") }).filter({ hasText: w("tournament.entries", { n: 3 }) }).waitFor();
  await listed.getByRole("link", { name: "Friday Cup" }).click();
  await page.getByText(w("tournamentStatus.finished"), { exact: true }).waitFor();
  if (page.url() !== tournamentUrl) throw new Error(`the league's link leads to ${page.url()}`);

  step("the tournament page in each language");
  /** The English texts of the page's headings and labels, which must not be left. */
  const englishWords = new Set(
    Object.entries(english.words)
      .filter(([key]) => /^(tournament|tournaments|tournamentStatus|tcolumn|entryState|standings|admin)\./.test(key))
      .map(([, value]) => (typeof value === "string" ? value : value.other)),
  );
  let languageLabel = w("field.language");
  for (const [language, catalogue] of LANGUAGES) {
    await page.getByLabel(languageLabel).selectOption(language);
    await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
    await page.getByRole("heading", { name: say(catalogue, "tournament.prizes") }).waitFor();
    await page.getByText(say(catalogue, "tournamentStatus.finished"), { exact: true }).waitFor();
    await page.getByText(say(catalogue, "tournament.seedVerified")).waitFor();
    const seen = await page.evaluate(() => ({
      headings: [...document.querySelectorAll("main h3, main h4, main th[scope=col], main summary")].map((node) => node.textContent?.trim() ?? ""),
      text: document.querySelector("main")?.innerText ?? "",
    }));
    const left = seen.headings.filter((text) => englishWords.has(text));
    if (left.length) throw new Error(`in ${language}, still in English: ${left.join(", ")}`);
    const keys = seen.text.match(/\b(?:tournaments?|tournamentStatus|tcolumn|entryState|field|reason|ledger)\.[A-Za-z_.]+/g);
    if (keys) throw new Error(`in ${language}, messages missing: ${keys.join(", ")}`);
    if (seen.text.includes("{") || seen.text.includes("undefined")) throw new Error(`in ${language}, a message not filled in:\n${seen.text}`);
    await page.screenshot({ path: join(OUT, `tournament-${language}-desktop.png`), fullPage: true });
    languageLabel = say(catalogue, "field.language");
  }
  await page.getByLabel(languageLabel).selectOption("en");
  await page.locator('html[lang="en"]').waitFor({ state: "attached" });
  await audit(tournamentUrl, { width: 1280, height: 800 }, "finished, desktop");
} catch (error) {
  failed = true;
  // What each page showed when it went wrong, for whoever reads the failure.
  for (const { name, page } of pages) {
    if (page.isClosed()) continue;
    await page.screenshot({ path: join(OUT, `tournament-failed-${name.replace(/\W+/g, "-")}.png`), fullPage: true }).catch(() => {});
    const shown = await page.locator("main").innerText().catch(() => "(no page)");
    const problem = await page.locator("#problem").innerText().catch(() => "");
    console.error(`--- ${name} at ${page.url()}\n${problem}\n${shown}`);
  }
  console.error(error);
} finally {
  await browser.close().catch(() => {});
  await stopServer(server);
}
if (errors.length) console.error(`console errors:\n${errors.join("\n")}`);
if (failed || errors.length) process.exit(1);
console.log("tournament: passed");
