import { expect } from 'vitest';
import { settleDocumentJobs } from '../../src/server/modules/documents/service';
import type { TestApp } from './app';

/** A JSON API call that must succeed; returns the parsed body. */
export async function ok<T = Record<string, unknown>>(
  t: TestApp,
  cookie: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A company with a small equity structure, made through the API: a founder holding numbered
 * common shares, a STAK with receipts, a spare stakeholder and class nobody depends on, a plan
 * with a pool adjustment. The ids fill the path parameters of every equity route.
 */
export async function equityFixture(t: TestApp, cookie: string, name = 'Fixture B.V.') {
  const company = await ok<{ id: string }>(t, cookie, '/company', 'POST', { companyName: name });
  const base = `/company/${company.id}`;
  const person = (body: Record<string, unknown>) =>
    ok<{ id: string }>(t, cookie, `${base}/stakeholders`, 'POST', body);
  const founder = await person({ name: 'Anna de Vries', relationship: 'founder' });
  const stak = await person({ name: 'STAK Fixture', kind: 'institution', relationship: 'stak' });
  const spare = await person({ name: 'Spare Person', relationship: 'advisor' });
  const common = await ok<{ id: string }>(t, cookie, `${base}/share-classes`, 'POST', {
    name: 'Common',
    nominalValue: '0.01',
  });
  const spareClass = await ok<{ id: string }>(t, cookie, `${base}/share-classes`, 'POST', {
    name: 'Spare class',
    nominalValue: '1',
  });
  const event = (body: Record<string, unknown>) =>
    ok<{ id: string }>(t, cookie, `${base}/share-events`, 'POST', {
      shareClassId: common.id,
      ...body,
    });
  await event({
    type: 'issue',
    date: '2024-01-01',
    shareCount: 1000,
    toStakeholderId: founder.id,
    firstShareNumber: 1,
    lastShareNumber: 1000,
  });
  await event({ type: 'issue', date: '2024-01-01', shareCount: 500, toStakeholderId: stak.id });
  const lastEvent = await event({
    type: 'issue',
    date: '2024-02-01',
    shareCount: 10,
    toStakeholderId: founder.id,
  });
  const receipt = await ok<{ id: string }>(t, cookie, `${base}/receipts`, 'POST', {
    stakStakeholderId: stak.id,
    shareClassId: common.id,
    holderStakeholderId: founder.id,
    receiptCount: 100,
    date: '2024-03-01',
  });
  const plan = await ok<{ id: string }>(t, cookie, `${base}/plans`, 'POST', {
    name: 'ESOP 2024',
    planType: 'stock_options',
    shareClassId: common.id,
    poolSize: 1000,
    boardApprovalDate: '2024-01-01',
  });
  const adjustment = await ok<{ id: string }>(
    t,
    cookie,
    `${base}/plans/${plan.id}/pool-adjustments`,
    'POST',
    {
      date: '2024-06-01',
      shareCount: 100,
    },
  );
  // The fixture grant sits under its own plan, so the plan in the path stays deletable.
  const grantPlan = await ok<{ id: string }>(t, cookie, `${base}/plans`, 'POST', {
    name: 'Founder options',
    planType: 'stock_options',
    shareClassId: common.id,
    poolSize: 500,
  });
  const grant = await ok<{ id: string }>(
    t,
    cookie,
    `${base}/grants`,
    'POST',
    GRANT_BODY(founder.id, grantPlan.id),
  );
  // A leave of absence on the fixture grant, for the route that removes one.
  await ok(t, cookie, `${base}/grants/${grant.id}/pauses`, 'POST', {
    start: '2024-08-01',
    end: '2024-08-15',
  });
  const valuation = await ok<{ id: string }>(t, cookie, `${base}/valuations`, 'POST', {
    effectiveDate: '2024-06-30',
    purpose: 'tax_fmv',
    method: 'opm',
    enterpriseValue: '1000000',
  });
  const report = await t.request(`/api/v1${base}/valuations/${valuation.id}/report`, {
    method: 'PUT',
    rawBody: FIXTURE_PDF,
    headers: { 'content-type': 'application/pdf' },
    cookie,
  });
  expect(report.status, await report.clone().text()).toBe(200);
  // A dry run of a spreadsheet import (issue 13), for the routes that name one.
  const dryRun = await t.request(`/api/v1${base}/imports`, {
    method: 'POST',
    rawBody: IMPORT_FORM(),
    cookie,
  });
  expect(dryRun.status, await dryRun.clone().text()).toBe(201);
  const importJob = (await dryRun.json()) as { id: string };
  // A generated document and a finished batch of grant letters (issue 14), for their routes.
  const document = await ok<{ id: string }>(t, cookie, `${base}/documents`, 'POST', {
    kind: 'register_extract',
  });
  const signed = await t.request(`/api/v1${base}/documents/${document.id}/signed-copy`, {
    method: 'PUT',
    rawBody: FIXTURE_PDF,
    headers: { 'content-type': 'application/pdf' },
    cookie,
  });
  expect(signed.status, await signed.clone().text()).toBe(200);
  const second = await ok<{ id: string }>(t, cookie, `${base}/grants`, 'POST', {
    ...GRANT_BODY(founder.id, grantPlan.id),
    quantity: 10,
  });
  const batch = await ok<{ id: string }>(t, cookie, `${base}/documents`, 'POST', {
    kind: 'grant_letter',
    grantIds: [grant.id, second.id],
  });
  await settleDocumentJobs();
  // A contact and a note of the interaction log (issue 15), for their routes.
  const contact = await ok<{ id: string }>(t, cookie, `${base}/contacts`, 'POST', {
    name: 'Carla CFO',
    function: 'cfo',
  });
  const note = await ok<{ id: string }>(t, cookie, `${base}/notes`, 'POST', {
    kind: 'call',
    body: 'Called about the cliff',
    participants: [{ contactId: contact.id }],
  });
  // A task about the company (issue 15), for the /tasks/{taskId} routes.
  const task = await ok<{ id: string }>(t, cookie, '/tasks', 'POST', {
    title: 'Send the grant letters',
    companyId: company.id,
    grantId: grant.id,
  });
  return {
    companyId: company.id,
    planId: plan.id,
    founderId: founder.id,
    stakId: stak.id,
    commonId: common.id,
    // Path parameters of the single-item routes: rows that can be changed and deleted freely.
    params: {
      companyId: company.id,
      stakeholderId: spare.id,
      shareClassId: spareClass.id,
      eventId: lastEvent.id,
      receiptId: receipt.id,
      planId: plan.id,
      adjustmentId: adjustment.id,
      grantId: grant.id,
      milestoneId: 'm1',
      start: '2024-08-01',
      valuationId: valuation.id,
      importId: importJob.id,
      documentId: document.id,
      jobId: batch.id,
      contactId: contact.id,
      noteId: note.id,
      taskId: task.id,
    } as Record<string, string>,
  };
}

/** An import of one stakeholder (multipart): a new form each time, a form is read once. */
export const IMPORT_FORM = () => {
  const form = new FormData();
  form.set('file', new File(['Name,Relationship\nImported Person,advisor\n'], 'people.csv'));
  form.set('kind', 'stakeholders');
  return form;
};

/** The smallest thing the report upload accepts: it starts with the PDF signature. */
export const FIXTURE_PDF = '%PDF-1.4\n% fixture report\n%%EOF\n';

/** A grant half on time (monthly through 2025-01-15), half on a pending milestone "m1". */
export const GRANT_BODY = (stakeholderId: string, planId: string) => ({
  stakeholderId,
  planId,
  quantity: 100,
  exercisePrice: '0.10',
  grantDate: '2024-01-15',
  vestingStartDate: '2024-01-15',
  terms: {
    type: 'combined',
    parts: [
      {
        portion: { numerator: 1, denominator: 2 },
        terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
      },
      {
        portion: { numerator: 1, denominator: 2 },
        terms: {
          type: 'milestone',
          milestones: [{ id: 'm1', name: 'Series A', portion: { numerator: 1, denominator: 1 } }],
        },
      },
    ],
  },
});

/** Request bodies that succeed on a fresh fixture, per route. */
export function equityBodies(
  f: Awaited<ReturnType<typeof equityFixture>>,
): Record<string, unknown> {
  const c = '/company/{companyId}';
  return {
    [`POST ${c}/stakeholders`]: { name: 'New Person', relationship: 'employee' },
    [`PATCH ${c}/stakeholders/{stakeholderId}`]: { city: 'Utrecht' },
    [`POST ${c}/share-classes`]: { name: 'Series A', classType: 'preferred', nominalValue: '0.01' },
    [`PATCH ${c}/share-classes/{shareClassId}`]: { seniority: 2 },
    [`POST ${c}/share-events`]: {
      type: 'issue',
      date: '2024-05-01',
      shareClassId: f.commonId,
      shareCount: 5,
      toStakeholderId: f.founderId,
      firstShareNumber: 5001,
      lastShareNumber: 5005,
    },
    [`PATCH ${c}/share-events/{eventId}`]: { notary: 'Mr. J. de Notaris' },
    [`POST ${c}/receipts`]: {
      stakStakeholderId: f.stakId,
      shareClassId: f.commonId,
      holderStakeholderId: f.founderId,
      receiptCount: 5,
      date: '2024-04-01',
    },
    [`PATCH ${c}/receipts/{receiptId}`]: { notes: 'Confirmed by the STAK board' },
    [`POST ${c}/plans`]: { name: 'Phantom 2025', planType: 'phantom_shares', poolSize: 500 },
    [`PATCH ${c}/plans/{planId}`]: { exerciseWindowMonths: 3 },
    [`POST ${c}/plans/{planId}/pool-adjustments`]: { date: '2025-01-01', shareCount: 50 },
    [`PATCH ${c}/plans/{planId}/pool-adjustments/{adjustmentId}`]: { reason: 'Board resolution' },
    [`POST ${c}/grants`]: GRANT_BODY(f.founderId, f.planId),
    [`PATCH ${c}/grants/{grantId}`]: { notes: 'Signed' },
    [`POST ${c}/grants/{grantId}/milestones/{milestoneId}/achievement`]: { date: '2024-05-01' },
    [`POST ${c}/grants/{grantId}/termination`]: { date: '2024-06-30', leaverType: 'good' },
    [`POST ${c}/grants/{grantId}/exercises`]: { date: '2024-07-01', quantity: 10 },
    [`POST ${c}/grants/{grantId}/cancellation`]: { date: '2024-08-01' },
    [`POST ${c}/grants/{grantId}/pauses`]: { start: '2024-03-01', end: '2024-04-01' },
    [`POST ${c}/change-of-control`]: { date: '2025-01-01' },
    [`POST ${c}/valuations`]: {
      effectiveDate: '2025-01-01',
      purpose: 'funding_round',
      method: 'recent_round',
      enterpriseValue: '2000000',
      fullyDilutedShares: 2000,
    },
    [`PATCH ${c}/valuations/{valuationId}`]: { notes: 'Reviewed' },
    // A string body is sent as is (application/pdf), not as JSON.
    [`PUT ${c}/valuations/{valuationId}/report`]: FIXTURE_PDF,
    [`POST ${c}/documents`]: { kind: 'register_extract' },
    [`PATCH ${c}/documents/{documentId}`]: { sentAt: '2024-06-01' },
    [`PUT ${c}/documents/{documentId}/signed-copy`]: FIXTURE_PDF,
    // A form is sent as multipart/form-data.
    [`POST ${c}/imports`]: IMPORT_FORM(),
    [`POST ${c}/contacts`]: {
      name: 'Henk HR',
      function: 'hr',
      email: 'henk@example.nl',
      phone: '+31 20 123 4567',
      language: 'nl',
      primary: true,
      stakeholderId: f.founderId,
      notes: 'Works Mondays\nand Tuesdays',
    },
    [`PATCH ${c}/contacts/{contactId}`]: { phone: '+31 6 1111 2222' },
    [`POST ${c}/notes`]: {
      kind: 'meeting',
      body: 'Met **Anna**\nabout the pool',
      occurredAt: '2025-01-15T10:00:00Z',
      participants: [{ contactId: f.params.contactId }],
      grantId: f.params.grantId,
      planId: f.planId,
      valuationId: f.params.valuationId,
      pinned: true,
    },
    [`PATCH ${c}/notes/{noteId}`]: { pinned: true },
    [`POST ${c}/notes/preview`]: { body: '**Preview**\nof a note' },
    // Tasks (issue 15): the fixture's valuation (mid 2024) has expired, an alert to act on.
    'POST /tasks': {
      title: 'Check the exercise',
      description: 'Call the CFO first',
      dueDate: '2030-01-15',
      dueTime: '09:30',
      priority: 'high',
      status: 'open',
      companyId: f.params.companyId,
      grantId: f.params.grantId,
      valuationId: f.params.valuationId,
    },
    'PATCH /tasks/{taskId}': { status: 'done' },
    'POST /tasks/bulk': { ids: [f.params.taskId], action: 'complete' },
    'POST /tasks/from-deadline': { type: 'valuation', companyId: f.params.companyId },
    // Client access (issue 15): opening it to everyone hides it from nobody.
    [`PUT ${c}/access`]: { access: 'everyone' },
  };
}
