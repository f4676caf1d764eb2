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
    webhook_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/leagues/{league_id}/webhooks/{webhook_id}/take-over".format(
            league_id=quote(str(league_id), safe=""),
            webhook_id=quote(str(webhook_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookOut | None:
    if response.status_code == 200:
        response_200 = WebhookOut.from_dict(response.json())

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
) -> Response[Problem | WebhookOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    league_id: UUID,
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | WebhookOut]:
    """Take over an endpoint whose owner is no longer an admin of the league (admins): the caller owns it
    and it is sent to again, with a new signing secret, in this answer only (the former owner knew the
    old one).

     Take over an endpoint whose owner is no longer an admin of the league (admins): the
    caller owns it and it is sent to again, with a new signing secret, in this answer only
    (the former owner knew the old one). The league's history records it. 409
    `webhook_active` while its owner is still an admin.

    Args:
        league_id (UUID):
        webhook_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        webhook_id=webhook_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | WebhookOut | None:
    """Take over an endpoint whose owner is no longer an admin of the league (admins): the caller owns it
    and it is sent to again, with a new signing secret, in this answer only (the former owner knew the
    old one).

     Take over an endpoint whose owner is no longer an admin of the league (admins): the
    caller owns it and it is sent to again, with a new signing secret, in this answer only
    (the former owner knew the old one). The league's history records it. 409
    `webhook_active` while its owner is still an admin.

    Args:
        league_id (UUID):
        webhook_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return sync_detailed(
        league_id=league_id,
        webhook_id=webhook_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | WebhookOut]:
    """Take over an endpoint whose owner is no longer an admin of the league (admins): the caller owns it
    and it is sent to again, with a new signing secret, in this answer only (the former owner knew the
    old one).

     Take over an endpoint whose owner is no longer an admin of the league (admins): the
    caller owns it and it is sent to again, with a new signing secret, in this answer only
    (the former owner knew the old one). The league's history records it. 409
    `webhook_active` while its owner is still an admin.

    Args:
        league_id (UUID):
        webhook_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        webhook_id=webhook_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | WebhookOut | None:
    """Take over an endpoint whose owner is no longer an admin of the league (admins): the caller owns it
    and it is sent to again, with a new signing secret, in this answer only (the former owner knew the
    old one).

     Take over an endpoint whose owner is no longer an admin of the league (admins): the
    caller owns it and it is sent to again, with a new signing secret, in this answer only
    (the former owner knew the old one). The league's history records it. 409
    `webhook_active` while its owner is still an admin.

    Args:
        league_id (UUID):
        webhook_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            webhook_id=webhook_id,
            client=client,
        )
    ).parsed
