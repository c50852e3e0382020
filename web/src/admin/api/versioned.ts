import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { markLocalChange, type LiveArea } from '../live/local-changes';
import { showConflict } from '../ui/conflict';
import { adminApi, conflictOf, failureMessage } from './client';

// Every back-office write goes through useVersionedWrite: it sends the version the screen showed
// as If-Match, refetches what the write touched, toasts success (2 s) or failure (4 s), and turns a
// 409 on a stale version into the shared conflict dialog (who changed it, when, Reload) instead of
// overwriting their change.

export interface VersionedWrite<TVars, TResult> {
  /** The call: path, method, body and the version of the item the screen showed. */
  request(vars: TVars): { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: unknown; version?: number };
  /** The item written: live events about it are this admin's own for 5 s (no notification). */
  item?(vars: TVars): { area: LiveArea; id: string };
  /** What to refetch after the write, and on Reload after a conflict. */
  invalidates(vars: TVars): readonly QueryKey[];
  /** The success toast, if any. */
  success?(result: TResult, vars: TVars): string | undefined;
  /** The failure toast when the server gives no message of its own (docs/product.md#messages). */
  failure(vars: TVars): string;
  onSuccess?(result: TResult, vars: TVars): void;
}

export function useVersionedWrite<TVars, TResult = unknown>(write: VersionedWrite<TVars, TResult>) {
  const queryClient = useQueryClient();
  const refetch = (vars: TVars) =>
    Promise.all(write.invalidates(vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<TResult, Error, TVars>({
    mutationFn: (vars) => {
      const { path, method, body, version } = write.request(vars);
      const item = write.item?.(vars);
      if (item) markLocalChange(item.area, item.id);
      return adminApi.json<TResult>(path, { method, body, version });
    },
    onSuccess: async (result, vars) => {
      const message = write.success?.(result, vars);
      if (message) toast.success(message);
      write.onSuccess?.(result, vars);
      await refetch(vars);
    },
    onError: (error, vars) => {
      const conflict = conflictOf(error);
      if (conflict) showConflict({ ...conflict, reload: () => void refetch(vars) });
      else toast.error(failureMessage(error, write.failure(vars)));
    },
  });
}
