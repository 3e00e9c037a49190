/** Makes the opened stores what the port tokens resolve to. */
import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../tokens';
import type { Stores } from './stores';

export function registerStores(container: DependencyContainer, stores: Stores): void {
  container.register(TOKENS.eventStore, { useValue: stores.events });
  container.register(TOKENS.documentStore, { useValue: stores.documents });
  container.register(TOKENS.workStore, { useValue: stores.work });
  container.register(TOKENS.rateLimitStore, { useValue: stores.rateLimits });
  container.register(TOKENS.idempotencyStore, { useValue: stores.idempotencyKeys });
  container.register(TOKENS.checkpointStore, { useValue: stores.checkpoints });
  container.register(TOKENS.mailer, { useValue: stores.mailer });
  // A factory, because tsyringe takes a null value for no provider at all.
  container.register(TOKENS.catchUpRunner, { useFactory: () => stores.catchUps });
}
