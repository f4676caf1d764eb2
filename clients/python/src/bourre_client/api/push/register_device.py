from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device_in import DeviceIn
from ...models.device_out import DeviceOut
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: DeviceIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/me/devices",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeviceOut | Problem | None:
    if response.status_code == 201:
        response_201 = DeviceOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[DeviceOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DeviceIn,
) -> Response[DeviceOut | Problem]:
    """Register the app's push token for the caller's session: "your turn", reminders near a deadline, in
    the player's language, reach the device through FCM or APNs.

     Register the app's push token for the caller's session: "your turn", reminders near a
    deadline, in the player's language, reach the device through FCM or APNs. The device
    ends with the session (logout, logout-all, a password change ending others, the
    account's deletion); a token another session registered moves to this one. A player
    keeps their 10 latest devices (registering another drops the oldest), and registers at
    most 20 new ones a day, with their new Web Push subscriptions (429 `quota_exceeded`).

    Args:
        body (DeviceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: DeviceIn,
) -> DeviceOut | Problem | None:
    """Register the app's push token for the caller's session: "your turn", reminders near a deadline, in
    the player's language, reach the device through FCM or APNs.

     Register the app's push token for the caller's session: "your turn", reminders near a
    deadline, in the player's language, reach the device through FCM or APNs. The device
    ends with the session (logout, logout-all, a password change ending others, the
    account's deletion); a token another session registered moves to this one. A player
    keeps their 10 latest devices (registering another drops the oldest), and registers at
    most 20 new ones a day, with their new Web Push subscriptions (429 `quota_exceeded`).

    Args:
        body (DeviceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DeviceIn,
) -> Response[DeviceOut | Problem]:
    """Register the app's push token for the caller's session: "your turn", reminders near a deadline, in
    the player's language, reach the device through FCM or APNs.

     Register the app's push token for the caller's session: "your turn", reminders near a
    deadline, in the player's language, reach the device through FCM or APNs. The device
    ends with the session (logout, logout-all, a password change ending others, the
    account's deletion); a token another session registered moves to this one. A player
    keeps their 10 latest devices (registering another drops the oldest), and registers at
    most 20 new ones a day, with their new Web Push subscriptions (429 `quota_exceeded`).

    Args:
        body (DeviceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: DeviceIn,
) -> DeviceOut | Problem | None:
    """Register the app's push token for the caller's session: "your turn", reminders near a deadline, in
    the player's language, reach the device through FCM or APNs.

     Register the app's push token for the caller's session: "your turn", reminders near a
    deadline, in the player's language, reach the device through FCM or APNs. The device
    ends with the session (logout, logout-all, a password change ending others, the
    account's deletion); a token another session registered moves to this one. A player
    keeps their 10 latest devices (registering another drops the oldest), and registers at
    most 20 new ones a day, with their new Web Push subscriptions (429 `quota_exceeded`).

    Args:
        body (DeviceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
