-- Decision 083: the daily accrual writes one entry per repaying loan and day, so what the ledger does
-- per inserted row is what limits the sweep.
-- The reference of a line to its entry is checked by the balance trigger below, once per statement,
-- instead of by a foreign key's trigger once per line (entries are never deleted or changed, 0012).
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
-- Indexes keyed by loan take one scattered insert per loan and day from the sweep, and nothing but
-- tests read a loan's entries or lines through them (the order checks use the disbursement index).
DROP INDEX "ledger_entries_loan_idx";--> statement-breakpoint
DROP INDEX "ledger_lines_account_idx";--> statement-breakpoint
-- Each statement's own lines must balance per entry (at least two, debits = credits) and belong to an
-- existing entry; the statement's lines are read from its transition table alone. Every entry was
-- balanced before a statement (this rule and 0012's before it), and each statement adds a balanced
-- part, so every entry stays balanced without reading the lines already in the ledger (0020 looked
-- each touched entry up through its index).
CREATE OR REPLACE FUNCTION "ledger_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refused record;
BEGIN
  SELECT touched.entry_id, NOT EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e.id = touched.entry_id) AS orphan
    INTO refused
    FROM (SELECT entry_id, count(*) AS lines, sum(debit - credit) AS difference FROM new_lines GROUP BY entry_id) touched
   WHERE touched.difference <> 0 OR touched.lines < 2 OR NOT EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e.id = touched.entry_id)
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF refused.orphan THEN
    RAISE EXCEPTION 'ledger lines of entry %, which does not exist', refused.entry_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RAISE EXCEPTION 'ledger entry % does not balance', refused.entry_id USING ERRCODE = 'check_violation';
END;
$$;
