// The table's chat, in a drawer under the felt: what was said (phrases in the reader's
// language, whoever said them), the phrases and emotes as one tap each, free text where
// the league allows it, and on each message a menu to block its author or report it.
// Messages arrive on the table's stream (`event: chat`); the page keeps the newest.

import * as api from "./api.js";
import { language, t } from "./i18n.js";
import { button, el, form, opener, tell } from "./ui.js";

/** @typedef {import("./api.js").Schemas} Schemas */
/** @typedef {Schemas["ChatMessage"]} Message */

/** Messages the drawer keeps on the page. */
const KEPT = 100;

/** The reasons a report gives, in the order offered. */
const REASONS = /** @type {const} */ (["spam", "harassment", "hate", "sexual", "cheating", "impersonation", "other"]);

/**
 * The chat drawer of table `id`, in league `leagueId`; `canTalk()` says whether the player
 * may talk now (seated, or watching where the league lets members watching talk).
 * @param {string} id
 * @param {string} leagueId
 * @param {() => boolean} canTalk
 */
export async function chatPart(id, leagueId, canTalk) {
  const [{ phrases }, first] = await Promise.all([api.phrases(), api.league(leagueId)]);
  /** The league's chat settings, read again each time the drawer opens. */
  let league = first;
  const me = api.session()?.player.id ?? "";
  const lang = /** @type {keyof Schemas["PhraseText"]} */ (language());
  /** @type {Message[]} */
  let messages = [];
  let last = 0;

  const log = el("ol", { class: "chat-log", "aria-label": t("chat.messages"), "aria-live": "polite" });
  const empty = el("p", { class: "muted" }, [t("chat.none")]);
  const note = el("p", { class: "muted" });

  /** @param {string} key */
  const phraseOf = (key) => phrases.find((p) => p.key === key);

  /** @param {Message} m */
  const words = (m) => {
    if (m.text != null) return m.text;
    const phrase = phraseOf(m.phrase ?? "");
    return phrase ? (phrase.glyph ?? phrase.text[lang]) : m.phrase ?? "";
  };

  /** @param {Message} m */
  const line = (m) => {
    const name = m.display_name ?? m.username;
    const phrase = m.phrase ? phraseOf(m.phrase) : undefined;
    const said = el("span", phrase?.glyph ? { class: "said", role: "img", "aria-label": phrase.text[lang] } : { class: "said" }, [words(m)]);
    const item = el("li", { "data-message": String(m.id) }, [el("strong", {}, [name]), " ", said]);
    if (m.player_id !== me) item.append(" ", menu(m, name));
    return item;
  };

  /**
   * Block or report: a menu on someone else's message.
   * @param {Message} m
   * @param {string} name
   */
  const menu = (m, name) => {
    const reason = el(
      "select",
      { name: "reason" },
      REASONS.map((r) => el("option", { value: r }, [t(/** @type {import("./i18n.js").Key} */ (`reason.${r}`))])),
    );
    const report = form(
      [el("label", {}, [t("chat.reportReason"), reason]), el("button", { type: "submit", class: "secondary" }, [t("chat.reportSend")])],
      async () => {
        await api.report({ kind: "message", id: String(m.id), reason: /** @type {Schemas["ReportReason"]} */ (reason.value) });
        options.hidden = true;
        tell(t("chat.reported"));
      },
    );
    const block = button(t("chat.block", { name }), async () => {
      await api.block(m.player_id);
      messages = messages.filter((x) => x.player_id !== m.player_id || x.text == null);
      draw();
      tell(t("chat.blocked", { name }));
    }, { class: "secondary" });
    const options = el("div", { class: "chat-options" }, [block, report]);
    const open = opener("⋯", options, block);
    open.setAttribute("aria-label", t("chat.options", { name }));
    return el("span", {}, [open, options]);
  };

  const draw = () => {
    log.replaceChildren(...messages.map(line));
    empty.hidden = messages.length > 0;
    log.scrollTop = log.scrollHeight;
  };

  /** @param {Schemas["ChatIn"]} body */
  const say = async (body) => {
    heard([await api.say(id, body)]);
  };

  const quick = el(
    "div",
    { class: "phrases", role: "group", "aria-label": t("chat.phrases") },
    phrases.map((p) =>
      button(p.glyph ?? p.text[lang], () => say({ phrase: p.key }), p.glyph ? { class: "secondary", "aria-label": p.text[lang] } : { class: "secondary" }),
    ),
  );
  const text = el("input", { name: "text", maxlength: "200", autocomplete: "off", required: "" });
  const write = form([el("label", {}, [t("chat.message"), text]), el("button", { type: "submit" }, [t("chat.send")])], async () => {
    await say({ text: text.value });
    text.value = "";
  });

  const talk = el("div", {}, [quick, write]);
  const drawer = el("div", { class: "chat-drawer" }, [log, empty, note, talk]);
  const toggle = opener(t("chat.title"), drawer, quick);
  toggle.addEventListener("click", () => {
    if (drawer.hidden) return;
    api
      .league(leagueId)
      .then((now) => {
        league = now;
        allow();
      })
      .catch(() => {});
  });
  const part = el("section", { class: "chat", "aria-label": t("chat.title") }, [toggle, drawer]);

  /** Shows what the player may do now. */
  const allow = () => {
    const silent = league.chat === "off";
    const talking = !silent && canTalk();
    talk.hidden = !talking;
    write.hidden = league.chat !== "text";
    note.hidden = talking;
    note.textContent = silent ? t("chat.silent") : t("chat.watching");
  };

  /**
   * Messages heard (from the stream, or said here): each once, oldest first.
   * @param {Message[]} got
   */
  const heard = (got) => {
    const fresh = got.filter((m) => !messages.some((x) => x.id === m.id));
    if (!fresh.length) return;
    messages = [...messages, ...fresh].sort((a, b) => a.id - b.id).slice(-KEPT);
    last = Math.max(last, ...fresh.map((m) => m.id));
    draw();
  };

  allow();
  draw();
  return {
    part,
    heard,
    allow,
    /** The id of the newest message heard (a reconnecting stream resumes after it). */
    last: () => last,
  };
}
