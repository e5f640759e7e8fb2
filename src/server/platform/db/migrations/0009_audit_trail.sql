-- The audit screen filters by user ("everything this person did"), newest first.
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");
