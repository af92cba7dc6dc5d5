import { zodResolver } from '@hookform/resolvers/zod';
import { loaders } from 'virtual:catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyCreateSchema } from '../../contracts/company';
import { accelerationSchema } from '../../contracts/equity';
import { adjustmentDirectionSchema } from '../features/plans/adjustment-direction';
import { i18n } from './i18n';
import { localizedSchema } from './localized-schema';

/** The resolver's message per field for `values`. */
async function messages(schema: z.ZodType, values: Record<string, unknown>) {
  const resolve = zodResolver(localizedSchema(schema) as never);
  const result = await (resolve as (...args: unknown[]) => Promise<unknown>)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = (result as { errors: Record<string, { message?: string }> }).errors;
  return Object.fromEntries(Object.entries(errors).map(([name, e]) => [name, e.message]));
}

const refined = z.object({
  start: z.string().refine(() => false, 'The form’s own words'),
});

describe('a form’s messages in the app’s language (issue 12)', () => {
  beforeAll(async () => {
    for (const language of ['en', 'nl'] as const) {
      const { default: catalog } = await loaders[language]!();
      i18n.load(language, catalog as Parameters<typeof i18n.load>[1]);
    }
  });
  afterAll(() => i18n.activate('en'));

  it('keeps the contract’s English', async () => {
    i18n.activate('en');
    expect(await messages(companyCreateSchema, { companyName: '' })).toMatchObject({
      companyName: 'Company name is required',
    });
  });

  it('gives the shared localizeIssue’s message in Dutch, and keeps a form’s own refinement', async () => {
    i18n.activate('nl');
    expect(await messages(companyCreateSchema, { companyName: 'a\u0007' })).toMatchObject({
      companyName: 'Mag geen stuurtekens bevatten',
    });
    expect(await messages(companyCreateSchema, {})).toMatchObject({
      companyName: 'Dit veld is verplicht',
    });
    expect(await messages(refined, { start: 'x' })).toEqual({ start: 'The form’s own words' });
  });

  it('words the contracts’ rules and a form’s choice by their catalog message', async () => {
    i18n.activate('nl');
    expect(await messages(accelerationSchema, { trigger: 'single' })).toEqual({
      percent: 'Vul het percentage van het niet-gevestigde deel in dat versneld vest',
    });
    const adjustment = z.object({ direction: adjustmentDirectionSchema });
    expect(await messages(adjustment, { direction: 'sideways' })).toEqual({
      direction: 'Kies verhogen of vrijgeven',
    });
    i18n.activate('en');
    expect(await messages(adjustment, { direction: 'sideways' })).toEqual({
      direction: 'Choose increase or release',
    });
    expect(await messages(accelerationSchema, { trigger: 'single' })).toEqual({
      percent: 'Give the percentage of unvested that accelerates',
    });
  });
});
