from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...models.webhook_out import WebhookOut
from ...types import Response


def _get_kwargs(
    league_id: UUID,
    *,
    body: NewWebhook,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/leagues/{league_id}/webhooks".format(
            league_id=quote(str(league_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookOut | None:
    if response.status_code == 201:
        response_201 = WebhookOut.from_dict(response.json())

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
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[Problem | WebhookOut]:
    """Add a webhook endpoint to the league (admins).

     Add a webhook endpoint to the league (admins). Its signing secret is in this answer
    only: deliveries follow Standard Webhooks (`webhook-id`, `webhook-timestamp`,
    `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). A league has at
    most 10 (422 `invalid_webhook` beyond, however many are added at once). The caller owns
    it: it is sent to while they are an admin of the league.

    Args:
        league_id (UUID):
        body (NewWebhook): A new endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Problem | WebhookOut | None:
    """Add a webhook endpoint to the league (admins).

     Add a webhook endpoint to the league (admins). Its signing secret is in this answer
    only: deliveries follow Standard Webhooks (`webhook-id`, `webhook-timestamp`,
    `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). A league has at
    most 10 (422 `invalid_webhook` beyond, however many are added at once). The caller owns
    it: it is sent to while they are an admin of the league.

    Args:
        league_id (UUID):
        body (NewWebhook): A new endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[Problem | WebhookOut]:
    """Add a webhook endpoint to the league (admins).

     Add a webhook endpoint to the league (admins). Its signing secret is in this answer
    only: deliveries follow Standard Webhooks (`webhook-id`, `webhook-timestamp`,
    `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). A league has at
    most 10 (422 `invalid_webhook` beyond, however many are added at once). The caller owns
    it: it is sent to while they are an admin of the league.

    Args:
        league_id (UUID):
        body (NewWebhook): A new endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Problem | WebhookOut | None:
    """Add a webhook endpoint to the league (admins).

     Add a webhook endpoint to the league (admins). Its signing secret is in this answer
    only: deliveries follow Standard Webhooks (`webhook-id`, `webhook-timestamp`,
    `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). A league has at
    most 10 (422 `invalid_webhook` beyond, however many are added at once). The caller owns
    it: it is sent to while they are an admin of the league.

    Args:
        league_id (UUID):
        body (NewWebhook): A new endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            body=body,
        )
    ).parsed
