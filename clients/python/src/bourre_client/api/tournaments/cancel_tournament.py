from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_out import TournamentOut
from ...types import Response


def _get_kwargs(
    tournament_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/cancel".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentOut | None:
    if response.status_code == 200:
        response_200 = TournamentOut.from_dict(response.json())

        return response_200

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
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TournamentOut]:
    """Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close as their hands
    end.

     Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close
    as their hands end.

    Args:
        tournament_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentOut]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | TournamentOut | None:
    """Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close as their hands
    end.

     Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close
    as their hands end.

    Args:
        tournament_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentOut
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TournamentOut]:
    """Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close as their hands
    end.

     Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close
    as their hands end.

    Args:
        tournament_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentOut]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | TournamentOut | None:
    """Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close as their hands
    end.

     Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close
    as their hands end.

    Args:
        tournament_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentOut
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
