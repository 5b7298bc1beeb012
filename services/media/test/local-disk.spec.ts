import { DomainError } from '@conversa/contracts';
import { mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskMediaStore, type MediaStore } from '../src';
import { samples } from './samples';

let dir: string;
let store: MediaStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'conversa-media-'));
  store = createLocalDiskMediaStore({ dir, maxBytes: 4096 });
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Every file left anywhere under the media folder, relative to it. */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));

describe('local-disk media store', () => {
  afterEach(() => {
    // Nothing refused or half-written is ever left in the incoming folder.
    const incoming = join(dir, '.incoming');
    if (existsSync(incoming)) expect(readdirSync(incoming)).toEqual([]);
  });

  it('names the stored file from the sniffed type, never from the upload, and keeps the uploaded name as metadata', async () => {
    const stored = await store.save({ companyId: 3, data: samples.png, declaredMime: 'text/html', originalName: 'invoice.html' });
    expect(stored.url).toMatch(/^\/media\/3\/[0-9a-f-]{36}\.png$/);
    expect(stored).toMatchObject({ mime: 'image/png', name: 'invoice.html', size: samples.png.length });
    const opened = await store.open(3, stored.url);
    expect(opened).toMatchObject({ mime: 'image/png', size: samples.png.length, name: 'invoice.html' });
    expect(await readAll(opened!.stream)).toEqual(samples.png);
    expect(await store.describe(3, stored.url)).toEqual(stored);
    expect(await store.describe(4, stored.url)).toBeUndefined();
  });

  it('sniffs PDFs, JPEGs and audio by their bytes', async () => {
    const pdf = await store.save({ companyId: 1, data: samples.pdf, originalName: 'a.bin' });
    expect(pdf).toMatchObject({ mime: 'application/pdf' });
    expect(pdf.url).toMatch(/\.pdf$/);
    const jpeg = await store.save({ companyId: 1, data: samples.jpeg, declaredMime: 'application/pdf', originalName: 'photo' });
    expect(jpeg.mime).toBe('image/jpeg');
    expect(jpeg.url).toMatch(/\.jpg$/);
    const mp3 = await store.save({ companyId: 1, data: samples.mp3, originalName: 'voice.ogg' });
    expect(mp3.mime).toBe('audio/mpeg');
    expect(mp3.url).toMatch(/\.mp3$/);
  });

  it('keeps UTF-8 text as text under its declared text type', async () => {
    const csv = await store.save({ companyId: 1, data: Buffer.from('nome;número\nAna;1199\n'), declaredMime: 'text/csv', originalName: 'lista.csv' });
    expect(csv).toMatchObject({ mime: 'text/csv', name: 'lista.csv' });
    expect(csv.url).toMatch(/\.csv$/);
    const plain = await store.save({ companyId: 1, data: Buffer.from('olá'), originalName: 'nota' });
    expect(plain.mime).toBe('text/plain');
  });

  it('tells legacy office files apart by the declared type only when the bytes are an office container', async () => {
    const doc = await store.save({ companyId: 1, data: samples.cfb, declaredMime: 'application/msword', originalName: 'contrato.doc' });
    expect(doc.mime).toBe('application/msword');
    expect(doc.url).toMatch(/\.doc$/);
    // The bytes win over the declared type: a picture called a Word file is stored as a picture.
    expect(await store.save({ companyId: 1, data: samples.png, declaredMime: 'application/msword', originalName: 'x.doc' })).toMatchObject({
      mime: 'image/png',
    });
    expect((await refusal(store.save({ companyId: 1, data: samples.cfb, declaredMime: 'application/x-msi', originalName: 'setup.msi' }))).code).toBe(
      'ERR_MEDIA_TYPE_NOT_ALLOWED',
    );
  });

  it('refuses types outside the allow-list: HTML, SVG, executables, archives, binary junk', async () => {
    const cases: Array<[Buffer, string | undefined, string]> = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'text/html', 'page.html'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml', 'logo.svg'],
      [Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'logo.svg'],
      [samples.elf, 'image/png', 'cat.png'],
      [samples.zip, 'application/zip', 'files.zip'],
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]), undefined, 'data'],
    ];
    for (const [data, declaredMime, originalName] of cases) {
      const error = await refusal(store.save({ companyId: 1, data, declaredMime, originalName }));
      expect(error.code, originalName).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
      expect(error.status).toBe(415);
    }
    expect(filesUnder(dir)).toEqual([]);
  });

  it('refuses a file over the size limit, from a buffer or a stream, and keeps nothing of it', async () => {
    const big = Buffer.concat([samples.png, Buffer.alloc(5000, 1)]);
    expect((await refusal(store.save({ companyId: 1, data: big, originalName: 'big.png' }))).code).toBe('ERR_MEDIA_TOO_LARGE');
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1000, 65));
    const error = await refusal(store.save({ companyId: 1, data: Readable.from(chunks), originalName: 'big.txt' }));
    expect(error.code).toBe('ERR_MEDIA_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(filesUnder(dir)).toEqual([]);
    // Exactly at the limit is fine.
    const atLimit = await store.save({ companyId: 1, data: Readable.from([Buffer.alloc(4096, 65)]), originalName: 'ok.txt' });
    expect(atLimit.size).toBe(4096);
  });

  it('refuses an empty file', async () => {
    expect((await refusal(store.save({ companyId: 1, data: Buffer.alloc(0), originalName: 'empty.txt' }))).code).toBe('ERR_VALIDATION');
  });

  it('never lets an uploaded name choose where the file goes', async () => {
    const stored = await store.save({ companyId: 1, data: samples.png, originalName: '../../../etc/passwd' });
    expect(stored.name).toBe('passwd');
    const windows = await store.save({ companyId: 1, data: samples.png, originalName: '..\\..\\boot.ini' });
    expect(windows.name).toBe('boot.ini');
    const dots = await store.save({ companyId: 1, data: samples.png, originalName: '..' });
    expect(dots.name).not.toBe('..');
    expect(filesUnder(dir).every((file) => file.startsWith('1/'))).toBe(true);
  });

  it('answers only urls of the asking company, and no path tricks', async () => {
    const stored = await store.save({ companyId: 1, data: samples.png, originalName: 'a.png' });
    const file = stored.url.split('/').pop()!;
    writeFileSync(join(dir, 'secret.txt'), 'top secret');
    const attempts = [
      `/media/1/../secret.txt`,
      `/media/1/..%2Fsecret.txt`,
      `/media/1/%2e%2e/secret.txt`,
      `/media/1/${file}/../../secret.txt`,
      `/media/1/${file}.json`,
      `/media/01/${file}`,
      `/media/1/${file.toUpperCase()}`,
      `media/1/${file}`,
      `/media/1/./${file}`,
      `${dir}/1/${file}`,
      `/media/2/${file}`,
    ];
    for (const url of attempts) expect(await store.open(1, url), url).toBeUndefined();
    // Company 2 asking for company 1's url gets nothing either.
    expect(await store.open(2, stored.url)).toBeUndefined();
    await store.remove(2, stored.url);
    await store.remove(1, `/media/1/../secret.txt`);
    expect(await store.open(1, stored.url)).toBeDefined();
    expect(await readFile(join(dir, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('removes a file and its metadata', async () => {
    const stored = await store.save({ companyId: 1, data: samples.png, originalName: 'a.png' });
    await store.remove(1, stored.url);
    expect(await store.open(1, stored.url)).toBeUndefined();
    expect(await store.describe(1, stored.url)).toBeUndefined();
    expect(filesUnder(dir)).toEqual([]);
    await store.remove(1, stored.url);
  });
});
