// The sandbox console: the built single-page app under /console, same origin as the APIs,
// with a strict Content-Security-Policy (nothing but this origin: no CDN, no inline script), and the
// HTTP face of the built-in webhook test receiver (D-59), for deliveries that reach it over the
// network under D-24's hatch; endpoints registered on its URLs with a test key are delivered in-process.
import { existsSync } from 'node:fs';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { AppDeps } from '../deps.js';
import { RECEIVER_PATH } from '../delivery/receiver.js';
import { recordReceived } from '../store/webhook-inbox.js';

export { RECEIVER_PATH };

export const CONSOLE_PATH = '/console';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Serves `dir` (the Vite build, build/console) with the console's headers; every other path of it gets index.html. */
export function consoleRouter(dir: string): Router {
  const router = express.Router();
  router.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  router.use(express.static(dir, { index: 'index.html', fallthrough: true }));
  router.get(/.*/, (_req: Request, res: Response) => {
    const index = `${dir}/index.html`;
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The sandbox console is not built: run `npm run build` (npm ci and npm start do it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(index);
  });
  return router;
}

/** `POST /sandbox/webhook-receiver/ok` answers 200, `/fail` answers 500; both record what they got. */
export function webhookReceiver(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>): Router {
  const router = express.Router();
  router.post('/:behaviour', express.text({ type: () => true, limit: '1mb' }), (req: Request, res: Response, next: NextFunction) => {
    const behaviour = req.params.behaviour;
    if (behaviour !== 'ok' && behaviour !== 'fail') {
      next();
      return;
    }
    const answeredStatus = behaviour === 'ok' ? 200 : 500;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers).slice(0, 64)) {
      if (typeof value === 'string') headers[name] = value.slice(0, 2048);
    }
    recordReceived(
      deps.db,
      {
        receivedAt: deps.clock.now(),
        path: behaviour,
        answeredStatus,
        headers,
        body: typeof req.body === 'string' ? req.body : '',
        via: 'http',
        accountId: null,
        endpointId: null,
        deliveryId: null,
      },
      deps.logger,
    ).then(
      () =>
        void res
          .status(answeredStatus)
          .json(behaviour === 'ok' ? { received: true } : { error: 'receiver_fail', message: 'This receiver always fails.' }),
      next,
    );
  });
  return router;
}
