from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.push_subscription_gone import PushSubscriptionGone
from ...types import Response


def _get_kwargs(
    *,
    body: PushSubscriptionGone,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/players/me/push-subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionGone,
) -> Response[Any | Problem]:
    """Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`): nothing more
    is pushed to it.

     Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`):
    nothing more is pushed to it. 404 `push_subscription_not_found` when the caller has no
    subscription of that endpoint.

    Args:
        body (PushSubscriptionGone): Which subscription to remove: its `endpoint` (the whole
            `PushSubscription` JSON will do:
            its other fields are not read).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    body: PushSubscriptionGone,
) -> Any | Problem | None:
    """Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`): nothing more
    is pushed to it.

     Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`):
    nothing more is pushed to it. 404 `push_subscription_not_found` when the caller has no
    subscription of that endpoint.

    Args:
        body (PushSubscriptionGone): Which subscription to remove: its `endpoint` (the whole
            `PushSubscription` JSON will do:
            its other fields are not read).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionGone,
) -> Response[Any | Problem]:
    """Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`): nothing more
    is pushed to it.

     Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`):
    nothing more is pushed to it. 404 `push_subscription_not_found` when the caller has no
    subscription of that endpoint.

    Args:
        body (PushSubscriptionGone): Which subscription to remove: its `endpoint` (the whole
            `PushSubscription` JSON will do:
            its other fields are not read).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionGone,
) -> Any | Problem | None:
    """Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`): nothing more
    is pushed to it.

     Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`):
    nothing more is pushed to it. 404 `push_subscription_not_found` when the caller has no
    subscription of that endpoint.

    Args:
        body (PushSubscriptionGone): Which subscription to remove: its `endpoint` (the whole
            `PushSubscription` JSON will do:
            its other fields are not read).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
