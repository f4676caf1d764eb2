from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.public_profile import PublicProfile
from ...types import Response


def _get_kwargs(
    player_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | PublicProfile | None:
    if response.status_code == 200:
        response_200 = PublicProfile.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Problem | PublicProfile]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | PublicProfile]:
    """A player's public profile: display name, avatar, when they joined, and how they do in each league
    the caller shares with them.

     A player's public profile: display name, avatar, when they joined, and how they do in each
    league the caller shares with them. Only for players who share a league with the caller
    (404 `player_not_found` otherwise, as for an unknown id).

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PublicProfile]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | PublicProfile | None:
    """A player's public profile: display name, avatar, when they joined, and how they do in each league
    the caller shares with them.

     A player's public profile: display name, avatar, when they joined, and how they do in each
    league the caller shares with them. Only for players who share a league with the caller
    (404 `player_not_found` otherwise, as for an unknown id).

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PublicProfile
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | PublicProfile]:
    """A player's public profile: display name, avatar, when they joined, and how they do in each league
    the caller shares with them.

     A player's public profile: display name, avatar, when they joined, and how they do in each
    league the caller shares with them. Only for players who share a league with the caller
    (404 `player_not_found` otherwise, as for an unknown id).

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PublicProfile]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | PublicProfile | None:
    """A player's public profile: display name, avatar, when they joined, and how they do in each league
    the caller shares with them.

     A player's public profile: display name, avatar, when they joined, and how they do in each
    league the caller shares with them. Only for players who share a league with the caller
    (404 `player_not_found` otherwise, as for an unknown id).

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PublicProfile
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
