from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.push_subscription_in import PushSubscriptionIn
from ...models.push_subscription_out import PushSubscriptionOut
from ...types import Response


def _get_kwargs(
    *,
    body: PushSubscriptionIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/me/push-subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | PushSubscriptionOut | None:
    if response.status_code == 201:
        response_201 = PushSubscriptionOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | PushSubscriptionOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionIn,
) -> Response[Problem | PushSubscriptionOut]:
    """Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they are to act at a
    table they are not watching (no stream or long-poll open on it, on any server process, for about 10
    s), and `turn.reminder` before a deadline, always.

     Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they
    are to act at a table they are not watching (no stream or long-poll open on it, on any
    server process, for about 10 s), and `turn.reminder` before a deadline, always. The
    message (RFC 8291 `aes128gcm`, VAPID-signed) is JSON: `type`, `title`, `body`, `url`
    (the table's page), `table_id`, `league_id`, `hand_no`, `deadline`, `timestamp`.
    The subscription belongs to the session of the request and ends with it (a logout, a
    password change, `logout {"all": true}`, the session's expiry). Subscribing an endpoint
    of the caller's again replaces it; another player's endpoint moves to the caller only
    when the request carries that subscription's own keys (409 `push_endpoint_taken`
    otherwise). A player keeps their 10 latest, and subscribes at most 20 new endpoints a
    day, with their new devices (429 `quota_exceeded`). 404 `push_not_configured` when the
    server has no VAPID key.

    Args:
        body (PushSubscriptionIn): A browser's `PushSubscription`, as
            `JSON.stringify(subscription)` gives it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushSubscriptionOut]
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
    body: PushSubscriptionIn,
) -> Problem | PushSubscriptionOut | None:
    """Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they are to act at a
    table they are not watching (no stream or long-poll open on it, on any server process, for about 10
    s), and `turn.reminder` before a deadline, always.

     Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they
    are to act at a table they are not watching (no stream or long-poll open on it, on any
    server process, for about 10 s), and `turn.reminder` before a deadline, always. The
    message (RFC 8291 `aes128gcm`, VAPID-signed) is JSON: `type`, `title`, `body`, `url`
    (the table's page), `table_id`, `league_id`, `hand_no`, `deadline`, `timestamp`.
    The subscription belongs to the session of the request and ends with it (a logout, a
    password change, `logout {"all": true}`, the session's expiry). Subscribing an endpoint
    of the caller's again replaces it; another player's endpoint moves to the caller only
    when the request carries that subscription's own keys (409 `push_endpoint_taken`
    otherwise). A player keeps their 10 latest, and subscribes at most 20 new endpoints a
    day, with their new devices (429 `quota_exceeded`). 404 `push_not_configured` when the
    server has no VAPID key.

    Args:
        body (PushSubscriptionIn): A browser's `PushSubscription`, as
            `JSON.stringify(subscription)` gives it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushSubscriptionOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionIn,
) -> Response[Problem | PushSubscriptionOut]:
    """Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they are to act at a
    table they are not watching (no stream or long-poll open on it, on any server process, for about 10
    s), and `turn.reminder` before a deadline, always.

     Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they
    are to act at a table they are not watching (no stream or long-poll open on it, on any
    server process, for about 10 s), and `turn.reminder` before a deadline, always. The
    message (RFC 8291 `aes128gcm`, VAPID-signed) is JSON: `type`, `title`, `body`, `url`
    (the table's page), `table_id`, `league_id`, `hand_no`, `deadline`, `timestamp`.
    The subscription belongs to the session of the request and ends with it (a logout, a
    password change, `logout {"all": true}`, the session's expiry). Subscribing an endpoint
    of the caller's again replaces it; another player's endpoint moves to the caller only
    when the request carries that subscription's own keys (409 `push_endpoint_taken`
    otherwise). A player keeps their 10 latest, and subscribes at most 20 new endpoints a
    day, with their new devices (429 `quota_exceeded`). 404 `push_not_configured` when the
    server has no VAPID key.

    Args:
        body (PushSubscriptionIn): A browser's `PushSubscription`, as
            `JSON.stringify(subscription)` gives it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushSubscriptionOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionIn,
) -> Problem | PushSubscriptionOut | None:
    """Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they are to act at a
    table they are not watching (no stream or long-poll open on it, on any server process, for about 10
    s), and `turn.reminder` before a deadline, always.

     Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they
    are to act at a table they are not watching (no stream or long-poll open on it, on any
    server process, for about 10 s), and `turn.reminder` before a deadline, always. The
    message (RFC 8291 `aes128gcm`, VAPID-signed) is JSON: `type`, `title`, `body`, `url`
    (the table's page), `table_id`, `league_id`, `hand_no`, `deadline`, `timestamp`.
    The subscription belongs to the session of the request and ends with it (a logout, a
    password change, `logout {"all": true}`, the session's expiry). Subscribing an endpoint
    of the caller's again replaces it; another player's endpoint moves to the caller only
    when the request carries that subscription's own keys (409 `push_endpoint_taken`
    otherwise). A player keeps their 10 latest, and subscribes at most 20 new endpoints a
    day, with their new devices (429 `quota_exceeded`). 404 `push_not_configured` when the
    server has no VAPID key.

    Args:
        body (PushSubscriptionIn): A browser's `PushSubscription`, as
            `JSON.stringify(subscription)` gives it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushSubscriptionOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
