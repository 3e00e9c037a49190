import { afterEach, beforeEach } from '@jest/globals';

interface Disposable {
  dispose(): Promise<void>;
}

/**
 * A contract suite's subject: created anew before each test and disposed of after it, so no test sees
 * another's state. Call inside `describe`; the getter returns the current test's subject.
 */
export function freshForEachTest<Subject extends Disposable>(create: () => Promise<Subject>): () => Subject {
  let current: Subject | undefined;
  beforeEach(async () => {
    current = await create();
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('No subject: freshForEachTest creates one only inside a test');
    return current;
  };
}
