from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table_view import TableView
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tables/{table_id}".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | TableView | None:
    if response.status_code == 200:
        response_200 = TableView.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | Problem | TableView]:
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
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Problem | TableView]:
    """The table as the caller sees it: own cards only, legal actions, the trick in play.

     The table as the caller sees it: own cards only, legal actions, the trick in play. With
    `If-None-Match` naming its current `ETag`, 304 and no body.

    Args:
        table_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | TableView]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | Problem | TableView | None:
    """The table as the caller sees it: own cards only, legal actions, the trick in play.

     The table as the caller sees it: own cards only, legal actions, the trick in play. With
    `If-None-Match` naming its current `ETag`, 304 and no body.

    Args:
        table_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | TableView
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Problem | TableView]:
    """The table as the caller sees it: own cards only, legal actions, the trick in play.

     The table as the caller sees it: own cards only, legal actions, the trick in play. With
    `If-None-Match` naming its current `ETag`, 304 and no body.

    Args:
        table_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | TableView]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | Problem | TableView | None:
    """The table as the caller sees it: own cards only, legal actions, the trick in play.

     The table as the caller sees it: own cards only, legal actions, the trick in play. With
    `If-None-Match` naming its current `ETag`, 304 and no body.

    Args:
        table_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | TableView
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
