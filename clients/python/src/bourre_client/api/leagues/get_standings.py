from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_standings_order import GetStandingsOrder
from ...models.get_standings_sort import GetStandingsSort
from ...models.problem import Problem
from ...models.standings import Standings
from ...types import UNSET, Response, Unset


def _get_kwargs(
    league_id: UUID,
    *,
    season: int | Unset = UNSET,
    sort: GetStandingsSort | Unset = GetStandingsSort.BALANCE,
    order: GetStandingsOrder | Unset = GetStandingsOrder.DESC,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["season"] = season

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leagues/{league_id}/standings".format(
            league_id=quote(str(league_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Standings | None:
    if response.status_code == 200:
        response_200 = Standings.from_dict(response.json())

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
) -> Response[Problem | Standings]:
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
    season: int | Unset = UNSET,
    sort: GetStandingsSort | Unset = GetStandingsSort.BALANCE,
    order: GetStandingsOrder | Unset = GetStandingsOrder.DESC,
) -> Response[Problem | Standings]:
    """Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a Weng-Lin rating, for
    all time or a season.

     Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a
    Weng-Lin rating, for all time or a season.

    Args:
        league_id (UUID):
        season (int | Unset):
        sort (GetStandingsSort | Unset):  Default: GetStandingsSort.BALANCE.
        order (GetStandingsOrder | Unset):  Default: GetStandingsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        season=season,
        sort=sort,
        order=order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    season: int | Unset = UNSET,
    sort: GetStandingsSort | Unset = GetStandingsSort.BALANCE,
    order: GetStandingsOrder | Unset = GetStandingsOrder.DESC,
) -> Problem | Standings | None:
    """Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a Weng-Lin rating, for
    all time or a season.

     Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a
    Weng-Lin rating, for all time or a season.

    Args:
        league_id (UUID):
        season (int | Unset):
        sort (GetStandingsSort | Unset):  Default: GetStandingsSort.BALANCE.
        order (GetStandingsOrder | Unset):  Default: GetStandingsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        season=season,
        sort=sort,
        order=order,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    season: int | Unset = UNSET,
    sort: GetStandingsSort | Unset = GetStandingsSort.BALANCE,
    order: GetStandingsOrder | Unset = GetStandingsOrder.DESC,
) -> Response[Problem | Standings]:
    """Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a Weng-Lin rating, for
    all time or a season.

     Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a
    Weng-Lin rating, for all time or a season.

    Args:
        league_id (UUID):
        season (int | Unset):
        sort (GetStandingsSort | Unset):  Default: GetStandingsSort.BALANCE.
        order (GetStandingsOrder | Unset):  Default: GetStandingsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        season=season,
        sort=sort,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    season: int | Unset = UNSET,
    sort: GetStandingsSort | Unset = GetStandingsSort.BALANCE,
    order: GetStandingsOrder | Unset = GetStandingsOrder.DESC,
) -> Problem | Standings | None:
    """Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a Weng-Lin rating, for
    all time or a season.

     Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a
    Weng-Lin rating, for all time or a season.

    Args:
        league_id (UUID):
        season (int | Unset):
        sort (GetStandingsSort | Unset):  Default: GetStandingsSort.BALANCE.
        order (GetStandingsOrder | Unset):  Default: GetStandingsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            season=season,
            sort=sort,
            order=order,
        )
    ).parsed
