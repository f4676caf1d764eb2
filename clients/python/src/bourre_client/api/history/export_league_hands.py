import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bhh_file import BhhFile
from ...models.export_league_hands_order import ExportLeagueHandsOrder
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    league_id: UUID,
    *,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportLeagueHandsOrder | Unset = ExportLeagueHandsOrder.ASC,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["max"] = max_

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leagues/{league_id}/hands/export".format(
            league_id=quote(str(league_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BhhFile | Problem | None:
    if response.status_code == 200:
        response_200 = BhhFile.from_dict(response.content)

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
) -> Response[BhhFile | Problem]:
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
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportLeagueHandsOrder | Unset = ExportLeagueHandsOrder.ASC,
) -> Response[BhhFile | Problem]:
    """The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they ended
    (`order`), within `since` and `until`, at most `max`.

     The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they
    ended (`order`), within `since` and `until`, at most `max`. To members.

    Args:
        league_id (UUID):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportLeagueHandsOrder | Unset): The order of a table's hands: by hand number, up
            or down. Default: ExportLeagueHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        since=since,
        until=until,
        max_=max_,
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
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportLeagueHandsOrder | Unset = ExportLeagueHandsOrder.ASC,
) -> BhhFile | Problem | None:
    """The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they ended
    (`order`), within `since` and `until`, at most `max`.

     The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they
    ended (`order`), within `since` and `until`, at most `max`. To members.

    Args:
        league_id (UUID):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportLeagueHandsOrder | Unset): The order of a table's hands: by hand number, up
            or down. Default: ExportLeagueHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return sync_detailed(
        league_id=league_id,
        client=client,
        since=since,
        until=until,
        max_=max_,
        order=order,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportLeagueHandsOrder | Unset = ExportLeagueHandsOrder.ASC,
) -> Response[BhhFile | Problem]:
    """The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they ended
    (`order`), within `since` and `until`, at most `max`.

     The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they
    ended (`order`), within `since` and `until`, at most `max`. To members.

    Args:
        league_id (UUID):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportLeagueHandsOrder | Unset): The order of a table's hands: by hand number, up
            or down. Default: ExportLeagueHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        since=since,
        until=until,
        max_=max_,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportLeagueHandsOrder | Unset = ExportLeagueHandsOrder.ASC,
) -> BhhFile | Problem | None:
    """The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they ended
    (`order`), within `since` and `until`, at most `max`.

     The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they
    ended (`order`), within `since` and `until`, at most `max`. To members.

    Args:
        league_id (UUID):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportLeagueHandsOrder | Unset): The order of a table's hands: by hand number, up
            or down. Default: ExportLeagueHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            client=client,
            since=since,
            until=until,
            max_=max_,
            order=order,
        )
    ).parsed
