from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.updates import Updates
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    chat_after: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params["limit"] = limit

    params["chat_after"] = chat_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tables/{table_id}/updates".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Updates | None:
    if response.status_code == 200:
        response_200 = Updates.from_dict(response.json())

        return response_200

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
) -> Response[Problem | Updates]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    chat_after: int | Unset = UNSET,
) -> Response[Problem | Updates]:
    """A long-poll that follows a table without refetching it: the caller's events after `after` (waiting
    up to `wait` seconds when there is none, as `GET .../events`) and, when they reach the table's
    version, the caller's view of the table after them (as `GET /v1/tables/{table_id}`); with
    `chat_after`, also the table's chat messages said since (it then waits for either).

     A long-poll that follows a table without refetching it: the caller's events after
    `after` (waiting up to `wait` seconds when there is none, as `GET .../events`) and,
    when they reach the table's version, the caller's view of the table after them (as
    `GET /v1/tables/{table_id}`); with `chat_after`, also the table's chat messages said
    since (it then waits for either). Ask again with `after` = the last event's seq and
    `chat_after` = the last message's id.

    Args:
        table_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        limit (int | Unset):
        chat_after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Updates]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        wait=wait,
        limit=limit,
        chat_after=chat_after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    chat_after: int | Unset = UNSET,
) -> Problem | Updates | None:
    """A long-poll that follows a table without refetching it: the caller's events after `after` (waiting
    up to `wait` seconds when there is none, as `GET .../events`) and, when they reach the table's
    version, the caller's view of the table after them (as `GET /v1/tables/{table_id}`); with
    `chat_after`, also the table's chat messages said since (it then waits for either).

     A long-poll that follows a table without refetching it: the caller's events after
    `after` (waiting up to `wait` seconds when there is none, as `GET .../events`) and,
    when they reach the table's version, the caller's view of the table after them (as
    `GET /v1/tables/{table_id}`); with `chat_after`, also the table's chat messages said
    since (it then waits for either). Ask again with `after` = the last event's seq and
    `chat_after` = the last message's id.

    Args:
        table_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        limit (int | Unset):
        chat_after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Updates
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        wait=wait,
        limit=limit,
        chat_after=chat_after,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    chat_after: int | Unset = UNSET,
) -> Response[Problem | Updates]:
    """A long-poll that follows a table without refetching it: the caller's events after `after` (waiting
    up to `wait` seconds when there is none, as `GET .../events`) and, when they reach the table's
    version, the caller's view of the table after them (as `GET /v1/tables/{table_id}`); with
    `chat_after`, also the table's chat messages said since (it then waits for either).

     A long-poll that follows a table without refetching it: the caller's events after
    `after` (waiting up to `wait` seconds when there is none, as `GET .../events`) and,
    when they reach the table's version, the caller's view of the table after them (as
    `GET /v1/tables/{table_id}`); with `chat_after`, also the table's chat messages said
    since (it then waits for either). Ask again with `after` = the last event's seq and
    `chat_after` = the last message's id.

    Args:
        table_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        limit (int | Unset):
        chat_after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Updates]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        wait=wait,
        limit=limit,
        chat_after=chat_after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    chat_after: int | Unset = UNSET,
) -> Problem | Updates | None:
    """A long-poll that follows a table without refetching it: the caller's events after `after` (waiting
    up to `wait` seconds when there is none, as `GET .../events`) and, when they reach the table's
    version, the caller's view of the table after them (as `GET /v1/tables/{table_id}`); with
    `chat_after`, also the table's chat messages said since (it then waits for either).

     A long-poll that follows a table without refetching it: the caller's events after
    `after` (waiting up to `wait` seconds when there is none, as `GET .../events`) and,
    when they reach the table's version, the caller's view of the table after them (as
    `GET /v1/tables/{table_id}`); with `chat_after`, also the table's chat messages said
    since (it then waits for either). Ask again with `after` = the last event's seq and
    `chat_after` = the last message's id.

    Args:
        table_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        limit (int | Unset):
        chat_after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Updates
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            wait=wait,
            limit=limit,
            chat_after=chat_after,
        )
    ).parsed
