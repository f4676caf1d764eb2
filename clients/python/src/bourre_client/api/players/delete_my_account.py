from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_deletion import AccountDeletion
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AccountDeletion,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/players/me",
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

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
    body: AccountDeletion,
) -> Response[Any | Problem]:
    """Delete the caller's account.

     Delete the caller's account. Refused while they are dealt into a hand (409
    `hand_in_progress`). Otherwise they stand up from every table, their username and
    credentials are erased and every session of theirs ends. Their chips stay in the
    ledger and their hands in the tables' logs, which still audit: records name them
    "deleted player". The username becomes free.

    Args:
        body (AccountDeletion):

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
    body: AccountDeletion,
) -> Any | Problem | None:
    """Delete the caller's account.

     Delete the caller's account. Refused while they are dealt into a hand (409
    `hand_in_progress`). Otherwise they stand up from every table, their username and
    credentials are erased and every session of theirs ends. Their chips stay in the
    ledger and their hands in the tables' logs, which still audit: records name them
    "deleted player". The username becomes free.

    Args:
        body (AccountDeletion):

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
    body: AccountDeletion,
) -> Response[Any | Problem]:
    """Delete the caller's account.

     Delete the caller's account. Refused while they are dealt into a hand (409
    `hand_in_progress`). Otherwise they stand up from every table, their username and
    credentials are erased and every session of theirs ends. Their chips stay in the
    ledger and their hands in the tables' logs, which still audit: records name them
    "deleted player". The username becomes free.

    Args:
        body (AccountDeletion):

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
    body: AccountDeletion,
) -> Any | Problem | None:
    """Delete the caller's account.

     Delete the caller's account. Refused while they are dealt into a hand (409
    `hand_in_progress`). Otherwise they stand up from every table, their username and
    credentials are erased and every session of theirs ends. Their chips stay in the
    ledger and their hands in the tables' logs, which still audit: records name them
    "deleted player". The username becomes free.

    Args:
        body (AccountDeletion):

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
