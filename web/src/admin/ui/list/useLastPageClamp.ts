import { useEffect, useRef } from 'react';
import { pageParam } from './list-search';

/**
 * A page past the last one (its rows deleted meanwhile, a stale link) moves to the last page.
 * `totalPages` is undefined until the list's own answer is there (not the previous page's answer,
 * still shown while this one loads), so a page is never judged on another list's count.
 */
export function useLastPageClamp(
  totalPages: number | undefined,
  page: number,
  goTo: (page: number | undefined) => void,
): void {
  const last = totalPages ?? 0;
  // goTo is a new function each render: the page numbers alone decide when to move.
  const latest = useRef(goTo);
  useEffect(() => {
    latest.current = goTo;
  }, [goTo]);
  useEffect(() => {
    if (last > 0 && page > last) latest.current(pageParam(last));
  }, [last, page]);
}
