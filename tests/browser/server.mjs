// What the browser scripts share: a free port, `bourre serve` started on the test database
// and stopped, and Chromium launched as every script runs it.

import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { createServer } from "node:net";
import { chromium } from "playwright-core";

/** An environment variable the Rust driver sets. */
export const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through cargo test)`);
  return value;
};

/** A port free on loopback now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * `bourre serve` on `port` with the driver's environment and `settings`, its output
 * appended to `logPath`: `start()` resolves once /readyz answers 200, `stop(child)` kills it.
 * @param {{ port: number, logPath: string, settings?: Record<string, string> }} options
 */
export function bourre({ port, logPath, settings = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const log = openSync(logPath, "a");
  async function start() {
    const child = spawn(env("BOURRE_BIN"), ["serve"], {
      env: { ...process.env, BOURRE_BIND: `127.0.0.1:${port}`, BOURRE_DB_POOL: "8", ...settings },
      stdio: ["ignore", log, log],
    });
    for (const until = Date.now() + 30000; ; ) {
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
  function stop(child) {
    return new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once("exit", resolve);
      child.kill("SIGKILL");
    });
  }
  return { base, start, stop };
}

/** Debian's Chromium, headless, as the driver names it. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: env("CHROMIUM"),
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync",
    ],
  });
