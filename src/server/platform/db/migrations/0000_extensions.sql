-- Extensions the schema relies on; all three are "trusted", so the database owner may create them,
-- and PGlite loads them from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
