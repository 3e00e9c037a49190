/** Loads what a screen shows, with its loading and failure states, and a way to load it again. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemOf, type ApiProblem } from '../api/api-problem';

type Resource<Data> = { status: 'loading' } | { status: 'ready'; data: Data } | { status: 'failed'; problem: ApiProblem };

export interface ResourceHandle<Data> {
  resource: Resource<Data>;
  reload: () => void;
  /** Replaces the data with what an action answered, without another request. */
  replace: (data: Data) => void;
}

export function useResource<Data>(load: () => Promise<Data>, key: string): ResourceHandle<Data> {
  const [resource, setResource] = useState<Resource<Data>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    loadRef.current().then(
      (data) => current && setResource({ status: 'ready', data }),
      (error: unknown) => current && setResource({ status: 'failed', problem: problemOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((data: Data) => setResource({ status: 'ready', data }), []);
  return { resource, reload, replace };
}
