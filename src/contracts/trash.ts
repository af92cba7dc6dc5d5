import { z } from 'zod';

/** How long an item stays in the trash before the purge job deletes it for good (decision 016). */
export const TRASH_RETENTION_DAYS = 30;

export const TRASH_KINDS = ['company', 'stakeholder', 'plan', 'grant'] as const;
export const trashKindSchema = z.enum(TRASH_KINDS);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** One item of the workspace's trash. */
export const trashItemSchema = z.object({
  kind: trashKindSchema,
  id: z.uuid(),
  /** The company's name, the stakeholder's, the plan's; for a grant "quantity to stakeholder (plan)". */
  name: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
  deletedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  /** When the purge job deletes it permanently (deletedAt + 30 days). */
  purgeAt: z.iso.datetime({ offset: true }),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashListResponseSchema = z.object({ items: z.array(trashItemSchema) });
export type TrashList = z.infer<typeof trashListResponseSchema>;

/** What a company takes with it to the trash (the delete dialog lists it). */
export const companyContentsSchema = z.object({
  stakeholders: z.number().int(),
  shareClasses: z.number().int(),
  registerEntries: z.number().int(),
  receipts: z.number().int(),
  plans: z.number().int(),
  grants: z.number().int(),
  valuations: z.number().int(),
});
export type CompanyContents = z.infer<typeof companyContentsSchema>;
