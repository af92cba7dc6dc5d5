import type {
  DocumentKind,
  DocumentLanguage,
  DocumentStatus,
  GeneratedDocument,
} from '../../../contracts/documents';
import { formatIsoDate } from '../../lib/format';
import { languageName, msg, t } from '../../lib/i18n';

/** Words of the document screens (issue 14), as catalog keys: `t(KIND_LABELS[kind])`. */

export const KIND_LABELS: Record<DocumentKind, string> = {
  grant_letter: msg('documents.kind.grantLetter'),
  board_resolution: msg('documents.kind.boardResolution'),
  exercise_notice: msg('documents.kind.exerciseNotice'),
  register_extract: msg('documents.kind.registerExtract'),
  cap_table_report: msg('documents.kind.capTableReport'),
};

/** What each kind is, for the templates screen. */
export const KIND_DESCRIPTIONS: Record<DocumentKind, string> = {
  grant_letter: msg('documents.kind.grantLetter.description'),
  board_resolution: msg('documents.kind.boardResolution.description'),
  exercise_notice: msg('documents.kind.exerciseNotice.description'),
  register_extract: msg('documents.kind.registerExtract.description'),
  cap_table_report: msg('documents.kind.capTableReport.description'),
};

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  generated: msg('documents.status.generated'),
  sent: msg('documents.status.sent'),
  signed: msg('documents.status.signed'),
};

export function kindLabel(kind: DocumentKind): string {
  return t(KIND_LABELS[kind]);
}

/** A document language by its own name: "Nederlands", "English". */
export function documentLanguageName(language: DocumentLanguage): string {
  return languageName(language);
}

/** "Standard" for our built-in template (version 0), "Version 3" for the workspace's own. */
export function templateVersionLabel(version: number | null): string | null {
  if (version === null) return null;
  return version === 0
    ? t('documents.template.standard')
    : t('documents.template.version', { version });
}

/** The status with its date: "Signed 3 Mar 2026", "Sent 1 Mar 2026", "Generated". */
export function statusText(document: Pick<GeneratedDocument, 'status' | 'sentAt' | 'signedAt'>) {
  if (document.status === 'signed' && document.signedAt)
    return t('documents.status.signedOn', { date: formatIsoDate(document.signedAt) });
  if (document.status === 'sent' && document.sentAt)
    return t('documents.status.sentOn', { date: formatIsoDate(document.sentAt) });
  return t(STATUS_LABELS[document.status]);
}

/** How a document is named in messages: "Grant letter for Eva Jansen", or just its kind. */
export function documentName(document: Pick<GeneratedDocument, 'kind' | 'stakeholderName'>) {
  return document.stakeholderName
    ? t('documents.name.for', { kind: kindLabel(document.kind), name: document.stakeholderName })
    : kindLabel(document.kind);
}
