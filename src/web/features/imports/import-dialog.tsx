import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  importableKinds,
  IMPORT_MAPPINGS,
  type ImportJob,
  type ImportKind,
} from '../../../contracts/imports';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FileInput } from '../../components/ui/file-input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { invalidateCompany } from '../companies/api';
import { can, meQueryOptions } from '../me/api';
import { commitImport, dryRun, importQueryOptions, lastImport, templateUrl } from './api';

/**
 * The spreadsheet import wizard (issue 13): upload (kind and file) → sheet → column mapping →
 * dry run's preview and errors by row and column → commit, with the server's progress. An
 * import left running is picked up again when the wizard is opened anew.
 */

const KIND_LABELS: Record<ImportKind, string> = {
  stakeholders: 'imports.kind.stakeholders',
  'share-events': 'imports.kind.shareEvents',
  grants: 'imports.kind.grants',
  valuations: 'imports.kind.valuations',
};

export function ImportDialog({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const { data: me } = useSuspenseQuery(meQueryOptions());
  // The kinds the role may import (the server checks again); none: no button (issue 3).
  const kinds = importableKinds((resource, action) => can(me, resource, action));
  if (kinds.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FileSpreadsheet aria-hidden="true" />
          {t('imports.wizard.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('imports.wizard.title')}</DialogTitle>
          <DialogDescription>{t('imports.wizard.description')}</DialogDescription>
        </DialogHeader>
        {open ? <Wizard companyId={companyId} kinds={kinds} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Wizard({
  companyId,
  kinds,
  onDone,
}: {
  companyId: string;
  kinds: readonly ImportKind[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [kind, setKind] = useState<ImportKind>(kinds[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [committing, setCommitting] = useState<string | null>(() => lastImport.get(companyId));

  const check = async (options: { sheet?: string; mapping?: Record<string, string | null> }) => {
    if (!file) return;
    setBusy(true);
    try {
      setJob(await dryRun(companyId, { file, kind, ...options }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!job) return;
    setBusy(true);
    try {
      await commitImport(companyId, job.id);
      lastImport.set(companyId, job.id);
      setCommitting(job.id);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (committing) {
    return (
      <Progress
        companyId={companyId}
        importId={committing}
        onFinished={(status) => {
          lastImport.set(companyId, null);
          if (status === 'committed') {
            void invalidateCompany(queryClient, companyId);
            toast.success(t('imports.wizard.committed'));
            onDone();
          }
        }}
        onRestart={() => {
          setCommitting(null);
          setJob(null);
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check({});
  };

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-kind`}>{t('imports.wizard.kind')}</Label>
          <Select
            id={`${ids}-kind`}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ImportKind);
              setJob(null);
            }}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABELS[k])}
              </option>
            ))}
          </Select>
          <a
            href={templateUrl(companyId, kind)}
            className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('imports.wizard.template')}
          </a>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-file`}>{t('imports.wizard.file')}</Label>
          <FileInput
            id={`${ids}-file`}
            required
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${ids}-file-hint`}
            onFilesChange={(files) => {
              setFile(files[0] ?? null);
              setJob(null);
            }}
          />
          <p id={`${ids}-file-hint`} className="text-xs text-muted-foreground">
            {t('imports.wizard.fileHint')}
          </p>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!file || busy}>
            {t('imports.wizard.check')}
          </Button>
        </div>
      </form>
      {job ? (
        <DryRun key={job.id} job={job} busy={busy} onCheck={check} onCommit={() => void start()} />
      ) : null}
    </div>
  );
}

function DryRun({
  job,
  busy,
  onCheck,
  onCommit,
}: {
  job: ImportJob;
  busy: boolean;
  onCheck: (options: { sheet?: string; mapping?: Record<string, string | null> }) => void;
  onCommit: () => void;
}) {
  const ids = useId();
  const [mapping, setMapping] = useState(job.mapping);
  const fields = IMPORT_MAPPINGS[job.kind].fields;
  return (
    <div className="grid gap-6">
      {job.sheets.length > 1 ? (
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-sheet`}>{t('imports.wizard.sheet')}</Label>
          <Select
            id={`${ids}-sheet`}
            value={job.sheet}
            disabled={busy}
            onChange={(e) => onCheck({ sheet: e.target.value })}
          >
            {job.sheets.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
      ) : null}

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('imports.wizard.mapping')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.key} className="grid gap-1">
              <Label htmlFor={`${ids}-${field.key}`}>
                {t(field.label)}
                {field.required ? ` (${t('imports.wizard.required')})` : ''}
              </Label>
              <Select
                id={`${ids}-${field.key}`}
                value={mapping[field.key] ?? ''}
                onChange={(e) => setMapping({ ...mapping, [field.key]: e.target.value || null })}
              >
                <option value="">{t('imports.wizard.notImported')}</option>
                {job.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
        <div>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => onCheck({ sheet: job.sheet, mapping })}
          >
            {t('imports.wizard.recheck')}
          </Button>
        </div>
      </fieldset>

      <section aria-labelledby={`${ids}-result`} className="grid gap-3">
        <h3 id={`${ids}-result`} className="text-sm font-medium">
          {t('imports.wizard.result', {
            rows: job.rows,
            errors: job.errors.length,
            skipped: job.skipped,
          })}
        </h3>
        {job.errors.length > 0 ? <ErrorTable errors={job.errors} /> : <Preview job={job} />}
      </section>

      <DialogFooter>
        <Button disabled={busy || job.errors.length > 0} onClick={onCommit}>
          {t('imports.wizard.commit', { rows: job.rows - job.skipped })}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ErrorTable({ errors }: { errors: ImportJob['errors'] }) {
  return (
    <div className="max-h-64 overflow-auto rounded-md border" tabIndex={0}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('imports.wizard.errors')}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="p-2">
              {t('imports.wizard.row')}
            </th>
            <th scope="col" className="p-2">
              {t('imports.wizard.column')}
            </th>
            <th scope="col" className="p-2">
              {t('imports.wizard.message')}
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i} className="border-t align-top">
              <td className="p-2 tabular-nums">{formatCount(e.row)}</td>
              <td className="p-2">{e.column ?? '—'}</td>
              <td className="p-2">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Preview({ job }: { job: ImportJob }) {
  const keys = [...new Set(job.preview.flatMap((p) => Object.keys(p.values)))];
  if (job.preview.length === 0) return null;
  return (
    <div className="max-h-64 overflow-auto rounded-md border" tabIndex={0}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('imports.wizard.preview')}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="p-2">
              {t('imports.wizard.row')}
            </th>
            {keys.map((k) => (
              <th key={k} scope="col" className="p-2 font-mono text-xs">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.preview.map((p) => (
            <tr key={p.row} className="border-t align-top">
              <td className="p-2 tabular-nums">{formatCount(p.row)}</td>
              {keys.map((k) => (
                <td key={k} className="p-2">
                  {show(p.values[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const show = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function Progress({
  companyId,
  importId,
  onFinished,
  onRestart,
}: {
  companyId: string;
  importId: string;
  onFinished: (status: string) => void;
  onRestart: () => void;
}) {
  const { data: job, error } = useQuery(importQueryOptions(companyId, importId));
  const status = job?.status;
  useEffect(() => {
    if (status === 'committed' || status === 'failed') onFinished(status);
    // onFinished changes with every render of the parent; the status alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
  if (error) {
    return (
      <div className="grid gap-3">
        <p role="alert">{errorMessage(error)}</p>
        <Button variant="outline" onClick={onRestart}>
          {t('imports.wizard.again')}
        </Button>
      </div>
    );
  }
  const percent = Math.round((job?.progress ?? 0) * 100);
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p id={`progress-${importId}`} className="text-sm">
          {status === 'failed' ? t('imports.wizard.failed') : t('imports.wizard.running')}
        </p>
        <div
          role="progressbar"
          aria-labelledby={`progress-${importId}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {status === 'failed' && job ? (
        <>
          <ErrorTable errors={job.errors} />
          <Button variant="outline" onClick={onRestart}>
            {t('imports.wizard.again')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
