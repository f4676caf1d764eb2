// Refusals of the server as typed errors: every problem+json field kept.

import type { components } from "./schema.js";

type Schemas = components["schemas"];

/** The codes the document names (`KnownErrorCode`; before the document split it out, `ErrorCode`). */
export type KnownErrorCode = Schemas extends { KnownErrorCode: infer K } ? K : Schemas["ErrorCode"];

/** A refusal's `code`: one of the known codes, or one this client does not know yet (kept as it came). */
export type ErrorCode = KnownErrorCode | (string & {});

/** A problem+json body, as the server sends it; fields this client does not know are kept too. */
export type Problem = Omit<Schemas["Problem"], "code"> & { code: ErrorCode; [field: string]: unknown };

/** A refusal of the server: its whole problem+json body, with its main fields at hand. */
export class BourreError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The stable code to switch on (a code this client does not know is kept as a string). */
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string;
  /** The request's id, as in the server's log (`X-Request-Id`). */
  readonly request_id: string | null;
  /** The whole body, extra fields (`rule`, `current_version`, ...) included. */
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title || String(problem.code));
    this.name = "BourreError";
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.request_id = problem.request_id ?? null;
  }

  /** Whether the refusal is `code` (narrows to a known code). */
  is<C extends KnownErrorCode>(code: C): this is BourreError & { code: C } {
    return this.code === code;
  }
}

/** The error a response that is not 2xx stands for: its problem+json, or one made from its
 * status when the body is none (a proxy's HTML 502 or 504, say): code `http_<status>`. */
export async function errorOf(response: Response, text?: string): Promise<BourreError> {
  let body: unknown = null;
  try {
    body = JSON.parse(text ?? (await response.text()));
  } catch {
    body = null;
  }
  const problem =
    body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string"
      ? (body as Problem)
      : ({
          type: "about:blank",
          title: response.statusText,
          status: response.status,
          detail: response.statusText,
          code: `http_${response.status}`,
          request_id: response.headers.get("X-Request-Id"),
        } as Problem);
  if (typeof problem.status !== "number") problem.status = response.status;
  return new BourreError(problem);
}
