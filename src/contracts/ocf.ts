import { z } from 'zod';

/** The answer of `POST /api/v1/ocf-imports` (issue 13, decision 024). */
export const ocfImportReportSchema = z.object({
  /** Per OCF object type, how many objects were imported. */
  imported: z.record(z.string(), z.number().int()),
  /** Every object (or field) left out, with the reason. */
  skipped: z.array(z.object({ object: z.string(), id: z.string(), reason: z.string() })),
  /**
   * What was imported but deserves a look: a file whose bytes do not match the MD5 its manifest
   * gives (it was read as it is, and checked against the schemas like any other).
   */
  warnings: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type OcfImportReport = z.infer<typeof ocfImportReportSchema>;

export const ocfImportResultSchema = z.object({
  companyId: z.uuid(),
  report: ocfImportReportSchema,
});
export type OcfImportResult = z.infer<typeof ocfImportResultSchema>;
