-- Decision 022: the legal form follows the country. Before it every company chose from one list
-- and defaulted to the Dutch "BV", so Belgian companies were stored with the Dutch short names of
-- forms Belgium has too. They get the Belgian names of the same forms (BV -> BV/SRL, NV -> NV/SA,
-- Coöperatie -> CV/SC, VOF -> VOF/SNC, Stichting -> Stichting/Fondation), each with an audit row
-- so the company's activity says what changed. Other combinations stay as stored (the API keeps
-- an unchanged legal form; see src/contracts/company.ts).
INSERT INTO "audit_event" ("organization_id", "actor_user_id", "actor_name", "action", "entity_type", "entity_id", "company_id", "changes")
SELECT "organization_id", NULL, 'ESOP CRM', 'update', 'company', "id"::text, "id",
  jsonb_build_object('companyType', jsonb_build_object('from', "company_type", 'to',
    CASE "company_type"
      WHEN 'BV' THEN 'BV/SRL'
      WHEN 'NV' THEN 'NV/SA'
      WHEN 'Coöperatie' THEN 'CV/SC'
      WHEN 'VOF' THEN 'VOF/SNC'
      WHEN 'Stichting' THEN 'Stichting/Fondation'
    END))
FROM "company"
WHERE "country" = 'BE' AND "company_type" IN ('BV', 'NV', 'Coöperatie', 'VOF', 'Stichting');
--> statement-breakpoint
UPDATE "company" SET "company_type" = CASE "company_type"
    WHEN 'BV' THEN 'BV/SRL'
    WHEN 'NV' THEN 'NV/SA'
    WHEN 'Coöperatie' THEN 'CV/SC'
    WHEN 'VOF' THEN 'VOF/SNC'
    WHEN 'Stichting' THEN 'Stichting/Fondation'
  END
WHERE "country" = 'BE' AND "company_type" IN ('BV', 'NV', 'Coöperatie', 'VOF', 'Stichting');
