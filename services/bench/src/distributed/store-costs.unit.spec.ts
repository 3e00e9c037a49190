import { describe, expect, it } from '@jest/globals';
import { countersOf, projectorCost, requestCost } from './store-costs';

/** A scrape of the API process as prom-client writes it, with `requests` served and `finds` of passes. */
const scrape = (requests: number, finds: number, catalogReads: number, appends: number) => `
# HELP passes_http_request_duration_seconds HTTP requests by method, route pattern and status
passes_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/v1/x",status="200"} 0
passes_http_request_duration_seconds_count{method="GET",route="/api/v1/x",status="200"} ${requests - 1}
passes_http_request_duration_seconds_count{method="POST",route="/api/v1/y",status="201"} 1
passes_mongodb_commands_total{command="find",collection="passes"} ${finds}
passes_mongodb_commands_total{command="findAndModify",collection="rate_windows"} ${requests}
passes_mongodb_commands_total{command="find",collection="projection_generations"} ${catalogReads}
passes_mongodb_commands_total{command="update",collection="projection_generations"} 3
passes_event_store_calls_total{call="append"} ${appends}
`;

describe('requestCost', () => {
  it('divides what the stores were asked between two scrapes by the requests served between them', () => {
    const cost = requestCost('get', countersOf(scrape(10, 10, 1, 0)), countersOf(scrape(110, 210, 11, 50)));
    expect(cost).toEqual({
      scenario: 'get',
      requests: 100,
      mongoCommands: 3.1,
      catalogReads: 0.1,
      eventStoreCalls: 0.5,
      byCommand: [
        ['find passes', 2],
        ['findAndModify rate_windows', 1],
        ['find projection_generations', 0.1],
      ],
    });
  });
});

describe('projectorCost', () => {
  it('counts a batch for each update of the catalog’s checkpoints', () => {
    expect(projectorCost(500, countersOf(scrape(0, 20, 2, 0)))).toMatchObject({ events: 500, batches: 3, mongoCommands: 25 });
  });
});
