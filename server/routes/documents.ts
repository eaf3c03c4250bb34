// Lodged documents (Form 484 `documentUrl`, D-35), served beside the API. The URL itself is the
// credential (an unguessable token, as a signed download link), so a partner can hand it to a
// browser or store it; unknown tokens are 404 in the shared shape.
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { form484Document } from '../domain/form484/document.js';
import { refusal } from '../http/error-mappers.js';
import { send } from '../http/send.js';

export const DOCUMENTS_PATH = '/documents/:file';

export function documentsHandler(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const file = String(req.params.file ?? '');
    const token = file.endsWith('.pdf') ? file.slice(0, -'.pdf'.length) : '';
    form484Document(deps, token)
      .then((pdf) => {
        if (!pdf) return send(res, refusal('shared', 'not_found', 'No such document.'));
        res.setHeader('Cache-Control', 'private, max-age=3600');
        res.setHeader('Content-Disposition', `inline; filename="${token}.pdf"`);
        return send(res, { status: 200, raw: { contentType: 'application/pdf', data: pdf } });
      })
      .catch(next);
  };
}
