import { notify } from '@/lib/notify';

type DeleteMutation<V> = { mutate: (variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void };

/** Runs a delete and says in a toast how it went: `done` on success, `failed(error)` otherwise. */
export function deleteWithToast<V>(mutation: DeleteMutation<V>, variables: V, done: string, failed: (error: Error) => string) {
  mutation.mutate(variables, {
    onSuccess: () => notify.success(done),
    onError: (error) => notify.error(failed(error)),
  });
}
