// @bourre/sdk: a typed client of a Bourré server, generated from its OpenAPI document.
export { Bourre } from "./client.js";
export { BourreError, errorOf } from "./errors.js";
export { live, parseEventStream } from "./live.js";
export { OPERATIONS, Operations } from "./operations.js";
export { MemorySessionStore } from "./session.js";
