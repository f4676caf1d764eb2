from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hand_page import HandPage
from ...models.list_table_hands_order import ListTableHandsOrder
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    order: ListTableHandsOrder | Unset = ListTableHandsOrder.ASC,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tables/{table_id}/hands".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HandPage | Problem | None:
    if response.status_code == 200:
        response_200 = HandPage.from_dict(response.json())

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
) -> Response[HandPage | Problem]:
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
    limit: int | Unset = UNSET,
    order: ListTableHandsOrder | Unset = ListTableHandsOrder.ASC,
) -> Response[HandPage | Problem]:
    """Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page at a time.

     Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page
    at a time.

    Args:
        table_id (UUID):
        after (int | Unset):
        limit (int | Unset):
        order (ListTableHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ListTableHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandPage | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        limit=limit,
        order=order,
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
    limit: int | Unset = UNSET,
    order: ListTableHandsOrder | Unset = ListTableHandsOrder.ASC,
) -> HandPage | Problem | None:
    """Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page at a time.

     Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page
    at a time.

    Args:
        table_id (UUID):
        after (int | Unset):
        limit (int | Unset):
        order (ListTableHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ListTableHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandPage | Problem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        limit=limit,
        order=order,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    order: ListTableHandsOrder | Unset = ListTableHandsOrder.ASC,
) -> Response[HandPage | Problem]:
    """Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page at a time.

     Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page
    at a time.

    Args:
        table_id (UUID):
        after (int | Unset):
        limit (int | Unset):
        order (ListTableHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ListTableHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandPage | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        limit=limit,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    order: ListTableHandsOrder | Unset = ListTableHandsOrder.ASC,
) -> HandPage | Problem | None:
    """Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page at a time.

     Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page
    at a time.

    Args:
        table_id (UUID):
        after (int | Unset):
        limit (int | Unset):
        order (ListTableHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ListTableHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandPage | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            limit=limit,
            order=order,
        )
    ).parsed
