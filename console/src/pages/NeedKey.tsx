import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createKey } from '../../../generated/admin-client/index.js';
import { operator } from '../api.js';
import { must } from '../errors.js';
import { rememberKey } from '../session.js';
import { ErrorText } from '../ui.js';

/**
 * The public test API needs a test secret key of the account; the operator can make one here. The
 * session keeps it (reloads reuse it) and sign-out revokes it, so keys never pile up.
 */
export function NeedKey({ accountId }: { accountId: string }) {
  const queries = useQueryClient();
  const make = useMutation({
    mutationFn: () => must(createKey({ client: operator, path: { accountId }, body: { type: 'secret', environment: 'test' } })),
    onSuccess: (created) => {
      rememberKey(accountId, { keyId: created.key.id, secret: created.secret, made: true });
      void queries.invalidateQueries({ queryKey: ['account', accountId] });
    },
  });
  if (!accountId) return <p className="notice">Select an account at the top first.</p>;
  return (
    <div className="notice">
      <p>
        This page calls the public test API with a test secret key of the account. The console keeps it for this tab's session and revokes
        it when you sign out.
      </p>
      <button type="button" onClick={() => make.mutate()} disabled={make.isPending}>
        Make a test secret key for this session
      </button>
      <ErrorText error={make.error} />
    </div>
  );
}
