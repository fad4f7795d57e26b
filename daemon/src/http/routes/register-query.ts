import { z } from 'zod';
import { JOB_STATUSES } from '@intake/core';
import { DOCUMENT_SOURCES, REGISTER_SORT_KEYS, type JobSort, type RegisterSortKey } from '@intake/core/jobs';
import { type JobFilter } from '@intake/core/ports';
import { booleanQuery } from './common.schemas.js';

const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date or timestamp')
  .transform((v) => new Date(v).toISOString());

const SORTS = REGISTER_SORT_KEYS.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];

/** The list's filters, shared by GET /v1/documents and its CSV export. */
export const RegisterFilterQuery = z.object({
  extractor_id: z.string().optional(),
  status: z.enum(JOB_STATUSES).optional(),
  created_after: isoDate.optional(),
  created_before: isoDate.optional(),
  min_confidence: z.coerce.number().min(0).max(1).optional(),
  needs_review: booleanQuery
    .optional()
    .describe('true: the review queue (with status=completed); false: jobs that need no review'),
  source: z.enum(DOCUMENT_SOURCES).optional().describe('upload (API or dashboard) or email'),
  vendor: z.string().min(1).max(500).optional().describe('The extracted vendor or merchant, equal ignoring case'),
  q: z
    .string()
    .max(500)
    .optional()
    .describe(
      'Full-text search over the file name, sender, subject and extracted values: every word must begin a word there',
    ),
  sort: z
    .enum(SORTS)
    .optional()
    .describe('Sort key, `-` for descending (default -created_at); ties by id; documents without the value come last'),
});

/** `sort=-total` as a JobSort; undefined for the default order. */
export function parseSort(sort: string | undefined): JobSort | undefined {
  if (sort === undefined || sort === '-created_at') return undefined;
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as RegisterSortKey, descending };
}

/** The store filter of a parsed query (without paging and sort members). */
export function toJobFilter(query: z.infer<typeof RegisterFilterQuery>): JobFilter {
  const { sort: _sort, ...filter } = query;
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
}

/** What a register row shows of a job, added to each job of the list as `register`. */
export const RegisterSchema = z
  .object({
    file_name: z.string().nullable(),
    source: z.object({
      kind: z.enum(DOCUMENT_SOURCES),
      sender: z.string().nullable(),
      subject: z.string().nullable(),
    }),
    extractor: z.object({ id: z.string(), name: z.string() }),
    document_type: z.string(),
    vendor: z.string().nullable(),
    document_number: z.string().nullable(),
    document_date: z.string().nullable().describe('As extracted'),
    total: z.number().nullable(),
    currency: z.string().nullable(),
    lowest_confidence: z.number().nullable().describe('The lowest field confidence (null before completion)'),
    status: z.enum(JOB_STATUSES),
    review_state: z.enum(['none', 'needs_review', 'confirmed', 'rejected']),
  })
  .meta({ id: 'DocumentRegisterFields' });
