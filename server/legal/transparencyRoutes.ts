/**
 * The transparency downloads on `/api/v2` (DSA Art. 15, 24; docs/law.md "API"), for the site's
 * admins: `GET /legal/transparency` (the report for a period, JSON or CSV: transparency.ts) and
 * `GET /legal/statements.jsonl` (the statements of reasons for the EU's Transparency Database:
 * dsaExport.ts). Both are files (Content-Disposition: attachment), not `{ result }` answers.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { badRequest } from '../errors.ts';
import { type Common, sends, strictObject } from '../routes/schemas.ts';
import { siteForAdmin } from '../sites/index.ts';
import { statementLines } from './dsaExport.ts';
import { reportCsv, transparencyReport } from './transparency.ts';

/** A moment in ms (up to the year 9999). */
const ms = { type: 'integer', minimum: 0, maximum: 253402300799999 } as const;

interface Period extends Common {
  section: string;
  from: number;
  to: number;
}

/** The period's days, for the file's name. */
const days = (p: Period) => `${new Date(p.from).toISOString().slice(0, 10)}-${new Date(p.to).toISOString().slice(0, 10)}`;

function checkPeriod(period: Period): void {
  if (period.to <= period.from) throw badRequest('to must be after from', 'to');
}

export default async function transparencyRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Period & { format: 'json' | 'csv' } }>(
    '/legal/transparency',
    {
      schema: {
        querystring: strictObject({ from: ms, to: ms, format: { type: 'string', enum: ['json', 'csv'], default: 'json' } }, ['section', 'from', 'to']),
        response: { 200: sends('The transparency report for the period (a file: JSON, or CSV rows section,metric,key,value)', 'application/json', 'text/csv') },
      },
    },
    async (request, reply) => {
      const site = await siteForAdmin(app.db, request, request.query.section, 'download its transparency report');
      checkPeriod(request.query);
      const report = await transparencyReport(app.db, site.uuid, request.query.from, request.query.to);
      const csv = request.query.format === 'csv';
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="vf-transparency-${days(request.query)}.${csv ? 'csv' : 'json'}"`)
        .type(csv ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8')
        .send(csv ? reportCsv(report) : `${JSON.stringify(report, null, 2)}\n`);
    },
  );

  app.get<{ Querystring: Period }>(
    '/legal/statements.jsonl',
    {
      schema: {
        querystring: strictObject({ from: ms, to: ms }, ['section', 'from', 'to']),
        response: { 200: sends("The period's statements of reasons, one JSON object a line, in the EU Transparency Database's fields", 'application/jsonl') },
      },
    },
    async (request, reply) => {
      const site = await siteForAdmin(app.db, request, request.query.section, 'export its statements of reasons');
      checkPeriod(request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="vf-statements-${days(request.query)}.jsonl"`)
        .type('application/jsonl; charset=utf-8')
        .send(Readable.from(statementLines(app.db, site.uuid, request.query.from, request.query.to)));
    },
  );
}
