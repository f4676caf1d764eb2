from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.phrases_out import PhrasesOut
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/chat/phrases",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PhrasesOut | None:
    if response.status_code == 200:
        response_200 = PhrasesOut.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PhrasesOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[PhrasesOut]:
    """The catalogue of phrases and emotes every league's tables may say, each a stable `key` with its
    words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a client shows a phrase
    in its reader's language, whoever said it.

     The catalogue of phrases and emotes every league's tables may say, each a stable `key`
    with its words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a
    client shows a phrase in its reader's language, whoever said it. Needs no sign-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PhrasesOut]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> PhrasesOut | None:
    """The catalogue of phrases and emotes every league's tables may say, each a stable `key` with its
    words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a client shows a phrase
    in its reader's language, whoever said it.

     The catalogue of phrases and emotes every league's tables may say, each a stable `key`
    with its words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a
    client shows a phrase in its reader's language, whoever said it. Needs no sign-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PhrasesOut
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[PhrasesOut]:
    """The catalogue of phrases and emotes every league's tables may say, each a stable `key` with its
    words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a client shows a phrase
    in its reader's language, whoever said it.

     The catalogue of phrases and emotes every league's tables may say, each a stable `key`
    with its words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a
    client shows a phrase in its reader's language, whoever said it. Needs no sign-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PhrasesOut]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> PhrasesOut | None:
    """The catalogue of phrases and emotes every league's tables may say, each a stable `key` with its
    words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a client shows a phrase
    in its reader's language, whoever said it.

     The catalogue of phrases and emotes every league's tables may say, each a stable `key`
    with its words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a
    client shows a phrase in its reader's language, whoever said it. Needs no sign-in.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PhrasesOut
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
