// A league night through the web client alone, in Debian's Chromium: three players (one at
// a phone's viewport, one reading Japanese) sign up, make and join a league (by code and by
// invite link), create a table, sit, add a bot, deal and play hands to the end at the card
// table, the pages following the table live; the table on one screen at three sizes in
// every language during a player's turn; the result on the felt; a refused move; the server
// restarted mid-hand; a turn timed out and the server's move told to every player; the hand
// history "verified", newest first, a hand and the league's hands downloaded in the BHH
// format, and a replay on the felt; chat bubbles and an unread
// count; no console error. Then: axe-core on every screen, the last table seen shown
// offline, no animation left running with reduced motion, and the table page's weight.
// Screenshots of each screen at phone and desktop sizes go to OUT_DIR (the table in each
// language at a phone's size as `table-<language>-phone.png`, for docs/images/).
//
// Run by tests/api/browser.rs, which gives: BOURRE_BIN (the binary), DATABASE_URL (a fresh
// database), BOURRE_JWT_SECRET, BOURRE_SMTP_URL and BOURRE_MAIL_FROM (an SMTP server keeping
// what it receives in MAIL_DIR), BOURRE_OIDC_PROVIDERS naming an OpenID provider `google`
// (tests/oidc/provider.mjs) at OIDC_ISSUER, whose web client is `bourre-web`, CHROMIUM (the
// browser) and OUT_DIR.

import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bourre, env, freePort, launchChromium } from "./server.mjs";
import * as english from "../../web/lang-en.js";
import * as japanese from "../../web/lang-ja.js";
import { Bourre, MemorySessionStore } from "../../web/sdk/index.js";

const OUT = env("OUT_DIR");
mkdirSync(OUT, { recursive: true });
const MAIL = env("MAIL_DIR");
const ISSUER = env("OIDC_ISSUER");

/**
 * The six-digit code of the `n`th mail (from 1) to `to`, waited for.
 * @param {string} to
 * @param {number} n
 */
async function mailedCode(to, n) {
  for (let waited = 0; waited < 30000; waited += 100) {
    const theirs = readdirSync(MAIL)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => readFileSync(join(MAIL, name), "utf8"))
      .filter((text) => text.startsWith(`To: ${to}\n`));
    const mail = theirs[n - 1];
    const code = mail?.split(/\r?\n\r?\n/).slice(1).join("\n").match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail ${n} to ${to}`);
}

/** @returns {Promise<number>} */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The provider sends browsers back to this server's /oidc, with the web client's secret.
const registered = await fetch(`${ISSUER}/test/clients`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ client_id: "bourre-web", client_secret: "web-secret", redirect_uris: [`${base}/oidc`] }),
});
if (!registered.ok) throw new Error(`the provider refused the web client: ${registered.status}`);

const { start: startServer, stop: stopServer } = bourre({
  port,
  logPath: join(OUT, "server.log"),
  settings: {
    // The one-screen step opens bob's table in a dozen browser contexts one after another;
    // a closed page's stream is noticed at its next keep-alive.
    BOURRE_STREAMS_PER_PLAYER: "32",
  },
});

let server = await startServer();
const browser = await launchChromium();

/** Console errors; those that may happen are the network's, while `expected` says why. */
const errors = [];
let expected = "";
const step = (text) => console.log(`- ${text}`);

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

/**
 * A player in a browser context of their own, who presses buttons by `hand`: a tap on a
 * phone, a click, or the keyboard (Tab to a card, Enter); the page in the browser's
 * language (`ja` for Japanese), and `w(key)` its words.
 * @param {string} name
 * @param {{ width: number, height: number }} viewport
 * @param {"tap" | "click" | "keys"} hand
 * @param {"en" | "ja"} [language]
 */
async function player(name, viewport, hand, language = "en") {
  const phone = hand === "tap";
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone, baseURL: base, locale: language === "ja" ? "ja-JP" : "en-US" });
  // Counts the page's scripted animations (see the reduced-motion step), and the times it
  // made the device vibrate (the clock's last seconds).
  await context.addInitScript(() => {
    const animate = Element.prototype.animate;
    /** @type {any} */ (window).animations = 0;
    Element.prototype.animate = function (...args) {
      /** @type {any} */ (window).animations += 1;
      return animate.apply(this, args);
    };
    /** @type {any} */ (window).buzzes = 0;
    navigator.vibrate = () => {
      /** @type {any} */ (window).buzzes += 1;
      return true;
    };
  });
  const page = await context.newPage();
  watch(page, name);
  const catalogue = language === "ja" ? japanese : english;
  /** @param {keyof typeof english.words} key @param {Record<string, string | number>} [vars] */
  const w = (key, vars) => say(catalogue, key, vars);
  return { name, context, page, hand, w, catalogue };
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

/**
 * Logs `username` in on an English page (a second session of theirs), to their leagues.
 * @param {import("playwright-core").Page} page
 * @param {string} username
 */
async function logIn(page, username) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "My leagues" }).waitFor();
}

/** @param {Awaited<ReturnType<typeof player>>} p */
async function signUp(p) {
  await p.page.getByLabel(p.w("field.username")).fill(p.name);
  await p.page.getByLabel(p.w("field.password")).fill("correct horse battery");
  await p.page.getByRole("button", { name: p.w("signin.register") }).click();
}

/**
 * A fresh session of `username`'s, through the SDK (its password is the test's).
 * @param {string} username
 */
async function signedIn(username) {
  const client = new Bourre({ baseUrl: base, store: new MemorySessionStore() });
  await client.logIn({ username, password: "correct horse battery" });
  return client;
}

/** The web client's languages, as its language switch names them. */
const LANGUAGES = ["en", "zh-Hans", "ja", "th"];

/**
 * Bob's table, at his turn to declare, opened afresh at each size in each language: the
 * pot, trump, whose turn it is and the clock, the trick, every seat, his cards and the
 * Play and Pass buttons all inside the viewport with no scrolling, and the page no wider
 * than the viewport. At a phone's size each language's table is kept as a screenshot.
 * @param {string} tableUrl
 */
async function oneScreen(tableUrl) {
  const bobApi = await signedIn("bob");
  const session = JSON.stringify(await bobApi.store.get());
  for (const [width, height] of [[390, 844], [360, 640], [1280, 800]]) {
    for (const language of LANGUAGES) {
      const phone = width < 800;
      const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone, baseURL: base });
      await context.addInitScript(([kept, chosen]) => {
        localStorage.setItem("bourre.session", kept);
        localStorage.setItem("bourre.language", chosen);
      }, [session, language]);
      const page = await context.newPage();
      watch(page, `bob at ${width}x${height} in ${language}`);
      await page.goto(tableUrl);
      await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
      await page.locator('.table-screen[data-live="true"] .hand.mine .actions button').nth(1).waitFor();
      const found = await page.evaluate(() => {
        const parts = {
          pot: ".table-status .pot",
          trump: ".table-status .trump",
          turn: ".table-status .turn",
          clock: ".table-status .timer",
          trick: ".felt .trick",
          seat: ".felt .seat",
          card: ".hand .fan button.card",
          action: ".dock .actions button",
        };
        const out = [];
        for (const [name, selector] of Object.entries(parts)) {
          const nodes = [...document.querySelectorAll(selector)];
          if (!nodes.length) out.push(`no ${name}`);
          for (const node of nodes) {
            const box = node.getBoundingClientRect();
            if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) {
              out.push(`${name} "${node.textContent?.trim().slice(0, 30)}" at ${Math.round(box.left)},${Math.round(box.top)}-${Math.round(box.right)},${Math.round(box.bottom)}`);
            }
          }
        }
        // The "Your turn" bar links to other tables only.
        if (document.querySelector(`#turns a[href="${location.pathname}"]`)) out.push("the turns bar links to this table");
        const seats = document.querySelectorAll(".felt .seat").length;
        const page = document.scrollingElement ?? document.documentElement;
        if (page.scrollWidth > innerWidth) out.push(`the page is ${page.scrollWidth} px wide`);
        if (page.scrollHeight > innerHeight) out.push(`the page is ${page.scrollHeight} px tall`);
        return { out, seats, actions: document.querySelectorAll(".dock .actions button").length };
      });
      if (found.seats !== 4 || found.actions < 2) throw new Error(`bob's table at ${width}x${height} in ${language}: ${found.seats} seats, ${found.actions} actions`);
      if (found.out.length) throw new Error(`bob's table at ${width}x${height} in ${language} does not fit the screen: ${found.out.join("; ")}`);
      if (width === 390) await page.screenshot({ path: join(OUT, `table-${language}-phone.png`) });
      await context.close();
    }
  }
  await bobApi.logOut();
}

const ann = await player("ann", { width: 360, height: 640 }, "tap");
const bob = await player("bob", { width: 1280, height: 800 }, "click");
const cat = await player("cat", { width: 1024, height: 768 }, "keys", "ja");
const everyone = [ann, bob, cat];

try {

  step("sign up; ann makes a league");
  await ann.page.goto("/");
  await signUp(ann);
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
  await signUp(bob);
  await bob.page.getByLabel("Invite code").fill(code);
  await bob.page.getByRole("button", { name: "Join league" }).click();
  await bob.page.getByRole("heading", { name: "Friday night" }).waitFor();
  await cat.page.goto(`/join/${code}`);
  // The page is in the browser's language once its catalogue has loaded.
  await cat.page.locator('html[lang="ja"]').waitFor({ state: "attached", timeout: 10000 });
  // The invite names the league and who invited, before cat has an account.
  await cat.page.locator(".invited", { hasText: cat.w("signin.invited", { name: "ann", league: "Friday night" }) }).waitFor();
  await signUp(cat);
  await cat.page.getByRole("heading", { name: "Friday night" }).waitFor();
  if (cat.page.url() !== leagueUrl) throw new Error(`cat is at ${cat.page.url()}, not ${leagueUrl}`);

  step("ann creates a table and sits; bob and cat find it in the lobby and sit; a bot");
  await ann.page.getByRole("button", { name: "New table" }).click();
  await ann.page.getByLabel("Table name").fill("Main table");
  await ann.page.getByLabel("Ante").fill("10");
  await ann.page.getByRole("button", { name: "Create table" }).click();
  await ann.page.getByRole("heading", { name: "Main table" }).waitFor();
  await ann.page.locator('.table-screen[data-live="true"]').waitFor();
  const tableUrl = ann.page.url();
  await ann.page.getByRole("button", { name: "Take a seat" }).click();
  /** @param {Awaited<ReturnType<typeof player>>} p */
  const sits = async (p) => {
    // The lobby refreshes by itself every 10 s.
    await p.page.getByRole("link", { name: "Main table" }).click({ timeout: 20000 });
    await p.page.locator('.table-screen[data-live="true"]').waitFor();
    await p.page.getByRole("button", { name: p.w("table.sit") }).click();
    await p.page.locator(".seat.me").waitFor();
  };
  await sits(bob);
  await ann.page.locator(".seat").nth(1).waitFor();
  // Ann presses "Add bot" (in the table's menu) and cat sits before she lets go: the page
  // waits for her click before it redraws for cat's seat, so the click lands on the button
  // she pressed.
  await ann.page.getByRole("button", { name: "Table menu" }).click();
  const addBot = await ann.page.getByRole("button", { name: "Add bot" }).boundingBox();
  if (!addBot) throw new Error("no Add bot button to press");
  await ann.page.mouse.move(addBot.x + addBot.width / 2, addBot.y + addBot.height / 2);
  await ann.page.mouse.down();
  await sits(cat);
  await bob.page.locator(".seat").nth(2).waitFor();
  await ann.page.waitForTimeout(1000);
  await ann.page.mouse.up();
  for (const p of everyone) {
    await p.page.locator(".seat").nth(3).waitFor();
  }

  /** Whether a locator is there and enabled now. */
  const ready = async (locator) => (await locator.count()) > 0 && (await locator.first().isEnabled());
  const card = (p) => p.page.getByRole("group", { name: p.w("hand.cards") }).getByRole("button");

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
   * One move of whoever can move on `p`'s page (or `page`, another tab of theirs): play
   * (standing pat) or pass, draw, or the first legal card. Returns whether it moved.
   * @param {Awaited<ReturnType<typeof player>>} p
   * @param {import("playwright-core").Page} [page]
   */
  async function move(p, page = p.page) {
    const hand = page === p.page ? p.hand : "click";
    const play = page.getByRole("button", { name: p.w("hand.playStand"), exact: true });
    const pass = page.getByRole("button", { name: p.w("hand.pass"), exact: true });
    const draw = page.getByRole("button", { name: p.w("hand.drawStand"), exact: true });
    if (await ready(play)) return press(play, hand).then(() => true);
    // Pass only when the rules forbid playing (the page says why): a Play button disabled
    // while the page waits for an answer is waited for.
    if ((await ready(pass)) && (await page.locator("#why-cannot_cover_pot").count())) return press(pass, hand).then(() => true);
    if (await ready(draw)) return press(draw, hand).then(() => true);
    // A card to play: not one to choose for a discard (a toggle), nor one shown out of turn.
    const cards = page
      .getByRole("group", { name: p.w("hand.cards") })
      .getByRole("button")
      .and(page.locator(':not([aria-pressed]):not([aria-disabled="true"])'));
    for (let i = 0; i < (await cards.count()); i += 1) {
      const one = cards.nth(i);
      if (await one.isEnabled()) {
        const name = await one.getAttribute("aria-label");
        if (!/^(10|[2-9JQKA])[♣♦♥♠], /.test(name ?? "")) throw new Error(`card named ${name}`);
        return press(one, hand).then(() => true);
      }
    }
    return false;
  }

  /**
   * Plays until every page shows hand `hand` over (its result).
   * @param {number} hand
   * @param {(moves: number) => Promise<void>} [during] called after each move
   */
  async function playHand(hand, during = async () => {}) {
    let moves = 0;
    const until = Date.now() + 120000;
    for (;;) {
      let over = 0;
      for (const p of everyone) {
        const result = p.page.getByRole("region", { name: p.w("result.region") }).getByRole("heading", { name: p.w("result.title", { hand }) });
        const done = (await p.page.locator(`.table-screen[data-hand="${hand}"][data-phase="complete"]`).count()) > 0 && (await result.count()) > 0;
        if (done) {
          over += 1;
        } else if (await move(p).catch((error) => console.log(`  ${p.name} could not move: ${error.message.split("\n")[0]}`))) {
          moves += 1;
          await during(moves);
        }
      }
      if (over === everyone.length) {
        // One column on the phone, the hand's result too (a long name marked Bourré! once
        // widened it): nothing wider than its 360 px.
        const wide = await ann.page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > 360) throw new Error(`hand ${hand}'s result is ${wide} px wide at a 360 px viewport`);
        // The result is on the felt, in view on every screen, with no scrolling.
        for (const p of everyone) {
          const box = await p.page.getByRole("region", { name: p.w("result.region") }).boundingBox();
          const size = p.page.viewportSize();
          if (!box || !size || box.y < 0 || box.x < 0 || box.y + box.height > size.height || box.x + box.width > size.width) {
            throw new Error(`hand ${hand}'s result is not in view on ${p.name}'s screen: ${JSON.stringify(box)} in ${JSON.stringify(size)}`);
          }
        }
        return moves;
      }
      if (Date.now() > until) throw new Error(`hand ${hand} not over in 120 s after ${moves} moves`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const axe = readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
  /**
   * axe-core's serious and critical findings on `page` fail the test; a screenshot else.
   * @param {import("playwright-core").Page} page
   * @param {string} shot
   */
  const audit = async (page, shot) => {
    await page.addScriptTag({ content: axe });
    const found = await page.evaluate(async () => /** @type {any} */ (window).axe.run(document, { resultTypes: ["violations"] }));
    const bad = found.violations.filter((/** @type {any} */ v) => v.impact === "critical" || v.impact === "serious");
    if (bad.length) {
      const said = bad.map((/** @type {any} */ v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((/** @type {any} */ n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
      throw new Error(`axe-core on ${shot}:\n${said.join("\n")}`);
    }
    await page.screenshot({ path: join(OUT, `${shot}.png`), fullPage: true });
  };

  step("hand 1: ann deals, everyone plays to the end at the card table");
  await ann.page.screenshot({ path: join(OUT, "table-phone-before.png"), fullPage: true });
  await ann.page.getByRole("button", { name: "Deal" }).click();
  for (const p of everyone) await p.page.getByRole("group", { name: p.w("hand.cards") }).waitFor();
  // Around the felt: the dealer's button, trump named in words, the pot.
  for (const p of everyone) {
    await p.page.locator(".seat .dealer", { hasText: p.w("seat.dealer") }).waitFor();
    await p.page.locator(".table-status .trump").waitFor();
    await p.page.locator(".table-status .pot").waitFor();
  }
  if (!/trump/.test(await ann.page.locator(".table-status .trump").innerText())) throw new Error("trump is not named on ann's table");
  // Declaring says what it does: the play button counts the cards chosen to discard.
  for (let tries = 0; ; tries += 1) {
    const declaring = bob.page.getByRole("button", { name: /^Play · / });
    if ((await declaring.count()) && (await declaring.isEnabled())) break;
    for (const p of [ann, cat]) await move(p).catch(() => false);
    if (tries > 400) throw new Error("bob never declared");
    await new Promise((r) => setTimeout(r, 50));
  }
  step("bob's turn on one screen: at 390x844, 360x640 and 1280x800, in each language");
  await oneScreen(tableUrl);
  // On ann's phone, another player's seat menu answers a tap (its button is not covered).
  await ann.page.locator('section.seat[aria-label="bob"]').getByRole("button", { name: "Options for bob" }).tap();
  await ann.page.getByRole("dialog", { name: "bob" }).getByRole("button", { name: "Close" }).tap();
  await ann.page.getByRole("dialog", { name: "bob" }).waitFor({ state: "detached" });
  await bob.page.screenshot({ path: join(OUT, "table-desktop-hand.png"), fullPage: true });
  await card(bob).first().click();
  await bob.page.getByRole("button", { name: "Play · discard 1" }).waitFor();
  await card(bob).first().click();
  await bob.page.getByRole("button", { name: "Play · stand pat" }).waitFor();
  // axe-core mid-hand, the hand's cards as buttons (round four: their names did not hold
  // the rank and suit they show, WCAG 2.5.3), in a context of bob's own: axe is injected as
  // a script, and the page's policy is set aside there only.
  for (const [size, viewport] of /** @type {const} */ ([["phone", { width: 360, height: 640 }], ["desktop", { width: 1280, height: 800 }]])) {
    const context = await browser.newContext({ viewport, baseURL: base, bypassCSP: true, isMobile: size === "phone", hasTouch: size === "phone" });
    const page = await context.newPage();
    watch(page, `axe mid-hand at ${size} size`);
    await page.goto("/");
    await logIn(page, "bob");
    await page.goto(tableUrl);
    await page.getByRole("group", { name: bob.w("hand.cards") }).getByRole("button").first().waitFor();
    await audit(page, `table-hand-${size}-axe`);
    await context.close();
  }
  // One column on the phone: nothing wider than its 360 px.
  const wide = await ann.page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 360) throw new Error(`the table page is ${wide} px wide at a 360 px viewport`);
  await ann.page.screenshot({ path: join(OUT, "table-phone-hand.png"), fullPage: true });
  /** The trick in play as bob's screen reader hears it, checked once it has two cards. */
  let trickSeen = false;
  const moves1 = await playHand(1, async () => {
    if (trickSeen) return;
    const trick = bob.page.getByRole("region", { name: "Trick" });
    const names = await trick.getByRole("img").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label") ?? ""));
    if (names.length < 2) return;
    if (!names.every((n) => /^(10|[2-9JQKA])[♣♦♥♠], .+ of .+, played by /.test(n))) throw new Error(`trick cards named ${names}`);
    if (names.filter((n) => n.endsWith(", winning")).length !== 1) throw new Error(`not one card winning: ${names}`);
    trickSeen = true;
    await bob.page.screenshot({ path: join(OUT, "table-desktop-trick.png"), fullPage: true });
  });
  if (!trickSeen) throw new Error("bob never saw a trick of two cards");
  step(`hand 1 over after ${moves1} moves in the pages`);
  // The result: every player's chips won or lost, which sum with the next pot's change to zero.
  const result = bob.page.getByRole("region", { name: "Hand result" });
  const chips = (await result.locator("tbody td:last-child").allInnerTexts()).map((text) => Number(text.replace("−", "-").replace("+", "")));
  if (chips.length !== 4 || chips.some((n) => !Number.isInteger(n))) throw new Error(`result chips ${chips}`);
  const carried = Number((await result.locator("p").last().innerText()).match(/\d+/)?.[0] ?? 0);
  if (chips.reduce((a, b) => a + b, 0) + carried !== 0) throw new Error(`hand 1's chips ${chips} and the next pot ${carried} do not sum to zero`);
  await ann.page.screenshot({ path: join(OUT, "table-phone-result.png"), fullPage: true });
  await cat.page.screenshot({ path: join(OUT, "table-desktop-ja.png"), fullPage: true });

  step("hand 2: a refused move, from a second tab that missed the news");
  await ann.page.getByRole("button", { name: "Deal" }).click();
  for (const p of everyone) await p.page.locator('.table-screen[data-hand="2"]').waitFor();
  // Play until it is bob's turn.
  for (let tries = 0; ; tries += 1) {
    if (await bob.page.locator(".hand.mine").count()) break;
    for (const p of [ann, cat]) await move(p).catch(() => false);
    if (tries > 400) throw new Error("never bob's turn");
    await new Promise((r) => setTimeout(r, 50));
  }
  expected = "the refused move (the second tab's stream is cut off)";
  const stale = await bob.context.newPage();
  watch(stale, "bob's second tab");
  await stale.route("**/stream?**", (route) => route.abort());
  await stale.goto(tableUrl);
  await stale.locator(".hand.mine").waitFor();
  if (!(await move(bob))) throw new Error("bob could not move");
  await bob.page.locator(".hand.mine").waitFor({ state: "detached" }).catch(() => {});
  if (!(await move(bob, stale))) throw new Error("the stale tab offered no move");
  await stale.getByRole("alert").filter({ hasText: english.codes.version_conflict }).waitFor();
  // The refusal brought the fresh state: no longer bob's turn there (ann and cat wait).
  await stale.locator(".hand.mine").waitFor({ state: "detached" });
  await stale.screenshot({ path: join(OUT, "table-desktop-refused.png"), fullPage: true });
  await stale.close();
  expected = "";

  step("hand 2 goes on across a server restart, the pages reconnecting by themselves; bob asks for reduced motion");
  await bob.page.emulateMedia({ reducedMotion: "reduce" });
  const animated = await bob.page.evaluate(() => /** @type {any} */ (window).animations);
  await playHand(2, async (moves) => {
    const still = await bob.page.evaluate(() => [/** @type {any} */ (window).animations, document.getAnimations().length]);
    if (still[0] !== animated || still[1] !== 0) throw new Error(`bob asked for reduced motion, and ${still[1]} animations run (${still[0] - animated} started)`);
    if (moves !== 3) return;
    expected = "the server restart";
    await stopServer(server);
    for (const p of everyone) await p.page.getByRole("status").filter({ hasText: p.w("table.reconnecting") }).waitFor();
    server = await startServer();
    for (const p of everyone) await p.page.locator('.table-screen[data-live="true"]').waitFor({ timeout: 20000 });
    for (const p of everyone) await p.page.locator(".banner", { hasText: p.w("table.reconnecting") }).waitFor({ state: "hidden" });
    expected = "";
    step("restarted; every page live again without a reload");
  });

  step("the hand history from the table's menu: both hands verified, newest first; hand 1 replayed on the felt trick by trick");
  await ann.page.getByRole("button", { name: "Table menu" }).click();
  await ann.page.getByRole("button", { name: "Hand history" }).click();
  for (const hand of [1, 2]) {
    await ann.page.locator(`li[data-hand="${hand}"] .verdict`, { hasText: /^verified$/ }).waitFor();
  }
  const order = await ann.page.locator("ol.history > li").evaluateAll((items) => items.map((li) => li.getAttribute("data-hand")));
  if (order.join(",") !== "2,1") throw new Error(`the history lists hands ${order}, not newest first`);
  await ann.page.screenshot({ path: join(OUT, "history-phone.png"), fullPage: true });
  // A finished hand downloads in the BHH format (docs/guide/hand-histories.md).
  const [handFile] = await Promise.all([ann.page.waitForEvent("download"), ann.page.getByRole("button", { name: "Download hand 1 (BHH)" }).click()]);
  const bhh = JSON.parse(readFileSync(await handFile.path(), "utf8")).bhh;
  if (bhh?.spec_version !== "1.0.0" || bhh.game_number !== 1 || !handFile.suggestedFilename().endsWith("-hand-1.bhh.json")) {
    throw new Error(`the downloaded hand is not hand 1 in BHH: ${handFile.suggestedFilename()} ${JSON.stringify(bhh)?.slice(0, 200)}`);
  }
  await ann.page.locator('li[data-hand="1"]').getByRole("button", { name: "Replay" }).click();
  const replay = ann.page.getByRole("region", { name: "Replay of hand 1" });
  await replay.getByRole("heading", { name: /The deal/ }).waitFor();
  await replay.getByRole("button", { name: "Next" }).click();
  await replay.getByRole("heading", { name: /Trick 1 / }).waitFor();
  // The trick on the felt, each card by its player, its winner marked; the seats count tricks.
  const replayed = ann.page.locator(".felt.replaying");
  const shown = await replayed.getByRole("region", { name: "Trick" }).getByRole("img").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label") ?? ""));
  if (shown.length < 2 || shown.filter((n) => n.endsWith(", winning")).length !== 1) throw new Error(`replayed trick 1 shows ${shown}`);
  if ((await replayed.locator(".seat .stats", { hasText: "1 trick" }).count()) !== 1) throw new Error("no seat took replayed trick 1");
  await ann.page.screenshot({ path: join(OUT, "replay-phone.png") });
  // Played by itself, it goes on to the result.
  await replay.getByRole("button", { name: "Play", exact: true }).click();
  await replay.getByRole("heading", { name: /The result/ }).waitFor({ timeout: 30000 });
  await replay.getByRole("button", { name: "Back to the table" }).click();
  await ann.page.locator(".felt.replaying").waitFor({ state: "detached" });

  step("the league: standings sorted by rating, a grant, the ledger, a new invite code");
  await ann.page.getByRole("button", { name: "Table menu" }).click();
  await ann.page.getByRole("link", { name: "Back to the league" }).click();
  await ann.page.getByRole("heading", { name: "Standings" }).waitFor();
  await ann.page.getByRole("button", { name: "Rating" }).click();
  await ann.page.locator('th[aria-sort="descending"]', { hasText: "Rating" }).waitFor();
  await ann.page.locator("select[name=player_id]").selectOption({ label: "bob" });
  await ann.page.getByLabel("Chips").fill("250");
  await ann.page.getByLabel("Reason").fill("rebuy");
  await ann.page.getByRole("button", { name: "Grant" }).click();
  await ann.page.locator("td", { hasText: "grant: rebuy" }).waitFor();
  // The league's hands download as NDJSON, a BHH hand a line: both hands of the night.
  const [leagueFile] = await Promise.all([ann.page.waitForEvent("download"), ann.page.getByRole("button", { name: "Download the league's hands" }).click()]);
  const hands = readFileSync(await leagueFile.path(), "utf8").trim().split("\n").map((line) => JSON.parse(line).bhh);
  const numbers = hands.map((h) => h.game_number).join(",");
  if (numbers !== "1,2" || !leagueFile.suggestedFilename().endsWith("-hands.ndjson")) throw new Error(`the league's download holds hands ${numbers}: ${leagueFile.suggestedFilename()}`);
  await ann.page.getByRole("button", { name: "Rotate invite code" }).click();
  await ann.page.getByRole("status").filter({ hasText: "A new invite code" }).waitFor();
  await ann.page.waitForFunction((old) => document.querySelector("code.invite")?.textContent?.trim() !== old, code);
  // Ann lets the league's tables say free text too.
  await ann.page.getByLabel("Table chat").selectOption({ label: "Phrases and free text" });
  await ann.page.getByRole("button", { name: "Save chat setting" }).click();
  await ann.page.getByRole("status").filter({ hasText: "Table chat: Phrases and free text." }).waitFor();

  if ((await ann.page.evaluate(() => /** @type {any} */ (window).animations)) === 0) throw new Error("nothing moved on ann's table");
  step("table chat: cat says a phrase, at her seat on bob's table and counted unread; bob taps a phrase that cat reads in Japanese, then writes; cat reports it, and bob from his seat; ann hides the message and dismisses the other from her reports queue; cat blocks bob, then lifts it on her profile");
  await cat.page.getByRole("button", { name: cat.w("chat.title") }).click();
  await cat.page.getByRole("group", { name: cat.w("chat.phrases") }).getByRole("button").first().click();
  // Bob's drawer is closed: what cat said shows at her seat a moment, and counts as unread.
  await bob.page.locator('section.seat[aria-label="cat"] .bubble').waitFor();
  await bob.page.getByRole("button", { name: "Table chat, 1 unread" }).waitFor();
  await bob.page.screenshot({ path: join(OUT, "chat-bubble-desktop.png") });
  await bob.page.getByRole("button", { name: "Table chat" }).click();
  await bob.page.getByRole("button", { name: "Table chat", exact: true }).waitFor();
  // The database away for a moment (a failover): the first try answers 503 `unavailable`;
  // bob's page says it is retrying, and asks again with the same Idempotency-Key.
  /** @type {(string | undefined)[]} */
  const keys = [];
  await bob.page.route("**/v1/tables/*/chat", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    keys.push(request.headers()["idempotency-key"]);
    if (keys.length > 1) return route.continue();
    const problem = { type: "urn:bourre:problem:unavailable", title: "Service Unavailable", status: 503, code: "unavailable", detail: "The database is away." };
    return route.fulfill({ status: 503, headers: { "Retry-After": "1", "Content-Type": "application/problem+json" }, body: JSON.stringify(problem) });
  });
  expected = "the database away for a moment";
  await bob.page.getByRole("group", { name: "Quick phrases" }).getByRole("button", { name: "Nice hand!" }).click();
  await bob.page.getByRole("status").filter({ hasText: "retrying" }).waitFor();
  await cat.page.locator(".chat-log li", { hasText: "ナイスハンド！" }).waitFor();
  if (keys.length !== 2 || !keys[0] || keys[0] !== keys[1]) throw new Error(`the retried write's keys: ${keys}`);
  await bob.page.getByRole("status").filter({ hasText: "retrying" }).waitFor({ state: "hidden" });
  await bob.page.unroute("**/v1/tables/*/chat");
  expected = "";
  await bob.page.getByLabel("Message", { exact: true }).fill("Same time next week?");
  await bob.page.getByRole("button", { name: "Send", exact: true }).click();
  const written = cat.page.locator(".chat-log li", { hasText: "Same time next week?" });
  await written.waitFor();
  await written.getByRole("button", { name: cat.w("chat.options", { name: "bob" }) }).click();
  const dialog = cat.page.getByRole("dialog", { name: "bob" });
  await dialog.getByLabel(cat.w("chat.reportReason")).selectOption("spam");
  await dialog.getByRole("button", { name: cat.w("chat.reportSend") }).click();
  // The dialog closes once the report is made.
  await dialog.waitFor({ state: "detached" });
  await cat.page.getByRole("status").filter({ hasText: cat.w("chat.reported") }).waitFor();
  // The same menu is on bob's seat, to report the player; the table has its own, in the
  // table's menu. The drawer closed, the seats are in view again.
  await cat.page.getByRole("button", { name: cat.w("chat.title") }).click();
  await cat.page.locator(".chat-drawer").waitFor({ state: "hidden" });
  await cat.page.locator("section.seat", { hasText: "bob" }).getByRole("button", { name: cat.w("chat.options", { name: "bob" }) }).click();
  await dialog.getByLabel(cat.w("chat.reportReason")).selectOption("harassment");
  await dialog.getByRole("button", { name: cat.w("chat.reportPlayer") }).click();
  await dialog.waitFor({ state: "detached" });
  await cat.page.getByRole("button", { name: cat.w("table.menu") }).click();
  await cat.page.getByRole("group", { name: cat.w("table.menu") }).getByRole("button", { name: cat.w("table.report") }).click();
  const tableDialog = cat.page.getByRole("dialog", { name: "Main table" });
  await tableDialog.getByLabel(cat.w("chat.reportReason")).selectOption("cheating");
  await tableDialog.getByRole("button", { name: cat.w("table.report") }).click();
  // Ann, an admin, made the table: that report goes to the service's operator.
  await cat.page.getByRole("status").filter({ hasText: cat.w("chat.reportedOperator") }).waitFor();
  await cat.page.screenshot({ path: join(OUT, "chat-desktop.png"), fullPage: true });
  await ann.page.reload();
  await ann.page.getByRole("heading", { name: "Reports" }).waitFor();
  await ann.page.getByRole("button", { name: "Hide the message of bob" }).click();
  await ann.page.getByRole("status").filter({ hasText: "Report resolved." }).waitFor();
  await ann.page.getByRole("button", { name: "Dismiss the report about bob" }).click();
  await ann.page.getByText("No open reports.").waitFor();
  await ann.page.locator("ul.resolved li", { hasText: "Message hidden" }).waitFor();
  await ann.page.locator("ul.resolved li", { hasText: "Dismissed" }).waitFor();
  // The hidden message leaves cat's open page (the stream tells it), and stays gone.
  await written.waitFor({ state: "detached" });
  await cat.page.reload();
  await cat.page.getByRole("button", { name: cat.w("chat.title") }).click();
  await cat.page.locator(".chat-log li", { hasText: "ナイスハンド！" }).waitFor();
  if (await cat.page.locator(".chat-log li", { hasText: "Same time next week?" }).count()) throw new Error("a hidden message still shows");
  const phrase = cat.page.locator(".chat-log li", { hasText: "ナイスハンド！" });
  await phrase.getByRole("button", { name: cat.w("chat.options", { name: "bob" }) }).click();
  await cat.page.getByRole("dialog", { name: "bob" }).getByRole("button", { name: cat.w("chat.block", { name: "bob" }) }).click();
  await cat.page.getByRole("status").filter({ hasText: cat.w("chat.blocked", { name: "bob" }) }).waitFor();
  // Cat's profile lists the block, and lifts it.
  await cat.page.goto("/profile");
  await cat.page.getByRole("heading", { name: cat.w("profile.blocks") }).waitFor();
  await cat.page.getByRole("button", { name: cat.w("profile.unblockName", { name: "bob" }) }).click();
  await cat.page.getByRole("status").filter({ hasText: cat.w("profile.unblocked", { name: "bob" }) }).waitFor();
  await cat.page.getByText(cat.w("profile.noBlocks")).waitFor();
  await bob.page.getByRole("button", { name: "Table menu" }).click();
  await bob.page.getByRole("link", { name: "Back to the league" }).click();
  await bob.page.getByRole("heading", { name: "Standings" }).waitFor();
  await bob.page.screenshot({ path: join(OUT, "league-desktop.png"), fullPage: true });
  await ann.page.screenshot({ path: join(OUT, "league-phone.png"), fullPage: true });
  const balance = Number((await bob.page.locator("p .balance").first().textContent())?.replace(/[^0-9-]/g, ""));
  if (!Number.isInteger(balance)) throw new Error(`bob's balance ${balance}`);
  // Home: the tables bob sits at come first, to resume.
  await bob.page.getByRole("link", { name: "Bourré" }).click();
  await bob.page.getByRole("heading", { name: "Your tables" }).waitFor();
  await bob.page.getByRole("listitem").filter({ hasText: "Friday night" }).getByRole("link", { name: "Main table" }).waitFor();
  await bob.page.screenshot({ path: join(OUT, "home-desktop.png"), fullPage: true });


  step("a turn runs out at a quick table: the clock warns in its last seconds, and the server's move is told on both screens");
  const annApi = await signedIn("ann");
  const bobApi = await signedIn("bob");
  // A league of its own: a player sits at one table per league.
  const quickLeague = await annApi.createLeague({ name: "Lightning", starting_balance: 500 });
  await bobApi.joinLeagueByCode({ invite_code: quickLeague.invite_code ?? "" });
  const quick = await annApi.createTable({ league_id: quickLeague.id, name: "Quick table", rules: { ante: 10, max_players: 2, turn_timeout_secs: 12, hand_size: 5 } });
  await annApi.takeSeat(quick.id);
  await bobApi.takeSeat(quick.id);
  for (const p of [ann, bob]) {
    await p.page.goto(`/tables/${quick.id}`);
    await p.page.locator('.table-screen[data-live="true"]').waitFor();
  }
  const dealt = await annApi.startHand(quick.id);
  const firstSeat = dealt.to_act_all[0]?.seat;
  const late = dealt.seats.find((seat) => seat.seat === firstSeat)?.username === "ann" ? ann : bob;
  const other = late === ann ? bob : ann;
  // The player to act sees the clock go red in its last seconds, and the device buzzes.
  await late.page.locator(".table-status.mine.late").waitFor({ timeout: 20000 });
  if ((await late.page.evaluate(() => /** @type {any} */ (window).buzzes)) < 1) throw new Error(`${late.name}'s device did not buzz in the clock's last seconds`);
  for (const p of [other, late]) {
    const told = p.page.locator(".felt .timed-out");
    await told.waitFor({ timeout: 20000 });
    const text = await told.innerText();
    if (!text.startsWith("Time ran out: ") || !text.includes(late.name)) throw new Error(`${p.name} was told "${text}" of ${late.name}'s timeout`);
    // Aloud too: the table's live region says it.
    const aloud = await p.page.locator('.sr-only[aria-live="polite"]').innerText();
    if (!aloud.includes(text)) throw new Error(`${p.name}'s screen reader hears "${aloud}", not "${text}"`);
  }
  await other.page.screenshot({ path: join(OUT, `timeout-${other === ann ? "phone" : "desktop"}.png`) });
  await Promise.all([annApi.logOut(), bobApi.logOut()]);
  await ann.page.goto(leagueUrl);
  await ann.page.getByRole("heading", { name: "Standings" }).waitFor();

  step("dan plays as a guest through the new invite link, picks a name and a face, keeps the account");
  const newCode = (await ann.page.locator("code.invite").textContent())?.trim() ?? "";
  const dan = await player("dan", { width: 360, height: 640 }, "tap");
  await dan.page.goto(`/join/${newCode}`);
  // Invited, playing as a guest is the first thing offered.
  await dan.page.locator(".invited", { hasText: "ann invites you" }).waitFor();
  const offered = await dan.page.locator("main button").first().innerText();
  if (offered !== "Play as guest") throw new Error(`the invite page offers "${offered}" first`);
  await dan.page.getByRole("button", { name: "Play as guest" }).click();
  await dan.page.getByRole("heading", { name: "Friday night" }).waitFor();
  await dan.page.getByRole("link", { name: /^(Lucky|Bold|Quiet|Sly|Swift|Merry|Brave|Clever|Jolly|Steady|Keen|Calm|Wily|Daring|Nimble|Sunny)[A-Z][a-z]+[0-9]{4}$/ }).click();
  await dan.page.getByRole("heading", { name: "Profile" }).waitFor();
  await dan.page.locator("p.guest").waitFor();
  await dan.page.getByLabel("Display name").fill("Dan the Heron");
  await dan.page.getByRole("radio", { name: "Heron" }).check();
  await dan.page.getByRole("button", { name: "Save", exact: true }).click();
  await dan.page.getByRole("status").filter({ hasText: "Profile saved." }).waitFor();
  await dan.page.getByLabel("Username").fill("dan");
  await dan.page.getByLabel("Password").fill("correct horse battery");
  await dan.page.getByRole("button", { name: "Keep my account" }).click();
  await dan.page.getByRole("status").filter({ hasText: "Sign in as dan" }).waitFor();
  await dan.page.locator("p.guest").waitFor({ state: "detached" });
  await dan.page.getByRole("link", { name: "dan", exact: true }).waitFor();
  await dan.page.getByLabel("Email").fill("dan@example.com");
  await dan.page.getByRole("button", { name: "Send code" }).click();
  await dan.page.getByLabel("Code").fill(await mailedCode("dan@example.com", 1));
  await dan.page.getByRole("button", { name: "Confirm" }).click();
  await dan.page.getByRole("status").filter({ hasText: "Email confirmed." }).waitFor();
  await dan.page.screenshot({ path: join(OUT, "guest-profile-phone.png"), fullPage: true });
  // Dan's notifications: hands' ends too, quiet from 23:00 until 07:30; kept by the server.
  await dan.page.getByRole("heading", { name: "Notifications" }).waitFor();
  await dan.page.getByRole("checkbox", { name: "When a hand I played ends" }).check();
  await dan.page.getByRole("checkbox", { name: "When my turn is about to run out" }).uncheck();
  await dan.page.getByRole("checkbox", { name: "Keep quiet at night" }).check();
  await dan.page.getByLabel("From", { exact: true }).fill("23:00");
  await dan.page.getByLabel("Until", { exact: true }).fill("07:30");
  await dan.page.getByRole("button", { name: "Save notification settings" }).click();
  await dan.page.getByRole("status").filter({ hasText: "Notification settings saved." }).waitFor();
  await dan.page.reload();
  await dan.page.getByRole("heading", { name: "Notifications" }).waitFor();
  const keptSettings = [
    await dan.page.getByRole("checkbox", { name: "When a hand I played ends" }).isChecked(),
    await dan.page.getByRole("checkbox", { name: "When my turn is about to run out" }).isChecked(),
    await dan.page.getByLabel("From", { exact: true }).inputValue(),
    await dan.page.getByLabel("Until", { exact: true }).inputValue(),
  ];
  if (JSON.stringify(keptSettings) !== JSON.stringify([true, false, "23:00", "07:30"])) throw new Error(`dan's notification settings were not kept: ${keptSettings}`);
  // Dan forgets the password: a code by mail, a new password, signed in again.
  await dan.page.getByRole("button", { name: "Log out" }).click();
  await dan.page.getByRole("button", { name: "Forgot your password?" }).click();
  await dan.page.getByLabel("Email").fill("dan@example.com");
  await dan.page.getByRole("button", { name: "Send code" }).click();
  await dan.page.getByLabel("Code").fill(await mailedCode("dan@example.com", 2));
  await dan.page.getByLabel("New password").fill("a brand new password");
  await dan.page.getByRole("button", { name: "Set password" }).click();
  await dan.page.getByRole("heading", { name: "Friday night" }).or(dan.page.getByRole("heading", { name: "Your tables" })).or(dan.page.getByRole("heading", { name: "My leagues" })).first().waitFor();
  await ann.page.goto(leagueUrl);
  await ann.page.getByRole("rowheader", { name: /Dan the Heron/ }).waitFor();
  await dan.context.close();

  step("eve signs in with Google (through the provider's page and back), her only way in until she sets a password");
  const eve = await player("eve", { width: 360, height: 640 }, "tap");
  await eve.page.goto("/");
  await eve.page.getByRole("button", { name: "Sign in with Google" }).click();
  await eve.page.getByRole("heading", { name: "Test provider" }).waitFor();
  await eve.page.getByLabel("Account").fill("eve");
  await eve.page.getByRole("button", { name: "Sign in" }).click();
  await eve.page.getByRole("heading", { name: "My leagues" }).waitFor();
  await eve.page.getByRole("link", { name: "eve", exact: true }).click();
  await eve.page.getByRole("heading", { name: "Linked accounts" }).waitFor();
  await eve.page.getByText("Google (eve@example.test)").waitFor();
  expected = "the refused unlinking";
  await eve.page.getByRole("button", { name: "Unlink Google" }).click();
  await eve.page.locator("#problem").filter({ hasText: english.codes.last_sign_in_method }).waitFor();
  expected = "";
  await eve.page.screenshot({ path: join(OUT, "identities-phone.png"), fullPage: true });
  // With a password too, Google may go.
  await eve.page.getByLabel("Password").fill("correct horse battery");
  await eve.page.getByRole("button", { name: "Set username and password" }).click();
  await eve.page.getByRole("status").filter({ hasText: "Sign in as eve" }).waitFor();
  await eve.page.getByRole("button", { name: "Unlink Google" }).click();
  await eve.page.getByRole("status").filter({ hasText: "Google is unlinked." }).waitFor();
  await eve.context.close();

  step("ann links Google on her profile (confirmed with her password), then unlinks it");
  await ann.page.goto("/profile");
  await ann.page.getByRole("button", { name: "Link Google" }).click();
  await ann.page.getByLabel("Account").fill("ann-at-google");
  await ann.page.getByRole("button", { name: "Sign in" }).click();
  // Back on the profile, her password confirms the link.
  await ann.page.getByText("Enter your password to link Google").waitFor();
  await ann.page.getByLabel("Password").fill("correct horse battery");
  await ann.page.getByRole("button", { name: "Confirm" }).click();
  await ann.page.getByRole("status").filter({ hasText: "Google is linked" }).waitFor();
  await ann.page.getByText("Google (ann-at-google@example.test)").waitFor();
  await ann.page.getByRole("button", { name: "Unlink Google" }).click();
  await ann.page.getByRole("status").filter({ hasText: "Google is unlinked." }).waitFor();
  await ann.page.getByRole("button", { name: "Link Google" }).waitFor();

  step("axe-core on every screen, at phone and desktop sizes");
  for (const [size, viewport] of /** @type {const} */ ([["phone", { width: 360, height: 640 }], ["desktop", { width: 1280, height: 800 }]])) {
    // axe-core is injected as a script: the page's policy is set aside in this context only.
    const context = await browser.newContext({ viewport, baseURL: base, bypassCSP: true, isMobile: size === "phone", hasTouch: size === "phone" });
    const page = await context.newPage();
    watch(page, `axe at ${size} size`);
    await page.goto("/");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await audit(page, `signin-${size}`);
    await logIn(page, "bob");
    await audit(page, `leagues-${size}`);
    await page.goto(leagueUrl);
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await audit(page, `league-${size}`);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    await audit(page, `profile-${size}`);
    await page.goto(tableUrl);
    await page.getByRole("region", { name: "Hand result" }).waitFor();
    await audit(page, `table-${size}`);
    await context.close();
  }

  step("offline: the app's shell opens from the service worker with the table last seen, marked as such");
  const away = await browser.newContext({ baseURL: base });
  const shell = await away.newPage();
  watch(shell, "offline");
  await shell.goto("/");
  await logIn(shell, "ann");
  await shell.evaluate(() => navigator.serviceWorker.ready);
  await shell.reload();
  await shell.waitForFunction(() => navigator.serviceWorker.controller != null);
  await shell.goto(tableUrl);
  await shell.locator('.table-screen[data-live="true"]').waitFor();
  // The page keeps the view it drew for the next visit.
  await shell.waitForFunction(async (path) => (await (await caches.open("bourre-seen")).match(path)) !== undefined, new URL(tableUrl).pathname.replace("/tables/", "/v1/tables/"));
  const seats = await shell.locator(".felt .seat").count();
  expected = "offline";
  await away.setOffline(true);
  await shell.reload();
  await shell.locator("#offline", { hasText: english.words["problem.offlineBanner"] }).waitFor();
  await shell.getByRole("heading", { name: "Main table" }).waitFor();
  await shell.locator(".banner.seen", { hasText: "Offline: the table as you last saw it" }).waitFor();
  if ((await shell.locator(".felt .seat").count()) !== seats) throw new Error(`offline, the table shows ${await shell.locator(".felt .seat").count()} seats, not the ${seats} seen`);
  if (await shell.locator(".dock button:not(:disabled)").count()) throw new Error("offline, the table seen offers actions");
  await shell.screenshot({ path: join(OUT, "offline-desktop.png"), fullPage: true });
  await away.setOffline(false);
  await shell.locator("#offline").waitFor({ state: "hidden" });
  // Back online, the table is the server's again: live, unmarked, and no error left showing.
  await shell.locator('.table-screen[data-live="true"]').waitFor();
  await shell.locator(".banner.seen").waitFor({ state: "detached" });
  await shell.locator("#problem").waitFor({ state: "hidden" });
  expected = "";
  await away.close();

  step("the table page's weight, loaded afresh");
  // The service worker would serve the files from its cache: the page alone is weighed.
  const fresh = await browser.newContext({ baseURL: base, serviceWorkers: "block" });
  const weighed = await fresh.newPage();
  watch(weighed, "fresh");
  await weighed.goto("/");
  await logIn(weighed, "ann");
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
