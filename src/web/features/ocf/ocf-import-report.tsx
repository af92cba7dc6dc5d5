import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { t } from '../../lib/i18n';
import { forgetImportReport, importReportOf } from './api';

/** What an OCF import brought in and what it left out (shown once on the new company's page). */
export function OcfImportReport({ companyId }: { companyId: string }) {
  const [report, setReport] = useState(() => importReportOf(companyId));
  if (!report) return null;
  const imported = Object.entries(report.imported).sort(([a], [b]) => a.localeCompare(b));
  const total = imported.reduce((sum, [, n]) => sum + n, 0);
  return (
    <Card role="region" aria-labelledby="ocf-import-report-title">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="ocf-import-report-title" className="text-lg font-semibold">
            {t('ocf.report.title')}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('ocf.report.dismiss')}
            onClick={() => {
              forgetImportReport(companyId);
              setReport(undefined);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm">{t('ocf.report.imported', { count: total })}</p>
        {imported.length > 0 ? (
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {imported.map(([object, count]) => (
              <li key={object}>
                <code>{object}</code>: {count}
              </li>
            ))}
          </ul>
        ) : null}
        {report.warnings.length > 0 ? (
          <>
            <h3 className="font-medium">
              {t('ocf.report.warnings', { count: report.warnings.length })}
            </h3>
            <ul className="grid gap-1 text-sm">
              {report.warnings.map((w, i) => (
                <li key={`${w.file}-${i}`}>
                  <code>{w.file}</code>: {w.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {report.skipped.length === 0 ? (
          <p className="text-sm">{t('ocf.report.nothingSkipped')}</p>
        ) : (
          <>
            <h3 className="font-medium">
              {t('ocf.report.skipped', { count: report.skipped.length })}
            </h3>
            <ul className="grid max-h-80 gap-1 overflow-auto text-sm" tabIndex={0}>
              {report.skipped.map((s, i) => (
                <li key={`${s.object}-${s.id}-${i}`}>
                  <code>{s.object}</code> <span className="break-all">{s.id}</span>: {s.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
