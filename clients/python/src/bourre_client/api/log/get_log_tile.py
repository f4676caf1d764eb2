from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import File, Response


def _get_kwargs(
    tile: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log/tile/{tile}".format(
            tile=quote(str(tile), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> File | Problem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tile: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[File | Problem]:
    """A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the tree's level 8L
    from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from 256N, each a big-endian 16-bit
    length and the leaf's bytes.

     A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the
    tree's level 8L from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from
    256N, each a big-endian 16-bit length and the leaf's bytes. N is written in groups of
    three digits, all but the last led by `x` (`x001/x234/067`); a full tile has 256, a
    partial one W. A tile never changes once served.

    Args:
        tile (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        tile=tile,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tile: str,
    *,
    client: AuthenticatedClient | Client,
) -> File | Problem | None:
    """A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the tree's level 8L
    from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from 256N, each a big-endian 16-bit
    length and the leaf's bytes.

     A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the
    tree's level 8L from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from
    256N, each a big-endian 16-bit length and the leaf's bytes. N is written in groups of
    three digits, all but the last led by `x` (`x001/x234/067`); a full tile has 256, a
    partial one W. A tile never changes once served.

    Args:
        tile (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        tile=tile,
        client=client,
    ).parsed


async def asyncio_detailed(
    tile: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[File | Problem]:
    """A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the tree's level 8L
    from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from 256N, each a big-endian 16-bit
    length and the leaf's bytes.

     A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the
    tree's level 8L from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from
    256N, each a big-endian 16-bit length and the leaf's bytes. N is written in groups of
    three digits, all but the last led by `x` (`x001/x234/067`); a full tile has 256, a
    partial one W. A tile never changes once served.

    Args:
        tile (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        tile=tile,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tile: str,
    *,
    client: AuthenticatedClient | Client,
) -> File | Problem | None:
    """A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the tree's level 8L
    from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from 256N, each a big-endian 16-bit
    length and the leaf's bytes.

     A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the
    tree's level 8L from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from
    256N, each a big-endian 16-bit length and the leaf's bytes. N is written in groups of
    three digits, all but the last led by `x` (`x001/x234/067`); a full tile has 256, a
    partial one W. A tile never changes once served.

    Args:
        tile (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            tile=tile,
            client=client,
        )
    ).parsed
