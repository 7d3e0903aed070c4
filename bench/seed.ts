// Puts a conversation on the demo article through the real HTTP API, as readers would.
import { callApi } from '../test/support/callApi.ts';
const DEMO_CONTAINER_ID = 'demo-article-river-trees';


export async function seedConversation(origin: string, comments: number): Promise<{ listUrl: string }> {
  const boot = await callApi<{ section_uuid: string }>(origin, 'POST', '/api/v2/bootstrap/v2', { domain: '127.0.0.1' });
  const section = boot.section_uuid;
  const email = `bench-${Date.now()}@example.com`;
  await callApi(origin, 'POST', '/api/v2/users', { name: 'Bench Reader', email, password: 'bench-password-1', section });
  const auth = await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email, password: 'bench-password-1', section });
  const container = await callApi<{ content_container_uuid: string }>(
    origin, 'GET', `/api/comments/${section}/contentcontainer/id?container_id=${DEMO_CONTAINER_ID}`);
  const base = `/api/comments/${section}/${container.content_container_uuid}`;
  for (let i = 1; i <= comments; i++) {
    await callApi(origin, 'POST', `${base}/comments`, { content: `Benchmark comment ${i}: the river walk is cooler.` }, auth.access_token);
  }
  return { listUrl: `${origin}${base}/comments?limit=10&reply_limit=2&sorted_by=newest` };
}
