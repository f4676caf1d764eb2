from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.me import Me
from ...models.problem import Problem
from ...models.profile_change import ProfileChange
from ...types import Response


def _get_kwargs(
    *,
    body: ProfileChange,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/players/me",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Me | Problem | None:
    if response.status_code == 200:
        response_200 = Me.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Me | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ProfileChange,
) -> Response[Me | Problem]:
    """Change the caller's profile: each field sent is set (null clears it), each field left out stays as
    it is.

     Change the caller's profile: each field sent is set (null clears it), each field left out
    stays as it is. The whole change is checked before any of it is made. A new display name
    or avatar shows at the caller's tables, in standings and in notifications from then on.

    Args:
        body (ProfileChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Me | Problem]
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
    body: ProfileChange,
) -> Me | Problem | None:
    """Change the caller's profile: each field sent is set (null clears it), each field left out stays as
    it is.

     Change the caller's profile: each field sent is set (null clears it), each field left out
    stays as it is. The whole change is checked before any of it is made. A new display name
    or avatar shows at the caller's tables, in standings and in notifications from then on.

    Args:
        body (ProfileChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Me | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ProfileChange,
) -> Response[Me | Problem]:
    """Change the caller's profile: each field sent is set (null clears it), each field left out stays as
    it is.

     Change the caller's profile: each field sent is set (null clears it), each field left out
    stays as it is. The whole change is checked before any of it is made. A new display name
    or avatar shows at the caller's tables, in standings and in notifications from then on.

    Args:
        body (ProfileChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Me | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ProfileChange,
) -> Me | Problem | None:
    """Change the caller's profile: each field sent is set (null clears it), each field left out stays as
    it is.

     Change the caller's profile: each field sent is set (null clears it), each field left out
    stays as it is. The whole change is checked before any of it is made. A new display name
    or avatar shows at the caller's tables, in standings and in notifications from then on.

    Args:
        body (ProfileChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Me | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
