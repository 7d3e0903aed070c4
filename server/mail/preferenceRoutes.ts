/**
 * A reader's email preferences on `/api/v2` (docs/notifications.md "Email"; core/api/mailPreferences.ts):
 * - `GET /users/me/email-preferences?section=`: how often they are mailed and about what;
 * - `PATCH` (or POST with `verb: 'PATCH'`, platform.md §7) `{ section, email_notice_frequency?, categories? }`:
 *   changes either or both (categories left out keep their value); answers the preferences as now kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAIL_CATEGORIES, MAIL_FREQUENCIES, type MailCategories, type MailFrequency } from '../../core/mail/types.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { shape } from '../engine/schemas.ts';
import { requireUser } from '../plugins/auth.ts';
import { answers, type Common, strictObject } from '../routes/schemas.ts';
import { changePreferences, preferencesOf } from './preferences.ts';

const flags = (required: boolean) => ({
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(MAIL_CATEGORIES.map((category) => [category, { type: 'boolean' }])),
  ...(required ? { required: [...MAIL_CATEGORIES] } : {}),
});
const frequency = { type: 'string', enum: [...MAIL_FREQUENCIES] } as const;

const preferencesAnswer = answers(shape({ email_notice_frequency: frequency, categories: flags(true) }, ['email_notice_frequency', 'categories']));

interface ChangeBody extends Common {
  email_notice_frequency?: MailFrequency;
  categories?: Partial<MailCategories>;
  verb?: 'PATCH';
}

/** The signed-in reader, on the site `section` names (an account belongs to one site). */
function readerOn(request: FastifyRequest, section: string | undefined) {
  const user = requireUser(request);
  if (user.row.site_uuid !== section) throw new HttpError(403, 'This account belongs to another site', { field: 'section' });
  return user.row;
}

export default async function preferenceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Common }>(
    '/users/me/email-preferences',
    { schema: { querystring: strictObject({}, ['section']), response: preferencesAnswer } },
    // The account as the auth plugin read it for this request: no second read.
    async (request) => ({ result: preferencesOf(readerOn(request, request.query.section)) }),
  );

  for (const method of ['PATCH', 'POST'] as const) {
    app.route<{ Body: ChangeBody }>({
      method,
      url: '/users/me/email-preferences',
      schema: {
        body: strictObject(
          { email_notice_frequency: frequency, categories: flags(false), verb: { type: 'string', const: 'PATCH' } },
          method === 'POST' ? ['section', 'verb'] : ['section'],
        ),
        querystring: strictObject({}),
        response: preferencesAnswer,
      },
      handler: async (request) => {
        const reader = readerOn(request, request.body.section);
        const { email_notice_frequency, categories } = request.body;
        if (email_notice_frequency === undefined && (categories === undefined || Object.keys(categories).length === 0)) {
          throw badRequest('Nothing to change: send email_notice_frequency or categories', 'email_notice_frequency');
        }
        const kept = await changePreferences(app.db, reader.uuid, { email_notice_frequency, categories });
        if (!kept) throw notFound('No such account');
        request.log.info({ user: reader.uuid, ...kept }, 'email preferences changed');
        return { result: kept };
      },
    });
  }
}
