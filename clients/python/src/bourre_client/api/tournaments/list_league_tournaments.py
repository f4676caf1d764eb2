from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournaments_page import TournamentsPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    league_id: UUID,
    *,
    after: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leagues/{league_id}/tournaments".format(
            league_id=quote(str(league_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentsPage | None:
    if response.status_code == 200:
        response_200 = TournamentsPage.from_dict(response.json())

        return response_200

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
) -> Response[Problem | TournamentsPage]:
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
    after: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[Problem | TournamentsPage]:
    """The league's tournaments, the latest start first (members).

     The league's tournaments, the latest start first (members).

    Args:
        league_id (UUID):
        after (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentsPage]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Problem | TournamentsPage | None:
    """The league's tournaments, the latest start first (members).

     The league's tournaments, the latest start first (members).

    Args:
        league_id (UUID):
        after (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentsPage
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[Problem | TournamentsPage]:
    """The league's tournaments, the latest start first (members).

     The league's tournaments, the latest start first (members).

    Args:
        league_id (UUID):
        after (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentsPage]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Problem | TournamentsPage | None:
    """The league's tournaments, the latest start first (members).

     The league's tournaments, the latest start first (members).

    Args:
        league_id (UUID):
        after (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentsPage
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
