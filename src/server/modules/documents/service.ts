import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { BE_ACCEPTANCE_DAYS, type GrantDetail } from '../../../contracts/vesting';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGES,
  DOCX_CONTENT_TYPE,
  MAX_SIGNED_COPY_BYTES,
  PDF_CONTENT_TYPE,
  ZIP_CONTENT_TYPE,
  type DocumentCreate,
  type DocumentJob,
  type DocumentKind,
  type DocumentLanguage,
  type DocumentList,
  type GeneratedDocument,
  type TemplateList,
  type TemplateVersion,
} from '../../../contracts/documents';
import type { Stakeholder } from '../../../contracts/equity';
import { addDays } from '../../../domain/vesting/dates';
import { today, systemNow } from '../../clock';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import {
  documentFile,
  documentJob,
  documentSetting,
  documentSignedCopy,
  documentTemplate,
  generatedDocument,
  grant,
  grantExercise,
  organization,
  shareClass,
  stakeholder,
  user,
} from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { fileNameSlug } from '../../http/content-disposition';
import {
  AppError,
  msg,
  notFound,
  renderText,
  validationError,
  type Message,
} from '../../http/errors';
import { translator } from '../../i18n';
import { recordAudit, recordAudits } from '../audit/service';
import { getCompany } from '../companies/service';
import { getCapTable } from '../equity/cap-table';
import { getPlan, listPlans } from '../equity/plans';
import { listShareEvents } from '../equity/register';
import { checkCompany, lockCompany } from '../equity/shared';
import { toStakeholder } from '../equity/stakeholders';
import { grantDetails } from '../grants/service';
import { listValuations } from '../valuations/service';
import { defaultTemplate, defaultTemplateFileName } from './defaults';
import { checkTemplate, renderDocx } from './docx';
import {
  boardResolutionData,
  capTableReportData,
  exerciseNoticeData,
  grantLetterData,
  registerExtractData,
  type DocumentContext,
} from './merge-data';
import { renderCapTableReportPdf, renderRegisterExtractPdf } from './pdf';

/**
 * Documents (issue 14, decision 027): generated from the workspace's active template of the kind
 * and language (else our built-in default) or, for the register extract and the cap-table
 * report as PDF, laid out by the server; stored with the company with who made it, when, from
 * which template version and the file's SHA-256. A batch of grant letters runs in the
 * background with its progress in the database, and is written in one transaction at the end.
 */

const ENTITY = 'document';
const TEMPLATE_ENTITY = 'document_template';

type DocumentRow = typeof generatedDocument.$inferSelect;
type SignedRow = Pick<
  typeof documentSignedCopy.$inferSelect,
  'documentId' | 'fileName' | 'sizeBytes' | 'sha256' | 'uploadedAt'
>;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const FILE_WHAT: Record<DocumentKind, string> = {
  grant_letter: 'document-text.file.grant_letter',
  board_resolution: 'document-text.file.board_resolution',
  exercise_notice: 'document-text.file.exercise_notice',
  register_extract: 'document-text.file.register_extract',
  cap_table_report: 'document-text.file.cap_table_report',
};

function toDocument(row: DocumentRow, signed: SignedRow | undefined): GeneratedDocument {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as DocumentKind,
    language: row.language as DocumentLanguage,
    format: row.format as GeneratedDocument['format'],
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    templateVersion: row.templateVersion,
    templateId: row.templateId,
    grantIds: row.grantIds,
    stakeholderId: row.stakeholderId,
    stakeholderName: row.stakeholderName,
    exerciseId: row.exerciseId,
    asOf: row.asOf,
    jobId: row.jobId,
    status: row.signedAt ? 'signed' : row.sentAt ? 'sent' : 'generated',
    sentAt: row.sentAt,
    signedAt: row.signedAt,
    signedCopy: signed
      ? {
          fileName: signed.fileName,
          sizeBytes: signed.sizeBytes,
          sha256: signed.sha256,
          uploadedAt: signed.uploadedAt.toISOString(),
        }
      : null,
  };
}

async function signedCopies(db: DbOrTx, ids: string[]): Promise<Map<string, SignedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      documentId: documentSignedCopy.documentId,
      fileName: documentSignedCopy.fileName,
      sizeBytes: documentSignedCopy.sizeBytes,
      sha256: documentSignedCopy.sha256,
      uploadedAt: documentSignedCopy.uploadedAt,
    })
    .from(documentSignedCopy)
    .where(inArray(documentSignedCopy.documentId, ids));
  return new Map(rows.map((r) => [r.documentId, r]));
}

// ------------------------------------------------------------------------------- the settings

/**
 * The workspace's document language: as set, else the caller's language when it is one of the
 * documents' (decision 027), else Dutch (the home market).
 */
export async function documentLanguage(
  db: DbOrTx,
  actor: Actor,
  requestLanguage: string,
): Promise<DocumentLanguage> {
  const rows = await db
    .select({ language: documentSetting.language })
    .from(documentSetting)
    .where(eq(documentSetting.organizationId, actor.organizationId))
    .limit(1);
  const set = rows[0]?.language;
  if (set && isDocumentLanguage(set)) return set;
  return isDocumentLanguage(requestLanguage) ? requestLanguage : 'nl';
}

function isDocumentLanguage(value: string | null | undefined): value is DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly string[]).includes(value ?? '');
}

export async function getDocumentSettings({
  db,
  actor,
  input,
}: ServiceArgs<{ language: string }>): Promise<{ language: DocumentLanguage }> {
  return { language: await documentLanguage(db, actor, input.language) };
}

export async function updateDocumentSettings({
  db,
  actor,
  input,
}: ServiceArgs<{ language: DocumentLanguage; requestLanguage: string }>): Promise<{
  language: DocumentLanguage;
}> {
  return db.transaction(async (tx) => {
    const before = await documentLanguage(tx, actor, input.requestLanguage);
    await tx
      .insert(documentSetting)
      .values({ organizationId: actor.organizationId, language: input.language })
      .onConflictDoUpdate({
        target: documentSetting.organizationId,
        set: { language: input.language, updatedAt: systemNow() },
      });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: 'document_settings',
      entityId: actor.organizationId,
      changes: { language: { from: before, to: input.language } },
    });
    return { language: input.language };
  });
}

// ------------------------------------------------------------------------------- the context

/** Who and what every document of the company names (decision 027: signatories). */
async function documentContext(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  language: DocumentLanguage,
): Promise<DocumentContext & { logo: string | null }> {
  const company = await getCompany({ db, actor, input: { companyId } });
  const [org] = await db
    .select({ name: organization.name, logo: organization.logo })
    .from(organization)
    .where(eq(organization.id, actor.organizationId))
    .limit(1);
  const email = actor.userId
    ? ((
        await db.select({ email: user.email }).from(user).where(eq(user.id, actor.userId)).limit(1)
      )[0]?.email ?? '')
    : '';
  const board = await db
    .select({ name: stakeholder.name })
    .from(stakeholder)
    .where(
      and(
        eq(stakeholder.companyId, companyId),
        eq(stakeholder.relationship, 'board_member'),
        eq(stakeholder.status, 'active'),
        isNull(stakeholder.deletedAt),
      ),
    )
    .orderBy(stakeholder.name);
  const signatories: DocumentContext['signatories'] =
    board.length > 0
      ? board.map((b) => ({ name: b.name, role: 'board_member' as const }))
      : company.contactName
        ? [{ name: company.contactName, role: 'contact' as const }]
        : [];
  return {
    language,
    t: translator(language),
    today: today(),
    firmName: org?.name ?? '',
    preparedBy: { name: actor.userName, email },
    company,
    signatories,
    logo: org?.logo ?? null,
  };
}

/** The template a document of `kind` in `language` is made from: the active one, else ours. */
async function templateFor(
  db: DbOrTx,
  organizationId: string,
  kind: DocumentKind,
  language: DocumentLanguage,
): Promise<{ id: string | null; version: number; docx: Uint8Array }> {
  const [row] = await db
    .select({
      id: documentTemplate.id,
      version: documentTemplate.version,
      docx: documentTemplate.docx,
    })
    .from(documentTemplate)
    .where(
      and(
        eq(documentTemplate.organizationId, organizationId),
        eq(documentTemplate.kind, kind),
        eq(documentTemplate.language, language),
        eq(documentTemplate.active, true),
      ),
    )
    .limit(1);
  if (row) return { id: row.id, version: row.version, docx: new Uint8Array(row.docx) };
  return { id: null, version: 0, docx: defaultTemplate(kind, language) };
}

async function stakeholdersById(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, Stakeholder>();
  const rows = await db
    .select()
    .from(stakeholder)
    .where(and(eq(stakeholder.companyId, companyId), inArray(stakeholder.id, ids)));
  return new Map(rows.map((r) => [r.id, toStakeholder(r)]));
}

/** The valuation in force on `date` (the latest effective on or before it), or null. */
function valuationOn<V extends { effectiveDate: string }>(items: readonly V[], date: string) {
  let found: V | null = null;
  for (const v of items) if (v.effectiveDate <= date) found = v;
  return found;
}

/** A made document, not yet stored. */
interface Made {
  kind: DocumentKind;
  language: DocumentLanguage;
  format: 'docx' | 'pdf';
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  template: { id: string | null; version: number } | null;
  grantIds: string[];
  stakeholder: { id: string; name: string } | null;
  exerciseId: string | null;
  asOf: string | null;
}

function fileName(
  ctx: DocumentContext,
  kind: DocumentKind,
  subject: string,
  extension: string,
): string {
  return (
    [
      ctx.t(FILE_WHAT[kind]),
      fileNameSlug(ctx.company.companyName),
      fileNameSlug(subject),
      ctx.today,
    ]
      .filter(Boolean)
      .join('-') + `.${extension}`
  );
}

// ------------------------------------------------------------------------------- generating

/** The grants the body names, each with its full schedule; a 400 naming `grantIds` otherwise. */
async function requireGrants(db: DbOrTx, companyId: string, ids: string[]) {
  const { details, missing } = await grantDetails(db, companyId, ids);
  if (missing.length > 0)
    throw validationError({ grantIds: msg('errors.documents.noSuchGrant', { id: missing[0]! }) });
  return details;
}

/** The parts of a grant letter that do not change from letter to letter of one batch. */
async function letterKit(db: DbOrTx, actor: Actor, companyId: string) {
  const plans = await listPlans({ db, actor, input: { companyId } });
  const valuations = await listValuations({ db, actor, input: { companyId } });
  return { plans: new Map(plans.map((p) => [p.id, p])), valuations: valuations.items };
}

export async function generateDocument(
  args: ServiceArgs<{ companyId: string; body: DocumentCreate; requestLanguage: string }>,
): Promise<{ document: GeneratedDocument } | { job: DocumentJob }> {
  const { db, actor, input } = args;
  const { companyId, body } = input;
  await checkCompany(db, actor.organizationId, companyId);
  const workspaceLanguage = await documentLanguage(db, actor, input.requestLanguage);
  if (body.kind === 'grant_letter' && body.grantIds && body.grantIds.length > 1)
    return { job: await startBatch(args, workspaceLanguage) };
  const made = await make(db, actor, companyId, body, workspaceLanguage);
  const [document] = await store(db, actor, companyId, [made], null);
  return { document: document! };
}

/** Makes one document of the body (a grant letter for its one grant). */
async function make(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  body: DocumentCreate,
  workspaceLanguage: DocumentLanguage,
): Promise<Made> {
  switch (body.kind) {
    case 'grant_letter': {
      const [detail] = await requireGrants(db, companyId, body.grantIds ?? []);
      const kit = await letterKit(db, actor, companyId);
      return makeLetter(db, actor, companyId, detail!, body.language, workspaceLanguage, kit);
    }
    case 'board_resolution': {
      const grants = await requireGrants(db, companyId, body.grantIds ?? []);
      const language = body.language ?? workspaceLanguage;
      const ctx = await documentContext(db, actor, companyId, language);
      const template = await templateFor(db, actor.organizationId, body.kind, language);
      return {
        kind: body.kind,
        language,
        format: 'docx',
        bytes: renderDocx(template.docx, boardResolutionData(ctx, grants)),
        fileName: fileName(ctx, body.kind, '', 'docx'),
        contentType: DOCX_CONTENT_TYPE,
        template,
        grantIds: grants.map((g) => g.id),
        stakeholder: null,
        exerciseId: null,
        asOf: null,
      };
    }
    case 'exercise_notice': {
      const [exercise] = await db
        .select({ id: grantExercise.id, grantId: grantExercise.grantId })
        .from(grantExercise)
        .where(and(eq(grantExercise.id, body.exerciseId!), eq(grantExercise.companyId, companyId)))
        .limit(1);
      const { details } = exercise
        ? await grantDetails(db, companyId, [exercise.grantId])
        : { details: [] };
      const detail = details[0];
      if (!exercise || !detail)
        throw validationError({
          exerciseId: msg('errors.documents.noSuchExercise', { id: body.exerciseId! }),
        });
      const holder = (await stakeholdersById(db, companyId, [detail.stakeholderId])).get(
        detail.stakeholderId,
      )!;
      const language = body.language ?? holder.language ?? workspaceLanguage;
      const ctx = await documentContext(db, actor, companyId, language);
      const plan = await getPlan({ db, actor, input: { companyId, id: detail.planId } });
      const template = await templateFor(db, actor.organizationId, body.kind, language);
      const data = exerciseNoticeData(ctx, {
        grant: detail,
        stakeholder: holder,
        plan,
        exerciseId: exercise.id,
      });
      return {
        kind: body.kind,
        language,
        format: 'docx',
        bytes: renderDocx(template.docx, data),
        fileName: fileName(ctx, body.kind, holder.name, 'docx'),
        contentType: DOCX_CONTENT_TYPE,
        template,
        grantIds: [detail.id],
        stakeholder: { id: holder.id, name: holder.name },
        exerciseId: exercise.id,
        asOf: null,
      };
    }
    case 'register_extract':
    case 'cap_table_report': {
      const language = body.language ?? workspaceLanguage;
      const asOf = body.asOf ?? today();
      const ctx = await documentContext(db, actor, companyId, language);
      const pdf = body.format === 'pdf';
      const template = pdf
        ? null
        : await templateFor(db, actor.organizationId, body.kind, language);
      let bytes: Uint8Array;
      if (body.kind === 'register_extract') {
        const data = registerExtractData(ctx, {
          asOf,
          ...(await registerOf(db, actor, companyId)),
        });
        bytes = pdf
          ? await renderRegisterExtractPdf(data, {
              language,
              firmName: ctx.firmName,
              logo: ctx.logo,
            })
          : renderDocx(template!.docx, data);
      } else {
        const capTable = await getCapTable({ db, actor, input: { companyId, asOf } });
        const valuations = await listValuations({ db, actor, input: { companyId } });
        const data = capTableReportData(ctx, {
          capTable,
          valuation: valuationOn(valuations.items, asOf),
        });
        bytes = pdf
          ? await renderCapTableReportPdf(data, {
              language,
              firmName: ctx.firmName,
              logo: ctx.logo,
            })
          : renderDocx(template!.docx, data);
      }
      return {
        kind: body.kind,
        language,
        format: body.format,
        bytes,
        fileName: fileName(ctx, body.kind, '', body.format),
        contentType: pdf ? PDF_CONTENT_TYPE : DOCX_CONTENT_TYPE,
        template,
        grantIds: [],
        stakeholder: null,
        exerciseId: null,
        asOf,
      };
    }
  }
}

async function registerOf(db: DbOrTx, actor: Actor, companyId: string) {
  const events = await listShareEvents({ db, actor, input: { companyId } });
  const classes = await db
    .select({ id: shareClass.id, name: shareClass.name })
    .from(shareClass)
    .where(eq(shareClass.companyId, companyId));
  const holderIds = [
    ...new Set(events.flatMap((e) => [e.fromStakeholderId, e.toStakeholderId]).filter(Boolean)),
  ] as string[];
  const holders = [...(await stakeholdersById(db, companyId, holderIds)).values()];
  return { events, classes, holders };
}

/** One grant letter, in the body's language, else the holder's, else the workspace's. */
async function makeLetter(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  detail: GrantDetail,
  bodyLanguage: DocumentLanguage | undefined,
  workspaceLanguage: DocumentLanguage,
  kit: Awaited<ReturnType<typeof letterKit>> & {
    holders?: Map<string, Stakeholder>;
    contexts?: Map<DocumentLanguage, Awaited<ReturnType<typeof documentContext>>>;
    templates?: Map<DocumentLanguage, Awaited<ReturnType<typeof templateFor>>>;
  },
): Promise<Made> {
  const holder =
    kit.holders?.get(detail.stakeholderId) ??
    (await stakeholdersById(db, companyId, [detail.stakeholderId])).get(detail.stakeholderId)!;
  const language = bodyLanguage ?? holder.language ?? workspaceLanguage;
  const ctx =
    kit.contexts?.get(language) ?? (await documentContext(db, actor, companyId, language));
  kit.contexts?.set(language, ctx);
  const template =
    kit.templates?.get(language) ??
    (await templateFor(db, actor.organizationId, 'grant_letter', language));
  kit.templates?.set(language, template);
  const plan = kit.plans.get(detail.planId)!;
  const data = grantLetterData(ctx, {
    grant: detail,
    stakeholder: holder,
    plan,
    valuation: valuationOn(kit.valuations, detail.grantDate),
  });
  return {
    kind: 'grant_letter',
    language,
    format: 'docx',
    bytes: renderDocx(template.docx, data),
    fileName: fileName(ctx, 'grant_letter', holder.name, 'docx'),
    contentType: DOCX_CONTENT_TYPE,
    template: { id: template.id, version: template.version },
    grantIds: [detail.id],
    stakeholder: { id: holder.id, name: holder.name },
    exerciseId: null,
    asOf: null,
  };
}

/** Rows written per insert: a document row has 20 columns. */
const INSERT_BATCH = 500;

/** Stores made documents with their audit rows, in one transaction (the caller's or its own). */
async function store(
  db: Database,
  actor: Actor,
  companyId: string,
  made: readonly Made[],
  jobId: string | null,
  outer?: Parameters<Parameters<Database['transaction']>[0]>[0],
): Promise<GeneratedDocument[]> {
  return inTransaction(db, outer, async (tx) => {
    const out: GeneratedDocument[] = [];
    // One creation time each, a millisecond apart: the list's order is the batch's order.
    const start = systemNow().getTime();
    for (let i = 0; i < made.length; i += INSERT_BATCH) {
      const chunk = made.slice(i, i + INSERT_BATCH);
      const rows = await tx
        .insert(generatedDocument)
        .values(
          chunk.map((m, j) => ({
            organizationId: actor.organizationId,
            companyId,
            kind: m.kind,
            language: m.language,
            format: m.format,
            fileName: m.fileName,
            contentType: m.contentType,
            sizeBytes: m.bytes.byteLength,
            sha256: sha256(m.bytes),
            createdBy: actor.userId,
            createdByName: actor.userName,
            templateId: m.template?.id ?? null,
            templateVersion: m.template ? m.template.version : null,
            grantIds: m.grantIds,
            stakeholderId: m.stakeholder?.id ?? null,
            stakeholderName: m.stakeholder?.name ?? null,
            exerciseId: m.exerciseId,
            asOf: m.asOf,
            jobId,
            createdAt: new Date(start + i + j),
          })),
        )
        .returning();
      await tx
        .insert(documentFile)
        .values(rows.map((r, j) => ({ documentId: r.id, bytes: Buffer.from(chunk[j]!.bytes) })));
      await recordAudits(
        tx,
        actor,
        rows.map((r) => ({
          action: 'create' as const,
          entityType: ENTITY,
          entityId: r.id,
          companyId,
          changes: {
            kind: { from: null, to: r.kind },
            fileName: { from: null, to: r.fileName },
            sha256: { from: null, to: r.sha256 },
            templateVersion: { from: null, to: r.templateVersion },
          },
        })),
      );
      out.push(...rows.map((r) => toDocument(r, undefined)));
    }
    return out;
  });
}

// ------------------------------------------------------------------------------------ batches

/** Every batch started by this process, for tests and shutdown to wait on. */
const running = new Set<Promise<void>>();

/** Waits for the batches under way in this process (shutdown, tests). */
export async function settleDocumentJobs(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

/** How often a batch writes its progress: every this many letters. */
const PROGRESS_EVERY = 10;

async function startBatch(
  { db, actor, input }: ServiceArgs<{ companyId: string; body: DocumentCreate }>,
  workspaceLanguage: DocumentLanguage,
): Promise<DocumentJob> {
  const { companyId, body } = input;
  const ids = body.grantIds ?? [];
  // The ids are checked before the job starts: a wrong one is the request's 400.
  const details = await requireGrants(db, companyId, ids);
  const [job] = await db
    .insert(documentJob)
    .values({
      organizationId: actor.organizationId,
      companyId,
      kind: body.kind,
      status: 'running',
      total: details.length,
      createdBy: actor.userId,
    })
    .returning();
  const task = runBatch(db, actor, job!.id, companyId, details, body.language, workspaceLanguage)
    .catch(async (error: unknown) => {
      const reason = error instanceof AppError ? error.message : String(error);
      await db
        .update(documentJob)
        .set({
          status: 'failed',
          error: msg('errors.documents.job.failed', { reason }),
          updatedAt: systemNow(),
        })
        .where(eq(documentJob.id, job!.id));
    })
    .finally(() => running.delete(task));
  running.add(task);
  return toJob(job!, 'en');
}

async function runBatch(
  db: Database,
  actor: Actor,
  jobId: string,
  companyId: string,
  details: readonly GrantDetail[],
  bodyLanguage: DocumentLanguage | undefined,
  workspaceLanguage: DocumentLanguage,
): Promise<void> {
  const kit = {
    ...(await letterKit(db, actor, companyId)),
    holders: await stakeholdersById(db, companyId, [
      ...new Set(details.map((d) => d.stakeholderId)),
    ]),
    contexts: new Map(),
    templates: new Map(),
  };
  const made: Made[] = [];
  for (const detail of details) {
    made.push(await makeLetter(db, actor, companyId, detail, bodyLanguage, workspaceLanguage, kit));
    if (made.length % PROGRESS_EVERY === 0 && made.length < details.length)
      await db
        .update(documentJob)
        .set({ done: made.length, updatedAt: systemNow() })
        .where(eq(documentJob.id, jobId));
  }
  // Each letter under its own name in the zip: a holder with two grants gets "-2", "-3"….
  const entries: Record<string, Uint8Array> = {};
  for (const m of made) {
    let name = m.fileName;
    for (let n = 2; entries[name]; n++) name = m.fileName.replace(/\.docx$/, `-${n}.docx`);
    entries[name] = m.bytes;
  }
  const zip = zipSync(entries, { level: 0 });
  const ctx = kit.contexts.values().next().value as DocumentContext | undefined;
  const zipName =
    [
      translator(bodyLanguage ?? workspaceLanguage)('document-text.file.batch'),
      fileNameSlug(ctx?.company.companyName ?? ''),
      today(),
    ]
      .filter(Boolean)
      .join('-') + '.zip';
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, companyId);
    await store(db, actor, companyId, made, jobId, tx);
    await tx
      .update(documentJob)
      .set({
        status: 'done',
        done: made.length,
        zip: Buffer.from(zip),
        fileName: zipName,
        updatedAt: systemNow(),
      })
      .where(eq(documentJob.id, jobId));
  });
}

function toJob(row: typeof documentJob.$inferSelect, language: string): DocumentJob {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as DocumentKind,
    status: row.status as DocumentJob['status'],
    total: row.total,
    done: row.done,
    progress: row.total === 0 ? 1 : row.done / row.total,
    fileName: row.fileName,
    error: row.error ? renderText(row.error as Message, language) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findJob(db: DbOrTx, actor: Actor, companyId: string, jobId: string) {
  await checkCompany(db, actor.organizationId, companyId);
  const [row] = await db
    .select()
    .from(documentJob)
    .where(and(eq(documentJob.id, jobId), eq(documentJob.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.documentJob'));
  return row;
}

export async function getDocumentJob({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; jobId: string; language: string }>): Promise<DocumentJob> {
  return toJob(await findJob(db, actor, input.companyId, input.jobId), input.language);
}

export async function getDocumentJobFile({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; jobId: string }>) {
  const row = await findJob(db, actor, input.companyId, input.jobId);
  if (row.status !== 'done' || !row.zip)
    throw new AppError('CONFLICT', msg('errors.documents.job.notDone'));
  return { bytes: new Uint8Array(row.zip), fileName: row.fileName!, contentType: ZIP_CONTENT_TYPE };
}

/** At start-up: a batch left `running` belongs to a process that stopped; nothing was stored. */
export async function failInterruptedDocumentJobs(db: Database): Promise<number> {
  const rows = await db
    .update(documentJob)
    .set({
      status: 'failed',
      error: msg('errors.documents.job.interrupted'),
      updatedAt: systemNow(),
    })
    .where(eq(documentJob.status, 'running'))
    .returning({ id: documentJob.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------- documents

async function findDocument(db: DbOrTx, actor: Actor, companyId: string, documentId: string) {
  await checkCompany(db, actor.organizationId, companyId);
  const [row] = await db
    .select()
    .from(generatedDocument)
    .where(and(eq(generatedDocument.id, documentId), eq(generatedDocument.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.document'));
  return row;
}

export async function listDocuments({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  query: { kind?: DocumentKind; grantId?: string; exerciseId?: string };
}>): Promise<DocumentList> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const { kind, grantId, exerciseId } = input.query;
  const rows = await db
    .select()
    .from(generatedDocument)
    .where(
      and(
        eq(generatedDocument.companyId, input.companyId),
        kind ? eq(generatedDocument.kind, kind) : undefined,
        grantId
          ? sql`${generatedDocument.grantIds} @> ${JSON.stringify([grantId])}::jsonb`
          : undefined,
        exerciseId ? eq(generatedDocument.exerciseId, exerciseId) : undefined,
      ),
    )
    .orderBy(desc(generatedDocument.createdAt), desc(generatedDocument.id));
  const signed = await signedCopies(
    db,
    rows.filter((r) => r.signedAt).map((r) => r.id),
  );
  return { items: rows.map((r) => toDocument(r, signed.get(r.id))) };
}

export async function getDocument({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; documentId: string }>): Promise<GeneratedDocument> {
  const row = await findDocument(db, actor, input.companyId, input.documentId);
  return toDocument(row, (await signedCopies(db, [row.id])).get(row.id));
}

export async function getDocumentFile({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; documentId: string }>) {
  const row = await findDocument(db, actor, input.companyId, input.documentId);
  const [file] = await db
    .select({ bytes: documentFile.bytes })
    .from(documentFile)
    .where(eq(documentFile.documentId, row.id))
    .limit(1);
  if (!file) throw notFound(msg('errors.notFound.document'));
  return {
    bytes: new Uint8Array(file.bytes),
    fileName: row.fileName,
    contentType: row.contentType,
  };
}

export async function updateDocument({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  documentId: string;
  patch: { sentAt: string | null };
}>): Promise<GeneratedDocument> {
  return db.transaction(async (tx) => {
    const row = await findDocument(tx, actor, input.companyId, input.documentId);
    const { sentAt } = input.patch;
    if (sentAt && sentAt > today())
      throw validationError({ sentAt: msg('errors.documents.sentAt.future') });
    const [updated] = await tx
      .update(generatedDocument)
      .set({ sentAt })
      .where(eq(generatedDocument.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.companyId,
      changes: { sentAt: { from: row.sentAt, to: sentAt } },
    });
    return toDocument(updated!, (await signedCopies(tx, [row.id])).get(row.id));
  });
}

export async function deleteDocument({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; documentId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findDocument(tx, actor, input.companyId, input.documentId);
    await tx.delete(generatedDocument).where(eq(generatedDocument.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.companyId,
      changes: {
        kind: { from: row.kind, to: null },
        fileName: { from: row.fileName, to: null },
        sha256: { from: row.sha256, to: null },
      },
    });
  });
}

/**
 * Stores the signed copy (a PDF) and marks the document signed on `signedAt`. A signed grant
 * letter is the holder's written acceptance: the grant is marked accepted on that date, within
 * the Belgian 60 days of the offer (law of 26 March 1999) and not before the offer.
 */
export async function putSignedCopy({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  documentId: string;
  signedAt: string;
  fileName: string | undefined;
  bytes: Uint8Array | null;
  refusal?: AppError;
}>): Promise<GeneratedDocument> {
  return db.transaction(async (tx) => {
    const row = await findDocument(tx, actor, input.companyId, input.documentId);
    if (input.refusal) throw input.refusal;
    const bytes = input.bytes;
    if (!bytes || bytes.byteLength === 0)
      throw validationError({ file: msg('errors.documents.signedCopy.notPdf') });
    if (bytes.byteLength > MAX_SIGNED_COPY_BYTES)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        msg('errors.documents.signedCopy.tooLarge', { mb: MAX_SIGNED_COPY_BYTES / 1024 / 1024 }),
      );
    if (new TextDecoder('latin1').decode(bytes.subarray(0, 5)) !== '%PDF-')
      throw validationError({ file: msg('errors.documents.signedCopy.notPdf') });
    if (input.signedAt > today())
      throw validationError({ signedAt: msg('errors.documents.signedAt.future') });
    if (row.kind === 'grant_letter') await acceptGrants(tx, actor, row, input.signedAt);
    const copy = {
      fileName: input.fileName?.trim() || row.fileName.replace(/\.(docx|pdf)$/, '') + '.pdf',
      sizeBytes: bytes.byteLength,
      sha256: sha256(bytes),
      pdf: Buffer.from(bytes),
      uploadedAt: systemNow(),
    };
    await tx
      .insert(documentSignedCopy)
      .values({ documentId: row.id, organizationId: actor.organizationId, ...copy })
      .onConflictDoUpdate({ target: documentSignedCopy.documentId, set: copy });
    const [updated] = await tx
      .update(generatedDocument)
      .set({ signedAt: input.signedAt, sentAt: row.sentAt ?? input.signedAt })
      .where(eq(generatedDocument.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.companyId,
      changes: {
        signedAt: { from: row.signedAt, to: input.signedAt },
        signedCopySha256: { from: null, to: copy.sha256 },
      },
    });
    return toDocument(updated!, { documentId: row.id, ...copy });
  });
}

async function acceptGrants(
  tx: DbOrTx,
  actor: Actor,
  doc: DocumentRow,
  signedAt: string,
): Promise<void> {
  const company = await getCompany({ db: tx, actor, input: { companyId: doc.companyId } });
  for (const grantId of doc.grantIds) {
    const [g] = await tx
      .select()
      .from(grant)
      .where(
        and(eq(grant.id, grantId), eq(grant.companyId, doc.companyId), isNull(grant.deletedAt)),
      )
      .limit(1);
    // A grant deleted since: the letter is still signed, there is nothing to accept.
    if (!g) continue;
    if (g.offerDate && signedAt < g.offerDate)
      throw validationError({
        signedAt: msg('errors.documents.signedAt.beforeOffer', { offerDate: g.offerDate }),
      });
    if (company.country === 'BE' && g.offerDate) {
      const deadline = addDays(g.offerDate, BE_ACCEPTANCE_DAYS);
      if (signedAt > deadline)
        throw validationError({
          signedAt: msg('errors.documents.signedAt.afterDeadline', {
            days: BE_ACCEPTANCE_DAYS,
            deadline,
          }),
        });
    }
    const status = g.status === 'draft' || g.status === 'offered' ? 'accepted' : g.status;
    await tx
      .update(grant)
      .set({ acceptanceDate: signedAt, status, updatedAt: systemNow() })
      .where(eq(grant.id, g.id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: 'grant',
      entityId: g.id,
      companyId: g.companyId,
      changes: {
        acceptanceDate: { from: g.acceptanceDate, to: signedAt },
        ...(status !== g.status ? { status: { from: g.status, to: status } } : {}),
      },
    });
  }
}

export async function getSignedCopy({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; documentId: string }>) {
  const row = await findDocument(db, actor, input.companyId, input.documentId);
  const [copy] = await db
    .select({ pdf: documentSignedCopy.pdf, fileName: documentSignedCopy.fileName })
    .from(documentSignedCopy)
    .where(eq(documentSignedCopy.documentId, row.id))
    .limit(1);
  if (!copy) throw notFound(msg('errors.notFound.signedCopy'));
  return {
    bytes: new Uint8Array(copy.pdf),
    fileName: copy.fileName,
    contentType: PDF_CONTENT_TYPE,
  };
}

// ---------------------------------------------------------------------------------- templates

type TemplateRow = Omit<typeof documentTemplate.$inferSelect, 'docx'>;

const templateColumns = {
  id: documentTemplate.id,
  organizationId: documentTemplate.organizationId,
  kind: documentTemplate.kind,
  language: documentTemplate.language,
  version: documentTemplate.version,
  fileName: documentTemplate.fileName,
  sizeBytes: documentTemplate.sizeBytes,
  sha256: documentTemplate.sha256,
  active: documentTemplate.active,
  uploadedBy: documentTemplate.uploadedBy,
  uploadedByName: documentTemplate.uploadedByName,
  createdAt: documentTemplate.createdAt,
};

function toTemplate(row: TemplateRow): TemplateVersion {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    language: row.language as DocumentLanguage,
    version: row.version,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    active: row.active,
    uploadedAt: row.createdAt.toISOString(),
    uploadedByName: row.uploadedByName,
  };
}

export async function listTemplates({
  db,
  actor,
  input,
}: ServiceArgs<{ language: string }>): Promise<TemplateList> {
  const rows = await db
    .select(templateColumns)
    .from(documentTemplate)
    .where(eq(documentTemplate.organizationId, actor.organizationId))
    .orderBy(desc(documentTemplate.version));
  const items = DOCUMENT_KINDS.flatMap((kind) =>
    DOCUMENT_LANGUAGES.map((language) => {
      const versions = rows.filter((r) => r.kind === kind && r.language === language);
      return {
        kind,
        language,
        activeVersion: versions.find((v) => v.active)?.version ?? null,
        versions: versions.map(toTemplate),
      };
    }),
  );
  return { language: await documentLanguage(db, actor, input.language), items };
}

/** Checks and stores a new version of a template; it becomes the active one. */
export async function uploadTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{
  kind: DocumentKind;
  language: DocumentLanguage;
  fileName: string | undefined;
  bytes: Uint8Array | null;
}>): Promise<TemplateVersion> {
  if (!input.bytes) throw validationError({ file: msg('errors.documents.template.empty') });
  checkTemplate(input.bytes, input.kind);
  const bytes = input.bytes;
  return db.transaction(async (tx) => {
    // One upload at a time per workspace: the next version number is taken under the lock.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`document_template:${actor.organizationId}`}))`,
    );
    const [last] = await tx
      .select({ version: max(documentTemplate.version) })
      .from(documentTemplate)
      .where(
        and(
          eq(documentTemplate.organizationId, actor.organizationId),
          eq(documentTemplate.kind, input.kind),
          eq(documentTemplate.language, input.language),
        ),
      );
    await deactivate(tx, actor.organizationId, input.kind, input.language);
    const [row] = await tx
      .insert(documentTemplate)
      .values({
        organizationId: actor.organizationId,
        kind: input.kind,
        language: input.language,
        version: (last?.version ?? 0) + 1,
        fileName: input.fileName?.trim() || defaultTemplateFileName(input.kind, input.language),
        sizeBytes: bytes.byteLength,
        sha256: sha256(bytes),
        docx: Buffer.from(bytes),
        active: true,
        uploadedBy: actor.userId,
        uploadedByName: actor.userName,
      })
      .returning(templateColumns);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: TEMPLATE_ENTITY,
      entityId: row!.id,
      changes: {
        kind: { from: null, to: row!.kind },
        language: { from: null, to: row!.language },
        version: { from: null, to: row!.version },
        sha256: { from: null, to: row!.sha256 },
      },
    });
    return toTemplate(row!);
  });
}

async function deactivate(tx: DbOrTx, organizationId: string, kind: string, language: string) {
  await tx
    .update(documentTemplate)
    .set({ active: false })
    .where(
      and(
        eq(documentTemplate.organizationId, organizationId),
        eq(documentTemplate.kind, kind),
        eq(documentTemplate.language, language),
        eq(documentTemplate.active, true),
      ),
    );
}

async function findTemplate(db: DbOrTx, actor: Actor, templateId: string) {
  const [row] = await db
    .select(templateColumns)
    .from(documentTemplate)
    .where(
      and(
        eq(documentTemplate.id, templateId),
        eq(documentTemplate.organizationId, actor.organizationId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.documentTemplate'));
  return row;
}

export async function getTemplateFile({ db, actor, input }: ServiceArgs<{ templateId: string }>) {
  const row = await findTemplate(db, actor, input.templateId);
  const [file] = await db
    .select({ docx: documentTemplate.docx })
    .from(documentTemplate)
    .where(eq(documentTemplate.id, row.id));
  return {
    bytes: new Uint8Array(file!.docx),
    fileName: row.fileName,
    contentType: DOCX_CONTENT_TYPE,
  };
}

export function getDefaultTemplateFile(kind: DocumentKind, language: DocumentLanguage) {
  return {
    bytes: defaultTemplate(kind, language),
    fileName: defaultTemplateFileName(kind, language),
    contentType: DOCX_CONTENT_TYPE,
  };
}

/** Makes a version the active one of its kind and language, or stops using it (ours then). */
export async function updateTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ templateId: string; active: boolean }>): Promise<TemplateVersion> {
  return db.transaction(async (tx) => {
    const row = await findTemplate(tx, actor, input.templateId);
    if (row.active !== input.active) {
      await deactivate(tx, actor.organizationId, row.kind, row.language);
      if (input.active)
        await tx
          .update(documentTemplate)
          .set({ active: true })
          .where(eq(documentTemplate.id, row.id));
      await recordAudit(tx, {
        actor,
        action: 'update',
        entityType: TEMPLATE_ENTITY,
        entityId: row.id,
        changes: { active: { from: row.active, to: input.active } },
      });
    }
    return toTemplate({ ...row, active: input.active });
  });
}

/** Deletes a version; documents made from it keep their number (their template id is cleared). */
export async function deleteTemplate({
  db,
  actor,
  input,
}: ServiceArgs<{ templateId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findTemplate(tx, actor, input.templateId);
    await tx.delete(documentTemplate).where(eq(documentTemplate.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: TEMPLATE_ENTITY,
      entityId: row.id,
      changes: {
        kind: { from: row.kind, to: null },
        language: { from: row.language, to: null },
        version: { from: row.version, to: null },
      },
    });
  });
}
