// Where the client keeps its session: in memory by default; a browser gives one on
// localStorage (see the web client's web/session.js), a phone app one on its keychain.

import type { components } from "./schema.js";

/** A session: the access token, the refresh token and the player, as a sign-in answers it. */
export type Session = components["schemas"]["SessionOut"];

/** A place for the session. `get` is read before every call, so a store shared with other
 * tabs or processes sees their refreshes. `lock`, when given, runs a refresh alone across
 * everything sharing the store (a refresh token works once: a second use ends the session). */
export interface SessionStore {
  get(): Session | null | Promise<Session | null>;
  set(session: Session | null): void | Promise<void>;
  lock?<T>(run: () => Promise<T>): Promise<T>;
}

/** The default store: this process's memory. */
export class MemorySessionStore implements SessionStore {
  #session: Session | null;
  constructor(session: Session | null = null) {
    this.#session = session;
  }
  get(): Session | null {
    return this.#session;
  }
  set(session: Session | null): void {
    this.#session = session;
  }
}
