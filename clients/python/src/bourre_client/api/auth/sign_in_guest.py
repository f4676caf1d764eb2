from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.session_out import SessionOut
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/guest",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SessionOut | None:
    if response.status_code == 201:
        response_201 = SessionOut.from_dict(response.json())

        return response_201

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
) -> Response[Problem | SessionOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SessionOut]:
    """Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password, signed in.

     Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password,
    signed in. A guest joins leagues by invite code, sits and plays like any player, but
    creates no league (unless `BOURRE_GUEST_LEAGUES_PER_DAY` allows); `POST
    /v1/players/me/upgrade` makes it a full account, keeping everything. Keep the refresh
    token: it is the only way back in. A guest not seen for `BOURRE_GUEST_TTL_DAYS` (default
    30) is deleted as an account deletion deletes. No body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionOut]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SessionOut | None:
    """Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password, signed in.

     Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password,
    signed in. A guest joins leagues by invite code, sits and plays like any player, but
    creates no league (unless `BOURRE_GUEST_LEAGUES_PER_DAY` allows); `POST
    /v1/players/me/upgrade` makes it a full account, keeping everything. Keep the refresh
    token: it is the only way back in. A guest not seen for `BOURRE_GUEST_TTL_DAYS` (default
    30) is deleted as an account deletion deletes. No body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionOut
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SessionOut]:
    """Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password, signed in.

     Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password,
    signed in. A guest joins leagues by invite code, sits and plays like any player, but
    creates no league (unless `BOURRE_GUEST_LEAGUES_PER_DAY` allows); `POST
    /v1/players/me/upgrade` makes it a full account, keeping everything. Keep the refresh
    token: it is the only way back in. A guest not seen for `BOURRE_GUEST_TTL_DAYS` (default
    30) is deleted as an account deletion deletes. No body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionOut]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SessionOut | None:
    """Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password, signed in.

     Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password,
    signed in. A guest joins leagues by invite code, sits and plays like any player, but
    creates no league (unless `BOURRE_GUEST_LEAGUES_PER_DAY` allows); `POST
    /v1/players/me/upgrade` makes it a full account, keeping everything. Keep the refresh
    token: it is the only way back in. A guest not seen for `BOURRE_GUEST_TTL_DAYS` (default
    30) is deleted as an account deletion deletes. No body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionOut
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
