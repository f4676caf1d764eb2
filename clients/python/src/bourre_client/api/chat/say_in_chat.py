from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat_in import ChatIn
from ...models.chat_message import ChatMessage
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    table_id: UUID,
    *,
    body: ChatIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables/{table_id}/chat".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatMessage | Problem | None:
    if response.status_code == 201:
        response_201 = ChatMessage.from_dict(response.json())

        return response_201

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

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
) -> Response[ChatMessage | Problem]:
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
    body: ChatIn,
) -> Response[ChatMessage | Problem]:
    """Say something at the table (its seated players): a phrase of the catalogue, or free text where the
    league's `chat` is `text`.

     Say something at the table (its seated players): a phrase of the catalogue, or free
    text where the league's `chat` is `text`. The table's members read it with `GET
    .../chat`; it never enters the table's event log or its audit. 403 `chat_not_allowed` when the
    league's chat
    is `off`, or is `phrases` and this is text; 429 `chat_too_fast` beyond 5 messages in 10
    seconds.

    Args:
        table_id (UUID):
        body (ChatIn): What to say: exactly one of a phrase and free text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatMessage | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ChatIn,
) -> ChatMessage | Problem | None:
    """Say something at the table (its seated players): a phrase of the catalogue, or free text where the
    league's `chat` is `text`.

     Say something at the table (its seated players): a phrase of the catalogue, or free
    text where the league's `chat` is `text`. The table's members read it with `GET
    .../chat`; it never enters the table's event log or its audit. 403 `chat_not_allowed` when the
    league's chat
    is `off`, or is `phrases` and this is text; 429 `chat_too_fast` beyond 5 messages in 10
    seconds.

    Args:
        table_id (UUID):
        body (ChatIn): What to say: exactly one of a phrase and free text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatMessage | Problem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ChatIn,
) -> Response[ChatMessage | Problem]:
    """Say something at the table (its seated players): a phrase of the catalogue, or free text where the
    league's `chat` is `text`.

     Say something at the table (its seated players): a phrase of the catalogue, or free
    text where the league's `chat` is `text`. The table's members read it with `GET
    .../chat`; it never enters the table's event log or its audit. 403 `chat_not_allowed` when the
    league's chat
    is `off`, or is `phrases` and this is text; 429 `chat_too_fast` beyond 5 messages in 10
    seconds.

    Args:
        table_id (UUID):
        body (ChatIn): What to say: exactly one of a phrase and free text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatMessage | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ChatIn,
) -> ChatMessage | Problem | None:
    """Say something at the table (its seated players): a phrase of the catalogue, or free text where the
    league's `chat` is `text`.

     Say something at the table (its seated players): a phrase of the catalogue, or free
    text where the league's `chat` is `text`. The table's members read it with `GET
    .../chat`; it never enters the table's event log or its audit. 403 `chat_not_allowed` when the
    league's chat
    is `off`, or is `phrases` and this is text; 429 `chat_too_fast` beyond 5 messages in 10
    seconds.

    Args:
        table_id (UUID):
        body (ChatIn): What to say: exactly one of a phrase and free text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatMessage | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
        )
    ).parsed
