-- The statement-level balance check of ledger lines (0012) looked up the touched entries' lines with
-- one IN (…) query, which the planner may answer by reading every line of the ledger: with millions
-- of lines, seconds per statement. Each touched entry is now summed through the entry_id index.
CREATE OR REPLACE FUNCTION "ledger_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT touched.entry_id INTO unbalanced
    FROM (SELECT DISTINCT entry_id FROM new_lines) touched
   CROSS JOIN LATERAL (
     SELECT sum(l.debit) AS debits, sum(l.credit) AS credits, count(*) AS lines
       FROM "ledger_lines" l
      WHERE l.entry_id = touched.entry_id
   ) totals
   WHERE totals.debits <> totals.credits OR totals.lines < 2
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
