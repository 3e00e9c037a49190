/**
 * A list read a page at a time: the first page as the screen got it, each next one appended by `more` (a
 * "Show more" button), its failure kept to show beside the button. `setItems` changes rows in place (a
 * payment refunded) without reading again the pages already shown.
 */
import { useState } from 'react';
import { problemOf, type ApiProblem } from '../api/api-problem';

export interface ListPage<Item> {
  data: readonly Item[];
  next_cursor: string | null;
}

export interface MorePages<Item> {
  items: readonly Item[];
  setItems: (change: (shown: readonly Item[]) => readonly Item[]) => void;
  hasMore: boolean;
  loading: boolean;
  problem: ApiProblem | null;
  more: () => Promise<void>;
}

export function useMorePages<Item>(first: ListPage<Item>, readPage: (cursor: string) => Promise<ListPage<Item>>): MorePages<Item> {
  const [items, setItems] = useState<readonly Item[]>(first.data);
  const [next, setNext] = useState(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const more = async () => {
    if (loading || next === null) return;
    setProblem(null);
    setLoading(true);
    try {
      const page = await readPage(next);
      setItems((shown) => [...shown, ...page.data]);
      setNext(page.next_cursor);
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setLoading(false);
    }
  };
  return { items, setItems, hasMore: next !== null, loading, problem, more };
}
