// The league page's long tasks on a phone: a league with a ledger of GRANTS grants (default
// 250), its page loaded RUNS times (default 3) in Chromium at 390x844 at 3x with the CPU
// slowed four times, each load's long tasks (start and length, in ms from the navigation)
// printed with the moment the ledger appeared, then those of "More". A measurement for
// docs/benchmarks.md, not a check:
//   BASE=http://127.0.0.1:8080 CHROMIUM=/usr/bin/chromium node tests/lighthouse/long_tasks.mjs

import { chromium } from "playwright-core";
import { leagueWithLedger } from "./league.mjs";

const base = process.env.BASE ?? "http://127.0.0.1:8080";
const grants = Number(process.env.GRANTS ?? 250);
const runs = Number(process.env.RUNS ?? 3);
const run = Date.now().toString(36);

const { ann, league } = await leagueWithLedger(base, grants, `ann_${run}`, `bob_${run}`);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
for (let n = 1; n <= runs; n++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.addInitScript((session) => {
    localStorage.setItem("bourre.session", session);
    const seen = /** @type {any} */ (window);
    seen.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector("table.ledger")) return;
      seen.ledgerShown = Math.round(performance.now());
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, JSON.stringify(ann.store.get()));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(`${base}/leagues/${league.id}`);
  await page.getByRole("heading", { name: "Ledger" }).waitFor();
  await page.waitForTimeout(1500);
  const rows = () => page.locator("table.ledger tbody tr").count();
  const loaded = await page.evaluate(() => /** @type {any} */ (window).ledgerShown);
  const tasks = await page.evaluate(() => /** @type {any} */ (window).longTasks.splice(0));
  console.log(`load ${n}: the ledger shown at ${loaded} ms with ${await rows()} rows; long tasks [start, ms] ${JSON.stringify(tasks)}`);
  const before = await rows();
  await page.locator('section[aria-labelledby="ledger"] button').click();
  await page.waitForFunction((count) => document.querySelectorAll("table.ledger tbody tr").length > count, before);
  await page.waitForTimeout(1500);
  const more = await page.evaluate(() => /** @type {any} */ (window).longTasks.splice(0));
  console.log(`  "More": ${await rows()} rows; long tasks ${JSON.stringify(more)}`);
  await context.close();
}
await browser.close();
