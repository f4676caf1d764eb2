// Builds the package: tsc from src/ into dist/ (ES modules and .d.ts), the generated
// src/schema.d.ts beside them, and the same modules into web/sdk/, where the web client
// imports them and the server binary embeds them (the .js files; the .d.ts are for
// type-checking web/*.js only). Both outputs are written afresh.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const web = resolve(root, "../../web/sdk");
const tsc = join(root, "node_modules/typescript/bin/tsc");

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { stdio: "inherit" });
copyFileSync(join(root, "src/schema.d.ts"), join(dist, "schema.d.ts"));

rmSync(web, { recursive: true, force: true });
mkdirSync(web, { recursive: true });
for (const name of readdirSync(dist).sort()) {
  if (name.endsWith(".js") || name.endsWith(".d.ts")) copyFileSync(join(dist, name), join(web, name));
}
console.log(`built dist/ and web/sdk/: ${readdirSync(web).filter((n) => n.endsWith(".js")).sort().join(" ")}`);
