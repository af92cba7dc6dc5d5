import { z } from 'zod';
import { messageParams } from '../../../contracts/i18n/issues';

/**
 * The pool adjustment form's choice: add shares to the pool or release them. Its refusal names
 * its own catalog message (a radio choice, not "one of: increase, decrease").
 */
export const adjustmentDirectionSchema = z.custom<'increase' | 'decrease'>(
  (v) => v === 'increase' || v === 'decrease',
  {
    message: 'Choose increase or release',
    params: messageParams('validation.poolAdjustment.direction'),
  },
);
