import { describe, expect, it } from 'vitest';
import { taskCreateSchema } from './tasks';

describe('task contract', () => {
  it("reads a form's empty choices (no company, grant or contact) as none", () => {
    const parsed = taskCreateSchema.parse({
      title: 'Call the CFO',
      description: '',
      dueDate: '',
      dueTime: '',
      assigneeId: '',
      companyId: '',
      grantId: '',
      valuationId: null,
      contactId: '',
    });
    expect(parsed).toMatchObject({
      companyId: null,
      grantId: null,
      valuationId: null,
      contactId: null,
      assigneeId: null,
      dueDate: null,
      dueTime: null,
    });
  });

  it('still refuses an id that is not one, naming the field', () => {
    const result = taskCreateSchema.safeParse({ title: 'x', companyId: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['companyId']);
  });
});
