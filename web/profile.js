// The player's profile: a display name, an avatar from the built-in set, a time zone (the
// language is the header's switch, kept on the profile too); for a guest, the way to keep
// the account with a username and a password; the email; the providers linked; what the
// player's browsers are told, and quiet hours; the players blocked, to unblock them.

import { api, startProviderSignIn } from "./session.js";
import { t } from "./i18n.js";
import { button, el, field, form, go, tell } from "./ui.js";

/** @typedef {import("./sdk/index.js").Schemas} Schemas */

/** The sign-in with a provider under way: its state, provider, and whether it links. */
export const PENDING_PROVIDER = "bourre.provider";

/** A provider's name as people know it (`google`: Google). @param {string} name */
export function providerName(name) {
  const known = /** @type {Record<string, string>} */ ({ apple: "Apple", google: "Google", microsoft: "Microsoft" });
  return known[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Sends the browser to `provider` to sign in (or with `link`, to link it to the signed-in
 * player); it comes back to /oidc.
 * @param {string} provider
 * @param {boolean} link
 */
export async function toProvider(provider, link) {
  const started = await startProviderSignIn(provider);
  sessionStorage.setItem(PENDING_PROVIDER, JSON.stringify({ state: started.state, verifier: started.verifier, provider, link }));
  location.assign(started.authorization_url);
}

/** @type {Schemas["ExchangedOut"] | null} a provider's token back to be linked on the profile */
let toLink = null;

/** Has the profile link `got` when it shows next (with the password, if the account has one). @param {Schemas["ExchangedOut"]} got */
export function linkOnProfile(got) {
  toLink = got;
}

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
  let me = await api.getMe();
  /** @type {HTMLElement[]} */
  const parts = [el("h2", { tabindex: "-1" }, [t("profile.title")])];
  const got = toLink;
  toLink = null;
  if (got && !me.has_password) {
    await api.linkIdentity({ provider: got.provider, id_token: got.id_token, nonce: got.nonce });
    me = await api.getMe();
    tell(t("profile.linked", { provider: providerName(got.provider) }));
  } else if (got) {
    // The account's password confirms the link, as it would a new password.
    const password = field(t("field.password"), { name: "password", type: "password", autocomplete: "current-password" });
    const name = providerName(got.provider);
    const confirm = form([el("p", {}, [t("profile.linkConfirm", { provider: name })]), password.label, el("button", { type: "submit" }, [t("profile.confirm")])], async () => {
      await api.linkIdentity({ provider: got.provider, id_token: got.id_token, nonce: got.nonce, password: password.input.value });
      go("/profile");
      tell(t("profile.linked", { provider: name }));
    });
    parts.push(confirm);
  }
  if (!me.has_password) {
    // A guest keeps the account; an account signed in by providers only adds a password.
    const username = field(t("field.username"), { name: "username", autocomplete: "username", maxlength: "32", value: me.username });
    const password = field(t("field.password"), { name: "password", type: "password", autocomplete: "new-password" });
    parts.push(
      el("p", { class: me.guest ? "guest" : "no-password" }, [t(me.guest ? "profile.guest" : "profile.noPassword")]),
      form([username.label, password.label, el("button", { type: "submit" }, [t(me.guest ? "profile.keep" : "profile.addPassword")])], async () => {
        const kept = await api.upgradeGuest({ username: username.input.value, password: password.input.value });
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
  parts.push(...notificationsPart(me, await api.getNotificationSettings()));
  parts.push(...blocksPart((await api.listBlocks()).blocks));
  const linked = el("div", { class: "identities" });
  parts.push(el("h3", {}, [t("profile.identities")]), linked);
  into.replaceChildren(...parts);
  await identitiesPart(linked);
  return () => {};
}

/**
 * What the player's browsers are pushed (the Web Push channel; phone apps choose their own), and
 * quiet hours in the player's time zone (this browser's, set on the profile when it has none).
 * @param {Schemas["Me"]} me
 * @param {Schemas["NotificationSettings"]} settings
 */
function notificationsPart(me, settings) {
  /** @param {string} name @param {boolean} on @param {string} label */
  const check = (name, on, label) => {
    const input = el("input", on ? { type: "checkbox", name, checked: "" } : { type: "checkbox", name });
    return { input, label: el("label", { class: "check" }, [input, label]) };
  };
  const push = settings.web_push;
  const started = check("turn_started", push.turn_started, t("notify.turnStarted"));
  const reminder = check("turn_reminder", push.turn_reminder, t("notify.turnReminder"));
  const ended = check("hand_ended", push.hand_ended, t("notify.handEnded"));
  const tournaments = check("tournaments", push.tournaments, t("notify.tournaments"));
  const quiet = check("quiet", settings.quiet_hours != null, t("notify.quiet"));
  /** @param {string} name @param {string} value @param {string} label */
  const time = (name, value, label) => {
    const input = el("input", { type: "time", name, value, step: "60" });
    return { input, label: el("label", {}, [label, input]) };
  };
  const from = time("quiet_start", settings.quiet_hours?.start ?? "22:00", t("notify.quietFrom"));
  const to = time("quiet_end", settings.quiet_hours?.end ?? "08:00", t("notify.quietTo"));
  const zone = me.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const hours = el("div", { class: "quiet-hours", id: "quiet-hours" }, [from.label, to.label]);
  const note = el("p", { class: "zone-note", id: "quiet-note" }, [t("notify.quietZone", { zone })]);
  quiet.input.setAttribute("aria-controls", "quiet-hours");
  for (const input of [from.input, to.input]) input.setAttribute("aria-describedby", "quiet-note");
  const shown = () => {
    hours.hidden = !quiet.input.checked;
    quiet.input.setAttribute("aria-expanded", String(quiet.input.checked));
    // Times are needed only while quiet hours are on.
    for (const input of [from.input, to.input]) input.required = quiet.input.checked;
  };
  quiet.input.addEventListener("change", shown);
  shown();
  return [
    el("h3", {}, [t("notify.settings")]),
    form(
      [
        el("fieldset", { class: "notify" }, [el("legend", {}, [t("notify.thisBrowser")]), started.label, reminder.label, ended.label, tournaments.label]),
        el("fieldset", { class: "notify" }, [el("legend", {}, [t("notify.quietHours")]), quiet.label, hours, note]),
        el("button", { type: "submit" }, [t("notify.save")]),
      ],
      async () => {
        // Quiet hours are kept in the profile's time zone: a profile without one takes this browser's.
        if (!me.time_zone) me = await api.updateMe({ time_zone: zone });
        // What phone apps are told stays as it is now (an app may have changed it meanwhile).
        const current = await api.getNotificationSettings();
        await api.setNotificationSettings({
          ...current,
          web_push: {
            turn_started: started.input.checked,
            turn_reminder: reminder.input.checked,
            hand_ended: ended.input.checked,
            tournaments: tournaments.input.checked,
          },
          quiet_hours: quiet.input.checked ? { start: from.input.value, end: to.input.value } : null,
        });
        tell(t("notify.saved"));
      },
    ),
  ];
}

/**
 * The providers: those linked, each with "Unlink", and the others with "Link".
 * @param {HTMLElement} into
 */
async function identitiesPart(into) {
  const [{ providers }, { identities }] = await Promise.all([api.listOidcProviders(), api.listMyIdentities()]);
  const linked = new Set(identities.map((identity) => identity.provider));
  into.replaceChildren(
    identities.length ? el("ul", {}, identities.map((identity) => {
      const name = providerName(identity.provider);
      return el("li", {}, [
        identity.email ? t("profile.linkedAs", { provider: name, email: identity.email }) : name,
        " ",
        button(t("profile.unlink", { provider: name }), async () => {
          await api.unlinkIdentity(identity.provider);
          await identitiesPart(into);
          tell(t("profile.unlinked", { provider: name }));
        }, { class: "secondary" }),
      ]);
    })) : el("p", {}, [t("profile.noIdentities")]),
    el("p", { class: "actions" }, providers.filter(({ name }) => !linked.has(name)).map(({ name }) => button(t("profile.link", { provider: providerName(name) }), () => toProvider(name, true), { class: "secondary" }))),
  );
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
    await api.verifyMyEmail({ code: code.input.value });
    state.textContent = t("profile.emailVerified");
    confirm.hidden = true;
    tell(t("profile.confirmed"));
  });
  confirm.hidden = !me.email || me.email_verified;
  return [
    el("h3", {}, [t("profile.email")]),
    state,
    form([email.label, el("button", { type: "submit" }, [t("reset.send")])], async () => {
      const set = await api.setMyEmail({ email: email.input.value });
      state.textContent = t("profile.emailUnverified");
      confirm.hidden = false;
      code.input.focus();
      tell(t("profile.codeSent", { email: set.email }));
    }),
    confirm,
  ];
}

/**
 * The players the player blocked, each with a way to lift the block.
 * @param {Schemas["Block"][]} blocks
 */
function blocksPart(blocks) {
  const list = el("ul", { class: "list" });
  const none = el("p", { class: "muted" }, [t("profile.noBlocks")]);
  /** @param {Schemas["Block"][]} now */
  const draw = (now) => {
    none.hidden = now.length > 0;
    list.replaceChildren(
      ...now.map((b) =>
        el("li", {}, [
          b.username,
          button(t("profile.unblock"), async () => {
            await api.unblockPlayer(b.player_id);
            draw(now.filter((x) => x.player_id !== b.player_id));
            tell(t("profile.unblocked", { name: b.username }));
          }, { class: "secondary", "aria-label": t("profile.unblockName", { name: b.username }) }),
        ]),
      ),
    );
  };
  draw(blocks);
  return [el("h3", {}, [t("profile.blocks")]), list, none];
}
