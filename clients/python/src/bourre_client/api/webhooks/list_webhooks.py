from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_out import WebhookOut
from ...types import Response


def _get_kwargs(
    league_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leagues/{league_id}/webhooks".format(
            league_id=quote(str(league_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[WebhookOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = WebhookOut.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[Problem | list[WebhookOut]]:
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
) -> Response[Problem | list[WebhookOut]]:
    """The league's webhook endpoints (admins), without their secrets; `active` is false for one whose
    owner is no longer an admin (nothing is sent to it until an admin takes it over or removes it).

     The league's webhook endpoints (admins), without their secrets; `active` is false for
    one whose owner is no longer an admin (nothing is sent to it until an admin takes it
    over or removes it).

    Args:
        league_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[WebhookOut]]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | list[WebhookOut] | None:
    """The league's webhook endpoints (admins), without their secrets; `active` is false for one whose
    owner is no longer an admin (nothing is sent to it until an admin takes it over or removes it).

     The league's webhook endpoints (admins), without their secrets; `active` is false for
    one whose owner is no longer an admin (nothing is sent to it until an admin takes it
    over or removes it).

    Args:
        league_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[WebhookOut]
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | list[WebhookOut]]:
    """The league's webhook endpoints (admins), without their secrets; `active` is false for one whose
    owner is no longer an admin (nothing is sent to it until an admin takes it over or removes it).

     The league's webhook endpoints (admins), without their secrets; `active` is false for
    one whose owner is no longer an admin (nothing is sent to it until an admin takes it
    over or removes it).

    Args:
        league_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[WebhookOut]]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | list[WebhookOut] | None:
    """The league's webhook endpoints (admins), without their secrets; `active` is false for one whose
    owner is no longer an admin (nothing is sent to it until an admin takes it over or removes it).

     The league's webhook endpoints (admins), without their secrets; `active` is false for
    one whose owner is no longer an admin (nothing is sent to it until an admin takes it
    over or removes it).

    Args:
        league_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[WebhookOut]
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
        )
    ).parsed
