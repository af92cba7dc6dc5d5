import { z } from 'zod';
import { isoDate } from './common';

/**
 * Downloads (issue 13): every export route takes `format=csv|xlsx`; CSV stays the default so
 * links and scripts written for the cap table CSV keep working.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
});

/** The cap table's export: its as-of date (default today) and the format. */
export const capTableExportQuerySchema = exportQuerySchema.extend({
  asOf: isoDate('asOf').optional(),
});
