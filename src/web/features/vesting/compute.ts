import { vestingPreviewRequestSchema, type VestingTermsInput } from '../../../contracts/vesting';
import { computeVesting } from '../../../domain/vesting';
import type { VestingEvents, VestingPolicy, VestingResult } from '../../../domain/vesting/types';

export type PreviewOutcome =
  { ok: true; result: VestingResult } | { ok: false; message: string; path: string };

/**
 * The live preview: the terms checked with the API's own preview schema, then run through the
 * same engine the server stores grants with (style.md "Pure engine"), so the preview and the
 * saved schedule cannot disagree. Incomplete input gives the first problem instead.
 */
export function previewVesting(input: {
  quantity: unknown;
  vestingStartDate: unknown;
  terms: VestingTermsInput;
  asOf: string;
  events?: VestingEvents;
  policy?: VestingPolicy;
}): PreviewOutcome {
  const parsed = vestingPreviewRequestSchema.safeParse({
    quantity: input.quantity,
    vestingStartDate: input.vestingStartDate,
    terms: input.terms,
    asOf: input.asOf,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, path: issue.path.join('.') };
  }
  const { quantity, vestingStartDate, terms } = parsed.data;
  return {
    ok: true,
    result: computeVesting({
      quantity,
      vestingStartDate,
      terms,
      asOf: input.asOf,
      ...(input.events ? { events: input.events } : {}),
      ...(input.policy ? { policy: input.policy } : {}),
    }),
  };
}
