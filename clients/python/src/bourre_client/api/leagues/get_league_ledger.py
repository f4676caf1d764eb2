from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ledger_page import LedgerPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    league_id: UUID,
    *,
    after: int | Unset = UNSET,
    order: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    player_id: UUID | Unset = UNSET,
    table_id: UUID | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["order"] = order

    params["limit"] = limit

    json_player_id: str | Unset = UNSET
    if not isinstance(player_id, Unset):
        json_player_id = str(player_id)
    params["player_id"] = json_player_id

    json_table_id: str | Unset = UNSET
    if not isinstance(table_id, Unset):
        json_table_id = str(table_id)
    params["table_id"] = json_table_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leagues/{league_id}/ledger".format(
            league_id=quote(str(league_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LedgerPage | Problem | None:
    if response.status_code == 200:
        response_200 = LedgerPage.from_dict(response.json())

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
) -> Response[LedgerPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    order: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    player_id: UUID | Unset = UNSET,
    table_id: UUID | Unset = UNSET,
) -> Response[LedgerPage | Problem]:
    """The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged; each entry
    names the table, hand and event that caused it.

     The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged;
    each entry names the table, hand and event that caused it.

    Args:
        league_id (UUID):
        after (int | Unset):
        order (str | Unset):
        limit (int | Unset):
        player_id (UUID | Unset):
        table_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerPage | Problem]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        after=after,
        order=order,
        limit=limit,
        player_id=player_id,
        table_id=table_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    order: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    player_id: UUID | Unset = UNSET,
    table_id: UUID | Unset = UNSET,
) -> LedgerPage | Problem | None:
    """The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged; each entry
    names the table, hand and event that caused it.

     The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged;
    each entry names the table, hand and event that caused it.

    Args:
        league_id (UUID):
        after (int | Unset):
        order (str | Unset):
        limit (int | Unset):
        player_id (UUID | Unset):
        table_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerPage | Problem
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        after=after,
        order=order,
        limit=limit,
        player_id=player_id,
        table_id=table_id,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    order: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    player_id: UUID | Unset = UNSET,
    table_id: UUID | Unset = UNSET,
) -> Response[LedgerPage | Problem]:
    """The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged; each entry
    names the table, hand and event that caused it.

     The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged;
    each entry names the table, hand and event that caused it.

    Args:
        league_id (UUID):
        after (int | Unset):
        order (str | Unset):
        limit (int | Unset):
        player_id (UUID | Unset):
        table_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerPage | Problem]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        after=after,
        order=order,
        limit=limit,
        player_id=player_id,
        table_id=table_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    order: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    player_id: UUID | Unset = UNSET,
    table_id: UUID | Unset = UNSET,
) -> LedgerPage | Problem | None:
    """The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged; each entry
    names the table, hand and event that caused it.

     The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged;
    each entry names the table, hand and event that caused it.

    Args:
        league_id (UUID):
        after (int | Unset):
        order (str | Unset):
        limit (int | Unset):
        player_id (UUID | Unset):
        table_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerPage | Problem
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            after=after,
            order=order,
            limit=limit,
            player_id=player_id,
            table_id=table_id,
        )
    ).parsed
