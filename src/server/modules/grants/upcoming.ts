import { and, eq, isNull } from 'drizzle-orm';
import type { UpcomingItem } from '../../../contracts/vesting';
import { addDays } from '../../../domain/vesting';
import { concurrently } from '../../db/concurrently';
import { company } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { checkCompany } from '../equity/shared';
import { changeOfControlDates, figuresOf, loadGrants } from './load';
import { today } from '../../clock';
import {
  assertCompanyVisible,
  hiddenCompanyIds,
  viewerOf,
  visibleCompanies,
} from '../access/visibility';

/**
 * What is due in the next `days` days across the workspace's client companies (issue 5 practice
 * view): cliffs, Belgian acceptance deadlines, grant expiries and leavers' exercise deadlines,
 * soonest first; the routine installments after a cliff only when asked for (`installments`, or
 * `installment` among `types`: issue 12, they drowned out what needs acting on).
 */
export async function listUpcoming({
  db,
  actor,
  input,
}: ServiceArgs<{
  days?: number;
  companyId?: string;
  types?: UpcomingItem['type'][];
  installments?: boolean;
}>) {
  if (input.companyId) {
    await checkCompany(db, actor.organizationId, input.companyId);
    await assertCompanyVisible(db, viewerOf(actor), input.companyId);
  }
  // Client access (decision 029): the companies the caller may not see are left out, and with
  // them their grants (below, a grant of a company not in the list is skipped).
  const hidden = await hiddenCompanyIds(db, viewerOf(actor));
  const from = today();
  const to = addDays(from, input.days ?? 90);
  // A fixed number of queries, whatever the number of companies: the workspace's companies, and
  // the grants (with exercises) and changes of control of one of them or of all.
  const workspace = { organizationId: actor.organizationId };
  const [companies, coc, bundles] = await concurrently(db, [
    () =>
      db
        .select({ id: company.id, name: company.companyName, country: company.country })
        .from(company)
        .where(
          and(
            eq(company.organizationId, actor.organizationId),
            isNull(company.deletedAt),
            visibleCompanies(company.id, hidden),
          ),
        ),
    () => changeOfControlDates(db, input.companyId ? [input.companyId] : workspace),
    () => loadGrants(db, input.companyId ? { companyId: input.companyId } : workspace),
  ]);
  const byId = new Map(companies.map((c) => [c.id, c]));
  const items: UpcomingItem[] = [];
  const inWindow = (date: string | null): date is string =>
    date !== null && date >= from && date <= to;
  const withInstallments = input.installments === true || !!input.types?.includes('installment');
  for (const b of bundles) {
    if (b.row.cancelledDate) continue;
    const c = byId.get(b.row.companyId);
    // Read side by side with the grants, the company list may miss one created meanwhile.
    if (!c) continue;
    const base = {
      companyId: c.id,
      companyName: c.name,
      grantId: b.row.id,
      stakeholderName: b.stakeholderName,
      planName: b.plan.name,
    };
    const f = figuresOf(b, coc.get(c.id) ?? null, from);
    for (const i of f.result.installments) {
      if (inWindow(i.date) && (i.source === 'cliff' || (i.source === 'time' && withInstallments)))
        items.push({
          ...base,
          date: i.date,
          type: i.source === 'cliff' ? 'cliff' : 'installment',
          quantity: i.quantity,
        });
    }
    if (c.country === 'BE' && b.row.offerDate && !b.row.acceptanceDate) {
      const deadline = addDays(b.row.offerDate, 60);
      if (inWindow(deadline))
        items.push({
          ...base,
          date: deadline,
          type: 'acceptance_deadline',
          quantity: b.row.quantity,
        });
    }
    if (inWindow(b.row.expiryDate) && f.exercisable + f.unvested > 0)
      items.push({
        ...base,
        date: b.row.expiryDate,
        type: 'expiry',
        quantity: f.exercisable + f.unvested,
      });
    if (inWindow(f.result.exerciseDeadline) && f.exercisable > 0)
      items.push({
        ...base,
        date: f.result.exerciseDeadline,
        type: 'exercise_deadline',
        quantity: f.exercisable,
      });
  }
  const wanted = input.types ? new Set(input.types) : null;
  const order = ['acceptance_deadline', 'exercise_deadline', 'expiry', 'cliff', 'installment'];
  return {
    from,
    to,
    items: items
      .filter((i) => !wanted || wanted.has(i.type))
      .sort((a, b) =>
        a.date < b.date
          ? -1
          : a.date > b.date
            ? 1
            : order.indexOf(a.type) - order.indexOf(b.type) ||
              a.companyName.localeCompare(b.companyName),
      ),
  };
}
