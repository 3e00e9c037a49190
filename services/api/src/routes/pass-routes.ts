/**
 * The pass endpoints (spec 1, 3, 4, 6–15) and the auditors' history. Every `:identifier` is an id, a
 * serial_number or an external_id. Under `/businesses/:business_id/passes`, behind authentication.
 */
import type { Application, Clock, CommandedPass, HistoryPage, PassAction, PassHistoryEntry } from '@passes/application';
import { issuePassBody, passRepresentation, rewardRepresentation, updatePassBody, type PassHistoryResponse, type RewardListResponse, type PassSummaryListResponse, type PassSummaryResponse } from '@passes/contracts';
import type { Pass } from '@passes/domain';
import type { Logger } from '@passes/runtime';
import type { Wallets } from '@passes/wallets';
import type { Request, Response } from 'express';
import { ApiError } from '../http/api-error';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { writeJson } from '../http/json-answers';
import { parseBody, takeNoBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import { amountInMinorUnits, asOfInstant, historyRange, pageRequest, pointsDelta, stampCount } from '../http/query-parameters';
import { encodedPass } from '../representations/encoded-pass';
import { passSummary } from '../representations/pass-representation';
import { addBulkPassRoutes } from './bulk-pass-routes';
import { issueInput, passUpdate } from './pass-bodies-to-commands';

/** Each action path and the command it sends, read from the request's query parameters. */
const ACTIONS = new Map<string, (request: Request) => PassAction>([
  ['stamp', (request) => ({ type: 'AddStamps', count: stampCount(request) })],
  ['points', (request) => ({ type: 'AdjustPoints', delta: pointsDelta(request) })],
  ['charge', (request) => ({ type: 'ChargeBalance', amountMinor: amountInMinorUnits(request) })],
  ['topup', (request) => ({ type: 'TopUpBalance', amountMinor: amountInMinorUnits(request) })],
  // The template's scan cooldown applies; a block is 429 scan_cooldown.
  ['checkin', () => ({ type: 'CheckIn' })],
  ['redeem', () => ({ type: 'Redeem' })],
  ['reactivate', () => ({ type: 'Reactivate' })],
]);

/**
 * A history page's body. A page that more events follow can no longer change and comes back as the same
 * array of entries (see SealedHistoryPages): its encoded body is kept beside that array for as long as the
 * array lives.
 */
const renderedPages = new WeakMap<readonly PassHistoryEntry[], Buffer>();

function historyPageBody({ entries, hasMore }: HistoryPage): Buffer {
  const rendered = hasMore ? renderedPages.get(entries) : undefined;
  if (rendered !== undefined) return rendered;
  // Each payload is copied into a plain object: the wire shape is any JSON object, whatever the event's own interface.
  const data = entries.map((entry) => ({ ...entry, data: { ...entry.data } }));
  const body = Buffer.from(JSON.stringify({ data, has_more: hasMore } satisfies PassHistoryResponse));
  if (hasMore) renderedPages.set(entries, body);
  return body;
}

export function addPassRoutes(routes: RouteGroup, application: Application, wallets: Wallets, clock: Clock, logger: Logger): void {
  addBulkPassRoutes(routes, application, logger);
  /**
   * `at`: the instant the pass is shown as of, for its rewards' statuses; now unless given. `milestones`: those
   * a command just met (CommandedPass), read again otherwise.
   */
  const send = async (response: Response, pass: Pass, status = 200, at?: Date, milestones?: CommandedPass['milestones']) => {
    const [codes, rewards] = await Promise.all([application.passBarcodes.codesOf(pass), application.passRewards.viewOf(pass, at, milestones ?? undefined)]);
    response.status(status).json(passRepresentation(pass, codes, wallets.links(pass), rewards));
  };
  const sendCommanded = (response: Response, { pass, milestones }: CommandedPass) => send(response, pass, 200, undefined, milestones);
  const identifierOf = (request: Request) => String(request.params['identifier']);

  routes.post('/', async (request, response) => {
    const body = parseBody(issuePassBody, request);
    await send(response, await application.passCommands.issue(passScopeOf(response), issueInput(body), commandContextOf(response)), 201);
  });

  routes.get('/lookup/email/:email', async (request, response) => {
    const passes = await application.passes.byEmail(passScopeOf(response), String(request.params['email']));
    response.json(passes.map(passSummary) satisfies PassSummaryListResponse);
  });

  routes.get('/lookup/external/:external_id', async (request, response) => {
    const externalId = String(request.params['external_id']);
    const pass = await application.passes.byExternalId(passScopeOf(response), externalId);
    if (!pass) throw new ApiError('not_found', `No pass with external_id '${externalId}'`);
    response.json(passSummary(pass) satisfies PassSummaryResponse);
  });

  routes.get('/:identifier', async (request, response) => {
    const asOf = asOfInstant(request, clock.now());
    const scope = passScopeOf(response);
    const identifier = identifierOf(request);
    if (asOf !== null) return send(response, await application.passHistory.asOf(scope, identifier, asOf), 200, asOf);
    // The read model's own document: its answer is kept beside it.
    const pass = await application.passes.get(scope, identifier);
    const [codes, rewards] = await Promise.all([application.passBarcodes.codesOf(pass), application.passRewards.viewOf(pass)]);
    writeJson(response, encodedPass(pass, codes, wallets.links(pass), rewards));
  });

  routes.get('/:identifier/events', async (request, response) => {
    const page = await application.passHistory.page(passScopeOf(response), identifierOf(request), historyRange(request));
    response.type('json').send(historyPageBody(page));
  });

  routes.patch('/:identifier', async (request, response) => {
    const body = parseBody(updatePassBody, request);
    await sendCommanded(response, await application.passCommands.update(passScopeOf(response), identifierOf(request), passUpdate(body), commandContextOf(response)));
  });

  routes.delete('/:identifier', async (request, response) => {
    await sendCommanded(response, await application.passCommands.act(passScopeOf(response), identifierOf(request), { type: 'Void' }, commandContextOf(response)));
  });

  routes.post('/:identifier/:action', async (request, response) => {
    const action = ACTIONS.get(String(request.params['action']));
    if (!action) throw new ApiError('not_found', `No pass action '${String(request.params['action'])}'`);
    takeNoBody(request, 'pass actions take their values in the query string, such as ?count=2');
    await sendCommanded(response, await application.passCommands.act(passScopeOf(response), identifierOf(request), action(request), commandContextOf(response)));
  });

  // After the actions: express tries routes in order, and the actions are nearly all of a pass's traffic.
  routes.get('/:identifier/rewards', async (request, response) => {
    const page = await application.passRewards.list(passScopeOf(response), identifierOf(request), pageRequest(request));
    response.json({ data: page.items.map(rewardRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies RewardListResponse);
  });

  routes.post('/:identifier/rewards/:reward_id/redeem', async (request, response) => {
    takeNoBody(request);
    const action: PassAction = { type: 'RedeemReward', rewardId: String(request.params['reward_id']) };
    await sendCommanded(response, await application.passCommands.act(passScopeOf(response), identifierOf(request), action, commandContextOf(response)));
  });
}
