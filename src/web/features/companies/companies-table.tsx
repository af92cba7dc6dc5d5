import { Link } from '@tanstack/react-router';
import type { Company } from '../../../contracts/company';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { countryName } from '../../lib/countries';
import { formatDate, formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { COMPANY_TABLE_COLUMNS as COLUMNS } from './companies-table-skeleton';
import { legalFormName } from './fields';
import { contactFunctionLabel } from '../contacts/labels';
import { RestrictedMark } from './restricted-mark';

function Empty() {
  return <span className="text-muted-foreground">—</span>;
}

/** The companies list; each name links to the company's page. */
export function CompaniesTable({ companies }: { companies: Company[] }) {
  return (
    <Table aria-label={t('companies.list.label')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((column) => (
            <TableHead key={column}>{t(column)}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {companies.map((company) => (
          <TableRow key={company.id}>
            <TableCell className="max-w-[16rem] truncate font-medium">
              {company.access === 'restricted' ? (
                <>
                  <RestrictedMark />{' '}
                </>
              ) : null}
              <Link
                to="/companies/$companyId"
                params={{ companyId: company.id }}
                className="rounded-sm text-primary underline-offset-4 hover:underline"
              >
                {company.companyName}
              </Link>
            </TableCell>
            <TableCell>{legalFormName(company.companyType)}</TableCell>
            <TableCell>{company.city ?? <Empty />}</TableCell>
            <TableCell>{countryName(company.country)}</TableCell>
            <TableCell className="max-w-[14rem]">
              <ContactCell company={company} />
            </TableCell>
            <TableCell>
              <Tooltip>
                <TooltipTrigger asChild>
                  {/* Focusable so keyboard users get the exact time too. */}
                  <time dateTime={company.createdAt} tabIndex={0} className="rounded-sm">
                    {formatDate(company.createdAt)}
                  </time>
                </TooltipTrigger>
                <TooltipContent>{formatDateTime(company.createdAt)}</TooltipContent>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The company's contact: its primary contact (issue 15) with function and e-mail, else the
 * contact name and e-mail stored on the company.
 */
function ContactCell({ company }: { company: Company }) {
  const primary = company.primaryContact;
  const name = primary?.name ?? company.contactName;
  const email = primary ? primary.email : company.email;
  const detail = primary
    ? [contactFunctionLabel(primary.function), primary.email].filter(Boolean).join(' · ')
    : company.contactName
      ? company.email
      : null;
  if (!name && !email) return <Empty />;
  return (
    <div className="grid">
      <span className="truncate">{name ?? email}</span>
      {name && detail ? (
        <span className="truncate text-xs text-muted-foreground">{detail}</span>
      ) : null}
    </div>
  );
}
