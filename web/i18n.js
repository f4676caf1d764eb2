// The app's words: one message catalogue per language (`lang-<code>.js`: `words`, and
// `codes`, a text for every problem `code` the server sends), the one in use loaded at
// start; numbers, dates and plurals through `Intl`. The language is the one chosen here
// (remembered), else the browser's first that the app speaks, else English.

/** @typedef {import("./lang-en.js").Words} Words */
/** @typedef {keyof Words} Key */
/** @typedef {import("./sdk/index.js").KnownErrorCode} Code */
/** @typedef {{ words: Words, codes: Record<Code, string> }} Catalogue */

/** The languages spoken, by tag, each named in itself. */
export const LANGUAGES = /** @type {const} */ ([
  ["en", "English"],
  ["zh-Hans", "中文"],
  ["ja", "日本語"],
  ["th", "ไทย"],
]);

/** @typedef {typeof LANGUAGES[number][0]} Language */

const KEY = "bourre.language";

/** @param {string} tag @returns {Language | null} */
function spoken(tag) {
  const lower = tag.toLowerCase();
  if (lower.startsWith("zh")) return "zh-Hans";
  for (const [code] of LANGUAGES) {
    if (lower === code.toLowerCase() || lower.startsWith(`${code.toLowerCase()}-`)) return code;
  }
  return null;
}

/** @returns {Language} */
function preferred() {
  const saved = spoken(localStorage.getItem(KEY) ?? "");
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const found = spoken(tag);
    if (found) return found;
  }
  return "en";
}

/** @param {Language} tag @returns {Promise<Catalogue>} */
async function load(tag) {
  return /** @type {Catalogue} */ (await import(`./lang-${tag}.js`));
}

let current = preferred();
let catalogue = await load(current);
let plurals = new Intl.PluralRules(current);
let numbers = new Intl.NumberFormat(current);
let dates = new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" });
document.documentElement.lang = current;

/** Whether a language was chosen in this browser (else the browser's own is used). */
export function languageChosen() {
  return localStorage.getItem(KEY) !== null;
}

/** The language in use. */
export function language() {
  return current;
}

/**
 * Changes the language (remembered in this browser); the caller redraws.
 * @param {string} tag
 */
export async function setLanguage(tag) {
  const chosen = spoken(tag) ?? "en";
  catalogue = await load(chosen);
  current = chosen;
  plurals = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
  dates = new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" });
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
}

/** A number in the language's digits and grouping. @param {number} value */
export function num(value) {
  return numbers.format(value);
}

/** A signed number of chips: "+40", "−25", "0". @param {number} value */
export function signed(value) {
  return value > 0 ? `+${num(value)}` : value < 0 ? `−${num(-value)}` : num(0);
}

/** A moment, as date and time. @param {string} iso */
export function when(iso) {
  return dates.format(new Date(iso));
}

/**
 * A message of the catalogue, its `{name}`s filled in (numbers formatted); a message with
 * plural forms chooses by `n`.
 * @param {Key} key
 * @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  const entry = catalogue.words[key];
  const text = typeof entry === "string" ? entry : (entry[/** @type {keyof typeof entry} */ (plurals.select(Number(vars.n)))] ?? entry.other);
  return text.replace(/\{(\w+)\}/g, (_, name) => {
    const value = vars[name];
    return typeof value === "number" ? num(value) : String(value ?? "");
  });
}

/**
 * The message for one value of a group of the catalogue ("state", "undecided": the key
 * `state.undecided`).
 * @param {string} group
 * @param {string} value
 * @param {Record<string, string | number>} [vars]
 */
export function word(group, value, vars) {
  return t(/** @type {Key} */ (`${group}.${value}`), vars);
}

/** What a problem `code` means, in words; a code this build does not know, by status. @param {string} code */
export function codeText(code) {
  return catalogue.codes[/** @type {Code} */ (code)] ?? t("problem.unknown", { code });
}

const SIGNS = /** @type {Record<string, string>} */ ({ C: "♣", D: "♦", H: "♥", S: "♠" });

/** A suit's sign. @param {string} suit `C`, `D`, `H` or `S` */
export function suitSign(suit) {
  return SIGNS[suit] ?? suit;
}

/** A suit's name. @param {string} suit */
export function suitName(suit) {
  return word("suit", suit);
}

/** A card's words, without its face ("ten of hearts"). @param {string} code */
export function cardWords(code) {
  return t("card", {
    rank: word("rank", code.slice(0, -1)),
    suit: suitName(code.slice(-1)),
  });
}

/**
 * A card's name: what its face shows, then its words ("10♥, ten of hearts"), so that the
 * name of a card button holds its visible text (WCAG 2.5.3: speech input says what it sees).
 * @param {string} code
 */
export function cardName(code) {
  return `${code.slice(0, -1)}${suitSign(code.slice(-1))}, ${cardWords(code)}`;
}
