// The client keeps the signature a container arrives with and sends it as X-Request-Signature
// on requests about that container only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore } from '../../core/store/index.ts';
import { commentQueriesApi, commentMutationsApi } from '../../core/api/comments.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { installLocalStorage } from './helpers/memoryStorage.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { CONTAINER, SITE } from './helpers/fixtures.ts';

installLocalStorage();
let server: TestServer;

before(async () => {
  server = await startServer();
  configure({ origin: server.origin });
  server.handle((req) => {
    if (req.path.endsWith('/contentcontainer/id')) {
      return { json: { result: { content_container_uuid: CONTAINER, container_id: 'a-1', section_uuid: SITE, total_visible_content: 0, settings: { is_hidden: false, is_closed: false }, signature: 'sig-of-container' } } };
    }
    return { json: { result: { content_uuid: 'x', content_container_uuid: CONTAINER } } };
  });
});
after(async () => {
  await server.close();
  resetConfig();
});

describe('X-Request-Signature', () => {
  it('is sent with requests about a container once its signature is known, and not with others', async () => {
    const store = createAppStore();
    const other = '99999999-8888-4777-8666-555555555555';
    const post = (containerUuid: string) =>
      store.dispatch(commentMutationsApi.endpoints.postComment.initiate({ sectionUuid: SITE, containerUuid, content: 'hi' }));
    await post(CONTAINER);
    assert.equal(server.requests.at(-1)?.headers['x-request-signature'], undefined, 'unknown before the container loads');
    await store.dispatch(commentQueriesApi.endpoints.container.initiate({ sectionUuid: SITE, containerId: 'a-1' }));
    await post(CONTAINER);
    assert.equal(server.requests.at(-1)?.headers['x-request-signature'], 'sig-of-container');
    await post(other);
    assert.equal(server.requests.at(-1)?.headers['x-request-signature'], undefined);
  });
});
