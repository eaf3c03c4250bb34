// Field rules of webhook endpoints beyond the document's structure: the SSRF check of the URL (D-12,
// D-23), the built-in test receiver's URL and documentation hosts in the test environment (D-59,
// D-60) and `*` standing alone
// (D-26). Also says structural (Ajv) problems of these fields in the codes the contract promises, so
// a request with several faults gets every one in one answer (D-10).
import type { AppDeps } from '../../deps.js';
import { addProblem as add, emptyProblems, type FieldProblem, type FieldProblems } from '../errors.js';
import { checkWebhookUrl, urlCheckOptions, type UrlAccepted } from '../../delivery/ssrf.js';
import { builtinReceiverOf, exampleReceiverOf, looksLikeReceiver, type ReceiverKind } from '../../delivery/receiver.js';
import { hasDocumentationHost } from '../../delivery/example-hosts.js';
import type { Environment } from '../../ids.js';
import { callerText } from '../../../schemas/common/caller-text.js';

type Deps = Pick<AppDeps, 'config' | 'resolveHost'>;

export interface EndpointFields {
  url?: string;
  eventTypes?: readonly string[];
}

export interface CheckedFields {
  problems: FieldProblems;
  url?: UrlAccepted;
  /** The URL is the built-in test receiver (D-59): delivered in-process, never checked as an address. */
  receiver?: ReceiverKind;
}

/** Who registers the URL: the receiver is a URL only in the test environment, on the service's own address. */
export interface UrlOwner {
  environment: Environment;
  /** The service's public URL (D-54). */
  publicUrl: string;
}

/** `*` subscribes to everything, so a list holding it and anything else is refused at each `*`. */
function starProblems(eventTypes: readonly string[], problems: FieldProblems): void {
  if (eventTypes.length < 2) return;
  eventTypes.forEach((name, index) => {
    if (name === '*')
      add(problems, `eventTypes.${index}`, {
        code: 'unknown_event_type',
        message: '"*" subscribes to every event and must be the only element.',
      });
  });
}

/**
 * Checks the fields present (create sends both, update any). Resolves the URL's host: async. Without
 * an `owner` (the operation's rules, which run before the caller is known) a URL shaped like the
 * receiver's, or on a documentation host (D-60), is left to the verb, which checks it with one.
 */
export async function checkEndpointFields(deps: Deps, fields: EndpointFields, owner?: UrlOwner): Promise<CheckedFields> {
  const problems = emptyProblems();
  if (fields.eventTypes) starProblems(fields.eventTypes, problems);
  if (fields.url === undefined) return { problems };
  if (!owner && (looksLikeReceiver(fields.url) || hasDocumentationHost(fields.url))) return { problems };
  const receiver = owner?.environment === 'test' ? (builtinReceiverOf(fields.url, owner.publicUrl) ?? exampleReceiverOf(fields.url)) : null;
  if (receiver) return { problems, receiver };
  const checked = await checkWebhookUrl(fields.url, urlCheckOptions(deps));
  if (!checked.ok) {
    add(problems, 'url', { code: checked.code, message: checked.message });
    return { problems };
  }
  return { problems, url: checked };
}

/** A short quote of what the caller sent: a string as JSON, anything else by its type. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(callerText(value));
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : String(value);
}

const EVENT_TYPE_ITEM = /^eventTypes\.(\d+)$/;

function urlInvalidMessage(structural: FieldProblem[]): string {
  if (structural.some((p) => p.code === 'too_long')) return 'The URL must be at most 2048 characters.';
  if (structural.some((p) => p.code === 'invalid_type')) return 'The URL must be a string.';
  return 'Not a valid URL.';
}

/**
 * Runs when structural validation of a create or update body failed. The document's enum refuses an
 * unknown event name (`invalid_enum`) and its `format: uri` an unparsable URL (`invalid_format`): both
 * are restated as D-26 `unknown_event_type` and D-12 `url_invalid`. Fields that passed structurally
 * still get their own checks, so the answer lists every problem, not only the structural ones.
 */
export async function refineEndpointProblems(deps: Deps, structural: FieldProblems, body: unknown): Promise<FieldProblems> {
  const fields = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : emptyProblems()) as Record<string, unknown>;
  const eventTypes = Array.isArray(fields.eventTypes) ? (fields.eventTypes as unknown[]) : undefined;
  const problems = emptyProblems();
  for (const [path, list] of Object.entries(structural)) {
    if (path === 'url') {
      add(problems, 'url', { code: 'url_invalid', message: urlInvalidMessage(list) });
      continue;
    }
    const item = EVENT_TYPE_ITEM.exec(path);
    for (const problem of list) {
      if (item && problem.code === 'invalid_enum') {
        const value = eventTypes?.[Number(item[1])];
        add(problems, path, { code: 'unknown_event_type', message: `Unknown event type ${describeValue(value)}.` });
      } else add(problems, path, problem);
    }
  }
  const names = eventTypes?.every((e): e is string => typeof e === 'string') ? eventTypes : undefined;
  const url = typeof fields.url === 'string' && !problems.url ? fields.url : undefined;
  const semantic = await checkEndpointFields(deps, { ...(url !== undefined ? { url } : {}), ...(names ? { eventTypes: names } : {}) });
  for (const [path, list] of Object.entries(semantic.problems)) for (const problem of list) add(problems, path, problem);
  return problems;
}
