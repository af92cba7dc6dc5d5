import { useEffect, useRef } from 'react';
import { formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { Button } from '../../components/ui/button';
import { GenerateDocumentButton } from './generate-dialog';

/** One grant's box in the Grants table's first column: "Select the grant to Eva of 1 Mar 2026". */
export function GrantCheckbox({
  grant,
  checked,
  onChange,
}: {
  grant: { id: string; stakeholderName: string; grantDate: string };
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 shrink-0 accent-primary"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      aria-label={t('documents.select.grant', {
        name: grant.stakeholderName,
        date: formatIsoDate(grant.grantDate),
      })}
    />
  );
}

/**
 * Above the Grants table: a box selecting every grant on the page (mixed when some are), and for
 * the selected grants their grant letters (one letter, or a batch with a zip) and one board
 * resolution granting them all.
 */
export function GrantSelectionBar({
  companyId,
  selected,
  pageIds,
  onSelectPage,
  onClear,
}: {
  companyId: string;
  /** The selected grants (on any page), in the table's order. */
  selected: readonly { id: string; stakeholderId: string }[];
  /** The grants shown on this page. */
  pageIds: readonly string[];
  onSelectPage: (checked: boolean) => void;
  onClear: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const chosen = new Set(selected.map((g) => g.id));
  const grantIds = selected.map((g) => g.id);
  // One letter: its recipient's language comes first, as on the grant page.
  const stakeholderId = selected.length === 1 ? selected[0]!.stakeholderId : undefined;
  const onPage = pageIds.filter((id) => chosen.has(id)).length;
  const all = pageIds.length > 0 && onPage === pageIds.length;
  const some = onPage > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2"
      role="group"
      aria-label={t('documents.select.group')}
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          ref={box}
          type="checkbox"
          className="size-4 accent-primary"
          checked={all}
          onChange={(e) => onSelectPage(e.target.checked)}
        />
        {t('documents.select.page')}
      </label>
      {selected.length > 0 ? (
        <>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {t('documents.select.count', { count: selected.length })}
          </span>
          <GenerateDocumentButton
            companyId={companyId}
            target={{ kind: 'grant_letter', grantIds, stakeholderId }}
            label={t('documents.select.grantLetters')}
            size="sm"
          />
          <GenerateDocumentButton
            companyId={companyId}
            target={{ kind: 'board_resolution', grantIds }}
            label={t('documents.select.boardResolution')}
            size="sm"
          />
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('documents.select.clear')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
