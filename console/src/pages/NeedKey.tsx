import { useMutation } from '@tanstack/react-query';
import { createKey } from '../../../generated/admin-client/index.js';
import { must, operator, rememberKey } from '../api.js';
import { ErrorText } from '../ui.js';

/** The public test API needs a test secret key held by this page; the operator can make one here. */
export function NeedKey({ accountId, onKey }: { accountId: string; onKey: () => void }) {
  const make = useMutation({
    mutationFn: () => must(createKey({ client: operator, path: { accountId }, body: { type: 'secret', environment: 'test' } })),
    onSuccess: (created) => {
      rememberKey(accountId, created.secret);
      onKey();
    },
  });
  if (!accountId) return <p className="notice">Select an account at the top first.</p>;
  return (
    <div className="notice">
      <p>This page calls the public test API with a test secret key of the account, held in this page only.</p>
      <button type="button" onClick={() => make.mutate()} disabled={make.isPending}>
        Make a test secret key for this session
      </button>
      <ErrorText error={make.error} />
    </div>
  );
}
