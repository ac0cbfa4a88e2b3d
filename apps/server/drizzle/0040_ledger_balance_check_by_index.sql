-- Issue 24's soak: the balance trigger of 0022 checked "the entry exists" inside an OR of one query.
-- The planner cannot turn that into an anti-join, and with no statistics for the transition table
-- (it guesses 200 touched entries where a posting has one to three) it hashed every row of
-- ledger_entries on each insert: 22 ms at 30,000 entries, growing with the ledger (7 → 30 ms mean
-- within one soak; every payout's transaction, and the borrower's credit row it holds, waited).
-- Now each touched entry is looked up by its primary key, one probe per entry whatever the ledger's
-- size, and the balance is read from the statement's own lines as before.
CREATE OR REPLACE FUNCTION "ledger_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN SELECT DISTINCT entry_id FROM new_lines LOOP
    IF NOT EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e.id = touched.entry_id) THEN
      RAISE EXCEPTION 'ledger lines of entry %, which does not exist', touched.entry_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  SELECT entry_id INTO touched FROM new_lines GROUP BY entry_id HAVING sum(debit - credit) <> 0 OR count(*) < 2 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % does not balance', touched.entry_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
