// Lodging from the console with the session's test key: an ABN registration or a Form 484, each
// started from the document's own examples, with the answer shown.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createAbnRegistration,
  createForm484Lodgement,
  type AbnRegistrationRequest,
  type Form484Request,
} from '../../../generated/client/index.js';
import { publicClient } from '../api.js';
import { useServiceClock } from '../clock.js';
import { EXAMPLES, EXAMPLES_DATE } from '../contract.js';
import { datedFor } from '../example-dates.js';
import { must } from '../errors.js';
import { brisbaneDate } from '../format.js';
import { RequestForm } from '../request-form.js';
import { nameRule } from '../sandbox-outcomes.js';
import { ErrorText, Field, Section } from '../ui.js';
import type { Json } from '../body-editor.js';

const KINDS = [
  ['form484', 'Form 484 (change to company details)'],
  ['abn_registration', 'ABN registration'],
] as const;
type Kind = (typeof KINDS)[number][0];

const FORM484_OUTCOMES = nameRule(['generalInformation', 'companyName'], 'submitted, then finished');
const ABN_OUTCOMES = nameRule(['entityName'], 'submitted, then finished');

export interface Lodged {
  kind: Kind;
  requestId: number;
  summary: string;
  answer: unknown;
}

const idempotent = () => ({ 'Idempotency-Key': `console-${crypto.randomUUID()}` });

export function LodgeSection({ accountId, onLodged }: { accountId: string; onLodged: (lodged: Lodged) => void }) {
  const queries = useQueryClient();
  const [kind, setKind] = useState<Kind>('form484');
  const [answer, setAnswer] = useState<Lodged>();
  const clock = useServiceClock();
  const lodge = useMutation({
    mutationFn: async (body: Json): Promise<Lodged> => {
      const client = publicClient(accountId);
      if (kind === 'form484') {
        const created = await must(createForm484Lodgement({ client, body: body as unknown as Form484Request, headers: idempotent() }));
        const r = created.response;
        return {
          kind,
          requestId: r.requestId,
          summary: `Form 484 ${r.requestId} lodged: document number ${r.documentNumber}, status new.`,
          answer: created,
        };
      }
      const created = await must(createAbnRegistration({ client, body: body as unknown as AbnRegistrationRequest, headers: idempotent() }));
      return {
        kind,
        requestId: created.requestId,
        summary: `ABN registration ${created.requestId} lodged: status ${created.status}.`,
        answer: created,
      };
    },
    onSuccess: (lodged) => {
      setAnswer(lodged);
      void queries.invalidateQueries({ queryKey: ['lodgements'] });
      onLodged(lodged);
    },
  });
  const today = clock.data ? brisbaneDate(clock.data.now) : undefined;
  return (
    <Section title="Lodge (test)">
      <Field label="What to lodge">
        <select
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setAnswer(undefined);
          }}
        >
          {KINDS.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {kind === 'form484' && today && (
        <>
          <p>
            Dates are judged against today in Brisbane ({today}): the examples are written for {EXAMPLES_DATE}, and every date in them moves
            by the same days to today.
          </p>
          <RequestForm
            key="form484"
            name="Form 484"
            examples={EXAMPLES.form484}
            rule={FORM484_OUTCOMES}
            prepare={(body) => datedFor(body, EXAMPLES_DATE, today)}
            submitLabel="Lodge the Form 484"
            busy={lodge.isPending}
            onSubmit={(body) => lodge.mutate(body)}
            onEdit={() => setAnswer(undefined)}
          />
        </>
      )}
      {kind === 'abn_registration' && today && (
        <RequestForm
          key="abn"
          name="ABN registration"
          examples={EXAMPLES.abnRegistration}
          rule={ABN_OUTCOMES}
          prepare={(body) => datedFor(body, EXAMPLES_DATE, today)}
          submitLabel="Lodge the ABN registration"
          busy={lodge.isPending}
          onSubmit={(body) => lodge.mutate(body)}
          onEdit={() => setAnswer(undefined)}
        />
      )}
      <ErrorText error={lodge.error ?? clock.error} />
      {answer && !lodge.error && (
        <div className="notice" role="status">
          <p data-testid="lodged">{answer.summary}</p>
          <details>
            <summary>The answer</summary>
            <pre>{JSON.stringify(answer.answer, null, 2)}</pre>
          </details>
        </div>
      )}
    </Section>
  );
}
