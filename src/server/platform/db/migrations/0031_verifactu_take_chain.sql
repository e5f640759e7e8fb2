-- Takes an issuer's VERI*FACTU chain for the rest of the transaction and answers its last record, in one round trip
-- (issue «Billing», item 8: every invoice of every series waits for the chain while its holder works, so each round
-- trip under it counts). A function of PL/pgSQL because its second statement must see the chain as the previous
-- holder left it: a VOLATILE function takes a new snapshot for each statement, after the lock is granted, where one
-- SQL statement would read with the snapshot it started with, before waiting. An advisory lock, not a row lock: the
-- first record of an issuer has no row to lock yet.
CREATE FUNCTION verifactu_take_chain(issuer text) RETURNS SETOF verifactu_records LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('verifactu:' || issuer, 0));
  RETURN QUERY
    SELECT r.* FROM verifactu_chains c JOIN verifactu_records r ON r.id = c.last_record_id WHERE c.issuer_nif = issuer;
END
$$;
