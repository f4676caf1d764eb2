"""What the document promises a Python client, checked against a running server
(`BASE`): run by .ci/sdk-python after the README's quickstart.

With the generated client alone (`bourre_client`, no SDK): `take_seat` and `add_bot` are
called without a body; a problem with a code newer than the document parses; an
unknown-code problem through the SDK is a BourreError keeping the code as a string. With
the SDK's asyncio side: a player signs in, calls are awaited, and the live iterator
(`alive`) gives a view frame of the table.
"""
import asyncio
import os
import uuid

from bourre import Bourre, BourreError, EventFrame, ViewFrame
from bourre_client import AuthenticatedClient, Client
from bourre_client.api.auth import register_player
from bourre_client.api.leagues import create_league, join_league_by_code
from bourre_client.api.tables import add_bot, create_table, get_table, take_seat
from bourre_client.models import (
    CreateTable,
    Credentials,
    JoinLeague,
    LeagueView,
    NewLeague,
    Problem,
    SessionOut,
    TableRules,
    TableView,
)

BASE = os.environ["BASE"]


def name() -> str:
    return f"py{uuid.uuid4().hex[:16]}"


def generated_client_alone() -> None:
    anon = Client(base_url=BASE)
    session = register_player.sync(client=anon, body=Credentials(username=name(), password="correct horse"))
    assert isinstance(session, SessionOut), session
    client = AuthenticatedClient(base_url=BASE, token=session.token)
    league = create_league.sync(client=client, body=NewLeague(name="Contract", starting_balance=100))
    assert isinstance(league, LeagueView), league
    table = create_table.sync(
        client=client, body=CreateTable(league_id=league.id, name="Contract", rules=TableRules(ante=1))
    )
    assert isinstance(table, TableView), table

    # No body: the lowest free seat, for the caller and then for a bot.
    seated = take_seat.sync(table.id, client=client)
    assert isinstance(seated, TableView), seated
    assert [s.player_id for s in seated.seats if s.player_id] == [session.player.id], seated.seats
    botted = add_bot.sync(table.id, client=client)
    assert isinstance(botted, TableView), botted
    assert sum(1 for s in botted.seats if s.player_id) == 2, botted.seats
    print("generated client: take_seat and add_bot without a body")

    # A code this document does not know yet parses, kept as a string.
    problem = Problem.from_dict({
        "type": "urn:bourre:problem:some_future_code", "title": "Conflict", "status": 409,
        "detail": "A refusal a newer server makes.", "code": "some_future_code",
        "request_id": "00000000000000000000000000", "rule": None,
    })
    assert problem.code == "some_future_code" and problem.status == 409, problem
    assert problem.to_dict()["code"] == "some_future_code", problem.to_dict()
    known = Problem.from_dict({"type": "urn:bourre:problem:table_full", "title": "Conflict", "status": 409,
                               "detail": "Full.", "code": "table_full"})
    assert str(getattr(known.code, "value", known.code)) == "table_full", known.code
    print("generated client: a problem with an unknown code parses")

    # The same through the SDK's error.
    error = BourreError(409, problem.to_dict())
    assert error.code == "some_future_code" and error.status == 409 and error.model is not None, error
    print("sdk: BourreError keeps an unknown code")


async def asyncio_side() -> None:
    async with Bourre(BASE) as ann, Bourre(BASE) as bob:
        await ann.acall(register_player, body=Credentials(username=name(), password="correct horse"))
        await bob.acall(register_player, body=Credentials(username=name(), password="correct horse"))
        assert ann.token and ann.session["refresh_token"], ann.session
        league = await ann.acall(create_league, body=NewLeague(name="Async", starting_balance=100))
        table = await ann.acall(
            create_table, body=CreateTable(league_id=league.id, name="Async", rules=TableRules(ante=1))
        )
        # A refusal raises, with the problem; a non-member may not follow the table.
        try:
            await bob.acall(get_table, table.id)
            raise AssertionError("a non-member read the table")
        except BourreError as error:
            assert error.status == 403 and error.code == "not_a_member", error
            assert error.request_id and error.problem["code"] == "not_a_member", error.problem
        try:
            async with bob.alive(table.id) as frames:
                async for _ in frames:
                    raise AssertionError("a non-member followed the table")
        except BourreError as error:
            assert error.status == 403, error
        await bob.acall(join_league_by_code, body=JoinLeague(invite_code=league.invite_code))

        # A refresh keeps the session going.
        before = ann.session["refresh_token"]
        assert await ann.arefresh() and ann.session["refresh_token"] != before

        seen = []
        async with ann.alive(table.id) as frames:
            async for frame in frames:
                seen.append(frame)
                if isinstance(frame, ViewFrame):
                    if not any(s.player_id for s in frame.view.seats):
                        await ann.acall(take_seat, table.id)
                        await bob.acall(take_seat, table.id)
                        continue
                    if sum(1 for s in frame.view.seats if s.player_id) == 2:
                        break
        views = [f for f in seen if isinstance(f, ViewFrame)]
        events = [f for f in seen if isinstance(f, EventFrame)]
        assert views and views[-1].id == views[-1].view.version, views
        assert [e.kind for e in events] == ["table_created", "seat_taken", "seat_taken"], [e.kind for e in events]
        print(f"sdk asyncio: {len(events)} events and {len(views)} view frames live, refusals raised")


generated_client_alone()
asyncio.run(asyncio_side())
