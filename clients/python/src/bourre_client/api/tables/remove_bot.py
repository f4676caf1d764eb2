from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table_view import TableView
from ...types import Response


def _get_kwargs(
    table_id: UUID,
    seat: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/tables/{table_id}/bots/{seat}".format(
            table_id=quote(str(table_id), safe=""),
            seat=quote(str(seat), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TableView | None:
    if response.status_code == 200:
        response_200 = TableView.from_dict(response.json())

        return response_200

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
) -> Response[Problem | TableView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    seat: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TableView]:
    """Stand a bot up (the table's creator or a league admin), between the hands it is dealt into; its
    chips go back to the league's treasury.

     Stand a bot up (the table's creator or a league admin), between the hands it is dealt
    into; its chips go back to the league's treasury. Returns the caller's view.

    Args:
        table_id (UUID):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableView]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        seat=seat,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    seat: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TableView | None:
    """Stand a bot up (the table's creator or a league admin), between the hands it is dealt into; its
    chips go back to the league's treasury.

     Stand a bot up (the table's creator or a league admin), between the hands it is dealt
    into; its chips go back to the league's treasury. Returns the caller's view.

    Args:
        table_id (UUID):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableView
    """

    return sync_detailed(
        table_id=table_id,
        seat=seat,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    seat: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TableView]:
    """Stand a bot up (the table's creator or a league admin), between the hands it is dealt into; its
    chips go back to the league's treasury.

     Stand a bot up (the table's creator or a league admin), between the hands it is dealt
    into; its chips go back to the league's treasury. Returns the caller's view.

    Args:
        table_id (UUID):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableView]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        seat=seat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    seat: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TableView | None:
    """Stand a bot up (the table's creator or a league admin), between the hands it is dealt into; its
    chips go back to the league's treasury.

     Stand a bot up (the table's creator or a league admin), between the hands it is dealt
    into; its chips go back to the league's treasury. Returns the caller's view.

    Args:
        table_id (UUID):
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableView
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            seat=seat,
            client=client,
        )
    ).parsed
