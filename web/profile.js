// The player's profile: a display name, an avatar from the built-in set, a time zone (the
// language is the header's switch, kept on the profile too); and for a guest, the way to
// keep the account with a username and a password.

import * as api from "./api.js";
import { t } from "./i18n.js";
import { el, field, form, go, tell } from "./ui.js";

/** @typedef {import("./api.js").Schemas} Schemas */

/** Each built-in avatar (the server's `Avatar` ids), drawn as a glyph. */
export const AVATARS = /** @type {const} */ ({
  heron: "🐦",
  pelican: "🦆",
  alligator: "🐊",
  crawfish: "🦞",
  catfish: "🐟",
  turtle: "🐢",
  owl: "🦉",
  fox: "🦊",
  rabbit: "🐇",
  raccoon: "🦝",
  magnolia: "🌸",
  moon: "🌙",
  club: "♣",
  diamond: "♦",
  heart: "♥",
  spade: "♠",
});

/** @param {Schemas["Avatar"]} id */
export function avatarName(id) {
  return t(/** @type {import("./i18n.js").Key} */ (`avatar.${id}`));
}

/** The time zones this browser knows, its own first. */
function timeZones() {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [own, ...all.filter((zone) => zone !== own)];
}

/**
 * The avatar choice: a radio group, one button per avatar and one for none.
 * @param {Schemas["Avatar"] | null | undefined} current
 */
function avatarChoice(current) {
  const options = [
    ["", t("profile.noAvatar"), ""],
    ...Object.entries(AVATARS).map(([id, glyph]) => [id, avatarName(/** @type {Schemas["Avatar"]} */ (id)), glyph]),
  ];
  return el(
    "fieldset",
    { class: "avatars" },
    [
      el("legend", {}, [t("field.avatar")]),
      ...options.map(([id, name, glyph]) => {
        const input = el("input", id === (current ?? "") ? { type: "radio", name: "avatar", value: id, checked: "" } : { type: "radio", name: "avatar", value: id });
        return el("label", { class: "avatar-option" }, [input, el("span", { class: "avatar", "aria-hidden": "true" }, [glyph || "·"]), el("span", { class: "sr-only" }, [name])]);
      }),
    ],
  );
}

/**
 * @param {HTMLElement} into
 * @returns {Promise<() => void>}
 */
export async function profileScreen(into) {
  const me = await api.me();
  /** @type {HTMLElement[]} */
  const parts = [el("h2", { tabindex: "-1" }, [t("profile.title")])];
  if (me.guest) {
    const username = field(t("field.username"), { name: "username", autocomplete: "username", maxlength: "32", value: me.username });
    const password = field(t("field.password"), { name: "password", type: "password", autocomplete: "new-password" });
    parts.push(
      el("p", { class: "guest" }, [t("profile.guest")]),
      form([username.label, password.label, el("button", { type: "submit" }, [t("profile.keep")])], async () => {
        const kept = await api.upgrade(username.input.value, password.input.value);
        // Drawn again, the header with it (the new name); then said.
        go("/profile");
        tell(t("profile.kept", { name: kept.username }));
      }),
    );
  }
  const displayName = field(t("field.displayName"), { name: "display_name", maxlength: "32", value: me.display_name ?? "", placeholder: me.username });
  displayName.input.removeAttribute("required");
  const zone = el(
    "select",
    { name: "time_zone" },
    timeZones().map((name) => el("option", name === (me.time_zone ?? timeZones()[0]) ? { value: name, selected: "" } : { value: name }, [name])),
  );
  const avatars = avatarChoice(me.avatar);
  parts.push(
    form(
      [
        displayName.label,
        avatars,
        el("label", {}, [t("field.timeZone"), zone]),
        el("button", { type: "submit" }, [t("profile.save")]),
      ],
      async () => {
        const picked = /** @type {HTMLInputElement | null} */ (avatars.querySelector("input:checked"))?.value ?? "";
        const name = displayName.input.value.trim();
        await api.updateMe({
          display_name: name ? name : null,
          avatar: picked ? /** @type {Schemas["Avatar"]} */ (picked) : null,
          time_zone: zone.value,
        });
        tell(t("profile.saved"));
      },
    ),
  );
  parts.push(...emailPart(me));
  into.replaceChildren(...parts);
  return () => {};
}

/**
 * The email: set it (a code is mailed), then confirm it with the code; its state said.
 * @param {Schemas["Me"]} me
 */
function emailPart(me) {
  const email = field(t("field.email"), { name: "email", type: "email", autocomplete: "email", maxlength: "254", value: me.email ?? "" });
  const code = field(t("field.code"), { name: "code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "6" });
  const state = el("p", { class: "email-state" }, [me.email ? t(me.email_verified ? "profile.emailVerified" : "profile.emailUnverified") : ""]);
  const confirm = form([code.label, el("button", { type: "submit" }, [t("profile.confirm")])], async () => {
    await api.verifyEmail(code.input.value);
    state.textContent = t("profile.emailVerified");
    confirm.hidden = true;
    tell(t("profile.confirmed"));
  });
  confirm.hidden = !me.email || me.email_verified;
  return [
    el("h3", {}, [t("profile.email")]),
    state,
    form([email.label, el("button", { type: "submit" }, [t("reset.send")])], async () => {
      const set = await api.setEmail(email.input.value);
      state.textContent = t("profile.emailUnverified");
      confirm.hidden = false;
      code.input.focus();
      tell(t("profile.codeSent", { email: set.email }));
    }),
    confirm,
  ];
}
