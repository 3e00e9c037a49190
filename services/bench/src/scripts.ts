/** Where the programs the bench runs are: the compiled services and CLI beside it, and the test servers' script. */
import path from 'node:path';

const SERVICES = path.resolve(__dirname, '../..');

export const API_SCRIPT = path.join(SERVICES, 'api/dist/main.js');
export const PROJECTOR_SCRIPT = path.join(SERVICES, 'projector/dist/main.js');
export const RELAY_SCRIPT = path.join(SERVICES, 'relay/dist/main.js');
export const DISPATCHER_SCRIPT = path.join(SERVICES, 'webhook-dispatcher/dist/main.js');
export const CLI_SCRIPT = path.join(SERVICES, 'cli/dist/main.js');
export const INFRA = path.resolve(SERVICES, '../infra');
