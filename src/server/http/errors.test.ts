import { describe, expect, it } from 'vitest';
import { AppError, LongDate, msg, renderText, validationError } from './errors';

describe('API error messages in the reader’s language (issue 12)', () => {
  it('writes a date value out in the language', () => {
    const text = msg('errors.grant.beforeBoardApproval', { date: new LongDate('2026-03-01') });
    expect(renderText(text, 'en')).toBe(
      "The plan's pool exists from its board approval on 1 March 2026; date the grant on or after it",
    );
    expect(renderText(text, 'nl')).toContain('op 1 maart 2026;');
  });

  it('renders nested messages and lists of them, numbers in the language', () => {
    const text = msg('errors.inUse', {
      what: msg('errors.shareClass.named', { name: 'Gewoon' }),
      uses: [
        msg('errors.uses.registerEvents', { count: 2 }),
        msg('errors.uses.plans', { count: 1 }),
      ],
    });
    expect(renderText(text, 'en')).toBe(
      'Share class Gewoon cannot be deleted: 2 register event(s), 1 plan(s) still refer to it',
    );
    expect(renderText(text, 'nl')).toBe(
      'Aandelensoort Gewoon kan niet worden verwijderd: nog in gebruik bij 2 registerinschrijvingen, 1 plan',
    );
    expect(
      renderText(
        msg('errors.grant.notExercisable.field', { exercisable: 2917, date: '2025-04-01' }),
        'nl',
      ),
    ).toBe('Hoogstens 2.917 uitoefenbaar op 1 april 2025');
  });

  it('keeps a given English, and the key’s message in other languages', () => {
    const text = { ...msg('validation.required'), english: 'Name is required' };
    expect(renderText(text, 'en')).toBe('Name is required');
    expect(renderText(text, 'nl')).toBe('Dit veld is verplicht');
  });

  it('answers in the asked language, English in logs', () => {
    const error = validationError({
      name: { ...msg('validation.required'), english: 'Name is required' },
    });
    expect(error.message).toBe('name: Name is required');
    expect(error.toBody('nl')).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'name: Dit veld is verplicht',
        fields: { name: 'Dit veld is verplicht' },
      },
    });
    const conflict = new AppError(
      'CONFLICT',
      msg('errors.grant.cancelled', { date: '2025-01-01' }),
    );
    expect(conflict.toBody('nl').error.message).toBe(
      'Deze toekenning is geannuleerd op 1 januari 2025',
    );
    expect(conflict.message).toBe('This grant was cancelled on 1 January 2025');
  });
});
