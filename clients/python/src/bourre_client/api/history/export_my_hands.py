import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bhh_file import BhhFile
from ...models.export_my_hands_order import ExportMyHandsOrder
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportMyHandsOrder | Unset = ExportMyHandsOrder.ASC,
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
        "url": "/v1/players/me/hands/export",
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
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportMyHandsOrder | Unset = ExportMyHandsOrder.ASC,
) -> Response[BhhFile | Problem]:
    """The finished hands the caller was dealt into, at every table, in BHH, a hand per line (NDJSON),
    streamed in the order they ended (`order`), within `since` and `until`, at most `max`.

     The finished hands the caller was dealt into, at every table, in BHH, a hand per line
    (NDJSON), streamed in the order they ended (`order`), within `since` and `until`, at
    most `max`.

    Args:
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportMyHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ExportMyHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportMyHandsOrder | Unset = ExportMyHandsOrder.ASC,
) -> BhhFile | Problem | None:
    """The finished hands the caller was dealt into, at every table, in BHH, a hand per line (NDJSON),
    streamed in the order they ended (`order`), within `since` and `until`, at most `max`.

     The finished hands the caller was dealt into, at every table, in BHH, a hand per line
    (NDJSON), streamed in the order they ended (`order`), within `since` and `until`, at
    most `max`.

    Args:
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportMyHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ExportMyHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return sync_detailed(
        client=client,
        since=since,
        until=until,
        max_=max_,
        order=order,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportMyHandsOrder | Unset = ExportMyHandsOrder.ASC,
) -> Response[BhhFile | Problem]:
    """The finished hands the caller was dealt into, at every table, in BHH, a hand per line (NDJSON),
    streamed in the order they ended (`order`), within `since` and `until`, at most `max`.

     The finished hands the caller was dealt into, at every table, in BHH, a hand per line
    (NDJSON), streamed in the order they ended (`order`), within `since` and `until`, at
    most `max`.

    Args:
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportMyHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ExportMyHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
        since=since,
        until=until,
        max_=max_,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    order: ExportMyHandsOrder | Unset = ExportMyHandsOrder.ASC,
) -> BhhFile | Problem | None:
    """The finished hands the caller was dealt into, at every table, in BHH, a hand per line (NDJSON),
    streamed in the order they ended (`order`), within `since` and `until`, at most `max`.

     The finished hands the caller was dealt into, at every table, in BHH, a hand per line
    (NDJSON), streamed in the order they ended (`order`), within `since` and `until`, at
    most `max`.

    Args:
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        order (ExportMyHandsOrder | Unset): The order of a table's hands: by hand number, up or
            down. Default: ExportMyHandsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            since=since,
            until=until,
            max_=max_,
            order=order,
        )
    ).parsed
