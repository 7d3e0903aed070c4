/**
 * Pages (`/api/v2/pages`, docs/api.md "pages"): the server's record of a publisher page.
 * POST creates the site's page for a unique id (else the url) or returns the existing one —
 * anyone may, for an address on the site's domains, and it never changes an existing page: the
 * title, description and image a caller sends are a hint until the server has read the page
 * itself (server/pages/metaReader.ts, in the background). PATCH (or POST with `verb: "PATCH"`,
 * spec §7) changes a page: moderators and admins of its site only; what they set, reads leave.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageChange, PageInput } from '../../core/api/types.ts';
import { cleanText, stripTracking } from '../../core/page/identity.ts';
import { parseOwnerId } from '../../core/page/owners.ts';
import { pageImageHosts, urlOnHosts } from '../../core/page/siteUrls.ts';
import { isLoggedIn, isPrivileged } from '../../core/permissions/index.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../errors.ts';
import { callAsksForRead } from './metaReader.ts';
import { viewerOn } from '../permissions/index.ts';
import { findOrCreatePage, getPage, toApiPage, updatePage } from './queries.ts';
import { getSite, type Site } from '../engine/sites.ts';
import { type Common, httpUrl, params, strictObject } from '../routes/schemas.ts';
import { pageAnswer } from '../accounts/index.ts';

const PAGE_TYPES = ['article', 'section', 'video', 'profile', 'product'];
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

const pageFields = {
  url: httpUrl,
  title: { type: 'string', maxLength: 5000 },
  description: { type: 'string', maxLength: 5000 },
  image_url: nullable(httpUrl),
  image_alt: nullable({ type: 'string', maxLength: 1000 }),
  page_type: { type: 'string', enum: PAGE_TYPES },
  owners: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 120 } },
  topics: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 100 } },
  page_section: nullable({ type: 'string', minLength: 1, maxLength: 200 }),
  lang: nullable({ type: 'string', pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$' }),
};

type CreateBody = Common & PageInput;
type ChangeBody = Common & PageChange & { verb?: 'PATCH' };

/** Cleans what both calls accept: text capped and collapsed, tracking removed, owner ids normalised. */
function clean<T extends PageChange>(body: T): T {
  const out = { ...body };
  if (out.title !== undefined) out.title = cleanText(out.title);
  if (out.description !== undefined) out.description = cleanText(out.description);
  if (out.url !== undefined) out.url = stripTracking(out.url, out.url);
  if (out.image_alt) out.image_alt = cleanText(out.image_alt);
  if (out.lang) out.lang = out.lang.toLowerCase().replace('_', '-');
  if (out.topics) out.topics = [...new Set(out.topics.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  if (out.owners) {
    out.owners = out.owners.map((raw, i) => {
      const id = parseOwnerId(raw);
      if (!id) throw badRequest(`owners[${i}] is not an owner id (vf-<uuid>, a uuid, a numeric id or provider:id)`, 'owners');
      return id;
    });
    out.owners = [...new Set(out.owners)];
  }
  return out;
}

/** 400 unless the page's address is on the site's domains, and its picture there or on the site's page_image_hosts. */
function checkOnSite(site: Site, fields: PageChange): void {
  if (fields.url !== undefined && !urlOnHosts(fields.url, site.domains)) {
    throw badRequest("url must be an http(s) address on one of the site's domains", 'url');
  }
  if (fields.image_url && !urlOnHosts(fields.image_url, pageImageHosts(site.domains, site.settings))) {
    throw badRequest("image_url must be an http(s) address on one of the site's domains or its page_image_hosts", 'image_url');
  }
}

export default async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CreateBody }>(
    '/pages',
    {
      schema: {
        body: strictObject({ ...pageFields, unique_id: nullable({ type: 'string', minLength: 1, maxLength: 200 }) }, ['url', 'section']),
        querystring: strictObject({}),
        response: pageAnswer,
      },
    },
    async (request) => {
      const site = await getSite(app.db, request.body.section!);
      if (!site) throw notFound(`No site has the uuid ${request.body.section}`);
      const body = clean(request.body);
      checkOnSite(site, body);
      const uniqueId = body.unique_id?.trim().replace(/^vf-(?=[0-9a-f-]{36}$)/i, '').toLowerCase() || null;
      const { page, created } = await findOrCreatePage(app.db, site.uuid, {
        url: body.url, unique_id: uniqueId, title: body.title, description: body.description, image_url: body.image_url, image_alt: body.image_alt,
        page_type: body.page_type, owners: body.owners, topics: body.topics, page_section: body.page_section, lang: body.lang,
      });
      if (created || callAsksForRead(page, body, app.pageMeta.now())) app.pageMeta.refresh(page.uuid);
      return { result: toApiPage(page) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/pages/:id',
    { schema: { params: params(['id']), querystring: strictObject({}), response: pageAnswer } },
    async (request) => {
      const page = await getPage(app.db, request.params.id);
      if (!page) throw notFound('No such page');
      return { result: toApiPage(page) };
    },
  );

  async function change(request: FastifyRequest<{ Params: { id: string }; Body: ChangeBody }>) {
    const page = await getPage(app.db, request.params.id);
    if (!page) throw notFound('No such page');
    if (request.body.section && request.body.section !== page.site_uuid) throw notFound('No such page on this site');
    const viewer = viewerOn(request, page.site_uuid);
    if (!isLoggedIn(viewer)) throw request.user ? new HttpError(403, 'This account belongs to another site') : unauthorized();
    if (!isPrivileged(viewer)) throw new HttpError(403, "Only the site's moderators and admins can change a page");
    const { verb: _verb, session: _session, section: _section, ...fields } = clean(request.body);
    checkOnSite((await getSite(app.db, page.site_uuid))!, fields);
    const updated = await updatePage(app.db, page.uuid, fields);
    return { result: toApiPage(updated!) };
  }

  const changeSchema = { params: params(['id']), body: strictObject(pageFields), querystring: strictObject({}), response: pageAnswer };
  app.patch<{ Params: { id: string }; Body: ChangeBody }>('/pages/:id', { schema: changeSchema }, change);
  app.post<{ Params: { id: string }; Body: ChangeBody }>(
    '/pages/:id',
    { schema: { ...changeSchema, body: strictObject({ ...pageFields, verb: { type: 'string', const: 'PATCH' } }, ['verb']) } },
    change,
  );
}
