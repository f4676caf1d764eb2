from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.block import Block
from ...models.block_in import BlockIn
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: BlockIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players/me/blocks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Block | Problem | None:
    if response.status_code == 200:
        response_200 = Block.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = Block.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[Block | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BlockIn,
) -> Response[Block | Problem]:
    """Block a player: their free text (at tables, in streams and in the chat's pages) and the names and
    avatar they chose are hidden from the caller from now on; their phrases still show (the game's
    words), and they are not told.

     Block a player: their free text (at tables, in streams and in the chat's pages) and
    the names and avatar they chose are hidden from the caller from now on; their phrases
    still show (the game's words), and they are not told. 201 for a new block, 200 for one
    there already.

    Args:
        body (BlockIn): Whom to block.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Block | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BlockIn,
) -> Block | Problem | None:
    """Block a player: their free text (at tables, in streams and in the chat's pages) and the names and
    avatar they chose are hidden from the caller from now on; their phrases still show (the game's
    words), and they are not told.

     Block a player: their free text (at tables, in streams and in the chat's pages) and
    the names and avatar they chose are hidden from the caller from now on; their phrases
    still show (the game's words), and they are not told. 201 for a new block, 200 for one
    there already.

    Args:
        body (BlockIn): Whom to block.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Block | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BlockIn,
) -> Response[Block | Problem]:
    """Block a player: their free text (at tables, in streams and in the chat's pages) and the names and
    avatar they chose are hidden from the caller from now on; their phrases still show (the game's
    words), and they are not told.

     Block a player: their free text (at tables, in streams and in the chat's pages) and
    the names and avatar they chose are hidden from the caller from now on; their phrases
    still show (the game's words), and they are not told. 201 for a new block, 200 for one
    there already.

    Args:
        body (BlockIn): Whom to block.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Block | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BlockIn,
) -> Block | Problem | None:
    """Block a player: their free text (at tables, in streams and in the chat's pages) and the names and
    avatar they chose are hidden from the caller from now on; their phrases still show (the game's
    words), and they are not told.

     Block a player: their free text (at tables, in streams and in the chat's pages) and
    the names and avatar they chose are hidden from the caller from now on; their phrases
    still show (the game's words), and they are not told. 201 for a new block, 200 for one
    there already.

    Args:
        body (BlockIn): Whom to block.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Block | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
