// A league night through the web client alone, in Debian's Chromium: three players (one at
// a phone's viewport) sign up, make and join a league (by code and by invite link), create
// a table, sit, add a bot, deal and play hands to the end, the pages following the table
// live; a refused move; the server restarted mid-hand; the hand history "verified"; no
// console error. Screenshots go to OUT_DIR.
//
// Run by tests/api/browser.rs, which gives: BOURRE_BIN (the binary), DATABASE_URL (a fresh
// database), BOURRE_JWT_SECRET, CHROMIUM (the browser) and OUT_DIR.

import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { chromium } from "playwright-core";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const OUT = env("OUT_DIR");
mkdirSync(OUT, { recursive: true });

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const log = openSync(join(OUT, "server.log"), "a");

/** `bourre serve` on the test database; resolves once /readyz answers 200. */
async function startServer() {
  const child = spawn(env("BOURRE_BIN"), ["serve"], {
    env: {
      ...process.env,
      BOURRE_BIND: `127.0.0.1:${port}`,
      BOURRE_DB_POOL: "8",
    },
    stdio: ["ignore", log, log],
  });
  const until = Date.now() + 30000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bourre serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error("bourre serve not ready in 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** @param {import("node:child_process").ChildProcess} child */
function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(undefined);
    child.once("exit", resolve);
    child.kill("SIGKILL");
  });
}

let server = await startServer();
const browser = await chromium.launch({
  executablePath: env("CHROMIUM"),
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
  ],
});

/** Console errors; those that may happen are the network's, while `expected` says why. */
const errors = [];
let expected = "";
const step = (text) => console.log(`- ${text}`);

/**
 * A player in a browser context of their own, who presses buttons by `hand`: a tap on a
 * phone, a click, or the keyboard (Tab to a card, Enter).
 * @param {string} name
 * @param {{ width: number, height: number }} viewport
 * @param {"tap" | "click" | "keys"} hand
 */
async function player(name, viewport, hand) {
  const phone = hand === "tap";
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone, baseURL: base });
  const page = await context.newPage();
  watch(page, name);
  return { name, context, page, hand };
}

/** @param {import("playwright-core").Page} page @param {string} name */
function watch(page, name) {
  page.on("pageerror", (error) => errors.push(`${name}: uncaught ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const network = /^Failed to load resource|net::ERR_|EventSource/.test(text);
    if (network && expected) return;
    errors.push(`${name}: ${text}`);
  });
}

/** @param {import("playwright-core").Page} page */
async function signUp(page, username) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
}

const ann = await player("ann", { width: 360, height: 640 }, "tap");
const bob = await player("bob", { width: 1280, height: 800 }, "click");
const cat = await player("cat", { width: 1024, height: 768 }, "keys");
const everyone = [ann, bob, cat];

try {

  step("sign up; ann makes a league");
  await ann.page.goto("/");
  await signUp(ann.page, "ann");
  await ann.page.getByRole("heading", { name: "My leagues" }).waitFor();
  const scope = await ann.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    return registration.active ? registration.scope : "";
  });
  if (scope !== new URL("/", ann.page.url()).href) throw new Error(`service worker scope ${scope}`);
  step("the service worker (Web Push) installed at the app's root");
  await ann.page.getByRole("button", { name: "New league" }).click();
  await ann.page.getByLabel("League name").fill("Friday night");
  await ann.page.getByLabel("Starting balance").fill("1000");
  await ann.page.getByRole("button", { name: "Create league" }).click();
  await ann.page.getByRole("heading", { name: "Friday night" }).waitFor();
  const leagueUrl = ann.page.url();
  const code = (await ann.page.locator("code.invite").textContent()).trim();
  if (!/^[A-Z0-9]{10}$/.test(code)) throw new Error(`invite code ${code}`);

  step("bob joins with the invite code, cat through the invite link");
  await bob.page.goto("/");
  await signUp(bob.page, "bob");
  await bob.page.getByLabel("Invite code").fill(code);
  await bob.page.getByRole("button", { name: "Join league" }).click();
  await bob.page.getByRole("heading", { name: "Friday night" }).waitFor();
  await cat.page.goto(`/join/${code}`);
  await signUp(cat.page, "cat");
  await cat.page.getByRole("heading", { name: "Friday night" }).waitFor();
  if (cat.page.url() !== leagueUrl) throw new Error(`cat is at ${cat.page.url()}, not ${leagueUrl}`);

  step("ann creates a table and sits; bob and cat find it in the lobby and sit; a bot");
  await ann.page.getByRole("button", { name: "New table" }).click();
  await ann.page.getByLabel("Table name").fill("Main table");
  await ann.page.getByLabel("Ante").fill("10");
  await ann.page.getByRole("button", { name: "Create table" }).click();
  await ann.page.getByRole("heading", { name: "Main table" }).waitFor();
  await ann.page.locator(".live", { hasText: "Live" }).waitFor();
  const tableUrl = ann.page.url();
  await ann.page.getByRole("button", { name: "Take a seat" }).click();
  /** @param {Awaited<ReturnType<typeof player>>} p */
  const sits = async (p) => {
    // The lobby refreshes by itself every 10 s.
    await p.page.getByRole("link", { name: "Main table" }).click({ timeout: 20000 });
    await p.page.locator(".live", { hasText: "Live" }).waitFor();
    await p.page.getByRole("button", { name: "Take a seat" }).click();
    await p.page.getByRole("button", { name: "Leave seat" }).waitFor();
  };
  await sits(bob);
  await ann.page.locator(".seats li").nth(1).waitFor();
  // Ann presses "Add bot" and cat sits before she lets go: the page waits for her click
  // before it redraws for cat's seat, so the click lands on the button she pressed.
  const addBot = await ann.page.getByRole("button", { name: "Add bot" }).boundingBox();
  if (!addBot) throw new Error("no Add bot button to press");
  await ann.page.mouse.move(addBot.x + addBot.width / 2, addBot.y + addBot.height / 2);
  await ann.page.mouse.down();
  await sits(cat);
  await bob.page.locator(".seats li").nth(2).waitFor();
  await ann.page.waitForTimeout(1000);
  await ann.page.mouse.up();
  for (const p of everyone) {
    await p.page.locator(".seats li").nth(3).waitFor();
    await p.page.getByText("(bot)").waitFor();
  }

  /** Whether a locator is there and enabled now. */
  const ready = async (locator) => (await locator.count()) > 0 && (await locator.first().isEnabled());
  const card = (page) => page.getByRole("group", { name: "My cards" }).getByRole("button");

  /**
   * Presses `control` as the player does.
   * @param {import("playwright-core").Locator} control
   * @param {"tap" | "click" | "keys"} hand
   */
  async function press(control, hand) {
    if (hand === "tap") return control.tap();
    if (hand === "click") return control.click();
    await control.focus();
    return control.press("Enter");
  }

  /**
   * One move of whoever can move on `page`: play (standing pat) or pass, draw, or the first
   * legal card. Returns whether it moved.
   * @param {import("playwright-core").Page} page
   * @param {"tap" | "click" | "keys"} [hand]
   */
  async function move(page, hand = "click") {
    const play = page.getByRole("button", { name: "Play", exact: true });
    const pass = page.getByRole("button", { name: "Pass", exact: true });
    const draw = page.getByRole("button", { name: "Draw", exact: true });
    if (await ready(play)) return press(play, hand).then(() => true);
    if (await ready(pass)) return press(pass, hand).then(() => true);
    if (await ready(draw)) return press(draw, hand).then(() => true);
    const cards = card(page);
    for (let i = 0; i < (await cards.count()); i += 1) {
      const one = cards.nth(i);
      if (await one.isEnabled()) {
        const name = await one.getAttribute("aria-label");
        if (!/^(10|[2-9JQKA])[CDHS], /.test(name ?? "")) throw new Error(`card named ${name}`);
        return press(one, hand).then(() => true);
      }
    }
    return false;
  }

  /**
   * Plays until every page shows hand `hand` over (the "Last hand" result and "Deal").
   * @param {number} hand
   * @param {(moves: number) => Promise<void>} [during] called after each move
   */
  async function playHand(hand, during = async () => {}) {
    let moves = 0;
    const until = Date.now() + 120000;
    for (;;) {
      let over = 0;
      for (const p of everyone) {
        const facts = (await p.page.locator(".facts").textContent()) ?? "";
        const done = facts.includes(`hand ${hand}`) && (await p.page.getByRole("region", { name: "Last hand" }).count()) > 0;
        if (done) {
          over += 1;
        } else if (await move(p.page, p.hand).catch((error) => console.log(`  ${p.name} could not move: ${error.message.split("\n")[0]}`))) {
          moves += 1;
          await during(moves);
        }
      }
      if (over === everyone.length) return moves;
      if (Date.now() > until) throw new Error(`hand ${hand} not over in 120 s after ${moves} moves`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  step("hand 1: ann deals, everyone plays to the end through the pages");
  await ann.page.screenshot({ path: join(OUT, "table-phone-before.png"), fullPage: true });
  await ann.page.getByRole("button", { name: "Deal" }).click();
  for (const p of everyone) await p.page.getByRole("group", { name: "My cards" }).waitFor();
  await bob.page.screenshot({ path: join(OUT, "table-desktop-hand.png"), fullPage: true });
  // One column on the phone: nothing wider than its 360 px.
  const wide = await ann.page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 360) throw new Error(`the table page is ${wide} px wide at a 360 px viewport`);
  await ann.page.screenshot({ path: join(OUT, "table-phone-hand.png"), fullPage: true });
  const moves1 = await playHand(1);
  step(`hand 1 over after ${moves1} moves in the pages`);
  await ann.page.screenshot({ path: join(OUT, "table-phone-result.png"), fullPage: true });

  step("hand 2: a refused move, from a second tab that missed the news");
  await ann.page.getByRole("button", { name: "Deal" }).click();
  for (const p of everyone) await p.page.locator(".facts", { hasText: "hand 2" }).waitFor();
  // Play until it is bob's turn.
  for (let tries = 0; ; tries += 1) {
    if (await bob.page.locator(".hand.mine").count()) break;
    for (const p of [ann, cat]) await move(p.page, p.hand).catch(() => false);
    if (tries > 400) throw new Error("never bob's turn");
    await new Promise((r) => setTimeout(r, 50));
  }
  expected = "the refused move (the second tab's stream is cut off)";
  const stale = await bob.context.newPage();
  watch(stale, "bob's second tab");
  await stale.route("**/stream?**", (route) => route.abort());
  await stale.goto(tableUrl);
  await stale.locator(".hand.mine").waitFor();
  if (!(await move(bob.page))) throw new Error("bob could not move");
  await bob.page.locator(".hand.mine").waitFor({ state: "detached" }).catch(() => {});
  if (!(await move(stale))) throw new Error("the stale tab offered no move");
  await stale.getByRole("alert").filter({ hasText: "version_conflict" }).waitFor();
  // The refusal brought the fresh state: no longer bob's turn there (ann and cat wait).
  await stale.locator(".hand.mine").waitFor({ state: "detached" });
  await stale.screenshot({ path: join(OUT, "table-desktop-refused.png"), fullPage: true });
  await stale.close();
  expected = "";

  step("hand 2 goes on across a server restart, the pages reconnecting by themselves");
  await playHand(2, async (moves) => {
    if (moves !== 3) return;
    expected = "the server restart";
    await stopServer(server);
    for (const p of everyone) await p.page.locator(".live", { hasText: "Reconnecting" }).waitFor();
    server = await startServer();
    for (const p of everyone) await p.page.locator(".live", { hasText: "Live" }).waitFor({ timeout: 20000 });
    expected = "";
    step("restarted; every page live again without a reload");
  });

  step("the hand history: both hands verified, a transcript");
  await ann.page.getByText("Hand history").click();
  for (const hand of [1, 2]) {
    await ann.page.locator(`li[data-hand="${hand}"] .verdict`, { hasText: /^verified$/ }).waitFor();
  }
  await ann.page.getByText("Transcript of hand 1").click();
  await ann.page.locator(".transcript li", { hasText: "plays" }).first().waitFor();
  await ann.page.screenshot({ path: join(OUT, "history-phone.png"), fullPage: true });

  step("the league: standings sorted by rating, a grant, the ledger, a new invite code");
  await ann.page.getByRole("link", { name: "Back to the league" }).click();
  await ann.page.getByRole("heading", { name: "Standings" }).waitFor();
  await ann.page.getByRole("button", { name: "Rating" }).click();
  await ann.page.locator('th[aria-sort="descending"]', { hasText: "Rating" }).waitFor();
  await ann.page.locator("select[name=player_id]").selectOption({ label: "bob" });
  await ann.page.getByLabel("Chips").fill("250");
  await ann.page.getByLabel("Reason").fill("rebuy");
  await ann.page.getByRole("button", { name: "Grant" }).click();
  await ann.page.locator("td", { hasText: "grant: rebuy" }).waitFor();
  await ann.page.getByRole("button", { name: "Rotate invite code" }).click();
  await ann.page.getByRole("status").filter({ hasText: "A new invite code" }).waitFor();
  await ann.page.waitForFunction((old) => document.querySelector("code.invite")?.textContent?.trim() !== old, code);
  await bob.page.getByRole("link", { name: "Back to the league" }).click();
  await bob.page.getByRole("heading", { name: "Standings" }).waitFor();
  await bob.page.screenshot({ path: join(OUT, "league-desktop.png"), fullPage: true });
  await ann.page.screenshot({ path: join(OUT, "league-phone.png"), fullPage: true });
  const balance = Number(await bob.page.locator("p .balance").first().textContent());
  if (!Number.isInteger(balance)) throw new Error(`bob's balance ${balance}`);

  step("the table page's weight, loaded afresh");
  const fresh = await browser.newContext({ baseURL: base });
  const weighed = await fresh.newPage();
  watch(weighed, "fresh");
  await weighed.goto("/");
  await weighed.getByLabel("Username").fill("ann");
  await weighed.getByLabel("Password").fill("correct horse battery");
  await weighed.getByRole("button", { name: "Log in" }).click();
  await weighed.getByRole("heading", { name: "My leagues" }).waitFor();
  let bytes = 0;
  const cdp = await fresh.newCDPSession(weighed);
  await cdp.send("Network.enable");
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
  });
  await cdp.send("Network.clearBrowserCache");
  await weighed.goto(tableUrl);
  await weighed.getByRole("heading", { name: "Main table" }).waitFor();
  await weighed.waitForLoadState("networkidle").catch(() => {});
  step(`the table page transferred ${bytes} bytes`);
  if (bytes <= 0 || bytes > 150 * 1024) throw new Error(`the table page transferred ${bytes} bytes (at most 150 KB)`);

} catch (error) {
  // What each page showed when it went wrong, for whoever reads the failure.
  for (const p of everyone) {
    await p.page.screenshot({ path: join(OUT, `failed-${p.name}.png`), fullPage: true }).catch(() => {});
    const shown = await p.page.locator("main").innerText().catch(() => "(no page)");
    const problem = await p.page.locator("#problem").innerText().catch(() => "");
    console.error(`--- ${p.name} at ${p.page.url()}\n${problem}\n${shown}`);
  }
  console.error(`console errors so far:\n${errors.join("\n")}`);
  throw error;
}

await browser.close();
await stopServer(server);
if (errors.length) {
  console.error(`console errors:\n${errors.join("\n")}`);
  process.exit(1);
}
console.log("league night: passed");
