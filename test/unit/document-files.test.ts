// The app's documents are parsed once per process (server/http/document-files.ts): every app built in
// that process gets the same frozen object, one backend is found for it by identity, and an edited
// file is read again rather than served stale.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../server/http/backend.js';
import { documentFile } from '../../server/http/document-files.js';
import { ROOT } from '../../server/root.js';

mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(ROOT, '.tmp', 'document-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('documentFile', () => {
  it('answers the same frozen document for an unchanged file, nested objects included', () => {
    const first = documentFile('spec/openapi.json');
    expect(documentFile('spec/openapi.json')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const paths = first.paths as Record<string, Record<string, unknown>>;
    expect(() => {
      paths['/webhooks']!.get = undefined;
    }).toThrow(TypeError);
    expect(paths['/webhooks']!.get).toBeDefined();
  });

  it('reads a file again once it has changed', () => {
    const file = join(scratch, 'document.json');
    const name = relative(ROOT, file);
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'first' } }));
    const before = documentFile(name);
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'second, a longer title' } }));
    const after = documentFile(name);
    expect(after).not.toBe(before);
    expect((after.info as { title: string }).title).toBe('second, a longer title');
  });
});

describe('createBackend', () => {
  it('finds the backend of a frozen document it has seen by the object itself, without serialising it; a copy by content', async () => {
    const document = documentFile('spec/admin.openapi.json');
    const made = createBackend(document);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(createBackend(document)).toBe(made);
      expect(stringify).not.toHaveBeenCalled();
      const copy = structuredClone(document);
      expect(await createBackend(copy)).toBe(await made);
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });
});
