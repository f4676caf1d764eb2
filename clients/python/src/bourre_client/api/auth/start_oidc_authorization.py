from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.authorization_in import AuthorizationIn
from ...models.authorization_out import AuthorizationOut
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AuthorizationIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/oidc/authorizations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuthorizationOut | Problem | None:
    if response.status_code == 201:
        response_201 = AuthorizationOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[AuthorizationOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AuthorizationIn,
) -> Response[AuthorizationOut | Problem]:
    """Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE through the
    server (the provider's own JavaScript is not needed): the browser makes a verifier and sends its
    challenge; the server keeps the state and the nonce for ten minutes; the browser goes to
    `authorization_url`, comes back to `redirect_uri` with `code` and `state`, and `POST
    /v1/auth/oidc/exchange` with the verifier turns them into the ID token.

     Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE
    through the server (the provider's own JavaScript is not needed): the browser makes a
    verifier and sends its challenge; the server keeps the state and the nonce for ten
    minutes; the browser goes to `authorization_url`, comes back to `redirect_uri` with
    `code` and `state`, and `POST /v1/auth/oidc/exchange` with the verifier turns them into
    the ID token. At most 60 an hour from one client address.

    Args:
        body (AuthorizationIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizationOut | Problem]
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
    body: AuthorizationIn,
) -> AuthorizationOut | Problem | None:
    """Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE through the
    server (the provider's own JavaScript is not needed): the browser makes a verifier and sends its
    challenge; the server keeps the state and the nonce for ten minutes; the browser goes to
    `authorization_url`, comes back to `redirect_uri` with `code` and `state`, and `POST
    /v1/auth/oidc/exchange` with the verifier turns them into the ID token.

     Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE
    through the server (the provider's own JavaScript is not needed): the browser makes a
    verifier and sends its challenge; the server keeps the state and the nonce for ten
    minutes; the browser goes to `authorization_url`, comes back to `redirect_uri` with
    `code` and `state`, and `POST /v1/auth/oidc/exchange` with the verifier turns them into
    the ID token. At most 60 an hour from one client address.

    Args:
        body (AuthorizationIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizationOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AuthorizationIn,
) -> Response[AuthorizationOut | Problem]:
    """Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE through the
    server (the provider's own JavaScript is not needed): the browser makes a verifier and sends its
    challenge; the server keeps the state and the nonce for ten minutes; the browser goes to
    `authorization_url`, comes back to `redirect_uri` with `code` and `state`, and `POST
    /v1/auth/oidc/exchange` with the verifier turns them into the ID token.

     Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE
    through the server (the provider's own JavaScript is not needed): the browser makes a
    verifier and sends its challenge; the server keeps the state and the nonce for ten
    minutes; the browser goes to `authorization_url`, comes back to `redirect_uri` with
    `code` and `state`, and `POST /v1/auth/oidc/exchange` with the verifier turns them into
    the ID token. At most 60 an hour from one client address.

    Args:
        body (AuthorizationIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizationOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AuthorizationIn,
) -> AuthorizationOut | Problem | None:
    """Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE through the
    server (the provider's own JavaScript is not needed): the browser makes a verifier and sends its
    challenge; the server keeps the state and the nonce for ten minutes; the browser goes to
    `authorization_url`, comes back to `redirect_uri` with `code` and `state`, and `POST
    /v1/auth/oidc/exchange` with the verifier turns them into the ID token.

     Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE
    through the server (the provider's own JavaScript is not needed): the browser makes a
    verifier and sends its challenge; the server keeps the state and the nonce for ten
    minutes; the browser goes to `authorization_url`, comes back to `redirect_uri` with
    `code` and `state`, and `POST /v1/auth/oidc/exchange` with the verifier turns them into
    the ID token. At most 60 an hour from one client address.

    Args:
        body (AuthorizationIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizationOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
