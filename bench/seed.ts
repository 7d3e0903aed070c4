// Puts a conversation on the demo article through the real HTTP API, as readers would.
const DEMO_CONTAINER_ID = 'demo-article-river-trees';

async function call<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { result: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.result;
}

export async function seedConversation(origin: string, comments: number): Promise<{ listUrl: string }> {
  const boot = await call<{ section_uuid: string }>(origin, 'POST', '/api/v2/bootstrap/v2', { domain: '127.0.0.1' });
  const section = boot.section_uuid;
  const email = `bench-${Date.now()}@example.com`;
  await call(origin, 'POST', '/api/v2/users', { name: 'Bench Reader', email, password: 'bench-password-1', section });
  const auth = await call<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email, password: 'bench-password-1', section });
  const container = await call<{ content_container_uuid: string }>(
    origin, 'GET', `/api/comments/${section}/contentcontainer/id?container_id=${DEMO_CONTAINER_ID}`);
  const base = `/api/comments/${section}/${container.content_container_uuid}`;
  for (let i = 1; i <= comments; i++) {
    await call(origin, 'POST', `${base}/comments`, { content: `Benchmark comment ${i}: the river walk is cooler.` }, auth.access_token);
  }
  return { listUrl: `${origin}${base}/comments?limit=10&reply_limit=2&sorted_by=newest` };
}
