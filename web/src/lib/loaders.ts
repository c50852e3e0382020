import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { notFound, useRouter } from '@tanstack/react-router';
import { isNotFound } from '../api/http';

/** A route loader's data load: the server's 404 shows the route's not-found page, other failures its error page. */
export async function loadOrNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}

/** What a route's error page's "Try again" does: run the route's loaders again. */
export function useRetryLoad(): () => void {
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  return () => {
    queryErrors.reset();
    void router.invalidate();
  };
}
