from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_in import EmailIn
from ...models.email_out import EmailOut
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: EmailIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/players/me/email",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EmailOut | Problem | None:
    if response.status_code == 202:
        response_202 = EmailOut.from_dict(response.json())

        return response_202

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
) -> Response[EmailOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailIn,
) -> Response[EmailOut | Problem]:
    """Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15 minutes,
    once); `POST /v1/players/me/email/verify` confirms it.

     Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15
    minutes, once); `POST /v1/players/me/email/verify` confirms it. At most
    `BOURRE_MAIL_PER_HOUR` (default 5) codes an hour to one account and to one address.

    Args:
        body (EmailIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailOut | Problem]
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
    body: EmailIn,
) -> EmailOut | Problem | None:
    """Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15 minutes,
    once); `POST /v1/players/me/email/verify` confirms it.

     Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15
    minutes, once); `POST /v1/players/me/email/verify` confirms it. At most
    `BOURRE_MAIL_PER_HOUR` (default 5) codes an hour to one account and to one address.

    Args:
        body (EmailIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailIn,
) -> Response[EmailOut | Problem]:
    """Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15 minutes,
    once); `POST /v1/players/me/email/verify` confirms it.

     Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15
    minutes, once); `POST /v1/players/me/email/verify` confirms it. At most
    `BOURRE_MAIL_PER_HOUR` (default 5) codes an hour to one account and to one address.

    Args:
        body (EmailIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EmailIn,
) -> EmailOut | Problem | None:
    """Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15 minutes,
    once); `POST /v1/players/me/email/verify` confirms it.

     Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15
    minutes, once); `POST /v1/players/me/email/verify` confirms it. At most
    `BOURRE_MAIL_PER_HOUR` (default 5) codes an hour to one account and to one address.

    Args:
        body (EmailIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
