from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invite import Invite
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    code: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/invites/{code}".format(
            code=quote(str(code), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Invite | Problem | None:
    if response.status_code == 200:
        response_200 = Invite.from_dict(response.json())

        return response_200

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Invite | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Invite | Problem]:
    """What an invite code opens: the league's name, who invited, and whether joining makes a member or a
    request.

     What an invite code opens: the league's name, who invited, and whether joining makes a
    member or a request. Needs no sign-in (an invite link's page shows it before), and
    counts in the same hourly limit per address as joins. A code no league has, expired or
    used up is 403 `wrong_invite_code`.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invite | Problem]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Invite | Problem | None:
    """What an invite code opens: the league's name, who invited, and whether joining makes a member or a
    request.

     What an invite code opens: the league's name, who invited, and whether joining makes a
    member or a request. Needs no sign-in (an invite link's page shows it before), and
    counts in the same hourly limit per address as joins. A code no league has, expired or
    used up is 403 `wrong_invite_code`.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invite | Problem
    """

    return sync_detailed(
        code=code,
        client=client,
    ).parsed


async def asyncio_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Invite | Problem]:
    """What an invite code opens: the league's name, who invited, and whether joining makes a member or a
    request.

     What an invite code opens: the league's name, who invited, and whether joining makes a
    member or a request. Needs no sign-in (an invite link's page shows it before), and
    counts in the same hourly limit per address as joins. A code no league has, expired or
    used up is 403 `wrong_invite_code`.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invite | Problem]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Invite | Problem | None:
    """What an invite code opens: the league's name, who invited, and whether joining makes a member or a
    request.

     What an invite code opens: the league's name, who invited, and whether joining makes a
    member or a request. Needs no sign-in (an invite link's page shows it before), and
    counts in the same hourly limit per address as joins. A code no league has, expired or
    used up is 403 `wrong_invite_code`.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invite | Problem
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
        )
    ).parsed
