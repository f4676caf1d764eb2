// Lighthouse on the web client's three first pages at a phone's size, in Debian's Chromium:
// the landing page signed out, then a league's page and a table's page signed in, the
// table on the player's turn. Each page's performance, accessibility, best practices and
// SEO must score 95 or more; each page's four scores and every audit that cost points on a
// failing page are printed, and the reports are written to OUT_DIR (<page>.report.html and
// .json).
//
// Run by .ci/lighthouse, which gives BASE (a fresh server), CHROMIUM (the browser) and
// OUT_DIR. Through the API it makes a player (ann), a second member (bob) and a league with
// a long ledger (grants), a table where ann sits with two bots, and a hand in play waiting
// for ann. Chromium keeps the profile of OUT_DIR/profile between the runs: before each
// signed-in run, ann's session is put in the page's localStorage (the key and shape of
// web/session.js) and everything else cleared, and Lighthouse keeps the storage
// (`disableStorageReset`).

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { leagueWithLedger } from "./league.mjs";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const base = env("BASE");
const browserPath = env("CHROMIUM");
const outDir = env("OUT_DIR");

/** The lowest score (of 100) each category must reach on every page. */
const FLOOR = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Grants booked in the league, so that its page shows a ledger of some length. */
const GRANTS = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The league, the table and ann's session, the table waiting for ann's move. */
async function arrange() {
  const { ann, league } = await leagueWithLedger(base, GRANTS, "ann", "bob");
  const table = await ann.client.createTable({
    league_id: league.id,
    name: "Table 1",
    rules: { ante: 5, max_players: 4, hand_size: 5, turn_timeout_secs: 86400, dealer_must_play_trump_ace: true },
  });
  if (table.my_seat == null) await ann.client.takeSeat(table.id);
  await ann.client.addBot(table.id);
  await ann.client.addBot(table.id);
  // The bots move on their own until it is ann's turn; a hand that ends before it comes
  // (every other seat passing to the dealer) is followed by the next.
  for (let tries = 0; ; tries++) {
    const view = await ann.client.getTable(table.id);
    if (view.legal) break;
    if (tries > 120) throw new Error(`never ann's turn: ${view.status}, ${JSON.stringify(view.to_act)}`);
    if (view.status === "playing") await sleep(250);
    else await ann.client.startHand(table.id);
  }
  // The session as the web client keeps it: renewed by the SDK if it was refreshed.
  const session = ann.store.get() ?? ann.session;
  return { league: league.id, table: table.id, session };
}

/** Chromium with a remote debugging port and a profile of its own; its port. */
async function launch(profile) {
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const child = spawn(
    browserPath,
    ["--headless=new", "--no-sandbox", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "--no-first-run", "about:blank"],
    { stdio: "ignore" },
  );
  const portFile = join(profile, "DevToolsActivePort");
  for (let tries = 0; !existsSync(portFile); tries++) {
    if (tries > 100) throw new Error("Chromium did not open its debugging port");
    await sleep(100);
  }
  await sleep(100);
  const port = Number(readFileSync(portFile, "utf8").split("\n")[0]);
  return { child, port };
}

/**
 * Readies the browser for a first visit signed in: `session` in the origin's localStorage,
 * where web/session.js reads it (kept if the app renewed it since), and nothing else kept
 * from an earlier run (no service worker, Cache Storage or HTTP cache), as Lighthouse's
 * own storage reset would leave it.
 */
async function signedInAfresh(port, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate(async (value) => {
    if (!localStorage.getItem("bourre.session")) localStorage.setItem("bourre.session", value);
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  }, JSON.stringify(session));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.close();
  await browser.close();
}

/**
 * The phone the pages are measured on, by Lighthouse's CPU benchmark: its default 4x
 * slowdown on this project's CI machine when quiet (a benchmark index of 2,300-2,850) makes
 * a phone of about 700. On a busier or slower host the slowdown is fitted to that phone
 * (Lighthouse's "calibrating multipliers", docs/throttling.md), never above the default:
 * the floor stays, and the phone it applies to stays the same whatever else the host runs.
 */
const PHONE_INDEX = 700;
const DEFAULT_SLOWDOWN = 4;
/** Lighthouse's default mobile network ("Slow 4G", simulated), as its reports show it. */
const SLOW_4G = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };

/** Empties Chromium's HTTP cache, so that a run is a first visit. */
async function clearCache(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.close();
  await browser.close();
}

/** One Lighthouse run on `path` with the CPU slowed `slowdown` times, a first visit. */
async function measure(port, path, slowdown) {
  await clearCache(port);
  const result = await lighthouse(`${base}${path}`, {
    port,
    output: ["html", "json"],
    logLevel: "error",
    onlyCategories: CATEGORIES,
    formFactor: "mobile",
    screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
    throttling: { ...SLOW_4G, cpuSlowdownMultiplier: slowdown },
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  return result;
}

/**
 * Lighthouse on `path`: the result, with its reports written as `name`. A host whose
 * benchmark shows it slower than the quiet CI machine is measured again with the slowdown
 * fitted to it.
 */
async function audit(port, name, path) {
  const started = Date.now();
  let slowdown = DEFAULT_SLOWDOWN;
  let result = await measure(port, path, slowdown);
  const fitted = Math.max(1, Math.min(DEFAULT_SLOWDOWN, result.lhr.environment.benchmarkIndex / PHONE_INDEX));
  if (fitted < DEFAULT_SLOWDOWN) {
    slowdown = Math.round(fitted * 10) / 10;
    result = await measure(port, path, slowdown);
  }
  const [html, json] = /** @type {string[]} */ (result.report);
  writeFileSync(join(outDir, `${name}.report.html`), html);
  writeFileSync(join(outDir, `${name}.report.json`), json);
  return { name, path, lhr: result.lhr, slowdown, seconds: (Date.now() - started) / 1000 };
}

/** What an audit's details name: the elements (selector and snippet) or URLs. */
function culprits(details) {
  const items = details?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const node = item.node ?? item.element;
    if (node?.selector) return `${node.selector} ${node.snippet ?? ""}`.trim();
    if (item.url) return String(item.url);
    if (item.source?.url) return String(item.source.url);
    return JSON.stringify(item).slice(0, 160);
  });
}

/** The audits of `category` that cost points, worst first. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .sort((a, b) => a.score - b.score);
}

mkdirSync(outDir, { recursive: true });
const { league, table, session } = await arrange();
console.log(`league ${league}, table ${table}: ann's turn`);
const { child, port } = await launch(join(outDir, "profile"));
const results = [];
try {
  results.push(await audit(port, "landing", "/"));
  await signedInAfresh(port, session);
  results.push(await audit(port, "league", `/leagues/${league}`));
  await signedInAfresh(port, session);
  results.push(await audit(port, "table", `/tables/${table}`));
} finally {
  child.kill();
}

let failed = false;
for (const { name, path, lhr, slowdown, seconds } of results) {
  const scores = CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]);
  console.log(`${name} (${path}, ${seconds.toFixed(1)} s, benchmark ${Math.round(lhr.environment.benchmarkIndex)}, CPU ${slowdown}x): ${scores.map(([c, s]) => `${c} ${s}`).join(", ")}`);
  for (const warning of lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
  for (const [category, score] of scores) {
    if (score >= FLOOR) continue;
    failed = true;
    console.log(`  ${category} ${score} < ${FLOOR}:`);
    for (const a of losses(lhr, category)) {
      console.log(`    ${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ""}): ${a.title}`);
      for (const c of culprits(a.details)) console.log(`      ${c}`);
    }
  }
}
if (failed) {
  console.log(`FAILED: a page scored below ${FLOOR} (reports: ${outDir})`);
  process.exit(1);
}
console.log(`lighthouse: every page ${FLOOR} or more in each category (reports: ${outDir})`);
