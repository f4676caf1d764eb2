from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.moderation_in import ModerationIn
from ...models.problem import Problem
from ...models.report import Report
from ...types import Response


def _get_kwargs(
    league_id: UUID,
    report_id: int,
    *,
    body: ModerationIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/leagues/{league_id}/reports/{report_id}".format(
            league_id=quote(str(league_id), safe=""),
            report_id=quote(str(report_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Report | None:
    if response.status_code == 200:
        response_200 = Report.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | Report]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    league_id: UUID,
    report_id: int,
    *,
    client: AuthenticatedClient,
    body: ModerationIn,
) -> Response[Problem | Report]:
    """Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute` the player it
    is about at the league's tables for `hours`, or `remove` them from the league (as `DELETE
    .../members/{player_id}`).

     Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute`
    the player it is about at the league's tables for `hours`, or `remove` them from the
    league (as `DELETE .../members/{player_id}`). Recorded in the league's history
    (`report_resolved`, with who took it).

    Args:
        league_id (UUID):
        report_id (int):
        body (ModerationIn): What an admin does with a report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Report]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        report_id=report_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    league_id: UUID,
    report_id: int,
    *,
    client: AuthenticatedClient,
    body: ModerationIn,
) -> Problem | Report | None:
    """Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute` the player it
    is about at the league's tables for `hours`, or `remove` them from the league (as `DELETE
    .../members/{player_id}`).

     Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute`
    the player it is about at the league's tables for `hours`, or `remove` them from the
    league (as `DELETE .../members/{player_id}`). Recorded in the league's history
    (`report_resolved`, with who took it).

    Args:
        league_id (UUID):
        report_id (int):
        body (ModerationIn): What an admin does with a report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Report
    """

    return sync_detailed(
        league_id=league_id,
        report_id=report_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    league_id: UUID,
    report_id: int,
    *,
    client: AuthenticatedClient,
    body: ModerationIn,
) -> Response[Problem | Report]:
    """Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute` the player it
    is about at the league's tables for `hours`, or `remove` them from the league (as `DELETE
    .../members/{player_id}`).

     Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute`
    the player it is about at the league's tables for `hours`, or `remove` them from the
    league (as `DELETE .../members/{player_id}`). Recorded in the league's history
    (`report_resolved`, with who took it).

    Args:
        league_id (UUID):
        report_id (int):
        body (ModerationIn): What an admin does with a report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Report]
    """

    kwargs = _get_kwargs(
        league_id=league_id,
        report_id=report_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    league_id: UUID,
    report_id: int,
    *,
    client: AuthenticatedClient,
    body: ModerationIn,
) -> Problem | Report | None:
    """Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute` the player it
    is about at the league's tables for `hours`, or `remove` them from the league (as `DELETE
    .../members/{player_id}`).

     Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute`
    the player it is about at the league's tables for `hours`, or `remove` them from the
    league (as `DELETE .../members/{player_id}`). Recorded in the league's history
    (`report_resolved`, with who took it).

    Args:
        league_id (UUID):
        report_id (int):
        body (ModerationIn): What an admin does with a report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Report
    """

    return (
        await asyncio_detailed(
            league_id=league_id,
            report_id=report_id,
            client=client,
            body=body,
        )
    ).parsed
