// A small client built only from the generated types of openapi/openapi.json: sign in,
// "my leagues", a league's lobby, "my tables", a live table from a browser, its log, a move, a
// refresh, logout and account deletion. CI type-checks it (`npm run check`); it is not run.
// The `@ts-expect-error` lines prove that the types constrain: each must be refused.

import createClient from "openapi-fetch";
import type { components, paths } from "./generated/schema";

type Schemas = components["schemas"];

const api = createClient<paths>({ baseUrl: "https://bourre.example.com" });

export async function signIn(username: string, password: string): Promise<Schemas["SessionOut"]> {
  const { data, error } = await api.POST("/v1/auth/login", { body: { username, password } });
  if (error) {
    throw new Error(`${error.code}: ${error.detail ?? ""}`);
  }
  return data;
}

export async function refresh(session: Schemas["SessionOut"]): Promise<Schemas["SessionOut"]> {
  const { data, error } = await api.POST("/v1/auth/refresh", {
    body: { refresh_token: session.refresh_token },
  });
  if (error) {
    // `refresh_token_reused` and `session_ended` mean: sign in again.
    throw new Error(error.code);
  }
  return data;
}

function auth(session: Schemas["SessionOut"]) {
  return { Authorization: `Bearer ${session.token}` };
}

export async function lobby(session: Schemas["SessionOut"]): Promise<string[]> {
  const leagues = await api.GET("/v1/leagues", {
    headers: auth(session),
    params: { query: { limit: 20 } },
  });
  const names: string[] = [];
  for (const league of leagues.data?.leagues ?? []) {
    const role: "admin" | "member" | "bot" = league.role;
    const tables = await api.GET("/v1/leagues/{league_id}/tables", {
      headers: auth(session),
      params: { path: { league_id: league.league_id }, query: { status: "open" } },
    });
    for (const table of tables.data?.tables ?? []) {
      names.push(`${league.name} (${role}): ${table.name} ${table.seats_taken}/${table.max_seats}`);
    }
  }
  // @ts-expect-error: a lobby lists by one of its documented statuses only.
  await api.GET("/v1/leagues/{league_id}/tables", { params: { path: { league_id: "x" }, query: { status: "busy" } } });
  return names;
}

export async function myTurns(session: Schemas["SessionOut"]): Promise<string[]> {
  const { data } = await api.GET("/v1/players/me/tables", { headers: auth(session) });
  return (data?.tables ?? []).filter((t) => t.my_turn).map((t) => t.table_id);
}

/** Polls a table cheaply: `If-None-Match` with the last `ETag` (304 when unchanged). */
export async function poll(
  session: Schemas["SessionOut"],
  tableId: string,
  etag: string | null,
): Promise<Schemas["TableView"] | null> {
  const { data, response } = await api.GET("/v1/tables/{table_id}", {
    headers: auth(session),
    params: { path: { table_id: tableId }, header: { "If-None-Match": etag } },
  });
  return response.status === 304 ? null : (data ?? null);
}

/** A browser's native EventSource cannot send headers: it opens the stream with a ticket. */
export async function watch(session: Schemas["SessionOut"], tableId: string): Promise<EventSource> {
  const { data, error } = await api.POST("/v1/tables/{table_id}/stream-ticket", {
    headers: auth(session),
    params: { path: { table_id: tableId } },
  });
  if (error) {
    throw new Error(error.code);
  }
  const ticket: string = data.ticket;
  return new EventSource(`/v1/tables/${tableId}/stream?ticket=${encodeURIComponent(ticket)}`);
}

/** What a line of a table's log says: narrowing on `type` gives each kind its one shape. */
export function describe(event: Schemas["EventData"]): string {
  switch (event.type) {
    case "played":
      // @ts-expect-error: a played card has no draw.
      void event.draw;
      return `seat ${event.seat} played ${event.card}`;
    case "declared":
      return event.play === null ? `seat ${event.seat} declared` : `seat ${event.seat} ${event.play ? "plays" : "passes"}`;
    case "drew":
      return `seat ${event.seat} drew ${event.draw.discard_count}${event.draw.drawn ? `: ${event.draw.drawn.join(" ")}` : ""}`;
    case "hand_started":
      return `hand ${event.hand_no}, trump ${event.trump.suit}, ${event.your_cards?.length ?? 0} cards of mine`;
    case "hand_ended":
      return event.outcome.type === "won" ? `seat ${event.outcome.seat} won ${event.pot}` : event.outcome.type;
    case "seat_taken":
      return `${event.player_id} sat at ${event.seat}`;
    default:
      return event.type;
  }
}

/** The table's log since `after`, a line per event. */
export async function log(session: Schemas["SessionOut"], tableId: string, after: number): Promise<string[]> {
  const { data } = await api.GET("/v1/tables/{table_id}/events", {
    headers: auth(session),
    params: { path: { table_id: tableId }, query: { after } },
  });
  return (data ?? []).map((event) => `${event.seq} ${event.kind}: ${describe(event.data)}`);
}

export async function playFirstLegalCard(session: Schemas["SessionOut"], tableId: string): Promise<void> {
  const view = await poll(session, tableId, null);
  const legal = view?.legal;
  if (!view || !legal || legal.action !== "play" || !legal.cards?.[0]) {
    return;
  }
  const seats: Schemas["SeatOut"][] = view.seats;
  const bots = seats.filter((s) => s.bot).length;
  const action: Schemas["ActionIn"] = { type: "play", card: legal.cards[0] };
  const { error } = await api.POST("/v1/tables/{table_id}/actions", {
    headers: { ...auth(session), "Idempotency-Key": `play-${view.version}` },
    params: { path: { table_id: tableId } },
    body: { action, expected_version: view.version },
  });
  if (error?.code === "version_conflict") {
    console.log(`moved on to ${error.current_version} (with ${bots} bots seated)`);
  }
  // @ts-expect-error: a play names its card.
  const incomplete: Schemas["ActionIn"] = { type: "play" };
  void incomplete;
}

export async function addBot(session: Schemas["SessionOut"], tableId: string): Promise<number[]> {
  const { data } = await api.POST("/v1/tables/{table_id}/bots", {
    headers: auth(session),
    params: { path: { table_id: tableId } },
    body: { seat: 3 },
  });
  return (data?.seats ?? []).filter((s) => s.bot).map((s) => s.seat);
}

export async function signOut(session: Schemas["SessionOut"], everywhere: boolean): Promise<void> {
  await api.POST("/v1/auth/logout", { headers: auth(session), body: { all: everywhere } });
}

export async function deleteAccount(session: Schemas["SessionOut"], password: string): Promise<boolean> {
  const { error, response } = await api.DELETE("/v1/players/me", {
    headers: auth(session),
    body: { password },
  });
  // 409 `hand_in_progress` while dealt into a hand.
  return response.status === 204 && !error;
}

export async function changePassword(session: Schemas["SessionOut"], current: string, next: string): Promise<void> {
  await api.PUT("/v1/players/me/password", {
    headers: auth(session),
    body: { current_password: current, new_password: next },
  });
  // @ts-expect-error: the body has both passwords.
  await api.PUT("/v1/players/me/password", { headers: auth(session), body: { new_password: next } });
}
