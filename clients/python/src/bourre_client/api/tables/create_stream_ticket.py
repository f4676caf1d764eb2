from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_ticket import StreamTicket
from ...types import Response


def _get_kwargs(
    table_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables/{table_id}/stream-ticket".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamTicket | None:
    if response.status_code == 201:
        response_201 = StreamTicket.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | StreamTicket]:
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
) -> Response[Problem | StreamTicket]:
    """A short-lived ticket for this table's stream, for a browser's `EventSource` (which cannot send
    `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes (reconnects included), and
    the stream lasts as long as the token the ticket was issued for (members only).

     A short-lived ticket for this table's stream, for a browser's `EventSource` (which
    cannot send `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes
    (reconnects included), and the stream lasts as long as the token the ticket was issued
    for (members only).

    Args:
        table_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicket | None:
    """A short-lived ticket for this table's stream, for a browser's `EventSource` (which cannot send
    `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes (reconnects included), and
    the stream lasts as long as the token the ticket was issued for (members only).

     A short-lived ticket for this table's stream, for a browser's `EventSource` (which
    cannot send `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes
    (reconnects included), and the stream lasts as long as the token the ticket was issued
    for (members only).

    Args:
        table_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | StreamTicket]:
    """A short-lived ticket for this table's stream, for a browser's `EventSource` (which cannot send
    `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes (reconnects included), and
    the stream lasts as long as the token the ticket was issued for (members only).

     A short-lived ticket for this table's stream, for a browser's `EventSource` (which
    cannot send `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes
    (reconnects included), and the stream lasts as long as the token the ticket was issued
    for (members only).

    Args:
        table_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicket | None:
    """A short-lived ticket for this table's stream, for a browser's `EventSource` (which cannot send
    `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes (reconnects included), and
    the stream lasts as long as the token the ticket was issued for (members only).

     A short-lived ticket for this table's stream, for a browser's `EventSource` (which
    cannot send `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes
    (reconnects included), and the stream lasts as long as the token the ticket was issued
    for (members only).

    Args:
        table_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
        )
    ).parsed
