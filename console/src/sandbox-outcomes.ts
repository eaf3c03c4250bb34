// The magic values of the sandbox (docs/guide sandbox page, sandbox.md) that choose how a lodgement or
// an application ends, offered as a choice that rewrites the one field they live in.
import type { Json } from './body-editor.js';
import { setAt } from './body-editor.js';

export interface Outcome {
  id: string;
  label: string;
}

export interface OutcomeRule {
  outcomes: Outcome[];
  /** The outcome the body leads to now. */
  of: (body: Json) => string;
  /** The body changed so that it leads to `outcome`. */
  apply: (body: Json, outcome: string) => Json;
}

const MAGIC_NAME = /\s*\b(MANUAL REVIEW|REJECT)\b\s*/g;

function at(body: Json, path: (string | number)[]): Json | undefined {
  let value: Json | undefined = body;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? value[Number(step)] : value[String(step)];
  }
  return value;
}

/** A name containing `MANUAL REVIEW` goes to manual review then finished; `REJECT` ends rejected; any other name is finished. */
export function nameRule(path: (string | number)[], normal: string): OutcomeRule {
  const nameOf = (body: Json) => String(at(body, path) ?? '');
  return {
    outcomes: [
      { id: 'normal', label: `${normal} (any other name)` },
      { id: 'MANUAL REVIEW', label: 'manual review, then finished (the name contains MANUAL REVIEW)' },
      { id: 'REJECT', label: 'rejected (the name contains REJECT)' },
    ],
    of: (body) => (/\bMANUAL REVIEW\b/.test(nameOf(body)) ? 'MANUAL REVIEW' : /\bREJECT\b/.test(nameOf(body)) ? 'REJECT' : 'normal'),
    apply: (body, outcome) => {
      const plain = nameOf(body).replace(MAGIC_NAME, ' ').trim() || 'SANDBOX TRADING PTY LTD';
      return setAt(body, path, outcome === 'normal' ? plain : `${outcome} ${plain}`);
    },
  };
}

/** Business accounts: a director e-mail whose local part contains `+reject` is rejected once sent; any other is activated. */
export const directorEmailRule: OutcomeRule = {
  outcomes: [
    { id: 'normal', label: 'activated (no director e-mail contains +reject)' },
    { id: 'reject', label: 'rejected (a director e-mail contains +reject)' },
  ],
  of: (body) => (directors(body).some((d) => /\+reject[^@]*@/.test(String(at(d, ['email']) ?? ''))) ? 'reject' : 'normal'),
  apply: (body, outcome) =>
    directors(body).reduce<Json>((next, director, i) => {
      const email = String(at(director, ['email']) ?? '');
      const plain = email.replace(/\+reject(?=[^@]*@)/, '');
      const wanted = outcome === 'reject' && i === 0 ? plain.replace('@', '+reject@') : plain;
      return setAt(next, ['accountInformation', 'directorsContacts', i, 'email'], wanted);
    }, body),
};

function directors(body: Json): Json[] {
  const list = at(body, ['accountInformation', 'directorsContacts']);
  return Array.isArray(list) ? list : [];
}
