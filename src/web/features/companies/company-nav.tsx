import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n';
import { useCan, useCanReadView } from '../me/api';

const tabClassName =
  '-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground';
const activeProps = {
  className: '!border-primary !text-foreground',
  'aria-current': 'page',
} as const;

/**
 * Tabs of a company page (issues 4 to 6, 14, 15): Overview, Contacts, Notes, Stakeholders, Cap
 * table, Plans, Grants, Valuations, Documents, Activity. Scrolls sideways on phones.
 */
export function CompanyNav({ companyId }: { companyId: string }) {
  const canSeeActivity = useCan('audit', 'read');
  // A tab shows only when the role may read every kind of record on it (contracts/views.ts).
  const canSeeStakeholders = useCanReadView('stakeholders');
  const canSeeCapTable = useCanReadView('capTable');
  const canSeePlans = useCanReadView('plans');
  const canSeeGrants = useCanReadView('grants');
  const canSeeValuations = useCanReadView('valuations');
  const canSeeDocuments = useCan('document', 'read');
  const canSeeContacts = useCan('contact', 'read');
  const canSeeNotes = useCan('note', 'read');
  const params = { companyId };
  return (
    <nav aria-label={t('companies.nav.label')} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        <li>
          <Link
            to="/companies/$companyId"
            params={params}
            activeOptions={{ exact: true }}
            className={tabClassName}
            activeProps={activeProps}
          >
            {t('companies.nav.overview')}
          </Link>
        </li>
        {canSeeContacts ? (
          <li>
            <Link
              to="/companies/$companyId/contacts"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('contacts.nav.tab')}
            </Link>
          </li>
        ) : null}
        {canSeeNotes ? (
          <li>
            <Link
              to="/companies/$companyId/notes"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('notes.nav.tab')}
            </Link>
          </li>
        ) : null}
        {canSeeStakeholders ? (
          <li>
            <Link
              to="/companies/$companyId/stakeholders"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.stakeholders')}
            </Link>
          </li>
        ) : null}
        {canSeeCapTable ? (
          <li>
            <Link
              to="/companies/$companyId/cap-table"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.capTable')}
            </Link>
          </li>
        ) : null}
        {canSeePlans ? (
          <li>
            <Link
              to="/companies/$companyId/plans"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.plans')}
            </Link>
          </li>
        ) : null}
        {canSeeGrants ? (
          <li>
            <Link
              to="/companies/$companyId/grants"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.grants')}
            </Link>
          </li>
        ) : null}
        {canSeeValuations ? (
          <li>
            <Link
              to="/companies/$companyId/valuations"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.valuations')}
            </Link>
          </li>
        ) : null}
        {canSeeDocuments ? (
          <li>
            <Link
              to="/companies/$companyId/documents"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('documents.nav.tab')}
            </Link>
          </li>
        ) : null}
        {canSeeActivity ? (
          <li>
            <Link
              to="/companies/$companyId/activity"
              params={params}
              className={tabClassName}
              activeProps={activeProps}
            >
              {t('companies.nav.activity')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
