// Writes the first ```ts block of README.md, verbatim, to the file named (default
// test/readme.generated.ts), for CI to type-check and run.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = resolve(root, process.argv[2] ?? "test/readme.generated.ts");
const text = readFileSync(resolve(root, "README.md"), "utf8");
const found = /^```ts\n([\s\S]*?)^```$/m.exec(text);
if (!found) throw new Error("README.md has no ```ts block");
writeFileSync(out, found[1]);
console.log(`${out}: ${found[1].split("\n").length - 1} lines`);
