// @bourre/sdk: a typed client of a Bourré server, generated from its OpenAPI document.

import type { components, operations, paths } from "./schema.js";

export { Bourre, type BourreOptions, type RetriedCode } from "./client.js";
export { BourreError, errorOf, type ErrorCode, type KnownErrorCode, type Problem } from "./errors.js";
export { live, parseEventStream, type Frame, type LiveClient, type LiveOptions, type StreamMessage } from "./live.js";
export { OPERATIONS, Operations, type CallOptions, type OperationInfo } from "./operations.js";
export { MemorySessionStore, type Session, type SessionStore } from "./session.js";
export type { components, operations, paths };

/** Every schema of the document, by name: `Schemas["TableView"]`. */
export type Schemas = components["schemas"];
