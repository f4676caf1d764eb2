from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_event import StreamEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["ticket"] = ticket

    params["chat_after"] = chat_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tables/{table_id}/stream".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamEvent | None:
    if response.status_code == 200:
        response_200 = StreamEvent.from_dict(response.text)

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
) -> Response[Problem | StreamEvent]:
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
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamEvent]:
    """Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` = kind,
    `data:` = the item of the events endpoint), and after each commit's events the caller's view of the
    table (`event: view`, `data:` = the `TableView` that `GET /v1/tables/{table_id}` answers, `id:` =
    its version), so that a client follows the table from the stream alone; and the table's chat
    messages as they are said (`event: chat`, `data:` = the `ChatMessage`, no `id:`), each after the
    event it was said after (the messages after `chat_after`, or those said once the stream is open);
    and when an admin hides a message the stream gave (or, with `chat_after`, one up to it), `event:
    chat_hidden`, `data: {"id": <message id>}`.

     Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` =
    kind, `data:` = the item of the events endpoint), and after each commit's events the
    caller's view of the table (`event: view`, `data:` = the `TableView` that
    `GET /v1/tables/{table_id}` answers, `id:` = its version), so that a client follows the
    table from the stream alone; and the table's chat messages as they are said (`event:
    chat`, `data:` = the `ChatMessage`, no `id:`), each after the event it was said after
    (the messages after `chat_after`, or those said once the stream is open); and when an
    admin hides a message the stream gave (or, with `chat_after`, one up to it),
    `event: chat_hidden`, `data: {"id": <message id>}`. Resumes after `Last-Event-ID`: the missed
    events, then the
    current view. The caller is the bearer token's, or a stream ticket's (`?ticket=`).

    Args:
        table_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEvent]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id=last_event_id,
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
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamEvent | None:
    """Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` = kind,
    `data:` = the item of the events endpoint), and after each commit's events the caller's view of the
    table (`event: view`, `data:` = the `TableView` that `GET /v1/tables/{table_id}` answers, `id:` =
    its version), so that a client follows the table from the stream alone; and the table's chat
    messages as they are said (`event: chat`, `data:` = the `ChatMessage`, no `id:`), each after the
    event it was said after (the messages after `chat_after`, or those said once the stream is open);
    and when an admin hides a message the stream gave (or, with `chat_after`, one up to it), `event:
    chat_hidden`, `data: {"id": <message id>}`.

     Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` =
    kind, `data:` = the item of the events endpoint), and after each commit's events the
    caller's view of the table (`event: view`, `data:` = the `TableView` that
    `GET /v1/tables/{table_id}` answers, `id:` = its version), so that a client follows the
    table from the stream alone; and the table's chat messages as they are said (`event:
    chat`, `data:` = the `ChatMessage`, no `id:`), each after the event it was said after
    (the messages after `chat_after`, or those said once the stream is open); and when an
    admin hides a message the stream gave (or, with `chat_after`, one up to it),
    `event: chat_hidden`, `data: {"id": <message id>}`. Resumes after `Last-Event-ID`: the missed
    events, then the
    current view. The caller is the bearer token's, or a stream ticket's (`?ticket=`).

    Args:
        table_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEvent
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamEvent]:
    """Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` = kind,
    `data:` = the item of the events endpoint), and after each commit's events the caller's view of the
    table (`event: view`, `data:` = the `TableView` that `GET /v1/tables/{table_id}` answers, `id:` =
    its version), so that a client follows the table from the stream alone; and the table's chat
    messages as they are said (`event: chat`, `data:` = the `ChatMessage`, no `id:`), each after the
    event it was said after (the messages after `chat_after`, or those said once the stream is open);
    and when an admin hides a message the stream gave (or, with `chat_after`, one up to it), `event:
    chat_hidden`, `data: {"id": <message id>}`.

     Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` =
    kind, `data:` = the item of the events endpoint), and after each commit's events the
    caller's view of the table (`event: view`, `data:` = the `TableView` that
    `GET /v1/tables/{table_id}` answers, `id:` = its version), so that a client follows the
    table from the stream alone; and the table's chat messages as they are said (`event:
    chat`, `data:` = the `ChatMessage`, no `id:`), each after the event it was said after
    (the messages after `chat_after`, or those said once the stream is open); and when an
    admin hides a message the stream gave (or, with `chat_after`, one up to it),
    `event: chat_hidden`, `data: {"id": <message id>}`. Resumes after `Last-Event-ID`: the missed
    events, then the
    current view. The caller is the bearer token's, or a stream ticket's (`?ticket=`).

    Args:
        table_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEvent]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        ticket=ticket,
        chat_after=chat_after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    chat_after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamEvent | None:
    """Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` = kind,
    `data:` = the item of the events endpoint), and after each commit's events the caller's view of the
    table (`event: view`, `data:` = the `TableView` that `GET /v1/tables/{table_id}` answers, `id:` =
    its version), so that a client follows the table from the stream alone; and the table's chat
    messages as they are said (`event: chat`, `data:` = the `ChatMessage`, no `id:`), each after the
    event it was said after (the messages after `chat_after`, or those said once the stream is open);
    and when an admin hides a message the stream gave (or, with `chat_after`, one up to it), `event:
    chat_hidden`, `data: {"id": <message id>}`.

     Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` =
    kind, `data:` = the item of the events endpoint), and after each commit's events the
    caller's view of the table (`event: view`, `data:` = the `TableView` that
    `GET /v1/tables/{table_id}` answers, `id:` = its version), so that a client follows the
    table from the stream alone; and the table's chat messages as they are said (`event:
    chat`, `data:` = the `ChatMessage`, no `id:`), each after the event it was said after
    (the messages after `chat_after`, or those said once the stream is open); and when an
    admin hides a message the stream gave (or, with `chat_after`, one up to it),
    `event: chat_hidden`, `data: {"id": <message id>}`. Resumes after `Last-Event-ID`: the missed
    events, then the
    current view. The caller is the bearer token's, or a stream ticket's (`?ticket=`).

    Args:
        table_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        chat_after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEvent
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            ticket=ticket,
            chat_after=chat_after,
            last_event_id=last_event_id,
        )
    ).parsed
