// Where the client keeps its session: in memory by default; a browser gives one on
// localStorage (see the web client's web/session.js), a phone app one on its keychain.
/** The default store: this process's memory. */
export class MemorySessionStore {
    #session;
    constructor(session = null) {
        this.#session = session;
    }
    get() {
        return this.#session;
    }
    set(session) {
        this.#session = session;
    }
}
