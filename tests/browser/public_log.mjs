// The public log of hands, checked in Debian's Chromium by the web client alone
// (web/verify.js): a player's finished hands "Checked in this browser: in the public log,
// entry N of M", the checkpoint kept in the browser and a newer one proved consistent with
// it; then a server that lies, played here with the log's real signing key: a second root
// for a size the browser already saw, and a newer checkpoint that does not extend the kept
// one (with a consistency proof of its own forged tree), each shown as a warning (role
// alert) that says what it means and whom to tell, with both signed checkpoints to
// download; another key named for the log, a warning too; last, a table rewritten in SQL
// (one event changed and the chain re-hashed after it, so that the record is whole but no
// longer what was logged), which the browser refuses for that hand and every later one.
// No console error. Screenshots go to OUT_DIR.
//
// Run by tests/api/browser.rs, which gives: BOURRE_BIN (the binary), DATABASE_URL (a fresh
// database; psql, one of PostgreSQL's programs, on PATH), BOURRE_JWT_SECRET, CHROMIUM (the
// browser) and OUT_DIR. The log's signing key is made here (BOURRE_LOG_SIGNING_KEY for the
// server), so that this script can sign what a lying server would.

import { spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bourre, env, freePort, launchChromium } from "./server.mjs";
import { Bourre, BourreError, MemorySessionStore } from "../../web/sdk/index.js";

const OUT = env("OUT_DIR");
mkdirSync(OUT, { recursive: true });
const DATABASE_URL = env("DATABASE_URL");
const step = (text) => console.log(`- ${text}`);

// ---- The log's key, in golang.org/x/mod/sumdb/note's format ----

const ORIGIN = "127.0.0.1/bourre-browser-test";
const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const seed = Buffer.from(privateKey.export({ format: "jwk" }).d, "base64url");
const publicBytes = Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url");
const sha256 = (...parts) => createHash("sha256").update(Buffer.concat(parts.map((p) => Buffer.from(p)))).digest();
const keyId = sha256(`${ORIGIN}\n`, [1], publicBytes).subarray(0, 4);
const SIGNING_KEY = `PRIVATE+KEY+${ORIGIN}+${keyId.toString("hex")}+${Buffer.concat([Buffer.from([1]), seed]).toString("base64")}`;

/** A checkpoint's text signed (a C2SP signed note). @param {string} text */
const signed = (text, key = privateKey, id = keyId) =>
  `${text}\n\u2014 ${ORIGIN} ${Buffer.concat([id, sign(null, Buffer.from(text), key)]).toString("base64")}\n`;
/** A checkpoint of `size` entries with `root`, signed with the log's real key. */
const signedCheckpoint = (size, root) => signed(`${ORIGIN}\n${size}\n${root.toString("base64")}\n`);

// Another key of the same name, for a server that would change its log's key.
const other = generateKeyPairSync("ed25519");
const otherPublic = Buffer.from(other.publicKey.export({ format: "jwk" }).x, "base64url");
const otherId = sha256(`${ORIGIN}\n`, [1], otherPublic).subarray(0, 4);
const OTHER_VERIFIER = `${ORIGIN}+${otherId.toString("hex")}+${Buffer.concat([Buffer.from([1]), otherPublic]).toString("base64")}`;

// ---- RFC 9162 trees, written here apart from the client's code ----

const leafHash = (entry) => sha256([0], entry);
const nodeHash = (left, right) => sha256([1], left, right);
const split = (n) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
/** MTH(D). @param {Buffer[]} d */
const root = (d) => (d.length === 1 ? leafHash(d[0]) : nodeHash(root(d.slice(0, split(d.length))), root(d.slice(split(d.length)))));
/** PATH(m, D). @param {number} m @param {Buffer[]} d @returns {Buffer[]} */
const inclusion = (m, d) => {
  if (d.length === 1) return [];
  const k = split(d.length);
  return m < k ? [...inclusion(m, d.slice(0, k)), root(d.slice(k))] : [...inclusion(m - k, d.slice(k)), root(d.slice(0, k))];
};
/** SUBPROOF(m, D, b). @param {number} m @param {Buffer[]} d @param {boolean} b @returns {Buffer[]} */
const subproof = (m, d, b) => {
  if (m === d.length) return b ? [] : [root(d)];
  const k = split(d.length);
  return m <= k ? [...subproof(m, d.slice(0, k), b), root(d.slice(k))] : [...subproof(m - k, d.slice(k), false), root(d.slice(0, k))];
};
const base64s = (hashes) => hashes.map((h) => h.toString("base64"));

// ---- The server ----

/** @returns {Promise<number>} */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const { start: startServer, stop: stopServer } = bourre({
  port,
  logPath: join(OUT, "public-log-server.log"),
  settings: {
    BOURRE_LOG_SIGNING_KEY: SIGNING_KEY,
    // Each visit of the table's page opens a stream; a closed page's is noticed at its next keep-alive.
    BOURRE_STREAMS_PER_PLAYER: "32",
  },
});

let server = await startServer();

/** Statements run by psql on the test database, in one transaction; their output. @param {string} sql */
function psql(sql) {
  const run = spawnSync("psql", [DATABASE_URL, "-v", "ON_ERROR_STOP=1", "-X", "-q", "-A", "-t", "-1", "-f", "-"], { input: sql, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout.trim();
}

// ---- A player, a table with two bots, hands played through the SDK ----

const USER = "lou";
const PASSWORD = "correct horse battery";
const lou = new Bourre({ baseUrl: base, store: new MemorySessionStore() });
await lou.registerPlayer({ username: USER, password: PASSWORD });
const league = await lou.createLeague({ name: "Log night", starting_balance: 500 });
const table = await lou.createTable({
  league_id: league.id,
  name: "Logged table",
  rules: { ante: 5, max_players: 3, hand_size: 5, turn_timeout_secs: 3600 },
});
if (table.my_seat == null) await lou.takeSeat(table.id);
await lou.addBot(table.id);
await lou.addBot(table.id);

/** Deals a hand and plays lou's turns to its end (the bots play theirs); its number. */
async function playHand() {
  const dealt = await lou.startHand(table.id);
  for await (const frame of lou.live(table.id, { after: dealt.version - 1 })) {
    if (frame.type !== "view") continue;
    const view = frame.view;
    if (view.hand_no === dealt.hand_no && view.status !== "playing") break;
    const legal = view.legal;
    if (!legal) continue;
    const action =
      legal.action === "play"
        ? { type: "play", card: legal.cards?.[0] ?? "" }
        : legal.action === "draw"
          ? { type: "draw", discard: [] }
          : { type: "declare", play: legal.can_play !== false, discard: legal.can_play !== false ? [] : null };
    try {
      await lou.submitAction(table.id, { action, expected_version: view.version });
    } catch (error) {
      if (!(error instanceof BourreError && error.code === "version_conflict")) throw error;
    }
  }
  return dealt.hand_no;
}

/** Hand `hand`'s record once it is in the log (within seconds of its end). @param {number} hand */
async function logged(hand) {
  for (const until = Date.now() + 30000; Date.now() < until; ) {
    const record = /** @type {any} */ (await lou.getHandRecord(table.id, hand));
    if (record.proof) return record;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`hand ${hand} not in the log after 30 s`);
}

/** The log's first `size` entries, from its entry bundle (C2SP tlog-tiles). @param {number} size */
async function entries(size) {
  const bundle = Buffer.from(await (await fetch(`${base}/v1/log/tile/entries/000.p/${size}`)).arrayBuffer());
  const out = [];
  for (let at = 0; at < bundle.length; ) {
    const length = bundle.readUInt16BE(at);
    out.push(bundle.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (out.length !== size) throw new Error(`the entry bundle holds ${out.length} entries, not ${size}`);
  return out;
}

// ---- The browser ----

const browser = await launchChromium();
const errors = [];

/**
 * A browser of lou's own (its own local storage: its own kept checkpoint), signed in.
 * @param {string} name
 * @param {boolean} [forAxe] the page's policy set aside, so that axe-core can be injected
 */
async function visit(name, forAxe = false) {
  // No service worker: the requests a lying server answers here go through page.route.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base, serviceWorkers: "block", acceptDownloads: true, bypassCSP: forAxe });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${name}: uncaught ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${name}: ${message.text()}`);
  });
  await page.goto("/");
  await page.getByLabel("Username").fill(USER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "My leagues" }).waitFor();
  return { context, page };
}

/** The table's page afresh, its hand history opened. @param {import("playwright-core").Page} page */
async function history(page) {
  await page.goto(`/tables/${table.id}`);
  await page.getByRole("heading", { name: "Logged table" }).waitFor();
  await page.getByRole("button", { name: "Table menu" }).click();
  await page.getByRole("button", { name: "Hand history" }).click();
  return page.getByRole("region", { name: "Hand history" });
}

/** What hand `hand`'s line says of its check in this browser, once it is done. */
async function checkOf(drawer, hand) {
  const line = drawer.locator(`li[data-hand="${hand}"]`).getByText(/in this browser|^Not in the public log/);
  await line.filter({ hasNotText: "Checking" }).waitFor({ timeout: 30000 });
  return (await line.innerText()).trim();
}

/** @param {string} said @param {string} wanted @param {string} what */
const expectSaid = (said, wanted, what) => {
  if (said !== wanted) throw new Error(`${what}: the page says ${JSON.stringify(said)}, not ${JSON.stringify(wanted)}`);
};

const WARNING = "Warning: this server has shown two different histories";

/**
 * A lying server: `pattern`'s answers as the server gives them, changed by `change`. A
 * request still answered when its page is closed is let go.
 * @param {import("playwright-core").Page} page
 * @param {string | RegExp} pattern
 * @param {(answer: any) => any} change
 */
async function lie(page, pattern, change) {
  await page.route(pattern, async (route) => {
    try {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(change(answer)) });
    } catch (error) {
      if (!page.isClosed() && !/disposed|closed/i.test(String(error))) throw error;
    }
  });
}

const axe = readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
/** axe-core's serious and critical findings on `page` fail the test. @param {import("playwright-core").Page} page */
async function audit(page) {
  await page.addScriptTag({ content: axe });
  const found = await page.evaluate(async () => /** @type {any} */ (window).axe.run(document, { resultTypes: ["violations"] }));
  const bad = found.violations.filter((/** @type {any} */ v) => v.impact === "critical" || v.impact === "serious");
  if (bad.length) throw new Error(`axe-core:\n${bad.map((/** @type {any} */ v) => `${v.id} (${v.impact}): ${v.help}`).join("\n")}`);
}

try {
  step("two hands played and logged; in a first browser, each checked: entry 2 of 2, entry 1 of 2");
  for (const hand of [await playHand(), await playHand()]) await logged(hand);
  const first = await visit("first browser");
  let drawer = await history(first.page);
  expectSaid(await checkOf(drawer, 2), "Checked in this browser: in the public log, entry 2 of 2", "hand 2");
  expectSaid(await checkOf(drawer, 1), "Checked in this browser: in the public log, entry 1 of 2", "hand 1");
  const kept = () => first.page.evaluate(() => JSON.parse(localStorage.getItem("bourre.log") ?? "null"));
  if (!(await kept())?.checkpoint.startsWith(`${ORIGIN}\n2\n`)) throw new Error(`the browser keeps ${JSON.stringify(await kept())}, not the checkpoint of 2`);
  if ((await drawer.getByRole("alert").count()) !== 0) throw new Error("a warning where the log is honest");
  await first.page.screenshot({ path: join(OUT, "public-log-checked.png"), fullPage: true });

  step("a third hand: the browser proves the log of 3 extends the log of 2 it kept, and keeps the newer");
  // Listening before the hand is played: the open page may check it as soon as it ends.
  let consistencyAsked = false;
  first.page.on("request", (request) => {
    if (request.url().includes("/v1/log/consistency?from=2&to=3")) consistencyAsked = true;
  });
  const third = await logged(await playHand());
  drawer = await history(first.page);
  expectSaid(await checkOf(drawer, 3), "Checked in this browser: in the public log, entry 3 of 3", "hand 3");
  expectSaid(await checkOf(drawer, 1), "Checked in this browser: in the public log, entry 1 of 3", "hand 1 again");
  if (!consistencyAsked) throw new Error("the browser did not ask for the consistency proof from 2 to 3");
  if (!(await kept())?.checkpoint.startsWith(`${ORIGIN}\n3\n`)) throw new Error("the browser did not keep the checkpoint of 3");
  const honest = (await kept()).checkpoint;

  // The log's three entries as the server holds them, and a forged history: hand 1's entry
  // rewritten (another head), signed with the log's real key.
  const real = await entries(3);
  const rewritten = Buffer.from(real[0].toString("utf8").replace(/^head [0-9a-f]{64}$/m, `head ${sha256("another hand 1").toString("hex")}`));
  const forged = [rewritten, real[1], real[2]];
  /** Hand 3's record with its proof in `tree` (its entry where the server put it), against `checkpoint`. */
  const lieAbout = (page, tree) =>
    lie(page, `**/v1/tables/${table.id}/hands/3`, (record) => {
      const index = third.proof.index;
      const checkpoint = signedCheckpoint(tree.length, root(tree));
      return { ...record, proof: { index, leaf: third.proof.leaf, tree_size: tree.length, proof: base64s(inclusion(index, tree)), checkpoint } };
    });

  step("the server shows the first browser a second root for the size of 3 it kept: a warning, both checkpoints to download");
  await lieAbout(first.page, forged);
  drawer = await history(first.page);
  const alert = drawer.getByRole("alert");
  await alert.getByText(WARNING).waitFor({ timeout: 30000 });
  await alert.getByText("Either it shows different histories to different players, or it rewrote hands it had already published.", { exact: false }).waitFor();
  await alert.getByText("send them to your league's organiser or to the server's operator", { exact: false }).waitFor();
  expectSaid(await checkOf(drawer, 3), "Checked in this browser: entry 3 of 3 of a public log that contradicts the one seen before (see the warning above)", "hand 3, forked");
  expectSaid(await checkOf(drawer, 2), "Checked in this browser: in the public log, entry 2 of 3", "hand 2, honest");
  const [download] = await Promise.all([first.page.waitForEvent("download"), alert.getByRole("button", { name: "Download both checkpoints" }).click()]);
  const evidence = readFileSync(await download.path(), "utf8");
  const forgedText = signedCheckpoint(3, root(forged)).split("\n\n")[0];
  if (!evidence.includes(honest) || !evidence.includes(forgedText)) throw new Error(`the download lacks a checkpoint:\n${evidence}`);
  await alert.getByText("Show both checkpoints").click();
  if ((await alert.getByLabel("Kept by this browser before").inputValue()) !== honest) throw new Error("the kept checkpoint shown is not the one kept");
  await first.page.screenshot({ path: join(OUT, "public-log-forked.png"), fullPage: true });
  // The conflict is kept: the warning is shown again at once, the lie gone or not.
  await first.page.unrouteAll();
  drawer = await history(first.page);
  await drawer.getByRole("alert").getByText(WARNING).waitFor();
  await first.context.close();

  step("a second browser keeps the log of 3; the server then shows it a log of 4 that does not extend it, with a consistency proof of its own; axe-core finds nothing serious in the warning");
  const second = await visit("second browser", true);
  drawer = await history(second.page);
  expectSaid(await checkOf(drawer, 3), "Checked in this browser: in the public log, entry 3 of 3", "hand 3, second browser");
  const grown = [...forged, Buffer.from("bourre hand v1\nforged\n")];
  await lieAbout(second.page, grown);
  await second.page.route("**/v1/log/consistency?from=3&to=4", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ proof: base64s(subproof(3, grown, true)) }) }),
  );
  drawer = await history(second.page);
  await drawer.getByRole("alert").getByText(WARNING).waitFor({ timeout: 30000 });
  expectSaid(await checkOf(drawer, 3), "Checked in this browser: entry 3 of 4 of a public log that contradicts the one seen before (see the warning above)", "hand 3, newer fork");
  await drawer.getByRole("alert").getByText("Show both checkpoints").click();
  await audit(second.page);
  await second.context.close();

  step("a third browser keeps the log of 3; the server then names another key for its log and signs the same checkpoints with it: a warning too");
  const third_key = await visit("third browser");
  drawer = await history(third_key.page);
  expectSaid(await checkOf(drawer, 1), "Checked in this browser: in the public log, entry 1 of 3", "hand 1, third browser");
  await lie(third_key.page, "**/v1/log", (info) => ({ ...info, verifier_key: OTHER_VERIFIER }));
  await lie(third_key.page, new RegExp(`/v1/tables/${table.id}/hands/\\d+$`), (record) => {
    const text = `${record.proof.checkpoint.split("\n\n")[0]}\n`;
    return { ...record, proof: { ...record.proof, checkpoint: signed(text, other.privateKey, otherId) } };
  });
  drawer = await history(third_key.page);
  const changed = drawer.getByRole("alert");
  await changed.getByText("Warning: this server's public log changed its key").waitFor({ timeout: 30000 });
  await changed.getByText("Unless its operator announced a new key", { exact: false }).waitFor();
  await changed.getByText("Show both checkpoints").click();
  if (!(await changed.getByLabel("Shown by the server now").inputValue()).startsWith(`${OTHER_VERIFIER}\n`)) throw new Error("the new key is not shown");
  await third_key.context.close();

  step("a hand rewritten in SQL (a declaration of the second hand turned over, every later row re-hashed): the browser finds its record, and every later one, is not what was logged");
  const rows = JSON.parse(psql(`SELECT json_agg(json_build_object('seq', seq, 'hand_no', hand_no, 'kind', kind, 'payload', payload, 'prev_hash', prev_hash, 'hash', hash) ORDER BY seq) FROM events WHERE table_id = '${table.id}'`));
  // The second hand's first declaration, turned over: a finished hand the server does not
  // replay when it loads the table (it replays the last hand, the third), so that the
  // rewritten table is still served; the first hand stays untouched.
  const trick = rows.find((row) => row.hand_no === 2 && row.kind === "declared");
  if (!trick) throw new Error("the second hand has no declaration");
  trick.payload.play = !trick.payload.play;
  /** JSON with sorted keys and no whitespace: what the server hashes. */
  const canonical = (value) =>
    Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : value !== null && typeof value === "object"
        ? `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`
        : JSON.stringify(value);
  const updates = [];
  for (const [i, row] of rows.entries()) {
    if (row.seq < trick.seq) continue;
    row.prev_hash = rows[i - 1].hash;
    row.hash = sha256(`${row.prev_hash}|${row.seq}|${row.kind}|${canonical(row.payload)}`).toString("hex");
    updates.push(`UPDATE events SET payload = $json$${JSON.stringify(row.payload)}$json$::jsonb, prev_hash = '${row.prev_hash}', hash = '${row.hash}' WHERE table_id = '${table.id}' AND seq = ${row.seq};`);
  }
  psql(updates.join("\n"));
  // The server keeps tables in memory (and refuses one that differs from its rows): the
  // rewrite is served from a restart, as an operator who rewrote the database would.
  await stopServer(server);
  server = await startServer();
  const fourth = await visit("fourth browser");
  drawer = await history(fourth.page);
  const refused = "NOT checked in this browser: the record does not match the hand's entry in the public log: it was changed after the hand was logged.";
  // Every later hand's last row was re-hashed too: none of them is what was logged; the
  // hands before are untouched.
  for (let hand = 1; hand <= 3; hand += 1) {
    const said = await checkOf(drawer, hand);
    if (hand < trick.hand_no) expectSaid(said, `Checked in this browser: in the public log, entry ${hand} of 3`, `hand ${hand}, before the rewrite`);
    else expectSaid(said, refused, `hand ${hand}, rewritten or after it`);
  }
  if ((await drawer.getByRole("alert").count()) !== 0) throw new Error("a fork's warning for a rewritten record");
  await fourth.page.screenshot({ path: join(OUT, "public-log-rewritten.png"), fullPage: true });
  await fourth.context.close();
} catch (error) {
  console.error(`console errors so far:\n${errors.join("\n")}`);
  throw error;
} finally {
  await browser.close();
  await stopServer(server);
}

if (errors.length) {
  console.error(`console errors:\n${errors.join("\n")}`);
  process.exit(1);
}
console.log("public log: passed");
