from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.consistency_out import ConsistencyOut
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    from_: int,
    to: int,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log/consistency",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConsistencyOut | Problem | None:
    if response.status_code == 200:
        response_200 = ConsistencyOut.from_dict(response.json())

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
) -> Response[ConsistencyOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: int,
    to: int,
) -> Response[ConsistencyOut | Problem]:
    """The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4): what a client
    that kept an older checkpoint checks a newer one with.

     The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4):
    what a client that kept an older checkpoint checks a newer one with.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsistencyOut | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    from_: int,
    to: int,
) -> ConsistencyOut | Problem | None:
    """The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4): what a client
    that kept an older checkpoint checks a newer one with.

     The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4):
    what a client that kept an older checkpoint checks a newer one with.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsistencyOut | Problem
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: int,
    to: int,
) -> Response[ConsistencyOut | Problem]:
    """The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4): what a client
    that kept an older checkpoint checks a newer one with.

     The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4):
    what a client that kept an older checkpoint checks a newer one with.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsistencyOut | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    from_: int,
    to: int,
) -> ConsistencyOut | Problem | None:
    """The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4): what a client
    that kept an older checkpoint checks a newer one with.

     The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4):
    what a client that kept an older checkpoint checks a newer one with.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsistencyOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
