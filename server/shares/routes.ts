/**
 * Shares (`/api/v2/pages/{page_uuid}/shares`, docs/api.md "shares"): `POST` records one share of a
 * page on a network of the allow-list (core/share/links.ts), by the signed-in reader of the
 * page's site or by a guest (counted anonymously); `GET` answers the page's total and per-network
 * counts. Recording is limited per client and page so the total cannot be trivially inflated.
 */
import type { FastifyInstance } from 'fastify';
import { isShareNetwork, SHARE_NETWORKS } from '../../core/share/links.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { viewerOn } from '../permissions/index.ts';
import { getPage } from '../pages/index.ts';
import { siteOr404 } from '../engine/sites.ts';
import { recordShare, shareTotals } from './queries.ts';
import { answers, type Common, params, strictObject } from '../routes/schemas.ts';

/** Shares one client (signed-in user, else IP) may record per page in ten minutes. */
export const SHARES_PER_PAGE = 10;
const SHARE_WINDOW_MS = 10 * 60 * 1000;

const totalsAnswers = answers({
  type: 'object',
  additionalProperties: false,
  properties: {
    page_uuid: { type: 'string' },
    total: { type: 'integer' },
    by_network: { type: 'object', additionalProperties: false, properties: Object.fromEntries(SHARE_NETWORKS.map((n) => [n, { type: 'integer' }])) },
  },
  required: ['page_uuid', 'total', 'by_network'],
});

type PageParams = { page_uuid: string };

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const pageOr404 = async (uuid: string) => {
    const page = await getPage(app.db, uuid);
    if (!page) throw notFound(`No page has the uuid ${uuid}`);
    return page;
  };

  app.get<{ Params: PageParams }>(
    '/pages/:page_uuid/shares',
    { schema: { params: params(['page_uuid']), querystring: strictObject({}), response: totalsAnswers } },
    async (request) => {
      const page = await pageOr404(request.params.page_uuid);
      return { result: { page_uuid: page.uuid, ...(await shareTotals(app.db, page.uuid)) } };
    },
  );

  app.post<{ Params: PageParams; Body: Common & { network: string } }>(
    '/pages/:page_uuid/shares',
    {
      schema: {
        params: params(['page_uuid']),
        body: strictObject({ network: { type: 'string', minLength: 1, maxLength: 40 } }, ['network']),
        querystring: strictObject({}),
        response: totalsAnswers,
      },
    },
    async (request, reply) => {
      const { network } = request.body;
      if (!isShareNetwork(network)) throw badRequest(`Unsupported network "${network}": use one of ${SHARE_NETWORKS.join(', ')}`, 'network');
      const page = await pageOr404(request.params.page_uuid);
      if (request.body.section && request.body.section !== page.site_uuid) throw notFound('No such page on this site');
      // The site's switch (platform.md §3 enable_sharebar): off, the bar shows nothing and nothing is recorded.
      if (!(await siteOr404(app.db, page.site_uuid)).settings.enable_sharebar) throw new HttpError(403, 'Sharing is turned off on this site');
      // A signed-in reader of this page's site is the sharer; anyone else is a guest.
      const sharerUuid = viewerOn(request, page.site_uuid) ? request.user!.row.uuid : null;
      const client = sharerUuid ? `user:${sharerUuid}` : `ip:${request.ip}`;
      const refused = app.postLimiter.attempt([{ key: `share:${page.uuid}:${client}`, limit: { limit: SHARES_PER_PAGE, windowMs: SHARE_WINDOW_MS } }]);
      if (refused) {
        reply.header('retry-after', String(refused.retryAfter));
        throw new HttpError(429, 'Too many shares of this page from you. Try again later.');
      }
      const totals = await recordShare(app.db, { siteUuid: page.site_uuid, pageUuid: page.uuid, network, sharerUuid });
      return { result: { page_uuid: page.uuid, ...totals } };
    },
  );
}
