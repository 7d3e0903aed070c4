/**
 * A site's legal settings on `/api/v2` (docs/law.md "Grounds"): anyone reads them (the notice form
 * lists the kinds of illegality), an admin of the site changes any of the three keys with PUT, or
 * POST with `verb: "PUT"` (spec §7). The schema checks each ground's shape; ids unique per list,
 * labels that show something and lists that keep one ground at least are checked here. A ground
 * taken off a list stays on the statements that cite it (they keep its label).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DSA_CATEGORIES, ERASED_CONTENT, GROUND_ID_PATTERN, type Ground, type LegalSettings, MAX_GROUND_LABEL, MAX_GROUNDS,
} from '../../core/legal/types.ts';
import { normaliseName } from '../content/normalise.ts';
import { badRequest } from '../errors.ts';
import { shape } from '../engine/schemas.ts';
import { siteOr404 } from '../engine/sites.ts';
import { answers, type Common, strictObject } from '../routes/schemas.ts';
import { siteForAdmin } from '../sites/index.ts';
import { legalSettings, updateLegalSettings } from './settings.ts';

const groundId = { type: 'string', pattern: GROUND_ID_PATTERN } as const;
const groundLabel = { type: 'string', minLength: 1, maxLength: MAX_GROUND_LABEL } as const;
const category = { type: 'string', enum: [...DSA_CATEGORIES] } as const;
const groundList = (item: object) => ({ type: 'array', maxItems: MAX_GROUNDS, items: item }) as const;

/** What is sent and answered: a kind of illegality has its DSA category, a rule of the terms has none. */
const illegalKind = shape({ id: groundId, label: groundLabel, category }, ['id', 'label', 'category']);
const termsRule = shape({ id: groundId, label: groundLabel }, ['id', 'label']);
const settingsFields = {
  illegal_kinds: groundList(illegalKind),
  terms_rules: groundList(termsRule),
  erased_content: { type: 'string', enum: [...ERASED_CONTENT] },
} as const;

export const legalSettingsSchema = shape(settingsFields, ['illegal_kinds', 'terms_rules', 'erased_content']);

type Change = Partial<LegalSettings>;
type ChangeRequest = FastifyRequest<{ Body: Common & Change & { section: string; verb?: 'PUT' } }>;

/** The list as stored (labels normalised), or a 400 naming the list: empty, an id twice, a label that shows nothing. */
function checkedList(list: Ground[], field: 'illegal_kinds' | 'terms_rules'): Ground[] {
  const noun = field === 'illegal_kinds' ? 'kind of illegality' : 'rule of the terms';
  if (list.length === 0) throw badRequest(`${field} must keep at least one ${noun}`, field);
  const seen = new Set<string>();
  return list.map((ground, i) => {
    if (seen.has(ground.id)) throw badRequest(`${field}[${i}].id: '${ground.id}' is used twice in ${field}`, field);
    seen.add(ground.id);
    const label = normaliseName(ground.label);
    if (!label) throw badRequest(`${field}[${i}].label cannot be empty`, field);
    return { ...ground, label };
  });
}

export default async function legalSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Common & { section: string } }>(
    '/legal/settings',
    { schema: { querystring: strictObject({}, ['section']), response: answers(legalSettingsSchema) } },
    async (request) => {
      const site = await siteOr404(app.db, request.query.section);
      return { result: await legalSettings(app.db, site.uuid) };
    },
  );

  async function change(request: ChangeRequest) {
    const site = await siteForAdmin(app.db, request, request.body.section, 'change its legal settings');
    const { illegal_kinds, terms_rules, erased_content } = request.body;
    if (illegal_kinds === undefined && terms_rules === undefined && erased_content === undefined) {
      throw badRequest('Give illegal_kinds, terms_rules or erased_content', 'illegal_kinds');
    }
    const change: Change = {
      ...(illegal_kinds === undefined ? {} : { illegal_kinds: checkedList(illegal_kinds, 'illegal_kinds') }),
      ...(terms_rules === undefined ? {} : { terms_rules: checkedList(terms_rules, 'terms_rules') }),
      ...(erased_content === undefined ? {} : { erased_content }),
    };
    return { result: await updateLegalSettings(app.db, site.uuid, change) };
  }

  const body = (extra: Record<string, object>, required: string[]) => strictObject({ ...settingsFields, ...extra }, ['section', ...required]);
  const common = { querystring: strictObject({}), response: answers(legalSettingsSchema) };
  app.put<{ Body: Common & Change & { section: string } }>('/legal/settings', { schema: { ...common, body: body({}, []) } }, change);
  // Spec §7: the client sends PUT as a POST with `verb: 'PUT'`.
  app.post<{ Body: Common & Change & { section: string; verb: 'PUT' } }>(
    '/legal/settings',
    { schema: { ...common, body: body({ verb: { type: 'string', const: 'PUT' } }, ['verb']) } },
    change,
  );
}
