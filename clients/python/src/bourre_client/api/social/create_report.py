from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.report import Report
from ...models.report_in import ReportIn
from ...types import Response


def _get_kwargs(
    *,
    body: ReportIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/reports",
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

    if response.status_code == 201:
        response_201 = Report.from_dict(response.json())

        return response_201

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
) -> Response[Problem | Report]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ReportIn,
) -> Response[Problem | Report]:
    """Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the operator; each
    new report is announced as a `report.created` webhook.

     Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the
    operator; each new report is announced as a `report.created` webhook. The same report
    while it is open answers 200 with it; at most 10 reports an hour (429
    `too_many_reports`); a player does not report themselves (422 `cannot_report_self`).

    Args:
        body (ReportIn): A report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Report]
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
    body: ReportIn,
) -> Problem | Report | None:
    """Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the operator; each
    new report is announced as a `report.created` webhook.

     Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the
    operator; each new report is announced as a `report.created` webhook. The same report
    while it is open answers 200 with it; at most 10 reports an hour (429
    `too_many_reports`); a player does not report themselves (422 `cannot_report_self`).

    Args:
        body (ReportIn): A report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Report
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ReportIn,
) -> Response[Problem | Report]:
    """Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the operator; each
    new report is announced as a `report.created` webhook.

     Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the
    operator; each new report is announced as a `report.created` webhook. The same report
    while it is open answers 200 with it; at most 10 reports an hour (429
    `too_many_reports`); a player does not report themselves (422 `cannot_report_self`).

    Args:
        body (ReportIn): A report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Report]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ReportIn,
) -> Problem | Report | None:
    """Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the operator; each
    new report is announced as a `report.created` webhook.

     Report a message, a player, a table or a league: it goes to the league's admins (`GET
    /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the
    operator; each new report is announced as a `report.created` webhook. The same report
    while it is open answers 200 with it; at most 10 reports an hour (429
    `too_many_reports`); a player does not report themselves (422 `cannot_report_self`).

    Args:
        body (ReportIn): A report.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Report
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
