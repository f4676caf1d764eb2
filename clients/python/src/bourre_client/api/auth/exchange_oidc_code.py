from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.exchange_in import ExchangeIn
from ...models.exchanged_out import ExchangedOut
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ExchangeIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/oidc/exchange",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ExchangedOut | Problem | None:
    if response.status_code == 200:
        response_200 = ExchangedOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[ExchangedOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ExchangeIn,
) -> Response[ExchangedOut | Problem]:
    """Finish a browser's sign-in with a provider: the `code` it came back with, under the `state` of `POST
    /v1/auth/oidc/authorizations` (used once), exchanged at the provider's token endpoint with the
    browser's PKCE verifier for the ID token (someone who saw only the URL the browser came back to
    cannot).

     Finish a browser's sign-in with a provider: the `code` it came back with, under the
    `state` of `POST /v1/auth/oidc/authorizations` (used once), exchanged at the provider's
    token endpoint with the browser's PKCE verifier for the ID token (someone who saw only
    the URL the browser came back to cannot).

    Args:
        body (ExchangeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExchangedOut | Problem]
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
    client: AuthenticatedClient | Client,
    body: ExchangeIn,
) -> ExchangedOut | Problem | None:
    """Finish a browser's sign-in with a provider: the `code` it came back with, under the `state` of `POST
    /v1/auth/oidc/authorizations` (used once), exchanged at the provider's token endpoint with the
    browser's PKCE verifier for the ID token (someone who saw only the URL the browser came back to
    cannot).

     Finish a browser's sign-in with a provider: the `code` it came back with, under the
    `state` of `POST /v1/auth/oidc/authorizations` (used once), exchanged at the provider's
    token endpoint with the browser's PKCE verifier for the ID token (someone who saw only
    the URL the browser came back to cannot).

    Args:
        body (ExchangeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExchangedOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ExchangeIn,
) -> Response[ExchangedOut | Problem]:
    """Finish a browser's sign-in with a provider: the `code` it came back with, under the `state` of `POST
    /v1/auth/oidc/authorizations` (used once), exchanged at the provider's token endpoint with the
    browser's PKCE verifier for the ID token (someone who saw only the URL the browser came back to
    cannot).

     Finish a browser's sign-in with a provider: the `code` it came back with, under the
    `state` of `POST /v1/auth/oidc/authorizations` (used once), exchanged at the provider's
    token endpoint with the browser's PKCE verifier for the ID token (someone who saw only
    the URL the browser came back to cannot).

    Args:
        body (ExchangeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExchangedOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ExchangeIn,
) -> ExchangedOut | Problem | None:
    """Finish a browser's sign-in with a provider: the `code` it came back with, under the `state` of `POST
    /v1/auth/oidc/authorizations` (used once), exchanged at the provider's token endpoint with the
    browser's PKCE verifier for the ID token (someone who saw only the URL the browser came back to
    cannot).

     Finish a browser's sign-in with a provider: the `code` it came back with, under the
    `state` of `POST /v1/auth/oidc/authorizations` (used once), exchanged at the provider's
    token endpoint with the browser's PKCE verifier for the ID token (someone who saw only
    the URL the browser came back to cannot).

    Args:
        body (ExchangeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExchangedOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
