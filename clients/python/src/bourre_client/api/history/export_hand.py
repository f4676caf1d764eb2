from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bhh_file import BhhFile
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    table_id: UUID,
    hand_no: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tables/{table_id}/hands/{hand_no}/export".format(
            table_id=quote(str(table_id), safe=""),
            hand_no=quote(str(hand_no), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BhhFile | Problem | None:
    if response.status_code == 200:
        response_200 = BhhFile.from_dict(response.json())

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
) -> Response[BhhFile | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    hand_no: int,
    *,
    client: AuthenticatedClient,
) -> Response[BhhFile | Problem]:
    """A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds and chain
    that prove it.

     A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds
    and chain that prove it. Refused while the hand is in play.

    Args:
        table_id (UUID):
        hand_no (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        hand_no=hand_no,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    hand_no: int,
    *,
    client: AuthenticatedClient,
) -> BhhFile | Problem | None:
    """A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds and chain
    that prove it.

     A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds
    and chain that prove it. Refused while the hand is in play.

    Args:
        table_id (UUID):
        hand_no (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return sync_detailed(
        table_id=table_id,
        hand_no=hand_no,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    hand_no: int,
    *,
    client: AuthenticatedClient,
) -> Response[BhhFile | Problem]:
    """A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds and chain
    that prove it.

     A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds
    and chain that prove it. Refused while the hand is in play.

    Args:
        table_id (UUID):
        hand_no (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BhhFile | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        hand_no=hand_no,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    hand_no: int,
    *,
    client: AuthenticatedClient,
) -> BhhFile | Problem | None:
    """A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds and chain
    that prove it.

     A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds
    and chain that prove it. Refused while the hand is in play.

    Args:
        table_id (UUID):
        hand_no (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BhhFile | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            hand_no=hand_no,
            client=client,
        )
    ).parsed
