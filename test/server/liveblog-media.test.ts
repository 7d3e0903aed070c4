/**
 * Live-blog images (docs/api.md "liveblog" `POST /{s}/{c}/media`, "Static files" `/media/…`):
 * editors upload PNG, JPEG, GIF and WebP images, read by their bytes and header, never by their
 * name or declared type; every refusal stores nothing; the files are served as inert images.
 * Real multipart bodies on the real app.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MediaItem } from '../../core/api/types.ts';
import { HttpError } from '../../server/errors.ts';
import { getOrCreateContainer } from '../../server/engine/containers.ts';
import { mediaOfContainer } from '../../server/media/media.ts';
import { bearer, build, countRows, resultOf, SITE, signup, signupAs } from './helpers.ts';

/** Real images (made by Chromium's canvas; the GIF by hand), each with its true size. */
const IMAGES = {
  png: { width: 7, height: 5, type: 'image/png', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAcAAAAFCAYAAACJmvbYAAAAMElEQVR4AXzMQQ0AAAgCQGcQkpjDkCYxh0X05cYLtnsxcEQva2Cfm4gua9IYH8nlAQAA//9X2p8nAAAABklEQVQDAOSqFiAcZvCoAAAAAElFTkSuQmCC' },
  jpg: {
    width: 9, height: 4, type: 'image/jpeg',
    base64: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAkDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAEF/8QAFxABAQEBAAAAAAAAAAAAAAAAAAECMf/EABUBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFxEBAQEBAAAAAAAAAAAAAAAAAgERAP/aAAwDAQACEQMRAD8AxpmTkUA007qu9TEETDMnf//Z',
  },
  gif: { width: 3, height: 2, type: 'image/gif', base64: 'R0lGODlhAwACAIAAAMgeHv///ywAAAAAAwACAAACBQRBEARRADs=' },
  webpLossy: { width: 6, height: 3, type: 'image/webp', base64: 'UklGRkIAAABXRUJQVlA4IDYAAACQAQCdASoGAAMAAsBMJbACdLoAA5gA/u2SLTmk4r7vU6Hz3HiN/80UY/7mUb/+tf1t/H/jIAA=' },
  webpLossless: { width: 5, height: 4, type: 'image/webp', base64: 'UklGRiQAAABXRUJQVlA4TBcAAAAvBMAAAA9wHvF7qN4Kef6DB8f4iOh/MAA=' },
  webpExtended: {
    width: 4, height: 6, type: 'image/webp',
    base64: 'UklGRnIAAABXRUJQVlA4WAoAAAAQAAAAAwAABQAAQUxQSBMAAAABD/DA/4iIoBBAABQJNBH9D+AHAFZQOCA4AAAAkAEAnQEqBAAGAALATCWwAnS6AAOYAP7tkjrTe/0H7H36Plnextv/y4+qf5n/7nt/7l/onzAAAAA=',
  },
};
const bytesOf = (name: keyof typeof IMAGES) => Buffer.from(IMAGES[name].base64, 'base64');
const MB5 = 5 * 1024 * 1024;

interface Setup {
  app: FastifyInstance;
  dataDir: string;
  editor: string;
  blog: string;
}

async function setUp(t: TestContext): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-media-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await build(t, { VF_DATA_DIR: dataDir });
  const editor = (await signupAs(app, 'mod')).access_token;
  const blog = (await getOrCreateContainer(app.db, SITE, `blog-${Math.random()}`, 'liveblog')).uuid;
  return { app, dataDir, editor, blog };
}

/** POSTs a multipart body built by the platform's FormData, as a browser sends it. */
async function upload(app: FastifyInstance, container: string, token: string | undefined, parts: [string, Blob | string, string?][], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  const request = new Request('http://x/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/liveblog/${SITE}/${container}/media`,
    headers: { ...bearer(token), ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const file = (bytes: Buffer, type = 'image/png', name = 'photo.png'): [string, Blob, string] => ['file', new Blob([new Uint8Array(bytes)], { type }), name];

function refusal(response: LightMyRequestResponse) {
  const body = response.json();
  return { status: response.statusCode, message: body.message };
}

/** Nothing was kept: no media row, no file. */
async function assertNothingStored(s: Setup, label: string) {
  assert.equal(await countRows(s.app, 'media'), 0, `${label}: no row`);
  const dir = join(s.dataDir, 'media');
  assert.deepEqual(existsSync(dir) ? readdirSync(dir) : [], [], `${label}: no file`);
}

describe('POST /api/liveblog/{s}/{c}/media', () => {
  test('an editor uploads PNG, JPEG, GIF and WebP images and gets their type and size; the file is served as it was sent', async (t) => {
    const s = await setUp(t);
    const admin = (await signupAs(s.app, 'admin')).access_token;
    for (const [name, image] of Object.entries(IMAGES)) {
      const bytes = bytesOf(name as keyof typeof IMAGES);
      // The declared type and name are not read: all say PNG.
      const item = resultOf<MediaItem>(await upload(s.app, s.blog, name === 'gif' ? admin : s.editor, [file(bytes)]));
      const extension = image.type.split('/')[1]!.replace('jpeg', 'jpg');
      assert.match(item.url, new RegExp(`^/media/[0-9a-f]{32}\\.${extension}$`), name);
      assert.match(item.media_uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual({ ...item, media_uuid: '', url: '' }, { media_uuid: '', url: '', content_type: image.type, width: image.width, height: image.height }, name);

      const row = await s.app.db.selectFrom('media').selectAll().where('uuid', '=', item.media_uuid).executeTakeFirstOrThrow();
      assert.deepEqual([row.container_uuid, row.site_uuid, Number(row.byte_size), `/media/${row.file}`], [s.blog, SITE, bytes.length, item.url]);

      const served = await s.app.inject({ method: 'GET', url: item.url, headers: { origin: 'https://news.example' } });
      assert.equal(served.statusCode, 200, name);
      assert.deepEqual(served.rawPayload, bytes, name);
      assert.equal(served.headers['content-type'], image.type);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox");
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(served.headers['access-control-allow-origin'], '*');
    }
    assert.equal(readdirSync(join(s.dataDir, 'media')).length, Object.keys(IMAGES).length);
  });

  test('a reader is refused (403), a guest must log in (401); nothing is stored', async (t) => {
    const s = await setUp(t);
    const reader = (await signup(s.app)).access_token;
    assert.deepEqual(refusal(await upload(s.app, s.blog, reader, [file(bytesOf('png'))])), { status: 403, message: 'Only moderators and admins can do this' });
    assert.deepEqual(refusal(await upload(s.app, s.blog, undefined, [file(bytesOf('png'))])), { status: 401, message: 'unauthorized' });
    await assertNothingStored(s, 'reader and guest');
  });

  test('a file that is not a PNG, JPEG, GIF or WebP image with a header that parses is 415, whatever its name and declared type', async (t) => {
    const s = await setUp(t);
    const png = bytesOf('png');
    const withSize = (width: number, height: number) => {
      const bytes = Buffer.from(png);
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      return bytes;
    };
    const jpegWithoutFrame = bytesOf('jpg').subarray(0, 150); // the file's start, before its frame header
    const notImages: [string, Buffer][] = [
      ['a script named x.png', Buffer.from('<script>alert(document.cookie)</script>')],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['a truncated PNG header', png.subarray(0, 20)],
      ['the PNG signature alone', png.subarray(0, 8)],
      ['a JPEG without its frame header', jpegWithoutFrame],
      ['a GIF cut before its size', bytesOf('gif').subarray(0, 8)],
      ['a WebP cut before its size', bytesOf('webpLossy').subarray(0, 24)],
      ['a width of 0', withSize(0, 5)],
      ['a height over 10000', withSize(7, 10001)],
      ['a BMP', Buffer.from('Qk0eAAAAAAAAABoAAAAMAAAAAQABAAEAGAAAAP8A', 'base64')],
      ['an empty file', Buffer.alloc(0)],
    ];
    for (const [label, bytes] of notImages) {
      assert.deepEqual(refusal(await upload(s.app, s.blog, s.editor, [file(bytes, 'image/png', 'x.png')])), { status: 415, message: 'The file is not a PNG, JPEG, GIF or WebP image' }, label);
    }
    await assertNothingStored(s, 'not images');
    // The largest sides allowed.
    assert.equal(resultOf<MediaItem>(await upload(s.app, s.blog, s.editor, [file(withSize(10000, 10000))])).width, 10000);
  });

  test('an image over 5 MB is 413; 5 MB exactly is taken', async (t) => {
    const s = await setUp(t);
    const padded = (size: number) => Buffer.concat([bytesOf('png'), Buffer.alloc(size - bytesOf('png').length)]);
    assert.deepEqual(refusal(await upload(s.app, s.blog, s.editor, [file(padded(MB5 + 1))])), { status: 413, message: 'The image is larger than 5 MB' });
    await assertNothingStored(s, 'too large');
    const item = resultOf<MediaItem>(await upload(s.app, s.blog, s.editor, [file(padded(MB5))]));
    assert.equal((await s.app.inject({ method: 'GET', url: item.url })).rawPayload.length, MB5);
  });

  test('anything but one part `file` is 400, and stores nothing', async (t) => {
    const s = await setUp(t);
    const wrong: [string, [string, Blob | string, string?][]][] = [
      ['no part', []],
      ['a text field named file', [['file', 'iVBORw0KGgo=']]],
      ['a file under another name', [['image', new Blob([new Uint8Array(bytesOf('png'))]), 'a.png']]],
      ['two files', [file(bytesOf('png')), file(bytesOf('gif'))]],
      ['a field and the file', [['caption', 'hi'], file(bytesOf('png'))]],
    ];
    const askForFile = { status: 400, message: "Send the image as one multipart/form-data part named 'file'" };
    for (const [label, parts] of wrong) assert.deepEqual(refusal(await upload(s.app, s.blog, s.editor, parts)), askForFile, label);
    const json = await s.app.inject({ method: 'POST', url: `/api/liveblog/${SITE}/${s.blog}/media`, headers: bearer(s.editor), payload: { file: 'x' } });
    assert.deepEqual(refusal(json), askForFile, 'JSON');
    await assertNothingStored(s, 'wrong parts');
  });

  test('a conversation, an unknown container or a wrong request signature is refused', async (t) => {
    const s = await setUp(t);
    const conversation = (await getOrCreateContainer(s.app.db, SITE, 'a-page')).uuid;
    assert.equal((await upload(s.app, conversation, s.editor, [file(bytesOf('png'))])).statusCode, 404);
    assert.equal((await upload(s.app, '00000000-0000-4000-8000-000000000001', s.editor, [file(bytesOf('png'))])).statusCode, 404);
    const signed = await upload(s.app, s.blog, s.editor, [file(bytesOf('png'))], { 'x-request-signature': 'not-the-signature' });
    assert.deepEqual(refusal(signed), { status: 403, message: 'Invalid request signature for this container' });
    await assertNothingStored(s, 'refused containers');
  });
});

describe('GET /media/{file}', () => {
  test('a name that is not one of ours, or a file that is not there, is 404', async (t) => {
    const s = await setUp(t);
    resultOf<MediaItem>(await upload(s.app, s.blog, s.editor, [file(bytesOf('png'))]));
    for (const name of [`${'a'.repeat(32)}.png`, `${'A'.repeat(32)}.png`, `${'a'.repeat(32)}.svg`, `${'a'.repeat(31)}.png`, 'x.png', '..%2fvf.sqlite', '%2e%2e%2f%2e%2e%2fpackage.json', 'vf.sqlite']) {
      assert.equal((await s.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode, 404, name);
    }
  });
});

describe('mediaOfContainer', () => {
  test("gives a post's images in the order asked; an unknown one, or one of another live blog, is a 400 on content", async (t) => {
    const s = await setUp(t);
    const other = (await getOrCreateContainer(s.app.db, SITE, 'other-blog', 'liveblog')).uuid;
    const send = async (container: string, name: keyof typeof IMAGES) => resultOf<MediaItem>(await upload(s.app, container, s.editor, [file(bytesOf(name))]));
    const [a, b, elsewhere] = [await send(s.blog, 'png'), await send(s.blog, 'gif'), await send(other, 'jpg')];
    assert.deepEqual(await mediaOfContainer(s.app.db, s.blog, [b.media_uuid, a.media_uuid]), [b, a]);
    assert.deepEqual(await mediaOfContainer(s.app.db, s.blog, []), []);
    for (const uuids of [[a.media_uuid, elsewhere.media_uuid], ['00000000-0000-4000-8000-000000000002']]) {
      await assert.rejects(mediaOfContainer(s.app.db, s.blog, uuids), (error: HttpError) => {
        assert.deepEqual([error.statusCode, error.message, error.extra.field], [400, "An image of this post is not one of this live blog's uploads", 'content']);
        return true;
      });
    }
  });
});
