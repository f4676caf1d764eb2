"""A whole hand through the Python client generated from openapi/openapi.json
(`bourre_client`, by openapi-python-client), as a client team would play it: three players
register, one creates a league that the others join by its code, a table, seats, a deal,
moves chosen from `legal` until the hand ends, the table's hand list, the hand's audit and
the standings. No HTTP by hand but an SSE reader of the table's stream, whose events and
views are read with the generated models (the events narrowed on their type).

Run by `.ci/contract` after it generated the package: python3 clients/python/play_hand.py
path/to/bourre (with the package and its dependencies on PYTHONPATH).
"""
import json
import os
import socket
import subprocess
import sys
import time

from bourre_client import AuthenticatedClient, Client
from bourre_client.api.auth import register_player
from bourre_client.api.health import check_readiness
from bourre_client.api.history import get_hand_audit, list_table_hands
from bourre_client.api.leagues import create_league, get_standings, join_league_by_code
from bourre_client.api.tables import create_table, get_table, start_hand, submit_action, take_seat
from bourre_client.models import (
    ActIn,
    AuditReport,
    Credentials,
    CreateTable,
    DeclareAction,
    DeclareActionType,
    DeclaredView,
    DrawAction,
    DrawActionType,
    DrewView,
    EventOut,
    HandEnded,
    HandPage,
    JoinLeague,
    LeagueView,
    NewLeague,
    Phase,
    PlayAction,
    PlayActionType,
    Played,
    Problem,
    SessionOut,
    SitDown,
    Standings,
    TableRules,
    TableStatus,
    TableView,
    WonOutcome,
)


def expect(reply, kind):
    """The reply, which must be a `kind` (a refusal is a `Problem`)."""
    if not isinstance(reply, kind):
        detail = f"{reply.code}: {reply.detail}" if isinstance(reply, Problem) else repr(reply)
        sys.exit(f"FAILED: expected {kind.__name__}, got {detail}")
    return reply


def start_server(binary):
    data_dir = os.path.abspath("target/python-client/server")
    subprocess.run(["rm", "-rf", data_dir], check=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, BOURRE_DATA_DIR=data_dir, BOURRE_BIND=f"127.0.0.1:{port}",
               BOURRE_JWT_SECRET="python-client-secret-python-client", BOURRE_LOG="off")
    server = subprocess.Popen([binary, "serve"], env=env, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            if check_readiness.sync_detailed(client=Client(base_url=base)).status_code == 200:
                return server, base, data_dir
        except Exception:  # not listening yet
            pass
        time.sleep(0.5)
    server.terminate()
    sys.exit("FAILED: the server did not become ready")


def choose(view):
    """An action from the caller's `legal`: declare to play when allowed, stand pat, and
    play the first legal card."""
    legal = view.legal
    if legal.action == Phase.DECLARE:
        return DeclareAction(type_=DeclareActionType.DECLARE, play=bool(legal.can_play), discard=[])
    if legal.action == Phase.DRAW:
        return DrawAction(type_=DrawActionType.DRAW, discard=[])
    return PlayAction(type_=PlayActionType.PLAY, card=legal.cards[0])


def stream(client, table_id, version):
    """The table's stream read from its start until the view at `version`: its events as
    `EventOut`s, and its views (`event: view`) as `TableView`s."""
    events, views = [], []
    with client.get_httpx_client().stream(
        "GET", f"/v1/tables/{table_id}/stream", params={"after": 0}, timeout=30
    ) as response:
        assert response.status_code == 200, response.status_code
        frame = {}
        for line in response.iter_lines():
            if line.startswith(":"):
                continue
            if line:
                field, _, value = line.partition(":")
                frame[field] = value.removeprefix(" ")
                continue
            if frame.get("event") == "view":
                view = TableView.from_dict(json.loads(frame["data"]))
                assert str(view.version) == frame["id"], (view.version, frame["id"])
                views.append(view)
                if view.version == version:
                    return events, views
            elif "data" in frame:
                event = EventOut.from_dict(json.loads(frame["data"]))
                assert str(event.kind) == frame["event"], (event.kind, frame)
                assert str(event.seq) == frame["id"], (event.seq, frame)
                events.append(event)
            frame = {}
    sys.exit("FAILED: the stream ended before its view at the table's version")


def main(binary):
    server, base, data_dir = start_server(binary)
    try:
        anon = Client(base_url=base, raise_on_unexpected_status=True)
        stamp = str(int(time.time() * 1000) % 1_000_000)
        players = []
        for name in ("ann", "bob", "cat"):
            session = expect(
                register_player.sync(client=anon, body=Credentials(username=name + stamp, password="correct horse")),
                SessionOut,
            )
            players.append((session, AuthenticatedClient(base_url=base, token=session.token, raise_on_unexpected_status=True)))
        ann = players[0][1]
        league = expect(create_league.sync(client=ann, body=NewLeague(name="Python", starting_balance=100)), LeagueView)
        for _, client in players[1:]:
            expect(join_league_by_code.sync(client=client, body=JoinLeague(invite_code=league.invite_code)), LeagueView)
        table = expect(
            create_table.sync(client=ann, body=CreateTable(league_id=league.id, name="Generated", rules=TableRules(ante=1))),
            TableView,
        )
        for seat, (_, client) in enumerate(players):
            expect(take_seat.sync(table.id, client=client, body=SitDown(seat=seat)), TableView)
        view = expect(start_hand.sync(table.id, client=ann), TableView)
        by_id = {session.player.id: client for session, client in players}
        moves = 0
        while view.status == TableStatus.PLAYING and moves < 200:
            actor = by_id[view.to_act.player_id]
            mine = expect(get_table.sync(table.id, client=actor), TableView)
            view = expect(
                submit_action.sync(
                    table.id, client=actor, body=ActIn(action=choose(mine), expected_version=mine.version)
                ),
                TableView,
            )
            moves += 1
        assert view.status != TableStatus.PLAYING, "the hand did not end"
        assert view.last_hand is not None, "no settlement after the hand"
        hands = expect(list_table_hands.sync(table.id, client=ann), HandPage)
        assert [h.hand_no for h in hands.hands] == [1], hands
        audit = expect(get_hand_audit.sync(table.id, 1, client=by_id[players[1][0].player.id]), AuditReport)
        assert audit.verified and audit.fair, [v.to_dict() for v in audit.verdicts if not v.ok]
        standings = expect(get_standings.sync(league.id, client=ann), Standings)
        balances = sorted(row.balance for row in standings.rows)
        assert sum(balances) + view.pot == 300, (balances, view.pot)
        events, views = stream(players[2][1], table.id, view.version)
        assert events[-1].seq == view.version, (events[-1].seq, view.version)
        assert views[-1].status == view.status and views[-1].pot == view.pot, views[-1]
        kinds = {type(event.data) for event in events}
        assert {Played, HandEnded} <= kinds and (DeclaredView in kinds), kinds
        plays = [event.data for event in events if isinstance(event.data, Played)]
        assert all(len(play.card) >= 2 for play in plays), plays
        ended = next(event.data for event in events if isinstance(event.data, HandEnded))
        drew = [event.data for event in events if isinstance(event.data, DrewView)]
        winner = ended.outcome.seat if isinstance(ended.outcome, WonOutcome) else None
        print(f"python client: a hand of {moves} moves, {len(events)} streamed events and {len(views)} views "
              f"({len(plays)} cards, {len(drew)} draws), winner seat {winner}, audit verified, "
              f"balances {balances}, {view.pot} carried in the pot")
    finally:
        server.terminate()
        server.wait()
        pg_ctl = f"pg_ctl -D {data_dir}/pg/data stop -m fast"
        if os.geteuid() == 0:
            pg_ctl = f"runuser -u postgres -- {pg_ctl}"
        subprocess.run(["bash", "-c", pg_ctl + " >/dev/null 2>&1"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/debug/bourre")
