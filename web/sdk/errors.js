// Refusals of the server as typed errors: every problem+json field kept.
/** A refusal of the server: its whole problem+json body, with its main fields at hand. */
export class BourreError extends Error {
    /** The HTTP status. */
    status;
    /** The stable code to switch on (a code this client does not know is kept as a string). */
    code;
    title;
    detail;
    /** The request's id, as in the server's log (`X-Request-Id`). */
    request_id;
    /** The whole body, extra fields (`rule`, `current_version`, ...) included. */
    problem;
    constructor(problem) {
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
    is(code) {
        return this.code === code;
    }
}
/** The error a response that is not 2xx stands for: its problem+json, or one made from its
 * status when the body is none (a proxy's HTML 502 or 504, say): code `http_<status>`. */
export async function errorOf(response, text) {
    let body = null;
    try {
        body = JSON.parse(text ?? (await response.text()));
    }
    catch {
        body = null;
    }
    const problem = body && typeof body === "object" && typeof body.code === "string"
        ? body
        : {
            type: "about:blank",
            title: response.statusText,
            status: response.status,
            detail: response.statusText,
            code: `http_${response.status}`,
            request_id: response.headers.get("X-Request-Id"),
        };
    if (typeof problem.status !== "number")
        problem.status = response.status;
    return new BourreError(problem);
}
