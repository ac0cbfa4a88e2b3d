-- The ledger is append-only (docs/decisions/055-ledger.md): no UPDATE, DELETE or TRUNCATE of an
-- entry or a line, whoever asks; a correction is a new posting. Hand-written (drizzle-kit has no
-- triggers), in the style of 0005 for security_events.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
-- Every statement that inserts lines must leave each entry it touched balanced (debits = credits).
-- The posting service writes all lines of its entries in one statement, so a half-written or
-- unbalanced entry never commits, even from a caller that skips the service's own check.
CREATE FUNCTION "ledger_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT l.entry_id INTO unbalanced
    FROM "ledger_lines" l
   WHERE l.entry_id IN (SELECT DISTINCT entry_id FROM new_lines)
   GROUP BY l.entry_id
  HAVING sum(l.debit) <> sum(l.credit) OR count(*) < 2
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_balanced_after_insert" AFTER INSERT ON "ledger_lines"
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_lines_balanced"();
