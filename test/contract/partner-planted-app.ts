// One planted bug per partner check, for test/contract/partner.test.ts: a front app in front of the
// real one that changes what a partner relies on beyond the schemas (headers, dates, cursors, what a
// list shows another account), and one handler that charges test work. Every answer still matches the
// document's schemas, so only the partner checks can see these.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import type { StandInHandlers } from '../../server/http/handler.js';
import type { RequestContext } from '../../server/http/context.js';
import type { ManualClock } from '../../server/clock.js';
import { recordCharge } from '../../server/domain/ledger/charges.js';
import { PUBLIC_HANDLERS } from '../../server/routes/index.js';
import { TEST_PREFIX } from '../../scripts/contract/in-process.js';

type Json = Record<string, unknown>;

/** Changes the JSON body and headers of the real app's answer just before it is sent. */
function rewrite(res: Response, change: { body?: (body: Json) => Json; headers?: (res: Response) => void }): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) {
      change.headers?.(res);
      if (change.body && chunk !== undefined && String(res.getHeader('content-type') ?? '').startsWith('application/json')) {
        const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
        const out = JSON.stringify(change.body(JSON.parse(text) as Json));
        res.setHeader('Content-Length', Buffer.byteLength(out));
        return end(out, ...rest.filter((arg) => typeof arg === 'function'));
      }
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

const addMonths = (date: string, months: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
};

/** The ledger bug: a PPSR search in the test environment is charged the live fee. */
export function plantedPartnerHandlers(): StandInHandlers {
  const real = PUBLIC_HANDLERS.createPpsrSearch as unknown as StandInHandlers[string] & Record<string, unknown>;
  const charging: StandInHandlers[string] = async (ctx, input) => {
    const answer = await real(ctx, input);
    const { caller, db, clock } = ctx as RequestContext;
    if (caller.environment === 'test')
      await recordCharge({ db, clock }, caller.account.id, { amount: 600, kind: 'ppsr_search', reference: 'planted', environment: 'test' });
    return answer;
  };
  return { ...(PUBLIC_HANDLERS as unknown as StandInHandlers), createPpsrSearch: Object.assign(charging, real) };
}

export interface PlantedFront {
  url: string;
  close: () => Promise<void>;
}

export async function startPlantedFront(realApp: express.Express, clock: ManualClock): Promise<PlantedFront> {
  const front = express();
  let firstEventsReader: string | undefined;
  front.use((req: Request, res: Response, next) => {
    const path = req.path;
    // v1_deprecation: V1 answers without their Deprecation header.
    if (path.startsWith('/api/test/v1/') || path.startsWith('/api/v1/')) rewrite(res, { headers: (r) => r.removeHeader('Deprecation') });
    // rate_limit_remaining: a counter that never falls.
    else rewrite(res, { headers: (r) => r.hasHeader('RateLimit-Remaining') && r.setHeader('RateLimit-Remaining', '500') });
    if (!path.startsWith(TEST_PREFIX)) return next();
    const route = path.slice(TEST_PREFIX.length);
    if (req.method === 'GET' && route === '/monitoring/events') {
      // cursor_consistency: `since=<id>` answers from that id on, so each page repeats the last item.
      const since = typeof req.query.since === 'string' ? req.query.since : undefined;
      if (since && /^\d+$/.test(since) && Number(since) > 0) req.url = req.url.replace(`since=${since}`, `since=${Number(since) - 1}`);
      // account_isolation on id fields: the events list shows the first account that read it to everyone
      // (its rows carry monitoringEventId and entityId, no `id`).
      firstEventsReader ??= req.headers.authorization;
      req.headers.authorization = firstEventsReader;
    }
    // term_dates: daysRemaining counts the expiry day too.
    if (req.method === 'GET' && /^\/monitoring\/entities\/\d+$/.test(route))
      rewrite(res, { body: (body) => (body.status === 'active' ? { ...body, daysRemaining: Number(body.daysRemaining) + 1 } : body) });
    // zoned_day_boundary: a new term starts on the UTC date, right whenever the two dates agree.
    if (req.method === 'POST' && route === '/monitoring/entities')
      rewrite(res, {
        body: (body) => {
          const utc = clock.now().toISOString().slice(0, 10);
          if (!Array.isArray(body.entities)) return body;
          return { ...body, entities: (body.entities as Json[]).map((e) => ({ ...e, startsAt: utc, expiresAt: addMonths(utc, 12) })) };
        },
      });
    // retry_schedule: an endpoint never shows it was disabled.
    if (req.method === 'GET' && route === '/webhooks')
      rewrite(res, {
        body: (body) => ({
          ...body,
          data: ((body.data ?? []) as Json[]).map((row) => ({ ...row, enabled: true, disabledReason: null })),
        }),
      });
    next();
  });
  front.use(realApp);
  const server: Server = front.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
