from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.vapid_key_out import VapidKeyOut
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/push/vapid-public-key",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VapidKeyOut | None:
    if response.status_code == 200:
        response_200 = VapidKeyOut.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | VapidKeyOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VapidKeyOut]:
    """The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`.

     The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`. 404 `push_not_configured` when the server has no VAPID key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VapidKeyOut]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VapidKeyOut | None:
    """The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`.

     The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`. 404 `push_not_configured` when the server has no VAPID key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VapidKeyOut
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VapidKeyOut]:
    """The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`.

     The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`. 404 `push_not_configured` when the server has no VAPID key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VapidKeyOut]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VapidKeyOut | None:
    """The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`.

     The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`. 404 `push_not_configured` when the server has no VAPID key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VapidKeyOut
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
