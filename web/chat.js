// The table's chat, in a drawer over the table opened from the status bar (its button
// counting what arrived unread): what was said (phrases in the reader's language, whoever
// said them), the phrases and emotes as one tap each in a row that scrolls sideways, free
// text where the league allows it, and on each message a menu to block its author or
// report it (the same menu as on a seat, and the table's own to report it). Messages
// arrive on the table's stream (`event: chat`), and leave it when an admin hides them
// (`event: chat_hidden`); the page keeps the newest, and shows each new one at its
// speaker's seat a moment (`said`).

import { api, session } from "./session.js";
import { language, t } from "./i18n.js";
import { button, drawer, el, form, tell } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */
/** @typedef {Schemas["ChatMessage"]} Message */

/** Messages the drawer keeps on the page. */
const KEPT = 100;

/** The reasons a report gives, in the order offered. */
const REASONS = /** @type {const} */ (["spam", "harassment", "hate", "sexual", "cheating", "impersonation", "other"]);

/**
 * A dialog to report a message, a player or a table, and to block a player: opened from a
 * message's menu, a seat's or the table's. It stays open while the table is redrawn under
 * it, and closes with its "Close" button or Escape.
 * @param {{ title: string, send: string, report: Omit<Schemas["ReportIn"], "reason">, block?: { id: string, name: string }, blocked?: (player: string) => void }} what
 */
export function reportDialog(what) {
  const reason = el(
    "select",
    { name: "reason" },
    REASONS.map((r) => el("option", { value: r }, [t(/** @type {import("./i18n.js").Key} */ (`reason.${r}`))])),
  );
  const dialog = el("dialog", { class: "report-dialog", "aria-label": what.title });
  const close = async () => {
    dialog.close();
    dialog.remove();
  };
  /** @type {HTMLElement[]} */
  const parts = [el("h3", {}, [what.title])];
  const block = what.block;
  if (block) {
    parts.push(
      button(t("chat.block", { name: block.name }), async () => {
        await api.blockPlayer({ player_id: block.id });
        close();
        tell(t("chat.blocked", { name: block.name }));
        what.blocked?.(block.id);
      }, { class: "secondary" }),
    );
  }
  parts.push(
    form([el("label", {}, [t("chat.reportReason"), reason]), el("button", { type: "submit" }, [what.send])], async () => {
      const made = await api.createReport({ ...what.report, reason: /** @type {Schemas["ReportReason"]} */ (reason.value) });
      close();
      // A report about the league or one of its admins goes to the service's operator.
      tell(t(made.league_id ? "chat.reported" : "chat.reportedOperator"));
    }),
    button(t("chat.close"), close, { class: "secondary" }),
  );
  dialog.append(...parts);
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  document.body.append(dialog);
  dialog.show();
  /** @type {HTMLElement | null} */ (dialog.querySelector("button, select"))?.focus();
}

/**
 * The menu on another player (their seat, or a message of theirs): block them, or report
 * them (or the message).
 * @param {string} name how the player is shown
 * @param {string} player their id
 * @param {string} leagueId the table's league
 * @param {(player: string) => void} blocked called once they are blocked
 * @param {number} [message] the message the menu is on
 */
export function playerMenu(name, player, leagueId, blocked, message) {
  return button("⋯", async () =>
    reportDialog({
      title: name,
      send: t(message === undefined ? "chat.reportPlayer" : "chat.reportSend"),
      report: message === undefined ? { kind: "player", id: player, league_id: leagueId } : { kind: "message", id: String(message) },
      block: { id: player, name },
      blocked,
    }),
  { class: "secondary menu", "aria-label": t("chat.options", { name }), "aria-haspopup": "dialog" });
}

/**
 * The chat drawer of table `id`, in league `leagueId`, and the button that opens it;
 * `canTalk()` says whether the player may talk now (seated, or watching where the league
 * lets members watching talk); `blocked(player)` is called when the player blocks someone
 * (their names change); `said(player, words)` for each message said since the page opened.
 * @param {string} id
 * @param {string} leagueId
 * @param {() => boolean} canTalk
 * @param {(player: string) => void} blocked
 * @param {(player: string, words: string) => void} said
 */
export async function chatPart(id, leagueId, canTalk, blocked, said) {
  // Offline (the table shown as last seen), the drawer is silent until the server answers.
  const [{ phrases }, first] = await Promise.all([api.listChatPhrases().catch(() => ({ phrases: [] })), api.getLeague(leagueId).catch(() => null)]);
  /** The league's chat setting, read again each time the drawer opens. */
  let setting = first?.chat ?? "off";
  const me = session()?.player.id ?? "";
  const lang = /** @type {keyof Schemas["PhraseText"]} */ (language());
  /** @type {Message[]} */
  let messages = [];
  let last = 0;
  let unread = 0;
  /** Messages older than the page are history: neither unread nor said at a seat. */
  const opened = Date.now() - 5000;

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
    if (m.player_id !== me) item.append(" ", playerMenu(name, m.player_id, leagueId, block, m.id));
    return item;
  };

  /**
   * The player blocked `player`: their text leaves the page, their name shows as their
   * username from now on.
   * @param {string} player
   */
  const block = (player) => {
    messages = messages.filter((x) => x.player_id !== player || x.text == null).map((x) => (x.player_id === player ? { ...x, display_name: null } : x));
    draw();
    blocked(player);
  };

  const draw = () => {
    log.replaceChildren(...messages.map(line));
    empty.hidden = messages.length > 0;
    log.scrollTop = log.scrollHeight;
  };

  /** @param {Schemas["ChatIn"]} body */
  const say = async (body) => {
    heard([await api.sayInChat(id, body)]);
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
  const count = el("span", { class: "unread", hidden: "" });
  const toggle = el("button", { type: "button", class: "secondary tool", "aria-expanded": "false", "data-key": "chat" }, [
    el("span", { "aria-hidden": "true" }, ["💬"]),
    el("span", { class: "sr-only" }, [t("chat.title")]),
    count,
  ]);
  const { part, close: shut } = drawer(t("chat.title"), "chat-drawer", [log, empty, note, talk], () => open(false));
  /** Opens or closes the drawer; opened, what arrived is read, and the league's settings read again. @param {boolean} now */
  const open = (now) => {
    part.hidden = !now;
    toggle.setAttribute("aria-expanded", String(now));
    if (!now) {
      toggle.focus();
      return;
    }
    unread = 0;
    counted();
    log.scrollTop = log.scrollHeight;
    /** @type {HTMLElement | null} */ (talk.hidden ? shut : quick.querySelector("button"))?.focus();
    api
      .getLeague(leagueId)
      .then((now) => {
        setting = now.chat;
        allow();
      })
      .catch(() => {});
  };
  toggle.addEventListener("click", () => open(part.hidden));
  /** The unread count on the button, in words for a screen reader. */
  const counted = () => {
    count.hidden = unread === 0;
    count.textContent = String(unread);
    toggle.setAttribute("aria-label", unread ? `${t("chat.title")}, ${t("chat.unread", { n: unread })}` : t("chat.title"));
  };

  /** Shows what the player may do now. */
  const allow = () => {
    const silent = setting === "off";
    const talking = !silent && canTalk();
    talk.hidden = !talking;
    write.hidden = setting !== "text";
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
    for (const m of fresh) {
      if (Date.parse(m.created_at) < opened) continue;
      said(m.player_id, words(m));
      if (m.player_id !== me && part.hidden) unread += 1;
    }
    counted();
  };

  allow();
  draw();
  counted();
  return {
    part,
    toggle,
    heard,
    /** An admin hid message `id`: it leaves the page. @param {number} id */
    hidden(id) {
      messages = messages.filter((m) => m.id !== id);
      draw();
    },
    /** The player blocked `player` from elsewhere on the page (a seat's menu). */
    block,
    allow,
    /** The id of the newest message heard (a reconnecting stream resumes after it). */
    last: () => last,
  };
}
