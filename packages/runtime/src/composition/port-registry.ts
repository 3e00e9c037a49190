/** The registry of one process's ports: tsyringe's container behind typed tokens. */
import 'reflect-metadata';
import { container, type DependencyContainer } from 'tsyringe';
import type { Token } from '../tokens';

export class PortRegistry {
  private readonly scope: DependencyContainer = container.createChildContainer();

  /** Registers `value` under `token`; the value's type must be the token's. */
  provide<T>(token: Token<T>, value: NoInfer<T>): this {
    // A factory, because tsyringe takes a null value for no provider at all.
    this.scope.register(token.symbol, { useFactory: () => value });
    return this;
  }

  /** What `token` was registered with; throws when nothing was. */
  get<T>(token: Token<T>): T {
    return this.scope.resolve<T>(token.symbol);
  }
}
