/** What the distributed section found. */
import type { Row } from '../report';
import type { CatchUp } from './catch-up';
import type { ServerVersions } from './server-versions';
import type { ProjectorCost, RequestCost } from './store-costs';

export interface DistributedFigures {
  /** The servers every figure below ran on. */
  servers: ServerVersions;
  /** issue, stamp and get through the distributed API; ratios to the http section's echo baselines when it ran. */
  scenarios: Row[];
  /** What each scenario's requests asked of the stores, per request, from the API's metrics. */
  costs: RequestCost[];
  /** Into the MongoDB-wire server, until every projection's lag on /readyz is 0. */
  projector: CatchUp;
  /** The MongoDB commands that backlog cost the projector, and the batches it committed. */
  projectorCost: ProjectorCost;
  /** To Kafka, until the relay's checkpoint reaches the head of the event store. */
  relay: CatchUp;
}

export type DistributedOutcome = DistributedFigures | { skipped: string };
