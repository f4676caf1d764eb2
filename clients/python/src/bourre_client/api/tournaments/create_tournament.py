from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_tournament import NewTournament
from ...models.problem import Problem
from ...models.tournament_out import TournamentOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    league_id: UUID,
    *,
    body: NewTournament,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/leagues/{league_id}/tournaments".format(
            league_id=quote(str(league_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentOut | None:
    if response.status_code == 201:
        response_201 = TournamentOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | TournamentOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewTournament,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | TournamentOut]:
    """Make a tournament in the league (admins): its settings are checked whole, and one secret seed per
    round is committed to at once (their SHA-256 in `commitments`).

     Make a tournament in the league (admins): its settings are checked whole, and one
    secret seed per round is committed to at once (their SHA-256 in `commitments`).

    Args:
        league_id (UUID):
        idempotency_key (str | Unset):
        body (NewTournament): A new tournament: its name, start and [`TournamentSettings`].

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewTournament,
    idempotency_key: str | Unset = UNSET,
) -> Problem | TournamentOut | None:
    """Make a tournament in the league (admins): its settings are checked whole, and one secret seed per
    round is committed to at once (their SHA-256 in `commitments`).

     Make a tournament in the league (admins): its settings are checked whole, and one
    secret seed per round is committed to at once (their SHA-256 in `commitments`).

    Args:
        league_id (UUID):
        idempotency_key (str | Unset):
        body (NewTournament): A new tournament: its name, start and [`TournamentSettings`].

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentOut
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewTournament,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | TournamentOut]:
    """Make a tournament in the league (admins): its settings are checked whole, and one secret seed per
    round is committed to at once (their SHA-256 in `commitments`).

     Make a tournament in the league (admins): its settings are checked whole, and one
    secret seed per round is committed to at once (their SHA-256 in `commitments`).

    Args:
        league_id (UUID):
        idempotency_key (str | Unset):
        body (NewTournament): A new tournament: its name, start and [`TournamentSettings`].

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewTournament,
    idempotency_key: str | Unset = UNSET,
) -> Problem | TournamentOut | None:
    """Make a tournament in the league (admins): its settings are checked whole, and one secret seed per
    round is committed to at once (their SHA-256 in `commitments`).

     Make a tournament in the league (admins): its settings are checked whole, and one
    secret seed per round is committed to at once (their SHA-256 in `commitments`).

    Args:
        league_id (UUID):
        idempotency_key (str | Unset):
        body (NewTournament): A new tournament: its name, start and [`TournamentSettings`].

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentOut
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
