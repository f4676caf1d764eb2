from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.notification_settings import NotificationSettings
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/me/notification-settings",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NotificationSettings | Problem | None:
    if response.status_code == 200:
        response_200 = NotificationSettings.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[NotificationSettings | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[NotificationSettings | Problem]:
    """The caller's notification settings: what their browsers (Web Push) and devices (FCM, APNs) are
    pushed, and their quiet hours.

     The caller's notification settings: what their browsers (Web Push) and devices (FCM,
    APNs) are pushed, and their quiet hours. Until they choose: turns and reminders on both
    channels, hands' ends on neither, quiet from 22:00 to 08:00 in the profile's time zone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> NotificationSettings | Problem | None:
    """The caller's notification settings: what their browsers (Web Push) and devices (FCM, APNs) are
    pushed, and their quiet hours.

     The caller's notification settings: what their browsers (Web Push) and devices (FCM,
    APNs) are pushed, and their quiet hours. Until they choose: turns and reminders on both
    channels, hands' ends on neither, quiet from 22:00 to 08:00 in the profile's time zone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[NotificationSettings | Problem]:
    """The caller's notification settings: what their browsers (Web Push) and devices (FCM, APNs) are
    pushed, and their quiet hours.

     The caller's notification settings: what their browsers (Web Push) and devices (FCM,
    APNs) are pushed, and their quiet hours. Until they choose: turns and reminders on both
    channels, hands' ends on neither, quiet from 22:00 to 08:00 in the profile's time zone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> NotificationSettings | Problem | None:
    """The caller's notification settings: what their browsers (Web Push) and devices (FCM, APNs) are
    pushed, and their quiet hours.

     The caller's notification settings: what their browsers (Web Push) and devices (FCM,
    APNs) are pushed, and their quiet hours. Until they choose: turns and reminders on both
    channels, hands' ends on neither, quiet from 22:00 to 08:00 in the profile's time zone.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
